package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hotSeat plays lines at the hot-seat table (bot play without --script) with the flags given.
func hotSeat(t *testing.T, lines string, flags ...string) string {
	t.Helper()
	var out bytes.Buffer
	if err := play(flags, strings.NewReader(lines), &out); err != nil {
		t.Fatalf("bot play %v: %v\n%s", flags, err, out.String())
	}
	return out.String()
}

// TestHotSeatGamesAreDealtFromFreshSeeds: a hot-seat game opened without a seed is dealt from the
// operating system's random source, so that no two are alike; the seed is told and kept in the
// game, and !seed N deals that game again.
func TestHotSeatGamesAreDealtFromFreshSeeds(t *testing.T) {
	t.Chdir(t.TempDir())
	const game = "ann: /carc new map:taiwan\nbob: /carc join\nann: /carc start\n!state full\n"
	type dealt struct {
		Seed *uint64  `json:"seed"`
		Deck []string `json:"deck"`
	}
	deal := func(out string) dealt {
		_, state, ok := strings.Cut(out, "this spoils the game.\n")
		if !ok {
			t.Fatalf("no full state:\n%s", out)
		}
		var d dealt
		if err := json.NewDecoder(strings.NewReader(state)).Decode(&d); err != nil || d.Seed == nil {
			t.Fatalf("the full state: %v\n%s", err, state)
		}
		return d
	}
	first, second := hotSeat(t, game), hotSeat(t, game)
	a, b := deal(first), deal(second)
	if *a.Seed == *b.Seed || strings.Join(a.Deck, " ") == strings.Join(b.Deck, " ") {
		t.Fatalf("two hot-seat games were dealt alike (seeds %d and %d)", *a.Seed, *b.Seed)
	}
	if !strings.Contains(first, "Dealt from seed ") {
		t.Errorf("the table does not tell the seed:\n%s", first)
	}
	again := deal(hotSeat(t, strings.Replace(game, "ann: /carc new", "!seed "+jsonNumber(*a.Seed)+"\nann: /carc new", 1)))
	if *again.Seed != *a.Seed || strings.Join(again.Deck, " ") != strings.Join(a.Deck, " ") {
		t.Errorf("!seed %d dealt another game", *a.Seed)
	}
}

func jsonNumber(n uint64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestHotSeatDrawsTheBoardToOneFile: without --out the hot-seat table draws the board over one
// picture file after every turn, and says once where it is; with --out it says what it writes
// there.
func TestHotSeatDrawsTheBoardToOneFile(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	const game = "ann: /carc new map:france\nbob: /carc join\nann: /carc start\n/carc board\n/carc status\n"
	out := hotSeat(t, game)
	if n := strings.Count(out, "The board is drawn to "+filepath.Join(dir, "board.png")); n != 1 {
		t.Errorf("the board's file is told %d times, want once:\n%s", n, out)
	}
	pictures, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	if len(pictures) != 1 || filepath.Base(pictures[0]) != "board.png" {
		t.Fatalf("the table drew %v, want board.png alone", pictures)
	}
	other := filepath.Join(dir, "other.png")
	hotSeat(t, game, "--board", other)
	if _, err := os.Stat(other); err != nil {
		t.Errorf("--board: %v", err)
	}
	out = hotSeat(t, game, "--out", "pictures")
	if !strings.Contains(out, "written to pictures") || strings.Contains(out, "The board is drawn to") {
		t.Errorf("with --out the table does not say what it writes:\n%s", out)
	}
}

// TestLocalGameEndWritesItsChartAndAnimation: with --out, the end of a local game writes what the
// bot attaches beside its final board on Discord: the chart of the scores and the animated GIF.
func TestLocalGameEndWritesItsChartAndAnimation(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "end.carc")
	os.WriteFile(script, []byte("alice: /carc new map:practice\nbob: /carc join\n!starts Centre=D@0\n!stack U\nalice: /carc start\n"+
		"alice: /place square:I8 rotation:0 meeple:none\n!expect status finished\n"), 0o644)
	if err := play([]string{"--script", script, "--out", filepath.Join(dir, "out")}, nil, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"scores.png", "game.gif"} {
		if fi, err := os.Stat(filepath.Join(dir, "out", name)); err != nil || fi.Size() == 0 {
			t.Errorf("the end of the game did not write %s: %v", name, err)
		}
	}
}

// TestPlayRefusesFlagsItWouldIgnore: --map, --players, --seed and --ai set up random games only;
// given to the hot-seat table they are refused with what to type instead, never ignored.
func TestPlayRefusesFlagsItWouldIgnore(t *testing.T) {
	err := play([]string{"--map", "taiwan"}, strings.NewReader(""), &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "--map") || !strings.Contains(err.Error(), "/carc new map:taiwan") {
		t.Fatalf("bot play --map taiwan: %v", err)
	}
}
