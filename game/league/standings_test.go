package league

import (
	"fmt"
	"testing"
)

// TestPointsByFinishingPlace is the documented table: one point per opponent finished ahead of,
// shared places sharing their points.
func TestPointsByFinishingPlace(t *testing.T) {
	cases := []struct {
		places []int
		want   []float64
	}{
		{[]int{1, 2}, []float64{1, 0}},
		{[]int{1, 1}, []float64{0.5, 0.5}},
		{[]int{2, 1, 3}, []float64{1, 2, 0}},
		{[]int{1, 1, 3}, []float64{1.5, 1.5, 0}},
		{[]int{1, 2, 3, 4}, []float64{3, 2, 1, 0}},
		{[]int{1, 2, 2, 4}, []float64{3, 1.5, 1.5, 0}},
		{[]int{1, 2, 3, 4, 5}, []float64{4, 3, 2, 1, 0}},
		{[]int{3, 3, 3, 1, 5}, []float64{2, 2, 2, 4, 0}},
	}
	for _, c := range cases {
		if got := Points(c.places); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("places %v: points %v, want %v", c.places, got, c.want)
		}
	}
}

// TestPlacesShareEqualScores: the highest score is first; equal scores share a place.
func TestPlacesShareEqualScores(t *testing.T) {
	if got := fmt.Sprint(Places([]int{37, 19, 37, 42})); got != "[2 4 2 1]" {
		t.Fatalf("got %s", got)
	}
}

// TestTieBreaks: points first, then the sum of score differences, then head-to-head, then wins.
func TestTieBreaks(t *testing.T) {
	g := func(a, b string, sa, sb int) Result {
		return Result{Players: []string{a, b}, Scores: []int{sa, sb}, Places: Places([]int{sa, sb})}
	}
	t.Run("score difference separates equal points", func(t *testing.T) {
		st := Standings([]string{"ann", "bob", "cy"}, []Result{g("ann", "cy", 50, 40), g("bob", "cy", 80, 40), g("ann", "bob", 30, 30)}, nil)
		if st[0].Player != "bob" || st[1].Player != "ann" || st[0].Points != 1.5 || st[0].ScoreDiff != 40 || st[1].ScoreDiff != 10 {
			t.Fatalf("%+v", st)
		}
	})
	t.Run("head-to-head separates equal points and differences", func(t *testing.T) {
		// ann beat bob; both beat and lost to others by the same margins.
		st := Standings([]string{"bob", "ann", "cy", "dee"}, []Result{
			g("ann", "bob", 40, 30), g("bob", "cy", 40, 30), g("cy", "ann", 40, 30),
			g("ann", "dee", 50, 50), g("bob", "dee", 50, 50),
		}, nil)
		if st[0].Player != "ann" || st[1].Player != "bob" || st[0].HeadToHead != 1 || st[1].HeadToHead != 0 {
			t.Fatalf("%+v", st)
		}
	})
	t.Run("wins separate what head-to-head leaves equal", func(t *testing.T) {
		// ann: a win and a loss; bob: two draws. Equal points (1), equal differences (0), never
		// met; dee (a win and a draw) leads.
		st := Standings([]string{"bob", "ann", "cy", "dee"}, []Result{
			g("ann", "cy", 40, 30), g("dee", "ann", 40, 30), g("bob", "cy", 30, 30), g("bob", "dee", 30, 30),
		}, nil)
		if st[1].Player != "ann" || st[1].Wins != 1 || st[2].Player != "bob" || st[2].Wins != 0 || st[1].Rank != 2 || st[2].Rank != 3 {
			t.Fatalf("%+v", st)
		}
	})
	t.Run("players equal on everything share a rank", func(t *testing.T) {
		st := Standings([]string{"bob", "ann"}, []Result{g("ann", "bob", 30, 30)}, nil)
		if st[0].Rank != 1 || st[1].Rank != 1 || st[0].Player != "ann" {
			t.Fatalf("%+v", st)
		}
	})
	t.Run("a bye is worth a win at a table of two and is no game", func(t *testing.T) {
		st := Standings([]string{"ann", "bob", "cy"}, []Result{g("ann", "bob", 30, 20)}, []string{"cy"})
		if st[0].Player != "ann" || st[1].Player != "cy" || st[1].Points != 1 || st[1].Played != 0 || st[1].Byes != 1 {
			t.Fatalf("%+v", st)
		}
	})
}

