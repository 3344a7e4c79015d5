package league

import (
	"fmt"
	"math/bits"
	"slices"
)

// A double elimination cup (Format DoubleCup) plays games of two in two brackets: a player who
// loses in the winners' bracket drops into the losers' bracket, and a player who loses there is
// out, so every player leaves after their second loss. Seeds and byes are those of the single
// cup (the standard bracket of the next power of two places, the byes to the best seeds), and a
// game whose players share first place goes to the better seed.
//
// With 2^k places the winners' bracket plays k rounds. The losers' bracket plays 2k-2: its odd
// rounds pair its own survivors (its first, the losers of the winners' first round), its even
// rounds meet each of its survivors with a loser dropping from the winners' bracket, the drops
// of alternate rounds in reverse order so that two players who met in the winners' bracket do
// not meet again at once. A season round plays winners' round r and losers' round r-1 side by
// side, so the losers' bracket ends in season round 2k-1, and the grand final between the two
// brackets' winners is season round 2k.
//
// The bracket reset (Season.Reset, the common rule and the default): the winners' bracket
// winner has not lost yet, so if the losers' bracket winner wins the grand final, both have
// lost once and a deciding game, season round 2k+1, takes the cup. Without it the grand final
// is a single game.

// Bracket names the part of a double elimination cup a game belongs to.
type Bracket string

// Brackets.
const (
	WinnersBracket Bracket = "winners"
	LosersBracket  Bracket = "losers"
	GrandFinal     Bracket = "final" // round 1 the grand final, round 2 the deciding game of a reset
)

// Stage is where a game of a double elimination cup stands: its bracket and its round there.
type Stage struct {
	Bracket Bracket `json:"bracket"`
	Round   int     `json:"round"` // from 1, within the bracket
}

// String names the stage as the league's texts and page do: "losers' bracket, round 2".
func (st Stage) String() string {
	switch {
	case st.Bracket == WinnersBracket:
		return fmt.Sprintf("winners' bracket, round %d", st.Round)
	case st.Bracket == LosersBracket:
		return fmt.Sprintf("losers' bracket, round %d", st.Round)
	case st.Round == 1:
		return "grand final"
	}
	return "grand final, deciding game"
}

// doublePair is one pairing of a season round of a double elimination cup ("" for an empty
// place: the other player goes on without a game).
type doublePair struct {
	Stage Stage
	A, B  string
}

// doubleState is a double elimination cup after some season rounds.
type doubleState struct {
	winners []string   // the winners' bracket still to play, in bracket order
	losers  []string   // the losers' bracket survivors, in bracket order
	drops   [][]string // per winners' round (from 1), its losers, in bracket order
	// out is, per player eliminated, the season round of their second loss.
	out      map[string]int
	champion string
	// finalists are the brackets' winners once both brackets are played: the winners' first.
	finalists [2]string
	decider   bool // the grand final was won by the losers' bracket winner, and a reset follows
}

// doubleK is the number of winners' bracket rounds.
func (s *Season) doubleK() int { return bits.Len(uint(len(s.Bracket))) - 1 }

// decided is the number of season rounds whose games all have their result: the running round's
// are still to be decided.
func (s *Season) decided() int {
	if s.Started > 0 && !s.RoundOver() {
		return s.Started - 1
	}
	return s.Started
}

// doubleRounds is the number of season rounds: 2k, and one more once a reset is due.
func (s *Season) doubleRounds() int {
	k := s.doubleK()
	if s.Reset && s.decided() >= 2*k && s.doubleAfter(2*k).decider {
		return 2*k + 1
	}
	return 2 * k
}

// doublePairs are the pairings of season round r given the state after the rounds before it.
func (s *Season) doublePairs(st *doubleState, r int) []doublePair {
	k := s.doubleK()
	var out []doublePair
	if r <= k {
		for i := 0; i+1 < len(st.winners); i += 2 {
			out = append(out, doublePair{Stage{WinnersBracket, r}, st.winners[i], st.winners[i+1]})
		}
	}
	switch m := r - 1; {
	case m == 1:
		d := st.drops[1]
		for i := 0; i+1 < len(d); i += 2 {
			out = append(out, doublePair{Stage{LosersBracket, m}, d[i], d[i+1]})
		}
	case m >= 2 && m <= 2*k-2 && m%2 == 0:
		d := slices.Clone(st.drops[m/2+1])
		if (m/2)%2 == 1 {
			slices.Reverse(d)
		}
		for i := range st.losers {
			out = append(out, doublePair{Stage{LosersBracket, m}, st.losers[i], d[i]})
		}
	case m >= 3 && m <= 2*k-2:
		for i := 0; i+1 < len(st.losers); i += 2 {
			out = append(out, doublePair{Stage{LosersBracket, m}, st.losers[i], st.losers[i+1]})
		}
	}
	switch {
	case r == 2*k:
		out = append(out, doublePair{Stage{GrandFinal, 1}, st.finalists[0], st.finalists[1]})
	case r == 2*k+1 && st.decider:
		out = append(out, doublePair{Stage{GrandFinal, 2}, st.finalists[0], st.finalists[1]})
	}
	return out
}

