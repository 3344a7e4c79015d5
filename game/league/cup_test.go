package league

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// TestTheBracketKeepsTheBestSeedsApart: seed 1 meets the last seed, and seeds 1 and 2 are in
// different halves, so they can meet only in the final.
func TestTheBracketKeepsTheBestSeedsApart(t *testing.T) {
	for places, want := range map[int][]int{2: {1, 2}, 4: {1, 4, 2, 3}, 8: {1, 8, 4, 5, 2, 7, 3, 6}} {
		if got := cupBracket(places); !slices.Equal(got, want) {
			t.Errorf("bracket of %d: %v, want %v", places, got, want)
		}
	}
}

// TestACupOfSixGivesTheTwoByesToTheTopSeedsAndPlaysToItsWinner: six players in a bracket of
// eight; seeds 1 and 2 have byes in round 1, seeds 3-6 play; the winners meet the top seeds in
// the semi-finals, the final decides the cup, and the standings rank the winner, the finalist,
// then the semi-finalists sharing third place. A game whose players share first place goes to the
// better seed.
func TestACupOfSixGivesTheTwoByesToTheTopSeedsAndPlaysToItsWinner(t *testing.T) {
	l := &League{ID: "L", Format: Cup, TableSize: 2, Policy: PolicyScoreStands, RoundDeadline: time.Hour}
	for i := 1; i <= 6; i++ {
		l.Members = append(l.Members, Member{ID: fmt.Sprintf("s%d", i), Name: fmt.Sprintf("Seed %d", i)})
	}
	s, err := NewSeason(l, 1)
	if err != nil {
		t.Fatal(err)
	}
	if s.TotalRounds(l) != 3 {
		t.Fatalf("%d rounds, want 3", s.TotalRounds(l))
	}
	// The lower seed wins every game but one: s5 beats s4; in the final, s2 and s5 tie and s2,
	// the better seed, takes the cup.
	winner := map[[2]string]string{{"s4", "s5"}: "s5", {"s3", "s6"}: "s3", {"s1", "s5"}: "s5", {"s2", "s3"}: "s2", {"s2", "s5"}: ""}
	now := time.Unix(1_800_000_000, 0)
	want := []Round{
		{Tables: [][]string{{"s4", "s5"}, {"s3", "s6"}}, Byes: []string{"s1", "s2"}},
		{Tables: [][]string{{"s1", "s5"}, {"s2", "s3"}}},
		{Tables: [][]string{{"s2", "s5"}}},
	}
	for r := range 3 {
		idx, err := s.StartRound(l, now)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Rounds[r]; !slices.EqualFunc(got.Tables, want[r].Tables, slices.Equal) || !slices.Equal(got.Byes, want[r].Byes) {
			t.Fatalf("round %d: %+v, want %+v", r+1, got, want[r])
		}
		for _, i := range idx {
			f := s.Fixtures[i]
			w, ok := winner[[2]string{f.Players[0], f.Players[1]}]
			if !ok {
				t.Fatalf("an unexpected game %v", f.Players)
			}
			places := []int{1, 2}
			switch w {
			case "":
				places = []int{1, 1}
			case f.Players[1]:
				places = []int{2, 1}
			}
			if err := s.Record(i, Finished, []int{10, 10}, places, now); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !s.Over(l) || s.Champion() != "s2" {
		t.Fatalf("over %v, champion %q; want s2", s.Over(l), s.Champion())
	}
	var order []string
	var ranks []int
	for _, st := range s.Standings() {
		order, ranks = append(order, st.Player), append(ranks, st.Rank)
	}
	if !slices.Equal(order, []string{"s2", "s5", "s1", "s3", "s4", "s6"}) || !slices.Equal(ranks, []int{1, 2, 3, 3, 5, 5}) {
		t.Fatalf("standings %v ranks %v", order, ranks)
	}
}
