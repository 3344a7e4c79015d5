package league

// Round is one round of a season: its tables (players in seat order, the first plays first) and
// the players who sit out.
type Round struct {
	Tables [][]string `json:"tables"`
	Byes   []string   `json:"byes,omitempty"`
	// Stages are a double elimination cup's: the bracket of each table, in the order of Tables.
	Stages []Stage `json:"stages,omitempty"`
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
