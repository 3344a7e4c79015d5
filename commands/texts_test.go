package commands

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// wrongCount finds a count that disagrees with its noun ("1 tiles", "2 meeple"), and the
// punctuation slips of texts built from parts ("order., and", ". playing").
var wrongCount = regexp.MustCompile(`\b1 (tiles|meeples|points|turns|moves|entries|chips|cities)\b|\b([02-9]|\d\d+) (tile|meeple|point|turn|move|entry|chip)\b|\.,|\. (playing|finished|lobby|abandoned)\b|\.\.`)

// TestCountsReadRightForZeroOneAndTwo renders every text that prints a count with counts of 0, 1
// and 2: tiles left, points, meeples in supply, missed turns, moves taken back, log entries.
func TestCountsReadRightForZeroOneAndTwo(t *testing.T) {
	for n := range 3 {
		tbl, err := Position("france", 2, 7, 12)
		if err != nil {
			t.Fatal(err)
		}
		g := tbl.Game
		g.Deck = g.Deck[:n]
		g.Players[0].Score, g.Players[0].Meeples = n, n
		tbl.Missed[1] = n
		tbl.Settings.MissedLimit = max(n, 1)
		texts := map[string]string{
			"status":   statusText(en, tbl),
			"tiles":    tilesText(en, tbl),
			"prompt":   promptText(en, tbl),
			"settings": settingsText(en, tbl),
			"timeout":  Timeout(tbl, table.PolicySkip).Text,
			"kick":     Handle(tbl, Input{User: tbl.Seats[0], Command: "table", Sub: "kick", Options: map[string]string{"player": tbl.Seats[1].Name}}).Text,
		}
		for name, text := range texts {
			if m := wrongCount.FindString(text); m != "" {
				t.Errorf("count %d, %s text: %q in %q", n, name, m, text)
			}
		}
	}
}

// TestStandingsShareTiedPlacesAndPutResignedPlayersLast: equal scores share a place (a tie for
// first is a shared victory, OQ-36), and a player who resigned comes last and wins nothing, even
// with the top score.
func TestStandingsShareTiedPlacesAndPutResignedPlayersLast(t *testing.T) {
	tbl, err := Position("classic", 3, 2, 5)
	if err != nil {
		t.Fatal(err)
	}
	ps := tbl.Game.Players
	ps[0].Score, ps[1].Score, ps[2].Score = 30, 12, 12
	ps[0].Resigned = true
	want := "Shared victory: p2 and p3. 1. p2 12, 1. p3 12, 3. p1 30 (resigned)."
	if got := standings(en, tbl); got != want {
		t.Fatalf("standings %q, want %q", got, want)
	}
	ps[0].Resigned, ps[2].Score = false, 7
	if want, got := "Winner: p1. 1. p1 30, 2. p2 12, 3. p3 7.", standings(en, tbl); got != want {
		t.Fatalf("standings %q, want %q", got, want)
	}
}

// TestLongChoicesAreCountedNotListed: a turn message names at most a few chip actions and counts
// the rest (a treat may go on some fifty squares); autocomplete and the menu reach them all.
func TestLongChoicesAreCountedNotListed(t *testing.T) {
	found := false
	for seed := uint64(1); seed < 20 && !found; seed++ {
		_, err := AutoGame("iberia", 2, seed, func(tbl *table.Table, _ Input, r Reply) error {
			if tbl.Status != table.Playing || found || len(tbl.Game.LegalActions()) <= shownLabels {
				return nil
			}
			found = true
			if !strings.Contains(r.Text, "others (autocomplete lists them)") || strings.Count(r.Text, "; ") > shownLabels {
				return fmt.Errorf("%d actions listed in full: %s", len(tbl.Game.LegalActions()), r.Text)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if !found {
		t.Fatal("no turn offered more than a few chip actions: the test checks nothing")
	}
}

// TestHelpFitsOneMessage: /carc help, every map's line included, fits one Discord message in
// every language (the bot cuts longer texts at 1,900 bytes, which would lose the last maps' lines).
func TestHelpFitsOneMessage(t *testing.T) {
	for _, code := range lang.Codes() {
		for _, local := range []bool{false, true} {
			if n := len(helpText(lang.For(code), local)); n > 1900 {
				t.Errorf("help in %s (local %v) is %d bytes", code, local, n)
			}
		}
	}
}

// TestLocalPlaySpeaksOfTheTerminal: local play has no buttons, pings or deadlines, and its texts
// say so; Discord's texts offer the buttons.
func TestLocalPlaySpeaksOfTheTerminal(t *testing.T) {
	for _, local := range []bool{true, false} {
		ann, bob := table.User{ID: "a", Name: "ann"}, table.User{ID: "b", Name: "bob"}
		tbl := Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Local: local, Options: map[string]string{"map": "classic"}}).Table
		tbl.Local = local
		tbl = Handle(tbl, Input{User: bob, Command: "carc", Sub: "join"}).Table
		start := Handle(tbl, Input{User: ann, Command: "carc", Sub: "start"})
		early := Handle(start.Table, Input{User: bob, Command: "place", Options: map[string]string{"square": "A1"}})
		texts := start.Text + early.Text + helpText(en, local)
		for _, discord := range []string{"click", "pinged"} {
			if has := strings.Contains(texts, discord); has == local {
				t.Errorf("local %v: %q said %v in %q", local, discord, has, texts)
			}
		}
		if has := strings.Contains(helpText(en, local), "seed"); has != local {
			t.Errorf("local %v: the help offers seed: %v", local, has)
		}
	}
}

// TestSentenceKeepsLettersWhole: a message that starts with an accented letter gets its capital,
// not a broken byte, and a Chinese sentence keeps its full-width stop.
func TestSentenceKeepsLettersWhole(t *testing.T) {
	for in, want := range map[string]string{
		"état de la partie": "État de la partie.",
		"übrig: 3":          "Übrig: 3.",
		"遊戲尚未開始。":           "遊戲尚未開始。",
		"無法加入":              "無法加入。",
		"already done.":     "Already done.",
		"  spaced out  ":    "Spaced out.",
	} {
		if got := Sentence(in); got != want {
			t.Errorf("Sentence(%q) = %q, want %q", in, got, want)
		}
	}
}
