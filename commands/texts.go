package commands

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// Plural writes a count with its noun: "1 tile", "0 tiles", "2 tiles".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// summary tells what a series of events did, in the order it happened. The same text is shown in
// Discord and in the terminal.
func summary(t *table.Table, events []game.Event) string {
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
			lines = append(lines, fmt.Sprintf("%s put %s on %s (%s).", name(e.Player), aPiece(e.Piece), e.Spot, e.Square))
		case game.EventGoodsTaken:
			lines = append(lines, fmt.Sprintf("%s completed the city and takes %s (R3.2.2).", name(e.Player), Plural(e.Points, e.Text+" token", e.Text+" tokens")))
		case game.EventSecondTile:
			lines = append(lines, fmt.Sprintf("The tile extends %s's builder: %s places a second tile after this one (R3.2.3).", name(e.Player), name(e.Player)))
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
			if e.Piece == game.PieceBuilder {
				lines = append(lines, fmt.Sprintf("%s's builder goes back to supply: its %s scored.", name(e.Player), strings.SplitN(e.Spot, ":", 2)[0]))
				continue
			}
			returned[e.Player]++
		case game.EventVariant:
			// A variant's sentence starts with a name, which keeps its case.
			lines = append(lines, strings.TrimSuffix(e.Text, ".")+".")
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

// piecesHeld is what a player holds of the expansions' pieces and goods, when their rules are
// on: ", the big meeple, the builder and the pig; goods 2 wine, 1 cloth".
func piecesHeld(o game.Options, p game.Player) string {
	var have []string
	if o.IC() && p.Big > 0 {
		have = append(have, "the big meeple")
	}
	if o.TB() && p.Builder > 0 {
		have = append(have, "the builder")
	}
	if o.TB() && p.Pig > 0 {
		have = append(have, "the pig")
	}
	out := ""
	if len(have) > 0 {
		out = " and " + strings.Join(have, ", ")
	}
	if o.TB() {
		var goods []string
		for k, n := range p.Goods {
			if n > 0 {
				goods = append(goods, fmt.Sprintf("%d %s", n, game.GoodNames[k]))
			}
		}
		if len(goods) == 0 {
			goods = []string{"none"}
		}
		out += "; goods " + strings.Join(goods, ", ")
	}
	return out
}

// aPiece is a piece with its article: "a meeple", "the big meeple", "the builder".
func aPiece(k game.PieceKind) string {
	if k == game.PieceMeeple {
		return "a meeple"
	}
	return "the " + pieceName(k)
}

// scoresLine is "Scores: ann 24, bob 17."
func scoresLine(t *table.Table) string {
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

// promptText says what the player to act does now, after the scores when a turn begins.
func promptText(t *table.Table) string {
	switch t.Game.Phase {
	case game.PhasePlace, game.PhaseSource:
		return scoresLine(t) + "\n" + stepHint(t)
	}
	return stepHint(t)
}

// stepHint says what the player to act does in the step of the turn the game waits in, with the
// ways in: the commands, and in Discord the buttons.
func stepHint(t *table.Table) string {
	g := t.Game
	cur := t.SeatName(g.Current)
	click := func(what string) string {
		if t.Local {
			return ""
		}
		return " or " + what
	}
	if c := g.TurnState.Choice; c != nil {
		return fmt.Sprintf("%s: first %s: %s (/chips %s%s).", cur, c.Prompt, actionLabels(g), c.Action, click("a button"))
	}
	left := Plural(g.TilesLeft(), "tile", "tiles") + " left in the stack"
	switch g.Phase {
	case game.PhaseSource:
		return fmt.Sprintf("Next: %s (%s). Where does your tile come from? Draw a face-down tile (/carc draw) or %s (/chips)%s.",
			cur, left, actionLabels(g), click("a button"))
	case game.PhasePlace:
		if t.Local {
			return fmt.Sprintf("Next: %s, with tile %s (%s). Place it with /place.", cur, g.Drawn, left)
		}
		return fmt.Sprintf("Next: %s, with tile %s (%s). Place it with /place, or click Play my turn.", cur, g.Drawn, left)
	case game.PhaseMeeple:
		return meeplePrompt(t)
	case game.PhaseFinish:
		return fmt.Sprintf("%s: before your turn is scored you may %s (/chips); /carc pass scores it%s.", cur, actionLabels(g), click("Done"))
	case game.PhaseDecide:
		return fmt.Sprintf("%s: your turn is scored. You may %s (/chips), or end your turn with /carc pass%s.", cur, actionLabels(g), click("End my turn"))
	}
	return ""
}

// shownLabels is how many chip actions a message lists by name; the rest are counted (autocomplete
// and the menu reach them all).
const shownLabels = 6

// actionLabels lists the chip actions open now: "sell orange wine (orange 2) abroad for 5; ...".
func actionLabels(g *game.Game) string {
	acts := g.LegalActions()
	var labels []string
	for _, a := range acts[:min(len(acts), shownLabels)] {
		labels = append(labels, a.Label)
	}
	if n := len(acts) - shownLabels; n > 0 {
		labels = append(labels, fmt.Sprintf("or %s (autocomplete lists them)", Plural(n, "other", "others")))
	}
	return strings.Join(labels, "; ")
}

func meeplePrompt(t *table.Table) string {
	g := t.Game
	spots := g.MeepleSpots()
	how := "/meeple spot:N (a number of the board) or a button, or none"
	if t.Local {
		how = "/meeple spot:N (a number of the board, or the spot's name), or /meeple spot:none"
	}
	text := fmt.Sprintf("%s: place a meeple with %s.", t.SeatName(g.Current), how)
	if len(spots) > 0 {
		var parts []string
		for i, s := range spots {
			parts = append(parts, fmt.Sprintf("%d = %s", i+1, s))
		}
		text += " Spots: " + strings.Join(parts, ", ") + "."
	}
	if acts := actionLabels(g); acts != "" {
		text += " Before that you may: " + acts + " (/chips)."
	}
	return text
}

func startText(t *table.Table) string {
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
	text := fmt.Sprintf("The game begins on %s with %s. Initial tiles: %s. Turn order: %s.", t.Entry().Title, tilesSetting(t), strings.Join(starts, ", "), seatList(t))
	if c := commitmentText(t); c != "" {
		text += "\n" + c
	}
	return text + "\n" + promptText(t)
}

func finalText(t *table.Table) string {
	head := "The game is over. "
	if t.Status == table.Abandoned {
		head = "The game was abandoned. "
	}
	return head + resultText(t, standings(t))
}

// resultText is the result of a game that ended: its standings (or places), the points by
// source and the revealed deal key.
func resultText(t *table.Table, ranking string) string {
	text := ranking
	if by := pointsBySource(t); by != "" {
		text += "\n" + by
	}
	if r := revealText(t); r != "" {
		text += "\n" + r
	}
	return text
}

// pointsBySource splits each player's points by what scored them (roads, cities, cloisters,
// fields, and the map's own sources such as chips and sales), biggest first.
func pointsBySource(t *table.Table) string {
	if t.Game == nil {
		return ""
	}
	sums := make([]map[string]int, len(t.Seats))
	for i := range sums {
		sums[i] = map[string]int{}
	}
	for _, e := range t.Game.Log {
		if e.Player >= 0 && e.Player < len(sums) && e.Points != 0 {
			sums[e.Player][sourceName(e.Kind)] += e.Points
		}
	}
	var lines []string
	for i, by := range sums {
		if len(by) == 0 {
			continue
		}
		kinds := make([]string, 0, len(by))
		for k := range by {
			kinds = append(kinds, k)
		}
		sort.Slice(kinds, func(a, b int) bool {
			if by[kinds[a]] != by[kinds[b]] {
				return by[kinds[a]] > by[kinds[b]]
			}
			return kinds[a] < kinds[b]
		})
		parts := make([]string, len(kinds))
		for n, k := range kinds {
			parts[n] = fmt.Sprintf("%s %d", k, by[k])
		}
		lines = append(lines, t.Seats[i].Name+": "+strings.Join(parts, ", "))
	}
	if len(lines) == 0 {
		return ""
	}
	return "Points by source: " + strings.Join(lines, "; ") + "."
}

// sourceName names a kind of score entry the way players say it.
func sourceName(kind string) string {
	switch kind {
	case "road":
		return "roads"
	case "city":
		return "cities"
	case "cloister":
		return "cloisters"
	case "farm":
		return "fields"
	case "chip":
		return "chips"
	}
	return kind
}

// standings ranks the players: equal scores share a place, players who resigned come last, and a
// tie for first is a shared victory (OQ-36).
func standings(t *table.Table) string {
	if t.Game == nil {
		return ""
	}
	ps := t.Game.Players
	order := make([]int, len(t.Seats))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		if ps[order[a]].Resigned != ps[order[b]].Resigned {
			return !ps[order[a]].Resigned
		}
		return ps[order[a]].Score > ps[order[b]].Score
	})
	var parts, winners []string
	place := 0
	for n, i := range order {
		if n == 0 || ps[i].Score != ps[order[n-1]].Score || ps[i].Resigned != ps[order[n-1]].Resigned {
			place = n + 1
		}
		entry := fmt.Sprintf("%d. %s %d", place, t.Seats[i].Name, ps[i].Score)
		if ps[i].Resigned {
			entry += " (resigned)"
		} else if place == 1 {
			winners = append(winners, t.Seats[i].Name)
		}
		parts = append(parts, entry)
	}
	head := "Winner: " + strings.Join(winners, " and ")
	switch {
	case len(winners) == 0:
		head = "No winner"
	case len(winners) > 1:
		head = "Shared victory: " + strings.Join(winners, " and ")
	}
	return head + ". " + strings.Join(parts, ", ") + "."
}