// doubleAfter plays the cup's bracket through season round upto from the results.
func (s *Season) doubleAfter(upto int) doubleState {
	k := s.doubleK()
	st := doubleState{winners: slices.Clone(s.Bracket), drops: make([][]string, k+1), out: map[string]int{}}
	for r := 1; r <= upto; r++ {
		var winners, losers []string
		for _, p := range s.doublePairs(&st, r) {
			w := s.cupWinner(r, p.A, p.B)
			l := p.A
			if w == p.A {
				l = p.B
			}
			switch p.Stage.Bracket {
			case WinnersBracket:
				winners = append(winners, w)
				st.drops[r] = append(st.drops[r], l)
			case LosersBracket:
				losers = append(losers, w)
				if l != "" {
					st.out[l] = r
				}
			case GrandFinal:
				switch {
				case p.Stage.Round == 1 && w == p.B && s.member(p.A) >= 0 && s.Reset:
					st.decider = true
				case l != "":
					st.out[l], st.champion = r, w
				default:
					st.champion = w
				}
			}
		}
		if r <= k {
			st.winners = winners
		}
		if m := r - 1; m >= 1 && m <= 2*k-2 {
			st.losers = losers
		}
		if k == 1 && r == 1 {
			st.losers = st.drops[1] // two places: the final's loser is the losers' bracket
		}
		if r == 2*k-1 || k == 1 && r == 1 {
			st.finalists = [2]string{st.winners[0], st.losers[0]}
		}
	}
	return st
}

// doubleRound pairs the next season round of a double elimination cup.
func (s *Season) doubleRound() Round {
	st := s.doubleAfter(s.Started)
	var r Round
	for _, p := range s.doublePairs(&st, s.Started+1) {
		a, b := p.A, p.B
		switch {
		case a == "" && b == "":
		case a == "":
			r.Byes = append(r.Byes, b)
		case b == "":
			r.Byes = append(r.Byes, a)
		default:
			if p.Stage.Bracket != GrandFinal && slices.Index(s.Seeds, b) < slices.Index(s.Seeds, a) {
				a, b = b, a // the better seed plays first; in the grand final the winners' bracket's winner
			}
			r.Tables = append(r.Tables, []string{a, b})
			r.Stages = append(r.Stages, p.Stage)
		}
	}
	return r
}

// doubleReached ranks a double elimination cup's players: the champion highest, then by the
// season round of their second loss, later first; players still in the cup above those out.
func (s *Season) doubleReached() map[string]int {
	done := s.decided()
	st := s.doubleAfter(done)
	reached := map[string]int{}
	for _, m := range s.Members {
		reached[m.ID] = done + 1
	}
	for p, r := range st.out {
		reached[p] = r
	}
	if st.champion != "" {
		reached[st.champion] = done + 2
	}
	return reached
}

// BracketStanding is where a player stands in a double elimination cup.
type BracketStanding struct {
	Bracket Bracket // WinnersBracket, LosersBracket, or "" once out or the cup is won
	Out     int     // the season round of their second loss, 0 while in the cup
}

// Brackets tells, per player, where they stand in a double elimination cup (nil for other
// formats): in the winners' bracket (no loss yet), in the losers' (one), or out.
func (s *Season) Brackets() map[string]BracketStanding {
	if !s.Double {
		return nil
	}
	st := s.doubleAfter(s.decided())
	out := map[string]BracketStanding{}
	for _, m := range s.Members {
		out[m.ID] = BracketStanding{Bracket: LosersBracket}
	}
	for _, p := range st.winners {
		if p != "" && !st.decider {
			out[p] = BracketStanding{Bracket: WinnersBracket}
		}
	}
	for p, r := range st.out {
		out[p] = BracketStanding{Out: r}
	}
	if st.champion != "" {
		out[st.champion] = BracketStanding{}
	}
	return out
}
