package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// block is a fenced code block of README.md with its info string.
type block struct {
	lang  string
	lines []string
}

func readmeBlocks(t *testing.T) []block {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []block
	var cur *block
	for _, line := range strings.Split(string(b), "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case cur == nil && strings.HasPrefix(trimmed, "```"):
			cur = &block{lang: strings.TrimPrefix(trimmed, "```")}
		case cur != nil && trimmed == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, trimmed)
		}
	}
	return out
}

// namedScript is the first line of a table script that names its file ("# export.carc: ..."),
// which the README's command lines then run.
var namedScript = regexp.MustCompile(`^# ([\w-]+\.carc):`)

// placeholder marks a command that names something the reader supplies (GAME-ID, YOUR-TOKEN).
var placeholder = regexp.MustCompile(`\b[A-Z]{2,}(-[A-Z]+)+\b|\bDISCORD_TOKEN\b|--token-file|--http`)

// TestReadmeBlocksRunAsWritten runs every code block of README.md as a reader would: each table
// script exits 0 with its expectations holding, each hot-seat session (with the flags of its first
// line) plays without a refusal or a malformed line, and each command line of the binary runs, in
// a fresh folder holding game.carc (the README's first table script), the scripts that name their
// file on their first line, the files the blocks before wrote, and the bot's database. Commands that need Discord or name a placeholder are left
// out, and so are the test commands themselves (go vet, go test).
func TestReadmeBlocksRunAsWritten(t *testing.T) {
	blocks := readmeBlocks(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	// The operations work on the bot's database, which a reader has once the bot has run.
	store, err := storage.Open("carcassonne.db", storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	store.Close()
	ran := map[string]int{}
	for _, b := range blocks {
		if b.lang == "carc" && ran["carc"] == 0 {
			if err := os.WriteFile("game.carc", []byte(strings.Join(b.lines, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i, b := range blocks {
		switch b.lang {
		case "carc":
			script := filepath.Join(dir, "block.carc")
			os.WriteFile(script, []byte(strings.Join(b.lines, "\n")+"\n"), 0o644)
			if m := namedScript.FindStringSubmatch(b.lines[0]); m != nil {
				// A script that names itself is there for the command lines after it.
				os.WriteFile(m[1], []byte(strings.Join(b.lines, "\n")+"\n"), 0o644)
			}
			var out bytes.Buffer
			if err := run([]string{"play", "--script", script}, nil, &out); err != nil {
				t.Errorf("README block %d (table script): %v\n%s", i, err, out.String())
			}
		case "hotseat":
			args := strings.Fields(b.lines[0])
			if len(args) < 4 || strings.Join(args[:4], " ") != "go run ./cmd/bot play" {
				t.Fatalf("README block %d: a hot-seat block starts with go run ./cmd/bot play", i)
			}
			var out bytes.Buffer
			stdin := strings.NewReader(strings.Join(b.lines[1:], "\n") + "\n")
			if err := run(args[3:], stdin, &out); err != nil {
				t.Errorf("README block %d (hot-seat): %v", i, err)
			}
			for _, bad := range []string{"(to ", "malformed", "expectation failed"} {
				if strings.Contains(out.String(), bad) {
					t.Errorf("README block %d (hot-seat) has %q:\n%s", i, bad, out.String())
				}
			}
		case "aiserve":
			checkServeSession(t, i, b.lines)
		case "sh":
			for _, line := range b.lines {
				cmd, _, _ := strings.Cut(line, "#")
				args := strings.Fields(cmd)
				if len(args) < 3 || strings.Join(args[:3], " ") != "go run ./cmd/bot" || len(args) == 3 || placeholder.MatchString(cmd) {
					continue
				}
				var out bytes.Buffer
				if err := run(args[3:], strings.NewReader(""), &out); err != nil {
					t.Errorf("README: %s: %v\n%s", strings.TrimSpace(cmd), err, out.String())
				}
				ran["sh"]++
			}
			continue
		default:
			continue
		}
		ran[b.lang]++
	}
	if ran["carc"] == 0 || ran["hotseat"] == 0 || ran["aiserve"] == 0 || ran["sh"] < 4 {
		t.Fatalf("the README's blocks were not found (ran %v)", ran)
	}
	// What a reader's run of the blocks leaves in the clone is ignored by git (the backup holds
	// the links' signing secret).
	left, _ := os.ReadDir(dir)
	for _, f := range left {
		if f.Name() == "block.carc" {
			continue
		}
		name := f.Name()
		if f.IsDir() {
			name += "/"
		}
		ignoredByGit(t, root, name)
	}
}

// TestReadmeListsEveryFlag: the README's flag table names every rule option of every map with its
// default, so that the one flag table of the code and the documentation cannot drift.
func TestReadmeListsEveryFlag(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range variants.All(false) {
		for _, f := range variants.Flags(e) {
			row := regexp.MustCompile("(?m)^\\| `" + f.Name + "` \\|[^|]*\\| " + regexp.QuoteMeta(f.Default) + " \\|")
			if !row.Match(b) {
				t.Errorf("README.md has no row for %s's flag %s with default %s", e.ID, f.Name, f.Default)
			}
		}
	}
}

// checkServeSession runs a `bot ai serve` session of the README: the lines "> ..." are sent, in
// order, and the answers must be exactly the lines "< ...".
func checkServeSession(t *testing.T, i int, lines []string) {
	t.Helper()
	if lines[0] != "go run ./cmd/bot ai serve" {
		t.Fatalf("README block %d: an ai serve session starts with go run ./cmd/bot ai serve", i)
	}
	var sent, want []string
	for _, l := range lines[1:] {
		switch {
		case strings.HasPrefix(l, "> "):
			sent = append(sent, strings.TrimPrefix(l, "> "))
		case strings.HasPrefix(l, "< "):
			want = append(want, strings.TrimPrefix(l, "< "))
		default:
			t.Fatalf("README block %d: %q is neither a request (> ) nor an answer (< )", i, l)
		}
	}
	var out bytes.Buffer
	if err := run([]string{"ai", "serve"}, strings.NewReader(strings.Join(sent, "\n")+"\n"), &out); err != nil {
		t.Fatalf("README block %d (ai serve): %v", i, err)
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("README block %d (ai serve) answers:\n%s\nthe README says:\n%s", i, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
