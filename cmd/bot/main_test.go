package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// TestServeWithoutTokenExplains: without a token the bot says how to get one and how to play
// locally.
func TestServeWithoutTokenExplains(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "")
	err := serve(nil)
	if !errors.Is(err, errNoToken) {
		t.Fatalf("serve without a token: %v", err)
	}
	for _, want := range []string{"discord.com/developers/applications", "applications.commands", "go run ./cmd/bot play"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the message does not mention %q", want)
		}
	}
}

// TestPlayScriptExitStatus: a script whose expectations hold exits 0 and writes its pictures; a
// failed !expect is an error with exit status 1.
func TestPlayScriptExitStatus(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "s.carc")
	good := "alice: /carc new map:practice\nbob: /carc join\n!starts Centre=D@0\n!deck U\nalice: /carc start\n" +
		"alice: /place square:I8 rotation:0 meeple:none\n!expect current bob\n"
	os.WriteFile(script, []byte(good), 0o644)
	var out bytes.Buffer
	images := filepath.Join(dir, "img")
	if err := play([]string{"--script", script, "--out", images}, nil, &out); err != nil {
		t.Fatalf("a good script: %v\n%s", err, out.String())
	}
	if files, _ := os.ReadDir(images); len(files) < 2 {
		t.Errorf("--out wrote %d pictures, want the start and the turn", len(files))
	}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("not a JSON line: %s", line)
		}
	}
	os.WriteFile(script, []byte(good+"!expect current alice\n"), 0o644)
	err := play([]string{"--script", script}, nil, &bytes.Buffer{})
	if !errors.Is(err, errFailed) || exitCode(err) != 1 {
		t.Fatalf("a failed expectation: %v (exit %d)", err, exitCode(err))
	}
	os.WriteFile(script, []byte("alice /carc new\n"), 0o644)
	if err := play([]string{"--script", script}, nil, &bytes.Buffer{}); err == nil || exitCode(err) != 2 {
		t.Fatalf("a malformed script: %v", err)
	}
}

// TestPlayAuto prints one finished state per game.
func TestPlayAuto(t *testing.T) {
	var out bytes.Buffer
	if err := play([]string{"--auto", "2", "--map", "classic", "--seed", "3"}, nil, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines for 2 games", len(lines))
	}
	for _, l := range lines {
		var s struct{ Status string }
		if json.Unmarshal([]byte(l), &s) != nil || s.Status != "finished" {
			t.Fatalf("not a finished state: %.200s", l)
		}
	}
}

// TestVerifyExitsNonZeroOnProblems: bot verify on a sound file exits 0; on a file with a game that
// does not replay it prints the report and exits 1, so that a cron job notices.
func TestVerifyExitsNonZeroOnProblems(t *testing.T) {
	db := filepath.Join(t.TempDir(), "games.db")
	store, err := storage.Open(db, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	store.Close()
	var out bytes.Buffer
	if err := run([]string{"verify", "--db", db}, nil, &out); err != nil {
		t.Fatalf("verify of an empty, sound file: %v\n%s", err, out.String())
	}
	store, err = storage.Open(db, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	rec := storage.GameRecord{ID: "broken", ChannelID: "c1", Setup: json.RawMessage(`{"input":{"command":"carc","sub":"new","options":{"map":"atlantis"}}}`)}
	if err := store.CreateGame(rec, []byte(`{}`), "h"); err != nil {
		t.Fatal(err)
	}
	store.Close()
	out.Reset()
	err = run([]string{"verify", "--db", db}, nil, &out)
	if err == nil || exitCode(err) != 1 || !strings.Contains(out.String(), "broken") {
		t.Fatalf("verify of a game that does not replay: %v (exit %d)\n%s", err, exitCode(err), out.String())
	}
}

// TestReplayChecksARecord: bot replay (and bot verify FILE) accepts the record of a finished game
// and prints its places; a record with a changed move exits 1 naming the move.
func TestReplayChecksARecord(t *testing.T) {
	tbl, err := commands.AutoGame("france", 2, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := record.Of(tbl, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "good.json"), filepath.Join(dir, "bad.json")
	data, _ := json.Marshal(r)
	os.WriteFile(good, data, 0o644)
	r.Moves[2].Move.Player = (r.Moves[2].Move.Player + 1) % 2
	data, _ = json.Marshal(r)
	os.WriteFile(bad, data, 0o644)
	for _, cmd := range []string{"replay", "verify"} {
		var out bytes.Buffer
		if err := run([]string{cmd, good}, nil, &out); err != nil || !strings.Contains(out.String(), "1. ") {
			t.Fatalf("bot %s of a good record: %v\n%s", cmd, err, out.String())
		}
		err := run([]string{cmd, bad}, nil, &out)
		if err == nil || exitCode(err) != 1 || !strings.Contains(err.Error(), "move 3 ") {
			t.Fatalf("bot %s of a changed record: %v", cmd, err)
		}
	}
}

// TestPlayOnFromARecord: bot play --record FILE --move N opens the game as it stood after turn N,
// and a table script plays on from there.
func TestPlayOnFromARecord(t *testing.T) {
	tbl, err := commands.AutoGame("france", 2, 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := record.Of(tbl, nil)
	dir := t.TempDir()
	rec, script := filepath.Join(dir, "game.json"), filepath.Join(dir, "whatif.carc")
	data, _ := json.Marshal(r)
	os.WriteFile(rec, data, 0o644)
	os.WriteFile(script, []byte("!expect state turn=11\n"), 0o644)
	var out bytes.Buffer
	if err := run([]string{"play", "--record", rec, "--move", "10", "--script", script}, nil, &out); err != nil {
		t.Fatalf("play on from turn 10: %v\n%s", err, out.String())
	}
	if err := run([]string{"play", "--record", rec, "--move", "20", "--script", script}, nil, &out); exitCode(err) != 1 {
		t.Fatalf("after turn 20 the game is not at turn 11, yet: %v", err)
	}
}

// TestAScriptOfHostileNamesPlaysOn: bot play --script with NULs and a line break in a league's
// name, and a player named with Discord's markdown, plays on: the names are refused, saying which
// character, the league of a clean name is created and listed, and the script exits 0.
func TestAScriptOfHostileNamesPlaysOn(t *testing.T) {
	script := filepath.Join(t.TempDir(), "names.carc")
	lines := "ann: /league create name:\"\x00\x00\x00\"\n!expect refused holds U+0000\n" +
		"ann: /league create name:\"Cup\x00cmd\x00carc new\x00\"\n!expect refused holds U+0000\n" +
		"ann: /league create name:\"[Cup](https://evil.example)\"\n!expect ok\n" +
		"bob: /league join\nann: /league standings\n!expect reply [Cup](https://evil.example)\n"
	os.WriteFile(script, []byte(lines), 0o644)
	var out bytes.Buffer
	if err := play([]string{"--script", script}, nil, &out); err != nil {
		t.Fatalf("the script: %v\n%s", err, out.String())
	}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var v struct{ Reply string }
		if err := json.Unmarshal([]byte(line), &v); err != nil || strings.ContainsRune(v.Reply, 0) {
			t.Fatalf("a reply with a NUL (%v): %s", err, line)
		}
	}
}
