package leaguecmd

import (
	"bytes"
	"encoding/csv"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// TestLeagueCSVKeepsNamesText: a league or player name that a spreadsheet would run as a formula
// (it starts with = + - @, a tab or a carriage return, or a fullwidth = + - @) is written with a
// leading apostrophe; every other cell, the numbers included, is written as it is.
func TestLeagueCSVKeepsNamesText(t *testing.T) {
	names := map[string]string{ // the name chosen, the cell written
		"u1": "=HYPERLINK(\"http://evil.example\",\"x\")", "u2": "+1+cmd|' /C calc'!A0", "u3": "-2+3", "u4": "@SUM(A1:A9)",
		"u5": "\tpadded", "u6": "\rreturn", "u7": "＝1+1", "u8": "Ann = the best", "u9": "", "u10": "'quoted",
	}
	l := league.League{ID: "L1", Guild: "g1", Channel: "c1", Name: "=1+1", Creator: "u1", Map: "france", Format: league.RoundRobin,
		TableSize: 2, Policy: league.PolicyScoreStands, RoundDeadline: 24 * time.Hour, Status: league.Running, Season: 1}
	for _, id := range []string{"u1", "u2", "u3", "u4", "u5", "u6", "u7", "u8", "u9", "u10"} {
		l.Members = append(l.Members, league.Member{ID: id, Name: names[id]})
	}
	s, err := league.NewSeason(&l, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.StartRound(&l, time.Unix(1_800_000_000, 0)); err != nil {
		t.Fatal(err)
	}
	if err := s.Record(0, league.Finished, []int{31, 12}, []int{1, 2}, time.Unix(1_800_000_100, 0)); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(CSV(l, []league.Season{s}))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1+len(l.Members) {
		t.Fatalf("%d rows for %d players", len(rows), len(l.Members))
	}
	safe := map[string]bool{"u8": true, "u9": true, "u10": true}
	for _, row := range rows[1:] {
		if row[0] != "'=1+1" {
			t.Errorf("league cell %q, want '=1+1", row[0])
		}
		id, name := row[8], row[9]
		want := "'" + names[id]
		if safe[id] {
			want = names[id]
		}
		if name != want {
			t.Errorf("player %s: cell %q, want %q", id, name, want)
		}
	}
	first := rows[1]
	if first[10] != "31" || first[11] != "1" || first[12] != "1" || rows[2][10] != "12" || rows[2][12] != "0" {
		t.Errorf("the numbers of the finished game changed: %q, %q", first, rows[2])
	}
}
