package commands

import (
	"fmt"
	"sort"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// summary tells what a series of events did, in the order it happened. The same text is shown in
// Discord and in the terminal.
func summary(t *Table, events []game.Event) string {
	var lines []string
	name := func(p int) string {
		if p >= 0 && p < len(t.Seats) {
			return t.Seats[p].Name
		}
		return "?"
	}
	returned := map[int]int{}
	for _, e := range events {
		switch e.Kind {
		case game.EventTilePlaced:
			lines = append(lines, fmt.Sprintf("%s placed %s on %s at %s°.", name(e.Player), e.Tile, e.Square, e.Rotation))
		case game.EventCityConnected:
			lines = append(lines, fmt.Sprintf("The large city %s is connected: tiles may now go next to any of its squares.", e.Text))
		case game.EventIslandOpened:
			lines = append(lines, fmt.Sprintf("The ferry to %s is open: the first island tile goes on %s.", e.Text, e.Square))
		case game.EventMeeplePlaced:
			lines = append(lines, fmt.Sprintf("%s put a meeple on %s (%s).", name(e.Player), e.Spot, e.Square))
		case game.EventCompleted:
			where := e.Square.String()
			if e.To != e.Square {
				where += "-" + e.To.String()
			}
			lines = append(lines, fmt.Sprintf("Completed: %s %s.", e.Text, where))
		case game.EventScored:
			entry := t.Game.Log[e.Log]
			lines = append(lines, fmt.Sprintf("  %s +%d (%s)", name(e.Player), e.Points, entry.Reason()))
		case game.EventMeepleReturned:
			returned[e.Player]++
		case game.EventVariant:
			lines = append(lines, e.Text+".")
		case game.EventTileDiscarded:
			lines = append(lines, fmt.Sprintf("Tile %s fits nowhere on the map and leaves the game.", e.Tile))
		case game.EventTileReturned:
			lines = append(lines, fmt.Sprintf("%s's turn is skipped; the tile went back into the stack.", name(e.Player)))
		case game.EventResigned:
			lines = append(lines, fmt.Sprintf("%s is out of the game.", name(e.Player)))
		}
	}
	if len(returned) > 0 {
		var parts []string
		for p := range t.Seats {
			if n := returned[p]; n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", name(p), n))
			}
		}
		lines = append(lines, "Meeples back in supply: "+strings.Join(parts, ", ")+".")
	}
	return strings.Join(lines, "\n")
}

// scoresLine is "Scores: ann 24, bob 17".
func scoresLine(t *Table) string {
	var parts []string
	for i, p := range t.Game.Players {
		s := fmt.Sprintf("%s %d", t.Seats[i].Name, p.Score)
		if p.Resigned {
			s += " (resigned)"
		}
		parts = append(parts, s)
	}
	return "Scores: " + strings.Join(parts, ", ") + "."
}

func nextText(t *Table) string {
	g := t.Game
	cur, _ := t.Current()
	return fmt.Sprintf("%s\nNext: %s, with tile %s (%d tiles left in the stack). Place it with /place, or click Play my turn.",
		scoresLine(t), cur.Name, g.Drawn, g.TilesLeft())
}

func meeplePrompt(t *Table) string {
	g := t.Game
	spots := g.MeepleSpots()
	text := fmt.Sprintf("%s: place a meeple with /meeple spot:.. or a button (the numbers match the board), or none.", t.SeatName(g.Current))
	if len(spots) > 0 {
		var parts []string
		for i, s := range spots {
			parts = append(parts, fmt.Sprintf("%d = %s", i+1, s))
		}
		text += " Spots: " + strings.Join(parts, ", ") + "."
	}
	if acts := g.Variant.Actions(g); len(acts) > 0 {
		var labels []string
		for _, a := range acts {
			labels = append(labels, a.Label)
		}
		text += " Before that you may: " + strings.Join(labels, "; ") + " (/chips)."
	}
	return text
}

func startText(t *Table) string {
	g := t.Game
	var starts []string
	for _, p := range g.Placed() {
		info := g.Map.Info(p.Square)
		where := p.Square.String()
		if info.Start >= 0 {
			where = g.Map.Starts[info.Start].Name + " (" + where + ")"
		}
		starts = append(starts, fmt.Sprintf("%s on %s", p.Tile, where))
	}
	return fmt.Sprintf("The game begins on %s with %s. Initial tiles: %s. Turn order: %s.\n%s",
		t.Entry().Title, tilesSetting(t), strings.Join(starts, ", "), seatList(t), nextText(t))
}

func finalText(t *Table) string {
	if t.Status == Abandoned {
		return "The game was abandoned. " + standings(t)
	}
	return "The game is over. " + standings(t)
}

