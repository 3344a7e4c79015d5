package web

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
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
		"the game&#39;s page", "3.2 (provisional)", `id="standings"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(body, "<script>alert") || strings.Contains(body, "<b>cup") {
		t.Errorf("a name went unescaped into the page")
	}
}

// doubleCup is a double elimination cup of four players: the winners' first round played, then
// its final beside the losers' first round.
func doubleCup(t testing.TB) League {
	t.Helper()
	at := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	l := league.League{ID: "L2", Name: "Winter cup", Map: "france", Format: league.DoubleCup, TableSize: 2,
		Policy: league.PolicyScoreStands, RoundDeadline: time.Hour, Status: league.Running, Season: 1, Created: at}
	for _, n := range []string{"ann", "bob", "cy", "dee"} {
		l.Members = append(l.Members, league.Member{ID: n, Name: n})
	}
	s, err := league.NewSeason(&l, 1)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 { // the winners' first round, then its final beside the losers' first round
		idx, err := s.StartRound(&l, at)
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range idx {
			s.Fixtures[i].GameID = fmt.Sprintf("g%d", i)
			if err := s.Record(i, league.Finished, []int{40, 31}, []int{1, 2}, at); err != nil {
				t.Fatal(err)
			}
		}
	}
	return League{League: l, Season: s}
}

// The page of a double elimination cup lists the games of each bracket, round by round, with
// links to their pages, and says where each player stands.
func TestTheLeaguePageOfADoubleEliminationCupListsBothBrackets(t *testing.T) {
	st := newSite(t, "")
	st.leagues["L2"] = doubleCup(t)
	path, err := st.LeaguePath("L2")
	if err != nil {
		t.Fatal(err)
	}
	code, body, _ := st.get(t, path)
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	_, brackets, ok := strings.Cut(body, `id="brackets"`)
	if !ok {
		t.Fatalf("the page has no brackets:\n%s", body)
	}
	for _, want := range []string{"Winners&#39; bracket", "Losers&#39; bracket", "Grand final", "season round 2: <bdi>ann, bob</bdi>, finished", "season round 2: <bdi>cy, dee</bdi>",
		"the game&#39;s page"} {
		if !strings.Contains(brackets, want) {
			t.Errorf("the brackets lack %q:\n%s", want, brackets)
		}
	}
	for _, want := range []string{"Table 1 (winners&#39; bracket, round 2)", "ann</bdi> <small>(in the winners&#39; bracket)", "dee</bdi> <small>(out in round 2)"} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}