func statusText(t *table.Table) string {
	e := t.Entry()
	if t.Status == table.Lobby {
		rules := ""
		if o := t.Settings.Options; o.IC() || o.TB() {
			rules = "; with the rules of " + boxRulesSetting(o)
		}
		return strings.TrimSpace(fmt.Sprintf("Lobby for %s (%s%s). Seats: %s. %s starts the game with /carc start. %s",
			e.Title, tilesSetting(t), rules, seatList(t), t.Creator.Name, unratedLine(t)))
	}
	g := t.Game
	var b strings.Builder
	fmt.Fprintf(&b, "%s, turn %d (%s), %s left.\n", e.Title, g.Turn, t.Status, Plural(g.TilesLeft(), "tile", "tiles"))
	if line := unratedLine(t); line != "" {
		b.WriteString(line + "\n")
	}
	if l := t.League; l != nil {
		fmt.Fprintf(&b, "A game of %s, season %d, administered by %s.\n", l.Name, l.Season, administrators(t))
	}
	for i, p := range g.Players {
		fmt.Fprintf(&b, "%s: %s, %s in supply", t.Seats[i].Name, Plural(p.Score, "point", "points"), Plural(p.Meeples, "meeple", "meeples"))
		b.WriteString(piecesHeld(g.Opts, p))
		if len(p.Chips) > 0 {
			fmt.Fprintf(&b, ", chips %s", game.ChipList(p.Chips))
		}
		if p.Resigned {
			b.WriteString(" (resigned)")
		}
		b.WriteString("\n")
	}
	if t.Status != table.Playing {
		b.WriteString(finalText(t))
		return strings.TrimSpace(b.String())
	}
	cur, _ := t.Current()
	switch g.Phase {
	case game.PhaseSource:
		fmt.Fprintf(&b, "%s chooses where their tile comes from.", cur.Name)
	case game.PhasePlace:
		fmt.Fprintf(&b, "%s is to play tile %s.", cur.Name, g.Drawn)
	case game.PhaseMeeple:
		fmt.Fprintf(&b, "%s has placed a tile on %s and chooses a meeple spot.", cur.Name, g.TurnState.Placed)
	case game.PhaseFinish:
		fmt.Fprintf(&b, "%s may act on their meeples before the turn on %s is scored.", cur.Name, g.TurnState.Placed)
	case game.PhaseDecide:
		fmt.Fprintf(&b, "%s's turn is scored; they decide on the last offer of the turn.", cur.Name)
	}
	if c := g.TurnState.Choice; c != nil {
		fmt.Fprintf(&b, " They must first %s.", c.Prompt)
	}
	return strings.TrimSpace(b.String())
}

