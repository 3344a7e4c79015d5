package league

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// doubleCup is a double elimination league of n members s1..sn, seeded in that order.
func doubleCup(n int, reset bool) *League {
	l := &League{ID: "L", Format: DoubleCup, TableSize: 2, Policy: PolicyScoreStands, RoundDeadline: time.Hour, NoReset: !reset}
	for i := 1; i <= n; i++ {
		l.Members = append(l.Members, Member{ID: fmt.Sprintf("s%d", i), Name: fmt.Sprintf("Seed %d", i)})
	}
	return l
}

// playDouble plays a season to its end, the winner of each game chosen by win (its players in
// seat order; it returns the winner's id, or "" for a shared first place).
func playDouble(t *testing.T, l *League, win func(f Fixture) string) Season {
	t.Helper()
	s, err := NewSeason(l, 1)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_800_000_000, 0)
	for !s.Over(l) {
		if s.Started > 20 {
			t.Fatalf("the cup of %d does not end: %+v", len(l.Members), s.Rounds)
		}
		idx, err := s.StartRound(l, now)
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range idx {
			f := s.Fixtures[i]
			places := []int{1, 1}
			switch win(f) {
			case f.Players[0]:
				places = []int{1, 2}
			case f.Players[1]:
				places = []int{2, 1}
			}
			if err := s.Record(i, Finished, []int{10, 10}, places, now); err != nil {
				t.Fatal(err)
			}
		}
	}
	return s
}

// losses counts each player's lost games: places shared go to the better seed, as the cup rules.
func losses(s Season) map[string][]int {
	out := map[string][]int{}
	for _, f := range s.Fixtures {
		a, b := f.Players[0], f.Players[1]
		loser := b
		if f.Places[1] < f.Places[0] || f.Places[0] == f.Places[1] && slices.Index(s.Seeds, b) < slices.Index(s.Seeds, a) {
			loser = a
		}
		out[loser] = append(out[loser], f.Round)
	}
	return out
}

// TestEveryPlayerOfADoubleEliminationCupLosesTwiceBeforeLeaving: whatever the results, every
// player but the champion leaves after exactly their second loss and plays no game after it; the
// champion has lost at most once; the standings rank the champion first. (Without the bracket
// reset, the winners' bracket winner who loses the grand final leaves after that one loss.)
func TestEveryPlayerOfADoubleEliminationCupLosesTwiceBeforeLeaving(t *testing.T) {
	for n := 2; n <= 17; n++ {
		for _, reset := range []bool{true, false} {
			for seed := range uint64(6) {
				t.Run(fmt.Sprintf("%d players, reset %v, results %d", n, reset, seed), func(t *testing.T) {
					rng := rand.New(rand.NewPCG(seed, uint64(n)))
					l := doubleCup(n, reset)
					s := playDouble(t, l, func(f Fixture) string {
						if rng.IntN(5) == 0 {
							return "" // shared: the better seed goes on
						}
						return f.Players[rng.IntN(2)]
					})
					champion := s.Champion()
					if champion == "" {
						t.Fatalf("no champion after %d rounds", s.Started)
					}
					lost := losses(s)
					for _, m := range l.Members {
						last := 0
						for _, f := range s.Fixtures {
							if slices.Contains(f.Players, m.ID) {
								last = f.Round
							}
						}
						switch got := lost[m.ID]; {
						case m.ID == champion && len(got) > 1:
							t.Errorf("the champion %s lost %d games", m.ID, len(got))
						case !reset && len(got) == 1 && got[0] == s.Started && m.ID == s.Fixtures[len(s.Fixtures)-1].Players[0]:
							// without the reset, the winners' bracket winner who loses the grand final is out
						case m.ID != champion && len(got) != 2:
							t.Errorf("%s left the cup after %d losses (rounds %v)", m.ID, len(got), got)
						case m.ID != champion && last != got[1]:
							t.Errorf("%s lost a second time in round %d, and played on to round %d", m.ID, got[1], last)
						}
					}
					if st := s.Standings(); st[0].Player != champion || st[0].Rank != 1 || st[1].Rank != 2 {
						t.Errorf("standings %v: the champion %s first alone", st, champion)
					}
				})
			}
		}
	}
}

// TestTheByesOfADoubleEliminationCupNeverMeetEachOther: the empty places of the bracket go to
// the best seeds, one each, so in round 1 every empty place faces a player: there are exactly as
// many byes as empty places, and every player without a bye plays.
func TestTheByesOfADoubleEliminationCupNeverMeetEachOther(t *testing.T) {
	for n := 2; n <= 70; n++ {
		l := doubleCup(n, true)
		s, err := NewSeason(l, 1)
		if err != nil {
			t.Fatal(err)
		}
		st := s.doubleAfter(0)
		for _, p := range s.doublePairs(&st, 1) {
			if p.A == "" && p.B == "" {
				t.Fatalf("%d players: two empty places meet in round 1", n)
			}
		}
		if _, err := s.StartRound(l, time.Unix(0, 0)); err != nil {
			t.Fatal(err)
		}
		r := s.Rounds[0]
		byes := slices.SortedFunc(slices.Values(r.Byes), func(a, b string) int { return slices.Index(s.Seeds, a) - slices.Index(s.Seeds, b) })
		if empty := len(s.Bracket) - n; len(r.Byes) != empty || !slices.Equal(byes, s.Seeds[:empty]) {
			t.Fatalf("%d players: byes %v, want the %d best seeds", n, r.Byes, empty)
		}
		if 2*len(r.Tables)+len(r.Byes) != n {
			t.Fatalf("%d players: %d tables and %d byes", n, len(r.Tables), len(r.Byes))
		}
	}
}

