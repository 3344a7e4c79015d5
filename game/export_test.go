package game

// ScoreAtEnd runs the end-of-game scoring of the feature h on a copy of g, and returns the points
// it gives and the seats it gives them to: what Holdings must agree with.
func (g *Game) ScoreAtEnd(h Holding) (points int, seats []int) {
	c := g.Clone()
	var m *Meeple
	for i := range c.Meeples {
		if c.find(c.meepleNode(&c.Meeples[i])) == h.root {
			m = &c.Meeples[i]
			break
		}
	}
	c.finalScoring = true
	n := len(c.Log)
	c.scoreAtEnd(h.root, m)
	for _, e := range c.Log[n:] {
		points = e.Points
		seats = append(seats, e.Player)
	}
	return points, seats
}
