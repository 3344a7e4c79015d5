package commands

import (
	"regexp"
	"testing"
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
			"status":   statusText(tbl),
			"tiles":    tilesText(tbl),
			"prompt":   promptText(tbl),
			"settings": settingsText(tbl),
			"timeout":  Timeout(tbl, PolicySkip).Text,
			"kick":     Handle(tbl, Input{User: tbl.Seats[0], Command: "carc", Sub: "kick", Options: map[string]string{"player": tbl.Seats[1].Name}}).Text,
		}
		for name, text := range texts {
			if m := wrongCount.FindString(text); m != "" {
				t.Errorf("count %d, %s text: %q in %q", n, name, m, text)
			}
		}
	}
}
