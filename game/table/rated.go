package table

// Unrated says why the game at this table does not count for the server's ratings, "" when it
// does once it ends. The bot rates a finished game of a server by this; the players see it in
// /carc status and /table settings before they start.
func (t *Table) Unrated() string {
	switch {
	case t.Status == Abandoned && t.League == nil:
		// A league's game abandoned by an administrator is adjudicated and rated like one
		// stopped at its round's deadline.
		return "abandoned"
	case t.Settings.Unrated:
		return "the table is unrated (rated:false)"
	case t.Settings.SeedSet:
		return "a chosen seed"
	case t.Humans() < len(t.Seats):
		return "an AI seat"
	case t.Status != Lobby && len(t.Seats) < 2:
		return "fewer than two human players"
	}
	return ""
}
