package league

import "fmt"

// Adjudicate gives the finishing places of a game stopped before its end (at its round's
// deadline), from the current scores. out marks the players already out of the game (resigned
// or removed; nil for none): they come last, as in a finished game. timedOut is the seat whose
// turn it was (who let the deadline pass), or -1. PolicyScoreStands ranks by score;
// PolicyForfeit also puts the timed-out seat last. Those put last are ranked among themselves by
// score.
func Adjudicate(policy Policy, scores []int, out []bool, timedOut int) ([]int, error) {
	last := make([]bool, len(scores))
	copy(last, out)
	switch policy {
	case PolicyScoreStands:
	case PolicyForfeit:
		if timedOut >= 0 && timedOut < len(scores) {
			last[timedOut] = true
		}
	default:
		return nil, fmt.Errorf("round deadline policy %q is not %q or %q", policy, PolicyScoreStands, PolicyForfeit)
	}
	return PlacesLast(scores, last), nil
}

// PlacesLast ranks scores like Places, except that the players marked last (who resigned, were
// kicked or forfeited) come after everyone else, ranked among themselves by score.
func PlacesLast(scores []int, last []bool) []int {
	out := make([]int, len(scores))
	for i, s := range scores {
		out[i] = 1
		for j, t := range scores {
			if (last[j] == last[i] && t > s) || (!last[j] && last[i]) {
				out[i]++
			}
		}
	}
	return out
}