func boardCaption(t *table.Table) string {
	if t.Status == table.Lobby {
		return "The game has not started yet."
	}
	return fmt.Sprintf("%s, turn %d. %s", t.Entry().Title, t.Game.Turn, scoresLine(t))
}

// tilesText lists the tiles still to come, as its picture shows them (CountTilesLeft): what every
// player can count, never where a tile lies. With a random choice of expansion tiles ("N tiles")
// which expansion tiles are in the game is hidden, so only their number is told.
func tilesText(t *table.Table) string {
	if t.Status == table.Lobby {
		return fmt.Sprintf("The game will use %s.", tilesSetting(t))
	}
	tl := CountTilesLeft(t)
	text := Plural(tl.Stack, "tile", "tiles") + " left in the stack, in an unknown order."
	if tl.FaceDown > 0 {
		text += fmt.Sprintf(" %s face down in piles on the map; which tiles they are is not known.",
			Plural(tl.FaceDown, "more tile lies", "more tiles lie"))
	}
	parts := tileCounts(tl.ToCome)
	hidden := fmt.Sprintf("%s (which ones were drawn at random stays hidden)", Plural(tl.HiddenExpansion, "expansion tile", "expansion tiles"))
	switch {
	case len(parts) > 0 && tl.HiddenExpansion > 0:
		text += " Still to come: " + strings.Join(parts, ", ") + ", and " + hidden + "."
	case len(parts) > 0:
		text += " Still to come: " + strings.Join(parts, ", ") + "."
	case tl.HiddenExpansion > 0:
		text += " Still to come: " + hidden + "."
	}
	if len(tl.FaceUp) > 0 {
		text += " Face up on the map, not placed yet: " + strings.Join(tileCounts(tl.FaceUp), ", ") + "."
	}
	if len(tl.Out) > 0 {
		var d []string
		for _, id := range tl.Out {
			d = append(d, id.String())
		}
		text += " Out of the game (no legal square): " + strings.Join(d, ", ") + "."
	}
	return text
}

