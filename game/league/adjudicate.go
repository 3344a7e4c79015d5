package league

import "fmt"

// Adjudicate gives the finishing places of a game stopped at its round's deadline, from the
// current scores. timedOut is the seat whose turn it was (who let the deadline pass), or -1.
// PolicyScoreStands ranks by score; PolicyForfeit puts the timed-out seat last and ranks the
// others by score.
func Adjudicate(policy Policy, scores []int, timedOut int) ([]int, error) {
	switch policy {
	case PolicyScoreStands:
		return Places(scores), nil
	case PolicyForfeit:
		last := make([]bool, len(scores))
		if timedOut >= 0 && timedOut < len(scores) {
			last[timedOut] = true
		}
		return PlacesLast(scores, last), nil
	}
	return nil, fmt.Errorf("round deadline policy %q is not %q or %q", policy, PolicyScoreStands, PolicyForfeit)
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
