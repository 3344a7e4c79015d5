package league

import "fmt"

// Points is the league points for each player of one game, given their finishing places (1 is
// first; equal places are a tie): one point per opponent finished ahead of, half a point per
// opponent sharing the place. See the table in the package doc.
func Points(places []int) []float64 {
	out := make([]float64, len(places))
	for i, p := range places {
		for j, q := range places {
			switch {
			case i == j:
			case p < q:
				out[i]++
			case p == q:
				out[i] += 0.5
			}
		}
	}
	return out
}

// ByePoints is what a bye is worth: a win at a table of two.
const ByePoints = 1.0

// Places ranks scores: the highest score is place 1 and equal scores share a place (1, 1, 3).
func Places(scores []int) []int {
	out := make([]int, len(scores))
	for i, s := range scores {
		out[i] = 1
		for _, t := range scores {
			if t > s {
				out[i]++
			}
		}
	}
	return out
}

// checkPlaces validates finishing places: one per player, each between 1 and the number of
// players.
func checkPlaces(places []int, players int) error {
	if len(places) != players {
		return fmt.Errorf("%d places for %d players", len(places), players)
	}
	for _, p := range places {
		if p < 1 || p > players {
			return fmt.Errorf("place %d is not between 1 and %d", p, players)
		}
	}
	return nil
}
