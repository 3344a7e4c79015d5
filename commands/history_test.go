package commands

import (
	"encoding/json"
	"maps"
	"strconv"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
)

// TestHistoryPagesThroughEveryTurn: /carc history shows the latest turns first, a page at a time;
// the Older button reaches the first turn, and every turn played appears exactly once (the final
// scoring is the last turn's second line).
func TestHistoryPagesThroughEveryTurn(t *testing.T) {
	tbl, err := AutoGame("france", 3, 21, nil)
	if err != nil {
		t.Fatal(err)
	}
	user := tbl.Seats[0]
	r := Handle(tbl, Input{User: user, Command: "carc", Sub: "history"})
	if !r.OK || !strings.Contains(r.Text, "page 1 of") {
		t.Fatalf("/carc history: %s", r.Text)
	}
	seen := map[int]int{}
	for page := 0; ; page++ {
		for _, line := range strings.Split(r.Text, "\n")[1:] {
			if strings.HasPrefix(line, "Final scoring: ") {
				continue // the last turn's second line
			}
			n, err := strconv.Atoi(strings.SplitN(line, ".", 2)[0])
			if err != nil {
				t.Fatalf("page %d: a line without its turn: %q", page, line)
			}
			seen[n]++
		}
		older := r.Buttons[0][0]
		if older.Disabled {
			break
		}
		r = HandleComponent(tbl, user, older.ID, nil)
		if !r.OK {
			t.Fatalf("Older: %s", r.Text)
		}
	}
	rec, _ := record.Of(tbl, nil)
	played := map[int]bool{}
	for _, m := range rec.Moves {
		played[m.Turn] = true
	}
	for turn := range played {
		if seen[turn] != 1 {
			t.Errorf("turn %d shown %d times", turn, seen[turn])
		}
	}
	if len(seen) != len(played) {
		t.Errorf("%d turns shown, %d played", len(seen), len(played))
	}
}

// TestReplayShowsFinishedTurnsOnly: /carc replay move:n rebuilds the board after turn n, as a
// picture only (the table stays where it is); while the game runs, the turn in progress and later
// ones are refused with the range that is allowed.
func TestReplayShowsFinishedTurnsOnly(t *testing.T) {
	tbl, err := Position("france", 2, 9, 25)
	if err != nil {
		t.Fatal(err)
	}
	user := tbl.Seats[0]
	replay := func(n string) Reply {
		return Handle(tbl, Input{User: user, Command: "carc", Sub: "replay", Options: map[string]string{"move": n}})
	}
	last := tbl.Game.Turn - 1
	r := replay("3")
	if !r.OK || r.Image != BoardImage || r.Shown == nil || r.Pictured().Game.Turn != 4 {
		t.Fatalf("replay of turn 3: %s (shown: %v)", r.Text, r.Shown)
	}
	if r.Changed || r.Table != tbl || tbl.Game.Turn != last+1 {
		t.Fatal("the replay changed the running table, or offered the past as the table to keep")
	}
	for _, bad := range []string{strconv.Itoa(tbl.Game.Turn), "0", "x"} {
		if r := replay(bad); r.OK || !strings.Contains(r.Text, "from 1 to "+strconv.Itoa(last)) {
			t.Errorf("replay move:%s: %s", bad, r.Text)
		}
	}
}

// TestExportAttachesTheRecord: /carc export attaches the record as JSON: a partial one while the
// game runs, the complete one after it.
func TestExportAttachesTheRecord(t *testing.T) {
	tbl, err := AutoGame("france", 2, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := Handle(tbl, Input{User: tbl.Seats[0], Command: "carc", Sub: "export"})
	if !r.OK || r.File == nil || !strings.HasSuffix(r.File.Name, ".json") {
		t.Fatalf("/carc export: %s", r.Text)
	}
	rec, err := record.Parse(r.File.Data)
	if err != nil || !rec.Complete {
		t.Fatalf("the exported record: %v (complete %v)", err, rec.Complete)
	}
	if _, err := record.Replay(rec); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if json.Unmarshal(r.File.Data, &doc) != nil || doc["format"] != record.Format {
		t.Fatalf("the file is not a record document")
	}
}

// TestFinalTextSplitsPointsBySource: the end message splits each player's points by source, and
// the parts add up to the player's score.
func TestFinalTextSplitsPointsBySource(t *testing.T) {
	tbl, err := AutoGame("france", 3, 8, nil)
	if err != nil {
		t.Fatal(err)
	}
	line := pointsBySource(en, tbl)
	if !strings.HasPrefix(line, "Points by source: ") || !strings.Contains(finalText(en, tbl), line) {
		t.Fatalf("the end message lacks the split: %q", finalText(en, tbl))
	}
	for i, part := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(line, "Points by source: "), "."), "; ") {
		name, sources, _ := strings.Cut(part, ": ")
		sum := 0
		for _, s := range strings.Split(sources, ", ") {
			f := strings.Fields(s)
			n, _ := strconv.Atoi(f[len(f)-1])
			sum += n
		}
		seat := tbl.FindSeat(name)
		if seat < 0 || sum != tbl.Game.Players[seat].Score {
			t.Errorf("part %d %q adds up to %d, the score is %d", i, part, sum, tbl.Game.Players[max(seat, 0)].Score)
		}
	}
}

