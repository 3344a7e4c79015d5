package league

import (
	"fmt"
	"math/bits"
	"slices"
)

// A knock-out cup (Format Cup) plays games of two; the winner of each goes on to the next round
// and the loser is out, until the final's winner takes the cup. The players are seeded in the
// order the season is given them (the caller orders them by rating, best first). The bracket has
// the next power of two of places: the missing places are byes, which go to the best seeds in the
// first round, and the standard bracket (seed 1 against the last, 2 against the second last, the
// halves arranged so that seeds 1 and 2 can meet only in the final) keeps the best seeds apart.
// A game whose players share first place goes to the better seed. A member removed from the league
// loses their next game: their opponent goes on as with a bye.

// cupBracket places seeds in the standard bracket of size places (a power of two): the
// positions, in playing order, of the seeds 1..places, as seed numbers from 1.
func cupBracket(places int) []int {
	order := []int{1}
	for len(order) < places {
		n := 2 * len(order)
		next := make([]int, 0, n)
		for _, s := range order {
			next = append(next, s, n+1-s)
		}
		order = next
	}
	return order
}

// newCup seeds a cup: the bracket of the first round ("" for a bye's empty place).
func newCup(seeds []string) ([]string, error) {
	if len(seeds) < 2 {
		return nil, fmt.Errorf("a cup needs at least 2 players, not %d", len(seeds))
	}
	places := 1 << bits.Len(uint(len(seeds)-1))
	bracket := make([]string, places)
	for i, s := range cupBracket(places) {
		if s <= len(seeds) {
			bracket[i] = seeds[s-1]
		}
	}
	return bracket, nil
}

// cupRounds is the number of rounds of a cup of this bracket.
func cupRounds(bracket []string) int { return bits.Len(uint(len(bracket))) - 1 }

// cupAlive is the bracket of round `round` (from 1): the first round's, with each pair replaced by
// who won it in each round before.
func (s *Season) cupAlive(round int) []string {
	alive := slices.Clone(s.Bracket)
	for r := 1; r < round; r++ {
		next := make([]string, len(alive)/2)
		for i := range next {
			next[i] = s.cupWinner(r, alive[2*i], alive[2*i+1])
		}
		alive = next
	}
	return alive
}

// cupWinner is who goes on from a pair of round r: the winner of their game, the player with a
// bye, the one still a member.
func (s *Season) cupWinner(r int, a, b string) string {
	switch {
	case a == "" || s.member(a) < 0 && s.member(b) >= 0:
		return b
	case b == "" || s.member(b) < 0:
		return a
	}
	for _, f := range s.Fixtures {
		if f.Round != r || !f.Done() || !slices.Contains(f.Players, a) || !slices.Contains(f.Players, b) {
			continue
		}
		ia, ib := slices.Index(f.Players, a), slices.Index(f.Players, b)
		switch {
		case f.Places[ia] < f.Places[ib]:
			return a
		case f.Places[ib] < f.Places[ia]:
			return b
		case slices.Index(s.Seeds, b) < slices.Index(s.Seeds, a):
			return b
		}
		return a
	}
	return a // a pair whose game is missing (never once the round is over): the better-placed in the bracket
}

// cupRound pairs the cup's next round from the bracket.
func (s *Season) cupRound() Round {
	alive := s.cupAlive(s.Started + 1)
	var r Round
	for i := 0; i+1 < len(alive); i += 2 {
		a, b := alive[i], alive[i+1]
		switch {
		case a == "" && b == "":
		case a == "":
			r.Byes = append(r.Byes, b)
		case b == "":
			r.Byes = append(r.Byes, a)
		default:
			if slices.Index(s.Seeds, b) < slices.Index(s.Seeds, a) {
				a, b = b, a // the better seed plays first
			}
			r.Tables = append(r.Tables, []string{a, b})
		}
	}
	return r
}

// cupReached is, per player, the last round they reached; the cup's winner, once it is decided,
// one more than the number of rounds.
func (s *Season) cupReached() map[string]int {
	reached := map[string]int{}
	for r := 1; r <= min(s.Started, cupRounds(s.Bracket)); r++ {
		for _, p := range s.cupAlive(r) {
			if p != "" {
				reached[p] = r
			}
		}
	}
	if total := cupRounds(s.Bracket); s.Started == total && s.RoundOver() {
		if w := s.cupAlive(total + 1); len(w) == 1 && w[0] != "" {
			reached[w[0]] = total + 1
		}
	}
	return reached
}

// cupStandings orders a cup's standings by the round each player reached (the winner first, then
// the loser of the final, then those of the semi-finals sharing a rank, ...), then by seed.
func (s *Season) cupStandings(st []Standing) []Standing {
	reached := s.cupReached()
	if s.Double {
		reached = s.doubleReached()
	}
	seed := func(p string) int { return slices.Index(s.Seeds, p) }
	slices.SortStableFunc(st, func(a, b Standing) int {
		if d := reached[b.Player] - reached[a.Player]; d != 0 {
			return d
		}
		return seed(a.Player) - seed(b.Player)
	})
	for i := range st {
		st[i].Rank = i + 1
		if i > 0 && reached[st[i].Player] == reached[st[i-1].Player] {
			st[i].Rank = st[i-1].Rank
		}
	}
	return st
}

// Champion is the winner of a cup once its final is played ("" before, and for other formats).
func (s *Season) Champion() string {
	if s.Bracket == nil {
		return ""
	}
	if s.Double {
		return s.doubleAfter(s.decided()).champion
	}
	for p, r := range s.cupReached() {
		if r == cupRounds(s.Bracket)+1 {
			return p
		}
	}
	return ""
}