// tileCounts writes counts of tiles as "2× A".
func tileCounts(cs []TileCount) []string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("%d× %s", c.Count, c.Tile))
	}
	return parts
}

func logText(t *table.Table, who string) string {
	if t.Game == nil {
		return "No points scored yet."
	}
	seat := -1
	if who != "" {
		if seat = t.FindSeat(who); seat < 0 {
			return fmt.Sprintf("player:%s is not at this table: choose %s.", game.Echo(who), seatList(t))
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
		lines = append([]string{fmt.Sprintf("(%s not shown)", Plural(len(lines)-30, "earlier entry", "earlier entries"))}, lines[len(lines)-30:]...)
	}
	return strings.Join(lines, "\n")
}

func settingsText(t *table.Table) string {
	s := t.Settings
	e := t.Entry()
	lines := []string{
		fmt.Sprintf("map: %s; tiles: %s; meeples: %d each", e.Title, tilesSetting(t), meeplesOf(t)),
		"expansion rules: " + boxRulesSetting(s.Options),
		fmt.Sprintf("deadline: %s per turn, then %s; a player can be removed after %s", FormatDuration(s.Deadline),
			map[string]string{table.PolicySkip: "the turn is skipped", table.PolicyAuto: "the autopilot (the easy AI) plays the turn"}[s.Policy],
			Plural(s.MissedLimit, "missed turn", "missed turns")),
	}
	order := "order of joining"
	if s.Options.RandomOrder {
		order = "random order"
	}
	lines = append(lines, "turn order: "+order)
	hints := "off"
	if s.Hints {
		hints = "on (/carc hint shows the player to move the normal AI's turn)"
	}
	lines = append(lines, "hints: "+hints)
	leaving := "their seat is dropped"
	if s.Leaving != "" {
		leaving = fmt.Sprintf("the %s AI plays their seat on", s.Leaving)
	}
	lines = append(lines, "a player who resigns or is removed: "+leaving)
	if !t.Local {
		rated := "yes"
		if why := t.Unrated(); why != "" {
			rated = "no, " + why
		}
		lines = append(lines, "rated: "+rated)
	}
	for _, f := range variants.Flags(e) {
		lines = append(lines, fmt.Sprintf("rule %s = %s (%s)", f.Name, s.Options.Value(f), f.Description))
	}
	return strings.Join(lines, "\n")
}

// boxRulesSetting says which expansions' own rules the table plays (rules:ic|tb|all).
func boxRulesSetting(o game.Options) string {
	var on []string
	if o.IC() {
		on = append(on, "Inns & Cathedrals (inns, cathedrals, the big meeple)")
	}
	if o.TB() {
		on = append(on, "Traders & Builders (goods, the builder, the pig)")
	}
	if len(on) == 0 {
		return "none, the expansions' tiles are played without their rules (rules:ic, tb or all plays them)"
	}
	return strings.Join(on, " and ")
}

func meeplesOf(t *table.Table) int {
	if t.Settings.Options.Meeples > 0 {
		return t.Settings.Options.Meeples
	}
	return t.Entry().Map.Meeples
}

func helpText(local bool) string {
	turn := "Carcassonne Maps with Map-Chips. A turn: /place square:F7 rotation:90 meeple:city:N (autocomplete offers only legal choices), or click Play my turn."
	if local {
		turn = "Carcassonne Maps with Map-Chips. A turn: /place square:F7 rotation:90 meeple:city:N, or /place then /meeple."
	}
	options := slices.DeleteFunc(slices.Clone(newOptions[1:]), func(o string) bool { return o == "seed" && !local })
	lines := []string{turn,
		"/carc new map:" + variants.Default + " (" + strings.Join(options, ", ") + "), /carc join, /carc bot level:easy (an AI player), /carc start",
		"/carc status, /carc board, /carc tiles, /carc log, /carc rules, /carc settings, /carc hint (with hints:true)",
		"/carc history, /carc replay move:12, /carc export (the game's record; format:jcloisterzone for a finished classic game)",
		"/meeple spot:city:N (or none) after /place without meeple; /chips for the map's chip actions; /carc draw and /carc pass where a map's turn asks for them",
		"/carc undo (the others agree), /carc resign; the table's admins (never a player in a rated or league game): /carc abandon, /carc kick player:.., /carc skip",
		"Squares: column letter and row number (A1 is the north-west corner). Rotations: 0, 90, 180, 270 degrees clockwise.",
		"Meeple spots: city:N, road:E, field:NL (a half edge), field:inner, cloister (any edge names a feature), or its number on the board.",
	}
	if local {
		lines = append(lines, "Leagues: /league create, join, start, standings; !table GAME-ID goes to a league's game.")
	} else {
		lines = append(lines, "Leagues: /league create, join, start, standings; /carc rating, /carc leaderboard.")
	}
	for _, e := range variants.All(false) {
		if e.Help != "" {
			lines = append(lines, e.Help)
		}
	}
	return strings.Join(lines, "\n")
}

// basicRules are the Maps rules every map plays (game/RULES.md).
var basicRules = []string{
	"%s: Carcassonne on a printed map. Tiles must touch a placed tile and match everything they touch: tiles, printed large cities and printed border roads and cities.",
	"Features reaching the map border are closed there. Large cities count their printed squares and coats of arms; one tile next to a large city connects it for everyone.",
	"A cloister on the border counts off-map squares as filled. A tile that fits nowhere leaves the game. The game ends after the last face-down tile.",
}

// rulesText summarises the map's rules and the table's rule options.
func rulesText(t *table.Table, in Input) string {
	id := in.Options["map"]
	if id == "" && t != nil {
		id = t.Settings.Map
	}
	if id == "" {
		id = variants.Default
	}
	e, err := variants.Lookup(id)
	if err == nil && e.Test && !in.Local {
		err = fmt.Errorf("map:%s is not a map: choose %s", game.Echo(id), strings.Join(variants.IDs(false), ", "))
	}
	if err != nil {
		return Sentence(err.Error())
	}
	lines := []string{fmt.Sprintf(basicRules[0], e.Title)}
	lines = append(lines, basicRules[1:]...)
	lines = append(lines, e.Summary...)
	if t != nil {
		lines = append(lines, "This table: "+settingsText(t))
	}
	return strings.Join(lines, "\n")
}

// unratedLine tells the players that the game will not be rated, and why ("" when it will be).
// Local play is never rated, so it says nothing there.
func unratedLine(t *table.Table) string {
	if why := t.Unrated(); why != "" && !t.Local {
		return "Not rated: " + why + "."
	}
	return ""
}

// commitmentText is the start message's line about a secret deal ("" for a local game).
func commitmentText(t *table.Table) string {
	if t.Settings.Key == "" {
		return ""
	}
	return fmt.Sprintf("The deal comes from a secret key nobody chose; its commitment is sha256 %s. The key is revealed when the game ends.",
		table.DealCommitment(t.ID, t.Settings.Key))
}

// revealText is the end message's line that reveals the deal's key ("" for a local game).
func revealText(t *table.Table) string {
	if t.Settings.Key == "" {
		return ""
	}
	return fmt.Sprintf("The deal's key was %s: with the game's id it gives the commitment posted at the start, and the whole deal.", t.Settings.Key)
}
