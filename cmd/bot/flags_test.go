package main

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// TestFlagsGoBeforeOrAfterTheArguments: a command's flags are read wherever they stand among its
// arguments; "--" ends the flags; a flag the command lacks is refused with a pointer to its help.
func TestFlagsGoBeforeOrAfterTheArguments(t *testing.T) {
	for _, c := range []struct {
		args   []string
		league bool
		db     string
		rest   []string
	}{
		{[]string{"--db", "f.db", "--league", "L1"}, true, "f.db", []string{"L1"}},
		{[]string{"--league", "L1", "--db", "f.db"}, true, "f.db", []string{"L1"}},
		{[]string{"L1", "--db", "f.db", "-league"}, true, "f.db", []string{"L1"}},
		{[]string{"L1", "--db=f.db", "--league=false"}, false, "f.db", []string{"L1"}},
		{[]string{"g1", "--", "--db", "x"}, false, "default.db", []string{"g1", "--db", "x"}},
		{[]string{"-", "g1"}, false, "default.db", []string{"-", "g1"}},
	} {
		fs := flag.NewFlagSet("export", flag.ContinueOnError)
		league := fs.Bool("league", false, "")
		db := fs.String("db", "default.db", "")
		if err := parseFlags(fs, c.args); err != nil {
			t.Errorf("%q: %v", c.args, err)
			continue
		}
		if *league != c.league || *db != c.db || !slices.Equal(fs.Args(), c.rest) {
			t.Errorf("%q: league=%v db=%s arguments %q, want %v %s %q", c.args, *league, *db, fs.Args(), c.league, c.db, c.rest)
		}
	}
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	err := parseFlags(fs, []string{"g1", "--force"})
	if err == nil || !strings.Contains(err.Error(), "flag provided but not defined: -force") || !strings.Contains(err.Error(), "bot export --help") {
		t.Errorf("an unknown flag: %v", err)
	}
	var help *helpRequest
	if err := parseFlags(fs, []string{"g1", "-h"}); !errors.As(err, &help) {
		t.Errorf("-h: %v", err)
	}
}

// TestEveryCommandTakesFlagsAfterItsArguments: the operations a host types, with the flags last
// (bot export --league ID --db FILE), work as with the flags first; and no command parses its
// flags another way.
func TestEveryCommandTakesFlagsAfterItsArguments(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "games.db")
	store, err := storage.Open(db, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	l := league.League{ID: "L1", Guild: "g1", Channel: "c1", Name: "Cup", Creator: "u1", Map: "france", Format: league.RoundRobin,
		TableSize: 2, Policy: league.PolicyScoreStands, RoundDeadline: 24 * time.Hour, Status: league.Open, Season: 1,
		Members: []league.Member{{ID: "u1", Name: "ann"}}}
	if err := store.SaveLeague(l); err != nil {
		t.Fatal(err)
	}
	store.Close()
	for _, args := range [][]string{
		{"export", "--league", "L1", "--db", db},
		{"export", "L1", "--db", db, "--league"},
		{"backup", filepath.Join(dir, "copy.db"), "--db", db},
		{"verify", "--db", db},
	} {
		var out bytes.Buffer
		if err := run(args, nil, &out); err != nil {
			t.Errorf("bot %s: %v", strings.Join(args, " "), err)
		}
		if args[0] == "export" && !strings.Contains(out.String(), `"Cup"`) {
			t.Errorf("bot %s did not export the league:\n%s", strings.Join(args, " "), out.String())
		}
	}
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		src, _ := os.ReadFile(f)
		if f != "flags.go" && !strings.HasSuffix(f, "_test.go") && strings.Contains(string(src), ".Parse(args") {
			t.Errorf("%s parses flags without parseFlags: its flags would have to come before its arguments", f)
		}
	}
}

// TestHelpListsEveryCommandAndVariable: bot --help (and bot help) prints every command in a line
// and every environment variable the bot reads, and exits 0; so does each command's --help, with
// its flags.
func TestHelpListsEveryCommandAndVariable(t *testing.T) {
	var read []string
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, _ := os.ReadFile(f)
		for _, m := range regexp.MustCompile(`(?:envOr|Getenv|LookupEnv)\("([A-Z_]+)"`).FindAllStringSubmatch(string(src), -1) {
			read = append(read, m[1])
		}
	}
	if !slices.Contains(read, "CARC_TOKEN_FILE") || !slices.Contains(read, "DISCORD_TOKEN") {
		t.Fatalf("the variables read were not found: %v", read)
	}
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		var out bytes.Buffer
		if err := run(args, nil, &out); err != nil {
			t.Fatalf("bot %s: %v", args[0], err)
		}
		for _, c := range commandList {
			if !regexp.MustCompile(`(?m)^  bot ` + regexp.QuoteMeta(c.name) + `\b.* [a-z]`).MatchString(out.String()) {
				t.Errorf("bot %s has no line for the command %q:\n%s", args[0], c.name, out.String())
			}
		}
		for _, v := range read {
			if !regexp.MustCompile(`(?m)^  ` + v + ` +\S`).MatchString(out.String()) {
				t.Errorf("bot %s does not explain the variable %s:\n%s", args[0], v, out.String())
			}
		}
		if !strings.Contains(out.String(), "-token-file") {
			t.Errorf("bot %s lists no flags of the bot", args[0])
		}
	}
	for _, c := range commandList {
		if c.name == "" || c.name == "help" {
			continue
		}
		for _, args := range [][]string{{c.name, "--help"}, {c.name, "-h"}, {"help", c.name}} {
			var out bytes.Buffer
			if err := run(args, nil, &out); err != nil || !strings.Contains(out.String(), "Flags of bot "+c.name) && !strings.Contains(out.String(), "bot "+c.name+" has no flags") {
				t.Errorf("bot %s: %v\n%s", strings.Join(args, " "), err, out.String())
			}
		}
	}
}

// TestExitStatus: without a token the bot explains how to get one and exits 0 (it did what was
// asked: explain); a usage error exits 2, and so does a token file that holds no token.
func TestExitStatus(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "")
	t.Setenv("CARC_TOKEN_FILE", "")
	var out bytes.Buffer
	if err := run(nil, nil, &out); err != nil || !strings.Contains(out.String(), "applications.commands") {
		t.Errorf("no token: %v (exit %d)\n%s", err, exitCode(err), out.String())
	}
	empty := filepath.Join(t.TempDir(), "token")
	os.WriteFile(empty, []byte("\n"), 0o600)
	for _, args := range [][]string{
		{"--token-file", empty},
		{"--no-such-flag"},
		{"--db", "games.db", "export", "g1"},
		{"no-such-command"},
		{"export"},
	} {
		err := run(args, nil, &bytes.Buffer{})
		if err == nil || exitCode(err) != 2 {
			t.Errorf("bot %s: %v (exit %d), want a usage error (exit 2)", strings.Join(args, " "), err, exitCode(err))
		}
	}
}
