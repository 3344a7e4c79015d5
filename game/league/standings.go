package league

import (
	"cmp"
	"slices"
)

// Result is the outcome of one game: its players in seat order, their final (or adjudicated)
// scores and their finishing places.
type Result struct {
	Players []string `json:"players"`
	Scores  []int    `json:"scores"`
	Places  []int    `json:"places"`
}

// Standing is one player's line in the standings.
type Standing struct {
	Player string  `json:"player"`
	Rank   int     `json:"rank"` // 1 is first; players equal on every tie-break share a rank
	Points float64 `json:"points"`
	// ScoreDiff is the sum of score differences: in each game, the player's score minus each
	// opponent's.
	ScoreDiff int `json:"score_diff"`
	// HeadToHead is the league points earned against the players tied with this one on points
	// and score difference, in the games where they met.
	HeadToHead float64 `json:"head_to_head"`
	Wins       int     `json:"wins"` // games finished first alone

	Played int `json:"played"`
	Byes   int `json:"byes"`
}

// Standings orders players by league points, then the sum of score differences, head-to-head
// and wins (see the package doc); names break what is left so the order is total, but players
// equal on every tie-break share a rank.
func Standings(players []string, results []Result, byes []string) []Standing {
	at := map[string]*Standing{}
	out := make([]Standing, len(players))
	for i, p := range players {
		out[i] = Standing{Player: p}
		at[p] = &out[i]
	}
	for _, r := range results {
		pts := Points(r.Places)
		for i, p := range r.Players {
			s := at[p]
			if s == nil {
				continue // a player kicked from the league keeps no line
			}
			s.Points += pts[i]
			s.Played++
			if r.Places[i] == 1 && slices.Index(r.Places[i+1:], 1) < 0 && slices.Index(r.Places[:i], 1) < 0 {
				s.Wins++ // a shared first place is no win
			}
			for j := range r.Players {
				if j != i {
					s.ScoreDiff += r.Scores[i] - r.Scores[j]
				}
			}
		}
	}
	for _, p := range byes {
		if s := at[p]; s != nil {
			s.Points += ByePoints
			s.Byes++
		}
	}
	// Head-to-head counts the games where players equal on the first two criteria met: each
	// game is split by those groups, and each group of two or more at a table scores its places
	// among themselves.
	group := map[string][2]float64{}
	for _, s := range out {
		group[s.Player] = [2]float64{s.Points, float64(s.ScoreDiff)}
	}
	for _, r := range results {
		for i, p := range r.Players {
			s, ok := at[p]
			if !ok {
				continue
			}
			var sub []int
			mine := 0
			for j, q := range r.Players {
				if _, in := at[q]; in && group[q] == group[p] {
					if j == i {
						mine = len(sub)
					}
					sub = append(sub, r.Places[j])
				}
			}
			if len(sub) > 1 {
				s.HeadToHead += Points(sub)[mine]
			}
		}
	}
	compare := func(a, b Standing) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.ScoreDiff, a.ScoreDiff),
			cmp.Compare(b.HeadToHead, a.HeadToHead), cmp.Compare(b.Wins, a.Wins))
	}
	slices.SortStableFunc(out, func(a, b Standing) int { return cmp.Or(compare(a, b), cmp.Compare(a.Player, b.Player)) })
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && compare(out[i-1], out[i]) == 0 {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}