// TestTheGrandFinal: the winners' bracket winner (who has not lost) meets the losers' bracket
// winner (who has lost once). If the winners' bracket winner wins, the cup is theirs either way;
// if the losers' bracket winner wins, with the bracket reset (the default) both have lost once
// and a deciding game is played, without it the grand final decides.
func TestTheGrandFinal(t *testing.T) {
	for _, c := range []struct {
		name     string
		reset    bool
		final    string // who wins the grand final: "winners" or "losers"
		decider  string // who wins the deciding game, if one is played
		rounds   int
		champion string
	}{
		{name: "the winners' bracket winner wins the grand final", reset: true, final: "winners", rounds: 4, champion: "s1"},
		{name: "the losers' bracket winner wins it, and the deciding game", reset: true, final: "losers", decider: "s2", rounds: 5, champion: "s2"},
		{name: "the losers' bracket winner wins it, and loses the deciding game", reset: true, final: "losers", decider: "s1", rounds: 5, champion: "s1"},
		{name: "without the reset, the grand final decides", reset: false, final: "losers", rounds: 4, champion: "s2"},
		{name: "without the reset, the winners' bracket winner wins", reset: false, final: "winners", rounds: 4, champion: "s1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			// Four players: s1 wins the winners' bracket, s2 comes back through the losers'.
			l := doubleCup(4, c.reset)
			s := playDouble(t, l, func(f Fixture) string {
				switch {
				case f.Stage.Bracket == GrandFinal && f.Stage.Round == 1 && c.final == "winners":
					return f.Players[0]
				case f.Stage.Bracket == GrandFinal && f.Stage.Round == 1:
					return f.Players[1]
				case f.Stage.Bracket == GrandFinal:
					return c.decider
				case slices.Contains(f.Players, "s1"):
					return "s1"
				}
				return min(f.Players[0], f.Players[1])
			})
			finals := slices.DeleteFunc(slices.Clone(s.Fixtures), func(f Fixture) bool { return f.Stage.Bracket != GrandFinal })
			if want := c.rounds - 3; len(finals) != want {
				t.Fatalf("%d games of the grand final, want %d", len(finals), want)
			}
			if f := finals[0]; !slices.Equal(f.Players, []string{"s1", "s2"}) || f.Round != 4 {
				t.Fatalf("the grand final is %v in round %d: want s1 (winners' bracket) against s2 (losers') in round 4", f.Players, f.Round)
			}
			if s.Started != c.rounds || s.TotalRounds(l) != c.rounds || s.Champion() != c.champion {
				t.Fatalf("%d rounds of %d, champion %q; want %d rounds and %s", s.Started, s.TotalRounds(l), s.Champion(), c.rounds, c.champion)
			}
			if b := s.Brackets(); b[c.champion] != (BracketStanding{}) || b["s3"].Out == 0 {
				t.Fatalf("brackets %v", b)
			}
		})
	}
}

// TestTheBracketsOfACupOfEight: eight players play three rounds of the winners' bracket, four of
// the losers' (its first with the first round's four losers, the next with the second round's
// two losers dropping in), then the grand final: 14 games without a reset.
func TestTheBracketsOfACupOfEight(t *testing.T) {
	l := doubleCup(8, true)
	s := playDouble(t, l, func(f Fixture) string { return f.Players[0] }) // the better seed wins
	var stages []Stage
	for _, f := range s.Fixtures {
		stages = append(stages, *f.Stage)
	}
	count := map[Stage]int{}
	for _, st := range stages {
		count[st]++
	}
	want := map[Stage]int{
		{WinnersBracket, 1}: 4, {WinnersBracket, 2}: 2, {WinnersBracket, 3}: 1,
		{LosersBracket, 1}: 2, {LosersBracket, 2}: 2, {LosersBracket, 3}: 1, {LosersBracket, 4}: 1,
		{GrandFinal, 1}: 1,
	}
	for st, n := range want {
		if count[st] != n {
			t.Errorf("%v: %d games, want %d", st, count[st], n)
		}
	}
	if len(s.Fixtures) != 14 || s.Champion() != "s1" {
		t.Fatalf("%d games, champion %s", len(s.Fixtures), s.Champion())
	}
	var order []string
	for _, st := range s.Standings() {
		order = append(order, st.Player)
	}
	// s2 lost the winners' final and the grand final; s3 the losers' final; s4 the round before.
	if !slices.Equal(order[:4], []string{"s1", "s2", "s3", "s4"}) {
		t.Fatalf("standings %v", order)
	}
}