// TestRoundDeadlinePolicies: the current score stands, or the player who let the deadline pass
// is last; either way a player already out of the game (resigned or removed) is last, as in a
// finished game, however many points they had.
func TestRoundDeadlinePolicies(t *testing.T) {
	cases := []struct {
		policy   Policy
		scores   []int
		out      []bool
		timedOut int
		want     string
	}{
		{PolicyScoreStands, []int{30, 20}, nil, 0, "[1 2]"},
		{PolicyForfeit, []int{30, 20}, nil, 0, "[2 1]"},
		{PolicyForfeit, []int{30, 20, 20}, nil, 1, "[1 3 2]"},
		{PolicyForfeit, []int{10, 20, 20}, nil, 0, "[3 1 1]"},
		{PolicyForfeit, []int{10, 20}, nil, -1, "[2 1]"},
		{PolicyScoreStands, []int{50, 20, 10}, []bool{true, false, false}, 1, "[3 1 2]"},
		{PolicyForfeit, []int{50, 20, 10}, []bool{true, false, false}, 1, "[2 3 1]"},
	}
	for _, c := range cases {
		got, err := Adjudicate(c.policy, c.scores, c.out, c.timedOut)
		if err != nil || fmt.Sprint(got) != c.want {
			t.Errorf("%s %v out %v timed out %d: %v %v, want %s", c.policy, c.scores, c.out, c.timedOut, got, err, c.want)
		}
	}
	if _, err := Adjudicate("coin", []int{1, 2}, nil, 0); err == nil {
		t.Error("an unknown policy was accepted")
	}
}

// TestResignedPlayersAreLast: a player who resigned or was kicked is rated as last, whatever
// their score.
func TestResignedPlayersAreLast(t *testing.T) {
	if got := fmt.Sprint(PlacesLast([]int{50, 10, 20}, []bool{true, false, false})); got != "[3 2 1]" {
		t.Fatalf("got %s", got)
	}
}

// TestRatingNeverChangesForAnUnratedGame: a game with a reason not to be rated leaves every
// rating of the book as it was; the same game rated changes them.
func TestRatingNeverChangesForAnUnratedGame(t *testing.T) {
	book := Book{"ann": {Mu: 30, Sigma: 5, Games: 7}, "bob": NewRating()}
	for _, why := range []string{"AI seats", "abandoned", "a chosen seed", "fewer than two human players", "the table is unrated"} {
		changed, err := book.Record(Game{Players: []string{"ann", "bob"}, Places: []int{2, 1}, Unrated: why})
		if err != nil || changed || book["ann"] != (Rating{Mu: 30, Sigma: 5, Games: 7}) || book["bob"] != NewRating() {
			t.Fatalf("unrated (%s): changed=%v err=%v book=%v", why, changed, err, book)
		}
	}
	changed, err := book.Record(Game{Players: []string{"ann", "bob"}, Places: []int{2, 1}})
	if err != nil || !changed || book["ann"].Mu >= 30 || book["bob"].Mu <= DefaultMu || book["ann"].Games != 8 || book["bob"].Games != 1 {
		t.Fatalf("rated: changed=%v err=%v book=%v", changed, err, book)
	}
}

// TestShownRatingIsConservative: a new player shows 0 and is provisional until ProvisionalGames
// rated games; a winner's shown rating rises.
func TestShownRatingIsConservative(t *testing.T) {
	r := NewRating()
	if r.Shown() != 0 || !r.Provisional() {
		t.Fatalf("new rating shows %v provisional=%v", r.Shown(), r.Provisional())
	}
	for range ProvisionalGames {
		out, err := Rate([]Rating{r, NewRating()}, []int{1, 2})
		if err != nil {
			t.Fatal(err)
		}
		if out[0].Shown() <= r.Shown() {
			t.Fatalf("a win lowered the shown rating: %v -> %v", r.Shown(), out[0].Shown())
		}
		r = out[0]
	}
	if r.Provisional() {
		t.Fatalf("still provisional after %d games", r.Games)
	}
	if _, err := Rate([]Rating{r, r}, []int{1, 3}); err == nil {
		t.Fatal("place 3 of 2 was accepted")
	}
}