// standings ranks the players; a tie for first is a shared victory (OQ-36).
func standings(t *Table) string {
	if t.Game == nil {
		return ""
	}
	order := make([]int, len(t.Seats))
	for i := range order {
		order[i] = i
	}
	ps := t.Game.Players
	sort.SliceStable(order, func(a, b int) bool { return ps[order[a]].Score > ps[order[b]].Score })
	var parts []string
	for rank, i := range order {
		parts = append(parts, fmt.Sprintf("%d. %s %d", rank+1, t.Seats[i].Name, ps[i].Score))
	}
	best := ps[order[0]].Score
	var winners []string
	for _, i := range order {
		if ps[i].Score == best && !ps[i].Resigned {
			winners = append(winners, t.Seats[i].Name)
		}
	}
	head := "Winner: " + strings.Join(winners, " and ")
	if len(winners) > 1 {
		head = "Shared victory: " + strings.Join(winners, " and ")
	}
	return head + ". " + strings.Join(parts, ", ") + "."
}

func statusText(t *Table) string {
	e := t.Entry()
	if t.Status == Lobby {
		return fmt.Sprintf("Lobby for %s (%s). Seats: %s. %s starts the game with /carc start.",
			e.Title, tilesSetting(t), seatList(t), t.Creator.Name)
	}
	g := t.Game
	var b strings.Builder
	fmt.Fprintf(&b, "%s, turn %d, %d tiles left. %s\n", e.Title, g.Turn, g.TilesLeft(), t.Status)
	for i, p := range g.Players {
		fmt.Fprintf(&b, "%s: %d points, %d meeples in supply", t.Seats[i].Name, p.Score, p.Meeples)
		if len(p.Chips) > 0 {
			fmt.Fprintf(&b, ", chips %s", game.ChipList(p.Chips))
		}
		if p.Resigned {
			b.WriteString(" (resigned)")
		}
		b.WriteString("\n")
	}
	if t.Status == Playing {
		cur, _ := t.Current()
		switch g.Phase {
		case game.PhaseMeeple:
			fmt.Fprintf(&b, "%s has placed a tile on %s and chooses a meeple spot.", cur.Name, g.TurnState.Placed)
		default:
			fmt.Fprintf(&b, "%s is to play tile %s.", cur.Name, g.Drawn)
		}
	} else {
		b.WriteString(finalText(t))
	}
	return strings.TrimSpace(b.String())
}

func boardCaption(t *Table) string {
	if t.Status == Lobby {
		return "The game has not started yet."
	}
	return fmt.Sprintf("%s, turn %d. %s", t.Entry().Title, t.Game.Turn, scoresLine(t))
}

// tilesText lists the tiles still to come. With a random choice of expansion tiles ("N tiles")
// which expansion tiles are in the stack is hidden, so only their number is told.
func tilesText(t *Table) string {
	if t.Status == Lobby {
		return fmt.Sprintf("The game will use %s.", tilesSetting(t))
	}
	g := t.Game
	left := map[game.TileID]int{}
	hiddenExp := g.Opts.Pool == game.PoolCount
	for _, tt := range game.Tiles().Types {
		if tt.Set == "base" || g.Opts.Pool == game.PoolAll || (g.Opts.Pool == game.PoolInns && tt.Set == "ic") {
			left[tt.Index] = tt.Count
		}
	}
	expLeft := 0
	if hiddenExp {
		expLeft = g.Opts.TileCount - 72
	}
	seen := func(id game.TileID) {
		if id.Type().Set != "base" && hiddenExp {
			expLeft--
			return
		}
		left[id]--
	}
	for _, p := range g.Placed() {
		seen(p.Tile)
	}
	for _, d := range g.Discarded {
		seen(d)
	}
	if g.HasDrawn {
		seen(g.Drawn)
	}
	var parts []string
	for _, tt := range game.Tiles().Types {
		if n := left[tt.Index]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d× %s", n, tt.ID))
		}
	}
	text := fmt.Sprintf("%d tiles left in the stack, in an unknown order.", g.TilesLeft())
	if len(parts) > 0 {
		text += " Still to come: " + strings.Join(parts, ", ")
	}
	if hiddenExp {
		text += fmt.Sprintf(", and %d expansion tiles (which ones was drawn at random and stays hidden)", expLeft)
	}
	if len(g.Discarded) > 0 {
		var d []string
		for _, id := range g.Discarded {
			d = append(d, id.String())
		}
		text += ". Out of the game (no legal square): " + strings.Join(d, ", ")
	}
	return text + "."
}

