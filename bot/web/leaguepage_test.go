package web

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/league"
)

// sampleLeague is a round-robin of three players, its first round started and one game played;
// one player's name tries to run a script.
func sampleLeague(t testing.TB) League {
	t.Helper()
	at := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	l := league.League{ID: "L1", Name: "Spring <b>cup</b>", Map: "france", Format: league.RoundRobin, TableSize: 2,
		Policy: league.PolicyScoreStands, RoundDeadline: 7 * 24 * time.Hour, Status: league.Running, Season: 1, Created: at,
		Members: []league.Member{{ID: "a", Name: "ann"}, {ID: "b", Name: "<script>alert(1)</script>"}, {ID: "c", Name: "cy 🐑"}}}
	s, err := league.NewSeason(&l, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.StartRound(&l, at); err != nil {
		t.Fatal(err)
	}
	for i, f := range s.Fixtures {
		if f.Round == 1 && len(f.Players) == 2 {
			s.Fixtures[i].GameID = "g1"
			if err := s.Record(i, league.Finished, []int{40, 31}, []int{1, 2}, at.Add(time.Hour)); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	return League{League: l, Season: s, Ratings: []Rating{{Name: "ann", Rating: 3.25, Games: 1, Provisional: true}}}
}

// The league page lists the standings, the schedule and the ratings, with every name escaped.
func TestLeaguePageListsStandingsAndEscapesNames(t *testing.T) {
	st := newSite(t, "")
	st.leagues["L1"] = sampleLeague(t)
	path, err := st.LeaguePath("L1")
	if err != nil {
		t.Fatal(err)
	}
	code, body, _ := st.get(t, path)
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	for _, want := range []string{"Spring &lt;b&gt;cup&lt;/b&gt;", "&lt;script&gt;alert(1)&lt;/script&gt;", "cy 🐑", "Round 1",
		"the game's page", "3.2 (provisional)", `id="standings"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(body, "<script>alert") || strings.Contains(body, "<b>cup") {
		t.Errorf("a name went unescaped into the page")
	}
}
