package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/local"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
)

// TestATamperedRecordSaysWhatIsWrong: bot replay, bot verify FILE and bot play --record refuse a
// changed record by saying what is wrong, the move where it diverges or why the document is not a
// record, and never as "expectations failed" (no script ran). A record that diverges exits 1; a
// document that is not a record exits 2.
func TestATamperedRecordSaysWhatIsWrong(t *testing.T) {
	tbl, err := commands.AutoGame("france", 2, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	good, err := record.Of(tbl, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name string, change func(r *record.Document)) string {
		data, _ := json.Marshal(good)
		var r record.Document
		json.Unmarshal(data, &r)
		change(&r)
		data, _ = json.Marshal(r)
		path := filepath.Join(dir, name)
		os.WriteFile(path, data, 0o644)
		return path
	}
	raw := func(name, text string) string {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(text), 0o644)
		return path
	}
	for _, c := range []struct {
		name, file string
		exit       int
		says       string
	}{
		{"a move by another player", write("player.json", func(r *record.Document) { r.Moves[2].Move.Player ^= 1 }), 1,
			"the record diverges at move 3 (turn 2, "},
		{"a changed hash", write("hash.json", func(r *record.Document) { r.Moves[4].Hash = strings.Repeat("0", 64) }), 1,
			"the record diverges at move 5 (turn 3, "},
		{"a move in the wrong turn", write("turn.json", func(r *record.Document) { r.Moves[6].Turn = 9 }), 1,
			"the record diverges at move 7 ("},
		{"another final score", write("final.json", func(r *record.Document) { r.Final[0].Score++ }), 1,
			"the record diverges: the final scores are"},
		{"a commitment to another key", write("key.json", func(r *record.Document) { r.Commitment = strings.Repeat("1", 64) }), 1,
			"the record diverges: the deal's key does not match the commitment"},
		{"a move without its hash", write("nohash.json", func(r *record.Document) { r.Moves[1].Hash = "" }), 2,
			"not a valid game record: move 2 has no state hash"},
		{"moves out of order", write("order.json", func(r *record.Document) { r.Moves[1], r.Moves[2] = r.Moves[2], r.Moves[1] }), 2,
			"not a valid game record: the move in place 2 of the list is numbered 3"},
		{"no deal", write("nodeal.json", func(r *record.Document) { r.Setup = nil }), 2,
			"not a valid game record: it says the game is over but holds no deal"},
		{"not JSON", raw("text.json", "this is not a record"), 2, "not a valid game record: the document is not JSON"},
		{"a field of the wrong kind", raw("field.json", `{"format":"carcassonne-maps-bot/record","version":1,"moves":"all"}`), 2,
			"not a valid game record: moves holds a JSON string"},
		{"another format", raw("format.json", `{"format":"jcloisterzone","version":1}`), 2, `not a valid game record: format "jcloisterzone"`},
	} {
		script := filepath.Join(dir, "noop.carc")
		os.WriteFile(script, []byte("# nothing\n"), 0o644)
		for _, args := range [][]string{{"replay", c.file}, {"verify", c.file}, {"play", "--record", c.file, "--move", "3", "--script", script}} {
			err := run(args, nil, io.Discard)
			if err == nil || exitCode(err) != c.exit || !strings.Contains(err.Error(), c.says) || strings.Contains(err.Error(), "expectations failed") {
				t.Errorf("%s: bot %s: %v (exit %d), want exit %d saying %q", c.name, args[0], err, exitCode(err), c.exit, c.says)
			}
		}
	}
}

