package league

// Round is one round of a season: its tables (players in seat order, the first plays first) and
// the players who sit out.
type Round struct {
	Tables [][]string `json:"tables"`
	Byes   []string   `json:"byes,omitempty"`
}

// pair is an unordered pair of players.
type pair struct{ a, b string }

func pairOf(a, b string) pair {
	if b < a {
		a, b = b, a
	}
	return pair{a, b}
}

// meetings counts how often each pair of players has shared a table in rounds.
func meetings(rounds []Round) map[pair]int {
	met := map[pair]int{}
	for _, r := range rounds {
		for _, t := range r.Tables {
			for i := range t {
				for j := i + 1; j < len(t); j++ {
					met[pairOf(t[i], t[j])]++
				}
			}
		}
	}
	return met
}

// byeCounts counts each player's byes in rounds.
func byeCounts(rounds []Round) map[string]int {
	byes := map[string]int{}
	for _, r := range rounds {
		for _, p := range r.Byes {
			byes[p]++
		}
	}
	return byes
}