func logText(t *Table, who string) string {
	if t.Game == nil {
		return "No points scored yet."
	}
	seat := -1
	if who != "" {
		if seat = t.findSeat(who); seat < 0 {
			return fmt.Sprintf("player:%s is not at this table: choose %s.", who, seatList(t))
		}
	}
	var lines []string
	for _, e := range t.Game.Log {
		if seat >= 0 && e.Player != seat {
			continue
		}
		final := ""
		if e.Final {
			final = " (final scoring)"
		}
		lines = append(lines, fmt.Sprintf("turn %d: %s +%d, %s%s", e.Turn, t.Seats[e.Player].Name, e.Points, e.Reason(), final))
	}
	if len(lines) == 0 {
		return "No points scored yet."
	}
	if len(lines) > 30 {
		lines = append([]string{fmt.Sprintf("(%d earlier entries not shown)", len(lines)-30)}, lines[len(lines)-30:]...)
	}
	return strings.Join(lines, "\n")
}

func settingsText(t *Table) string {
	s := t.Settings
	e := t.Entry()
	lines := []string{
		fmt.Sprintf("map: %s; tiles: %s; meeples: %d each", e.Title, tilesSetting(t), meeplesOf(t)),
		fmt.Sprintf("deadline: %s per turn, then %s; a player can be removed after %d missed turns", formatDuration(s.Deadline),
			map[string]string{PolicySkip: "the turn is skipped", PolicyAuto: "the simplest legal move is played"}[s.Policy], s.MissedLimit),
	}
	order := "order of joining"
	if s.Options.RandomOrder {
		order = "random order"
	}
	lines = append(lines, "turn order: "+order)
	for _, f := range append(append([]variants.Flag{}, engineFlags...), e.Flags...) {
		lines = append(lines, fmt.Sprintf("rule %s = %s (%s)", f.Name, flagValue(s.Options, f), f.Description))
	}
	return strings.Join(lines, "\n")
}

func meeplesOf(t *Table) int {
	if t.Settings.Options.Meeples > 0 {
		return t.Settings.Options.Meeples
	}
	return t.Entry().Map.Meeples
}

func flagValue(o game.Options, f variants.Flag) string {
	switch f.Name {
	case "largeCityAnchorBeforeConnection":
		return fmt.Sprint(o.LargeCityAnchorBeforeConnection)
	case "cloisterOffMapCountsFilled":
		return fmt.Sprint(o.CloisterOffMapCountsFilled)
	case "ferryModel":
		return o.FerryModel
	case "innsCathedralsScoring":
		return fmt.Sprint(o.InnsCathedralsScoring)
	}
	if v, ok := o.Variant[f.Name]; ok {
		return v
	}
	return f.Default
}

func helpText() string {
	return strings.Join([]string{
		"Carcassonne Maps with Map-Chips. A turn: /place square:F7 rotation:90 meeple:city:N (autocomplete offers only legal choices), or click Play my turn.",
		"/carc new map:france (options: tiles, expansions, deadline, policy, seed, order, thread, meeples, missed, rules), /carc join, /carc start",
		"/carc status, /carc board, /carc tiles, /carc log, /carc rules, /carc settings",
		"/meeple spot:city:N (or none) after /place without meeple; /chips for the map's chip actions (France: /chips sell wine:orange to:abroad)",
		"/carc undo (everyone must agree), /carc resign; creator or Manage Channels: /carc abandon, /carc kick player:.., /carc skip",
		"Squares: column letter and row number (A1 is the north-west corner). Rotations: 0, 90, 180, 270 degrees clockwise.",
		"Meeple spots: city:N, road:E, field:NL (a half edge), field:inner, cloister; any edge of a feature names it.",
	}, "\n")
}

// rulesText summarises the map's rules and the table's rule options.
func rulesText(t *Table, in Input) string {
	id := in.Options["map"]
	if id == "" && t != nil {
		id = t.Settings.Map
	}
	if id == "" {
		id = "france"
	}
	e, err := variants.Lookup(id)
	if err != nil {
		return err.Error()
	}
	lines := []string{fmt.Sprintf("%s: Carcassonne on a printed map. Tiles must touch a placed tile and match everything they touch: tiles, printed large cities and printed border roads and cities.", e.Title),
		"Features reaching the map border are closed there. Large cities count their printed squares and coats of arms; one tile next to a large city connects it for everyone.",
		"A cloister on the border counts off-map squares as filled. A tile that fits nowhere leaves the game. The game ends after the last face-down tile."}
	if e.ID == "france" {
		lines = append(lines,
			"Map-Chips France: placing a tile on a face-down chip scores its value (1 or 2) and keeps the chip. A wine is chips of one colour worth exactly 2 (one 2, or two 1s; never 1+2).",
			"Once per turn, right after placing a tile and before the meeple: sell a wine abroad for 5 if the tile meets a printed border road or a border city with a coat of arms, or to the town the tile covers for 9 if the wine matches its grapes. Unsold wine scores nothing.")
	}
	if t != nil {
		lines = append(lines, "This table: "+settingsText(t))
	}
	return strings.Join(lines, "\n")
}