// TestHistoryPageIsANumberOfTheHistory: /carc history page:N shows page N (1 holds the latest
// turns); a page that is not a number of the history is refused with the pages there are, never
// silently shown as page 1.
func TestHistoryPageIsANumberOfTheHistory(t *testing.T) {
	tbl, err := AutoGame("france", 3, 21, nil)
	if err != nil {
		t.Fatal(err)
	}
	user := tbl.Seats[0]
	first := Handle(tbl, Input{User: user, Command: "carc", Sub: "history"})
	_, after, _ := strings.Cut(first.Text, "page 1 of ")
	pages, err := strconv.Atoi(strings.SplitN(after, ")", 2)[0])
	if err != nil || pages < 3 {
		t.Fatalf("a whole game's history has %d pages (%v): %s", pages, err, first.Text)
	}
	second := Handle(tbl, Input{User: user, Command: "carc", Sub: "history", Options: map[string]string{"page": "2"}})
	older := HandleComponent(tbl, user, first.Buttons[0][0].ID, nil)
	if !second.OK || second.Text != older.Text || !strings.Contains(second.Text, "page 2 of ") {
		t.Errorf("page:2 is not the page the Older button shows:\n%s\n---\n%s", second.Text, older.Text)
	}
	for _, bad := range []string{"-1", "abc", "0", strconv.Itoa(pages + 1), "1.5", ""} {
		r := Handle(tbl, Input{User: user, Command: "carc", Sub: "history", Options: map[string]string{"page": bad}})
		want := "choose 1 (the latest turns) to " + strconv.Itoa(pages)
		if r.OK || !strings.Contains(r.Text, want) || !strings.HasPrefix(strings.ToLower(r.Text), "page:"+bad+" ") {
			t.Errorf("page:%s: %s (ok %v), want a refusal saying %q", bad, r.Text, r.OK, want)
		}
	}
}

// The final scoring is its own line of the history, after the last turn's, with what it gave each
// player; the turns' lines hold only what was scored in them. The line is the catalogue's in every
// language: no ASCII joins in Chinese.
func TestTheFinalScoringIsItsOwnLineOfTheHistory(t *testing.T) {
	tbl, err := AutoGame("france", 3, 8, nil)
	if err != nil {
		t.Fatal(err)
	}
	final := map[string]int{}
	for _, e := range tbl.Game.Log {
		if e.Final {
			final[tbl.Seats[e.Player].Name] += e.Points
		}
	}
	for code, head := range map[string]string{"en": "Final scoring: ", "de": "Schlusswertung: ", "zh-TW": "終局計分："} {
		lines, err := historyLines(lang.For(code).Plain(), tbl)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range lines[:len(lines)-1] {
			if strings.Contains(l, "\n") {
				t.Errorf("%s: a turn's line before the last has two lines: %q", code, l)
			}
		}
		turn, last, ok := strings.Cut(lines[len(lines)-1], "\n")
		if !ok || !strings.HasPrefix(last, head) {
			t.Fatalf("%s: the final scoring is not a line of its own: %q", code, lines[len(lines)-1])
		}
		if code == "zh-TW" && (strings.Contains(turn, ": ") || strings.Contains(turn, " (")) {
			t.Errorf("zh-TW: the last turn's line joins with ASCII punctuation: %q", turn)
		}
		got := map[string]int{}
		for _, part := range strings.Split(strings.TrimPrefix(last, head), lang.For(code).T("list_sep", nil)) {
			name, points, _ := strings.Cut(part, " +")
			n, err := strconv.Atoi(points)
			if err != nil {
				t.Fatalf("%s: %q is not a player's points", code, part)
			}
			got[name] = n
		}
		if !maps.Equal(got, final) {
			t.Errorf("%s: the final scoring line says %v, the log's final scoring %v", code, got, final)
		}
	}
}
