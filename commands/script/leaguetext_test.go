package script

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

// TestLocalLeagueStandingsHaveNoMarkdown: the terminal renders no markdown, so the standings of a
// local league are the bare table, without Discord's code fences.
func TestLocalLeagueStandingsHaveNoMarkdown(t *testing.T) {
	src, err := os.ReadFile("testdata/league_a_season_is_played_at_the_local_table.carc")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	r := &Runner{Out: &out, Human: true, Now: func() time.Time { return time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC) }}
	if err := r.Run(bytes.NewReader(src)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "wins") {
		t.Fatalf("no standings:\n%s", out.String())
	}
	if strings.Contains(out.String(), "```") {
		t.Errorf("the standings show Discord's code fences:\n%s", out.String())
	}
}