// TestPlayOnFromARecordKeepsTheTable: bot play --record sits the game at a table with the
// record's options: hints stay on, and a seat an AI played is an AI seat again, which plays its
// turns at once.
func TestPlayOnFromARecordKeepsTheTable(t *testing.T) {
	var out bytes.Buffer
	r, end, err := scriptTable(local.Options{Out: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer end()
	game := "!seed 3\nann: /carc new map:classic hints:true\nann: /table bot level:easy\n!stack D U\nann: /carc start\n" +
		"ann: /place square:DK114 rotation:180 meeple:none\n!expect status finished\n"
	if err := r.Run(strings.NewReader(game)); err != nil || r.Failed > 0 {
		t.Fatalf("the game: %v\n%s", err, out.String())
	}
	rec, err := record.Of(r.Game(), nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file, script := filepath.Join(dir, "game.json"), filepath.Join(dir, "whatif.carc")
	data, _ := json.Marshal(rec)
	os.WriteFile(file, data, 0o644)
	os.WriteFile(script, []byte("!expect state settings.hints=true\nann: /turn hint\n!expect ok\n"+
		"ann: /place square:DK114 rotation:180 meeple:none\n!expect status finished\n"), 0o644)
	out.Reset()
	if err := run([]string{"play", "--record", file, "--move", "0", "--script", script}, nil, &out); err != nil {
		t.Fatalf("play on from the record: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), `"input":"(AI turn)"`) {
		t.Errorf("the AI seat did not play its turn:\n%s", out.String())
	}
}

// TestPlayOutWritesTheFilesTheBotWouldAttach: bot play --out DIR writes the record of /carc
// export and the CSV of /league export there, and says where; the record checks with bot replay.
func TestPlayOutWritesTheFilesTheBotWouldAttach(t *testing.T) {
	dir := t.TempDir()
	script, out := filepath.Join(dir, "s.carc"), filepath.Join(dir, "out")
	os.WriteFile(script, []byte("!seed 3\nann: /carc new map:classic\nbob: /carc join\n!stack D U\nann: /carc start\n"+
		"ann: /place square:DK114 rotation:180 meeple:none\nbob: /place square:DK116 rotation:0 meeple:none\nann: /carc export\n"+
		"ann: /league create name:Cup\nbob: /league join\nann: /league export\n"), 0o644)
	var stdout bytes.Buffer
	if err := run([]string{"play", "--script", script, "--out", out}, nil, &stdout); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	for _, name := range []string{"local-1.json", "Cup.csv"} {
		path := filepath.Join(out, name)
		if _, err := os.Stat(path); err != nil || !strings.Contains(stdout.String(), "(Written to "+path+".)") {
			t.Errorf("%s: %v\n%s", name, err, stdout.String())
		}
	}
	if err := run([]string{"replay", filepath.Join(out, "local-1.json")}, nil, io.Discard); err != nil {
		t.Errorf("the written record does not replay: %v", err)
	}
}

// TestReplayReadsBothRecordVersions: bot replay and bot verify FILE check a record of version 1
// (written before records held the table's steps: the fixture of bot/discord/testdata/records-v1) and
// one of version 2, whose steps they replay too, and bot play --record plays on from either.
func TestReplayReadsBothRecordVersions(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	if err := run([]string{"play", "--auto", "1", "--map", "taiwan", "--players", "3", "--seed", "5", "--out", dir}, nil, &out); err != nil {
		t.Fatal(err)
	}
	v2, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	v1, _ := filepath.Glob("../../bot/discord/testdata/records-v1/record-*.json")
	if len(v2) != 1 || len(v1) < 3 {
		t.Fatalf("records: %v, %v", v2, v1)
	}
	for _, file := range append(v1, v2...) {
		data, _ := os.ReadFile(file)
		d, err := record.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if !d.Complete {
			continue
		}
		for _, cmd := range [][]string{{"replay", file}, {"verify", file}} {
			out.Reset()
			if err := run(cmd, nil, &out); err != nil || !strings.Contains(out.String(), "every state hash as recorded") {
				t.Errorf("bot %s (version %d): %v\n%s", strings.Join(cmd, " "), d.Version, err, out.String())
			}
		}
		if d.Version == 2 && !strings.Contains(out.String(), "steps") {
			t.Errorf("bot verify of a version 2 record does not say it checked the table's steps:\n%s", out.String())
		}
		script := filepath.Join(t.TempDir(), "on.carc")
		os.WriteFile(script, []byte("!expect turn 4\n"), 0o644)
		out.Reset()
		if err := run([]string{"play", "--record", file, "--move", "3", "--script", script}, nil, &out); err != nil {
			t.Errorf("play on from %s: %v\n%s", file, err, out.String())
		}
	}
}
