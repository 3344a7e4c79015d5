package commands

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// Plural writes a count with its noun: "1 tile", "0 tiles", "2 tiles".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// en is the English printer: the language of last resort, and of texts a table keeps.
var en = lang.For(lang.English)

// join lists names in the printer's language: "ann, bob".
func join(p *lang.Printer, parts []string) string {
	return strings.Join(parts, p.T("list_sep", nil))
}

// summary tells what a series of events did, in the order it happened. The same text is shown in
// Discord and in the terminal.
func summary(p *lang.Printer, t *table.Table, events []game.Event) string {
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
			lines = append(lines, p.T("ev_tile_placed", lang.A{"Player": lang.Name(name(e.Player)), "Tile": e.Tile.String(), "Square": e.Square.String(), "Rotation": e.Rotation.String()}))
		case game.EventCityConnected:
			lines = append(lines, p.T("ev_city_connected", lang.A{"City": e.Text}))
		case game.EventIslandOpened:
			lines = append(lines, p.T("ev_island_opened", lang.A{"Island": e.Text, "Square": e.Square.String()}))
		case game.EventMeeplePlaced:
			if e.Piece == game.PieceMeeple {
				lines = append(lines, p.T("ev_meeple_placed", lang.A{"Player": lang.Name(name(e.Player)), "Spot": spotIn(p, e.Spot), "Square": e.Square.String()}))
			} else {
				lines = append(lines, p.T("ev_piece_placed", lang.A{"Player": lang.Name(name(e.Player)), "Piece": pieceNameIn(p, e.Piece), "Spot": spotIn(p, e.Spot), "Square": e.Square.String()}))
			}
		case game.EventGoodsTaken:
			lines = append(lines, p.N("ev_goods_taken", e.Points, lang.A{"Player": lang.Name(name(e.Player)), "Good": p.T("good_"+e.Text, nil)}))
		case game.EventSecondTile:
			lines = append(lines, p.T("ev_second_tile", lang.A{"Player": lang.Name(name(e.Player))}))
		case game.EventCompleted:
			lines = append(lines, p.T("ev_completed", lang.A{"Feature": featureIn(p, e.Text), "Where": game.FeatureWhere(e.Square, e.To, e.Part)}))
		case game.EventScored:
			entry := t.Game.Log[e.Log]
			lines = append(lines, p.T("ev_scored", lang.A{"Player": lang.Name(name(e.Player)), "Points": e.Points, "Reason": reasonIn(p, entry)}))
		case game.EventMeepleReturned:
			if e.Piece == game.PieceBuilder {
				lines = append(lines, p.T("ev_builder_back", lang.A{"Player": lang.Name(name(e.Player)), "Feature": featureIn(p, strings.SplitN(e.Spot, ":", 2)[0])}))
				continue
			}
			returned[e.Player]++
		case game.EventVariant:
			lines = append(lines, noteIn(p, e))
		case game.EventTileDiscarded:
			lines = append(lines, p.T("ev_tile_discarded", lang.A{"Tile": e.Tile.String()}))
		case game.EventTileReturned:
			lines = append(lines, p.T("ev_tile_returned", lang.A{"Player": lang.Name(name(e.Player))}))
		case game.EventResigned:
			lines = append(lines, p.T("ev_resigned", lang.A{"Player": lang.Name(name(e.Player))}))
		}
	}
	if len(returned) > 0 {
		var parts []string
		for s := range t.Seats {
			if n := returned[s]; n > 0 {
				parts = append(parts, fmt.Sprintf("%s %s", p.Shown(name(s)), p.Number(n)))
			}
		}
		lines = append(lines, p.T("ev_meeples_back", lang.A{"List": join(p, parts)}))
	}
	return strings.Join(lines, "\n")
}

// piecesHeld is what a player holds of the expansions' pieces and goods, when their rules are
// on: " and big meeple, builder, pig; goods 2 wine, 1 cloth".
func piecesHeld(p *lang.Printer, o game.Options, pl game.Player) string {
	var have []string
	if o.IC() && pl.Big > 0 {
		have = append(have, pieceNameIn(p, game.PieceBig))
	}
	if o.TB() && pl.Builder > 0 {
		have = append(have, pieceNameIn(p, game.PieceBuilder))
	}
	if o.TB() && pl.Pig > 0 {
		have = append(have, pieceNameIn(p, game.PiecePig))
	}
	out := ""
	if len(have) > 0 {
		out = p.T("status_pieces_held", lang.A{"Pieces": join(p, have)})
	}
	if o.TB() {
		var goods []string
		for k, n := range pl.Goods {
			if n > 0 {
				goods = append(goods, p.Number(n)+" "+p.T("good_"+game.GoodNames[k], nil))
			}
		}
		if len(goods) == 0 {
			goods = []string{p.T("status_goods_none", nil)}
		}
		out += p.T("status_goods", lang.A{"Goods": join(p, goods)})
	}
	return out
}

// scoresLine is "Scores: ann 24, bob 17."
func scoresLine(p *lang.Printer, t *table.Table) string {
	var parts []string
	for i, pl := range t.Game.Players {
		s := fmt.Sprintf("%s %s", p.Shown(t.Seats[i].Name), p.Number(pl.Score))
		if pl.Resigned {
			s += p.T("resigned_mark", nil)
		}
		parts = append(parts, s)
	}
	return p.T("scores_line", lang.A{"List": join(p, parts)})
}

// promptText says what the player to act does now, after the scores when a turn begins.
func promptText(p *lang.Printer, t *table.Table) string {
	switch t.Game.Phase {
	case game.PhasePlace, game.PhaseSource:
		return scoresLine(p, t) + "\n" + stepHint(p, t)
	}
	return stepHint(p, t)
}

// stepHint says what the player to act does in the step of the turn the game waits in, with the
// ways in: the commands, and in Discord the buttons.
func stepHint(p *lang.Printer, t *table.Table) string {
	g := t.Game
	cur := t.SeatName(g.Current)
	click := func(id string) string {
		if t.Local {
			return ""
		}
		return p.T("or_click", lang.A{"What": p.T(id, nil)})
	}
	if c := g.TurnState.Choice; c != nil {
		return p.T("step_choice", lang.A{"Player": lang.Name(cur), "Prompt": promptIn(p, c), "Actions": actionLabels(p, g), "Action": c.Action, "Click": click("click_a_button")})
	}
	left := p.N("n_left_in_stack", g.TilesLeft(), nil)
	switch g.Phase {
	case game.PhaseSource:
		return p.T("step_source", lang.A{"Player": lang.Name(cur), "Left": left, "Actions": actionLabels(p, g), "Click": click("click_a_button")})
	case game.PhasePlace:
		id := "step_place"
		if t.Local {
			id = "step_place_local"
		}
		return p.T(id, lang.A{"Player": lang.Name(cur), "Tile": g.Drawn.String(), "Left": left})
	case game.PhaseMeeple:
		return meeplePrompt(p, t)
	case game.PhaseFinish:
		return p.T("step_finish", lang.A{"Player": lang.Name(cur), "Actions": actionLabels(p, g), "Click": click("click_done")})
	case game.PhaseDecide:
		return p.T("step_decide", lang.A{"Player": lang.Name(cur), "Actions": actionLabels(p, g), "Click": click("click_end_turn")})
	}
	return ""
}

// shownLabels is how many chip actions a message lists by name; the rest are counted (autocomplete
// and the menu reach them all).
const shownLabels = 6

// actionLabels lists the chip actions open now: "sell orange wine (orange 2) abroad for 5; ...".
func actionLabels(p *lang.Printer, g *game.Game) string {
	acts := g.LegalActions()
	var labels []string
	for _, a := range acts[:min(len(acts), shownLabels)] {
		labels = append(labels, labelIn(p, a))
	}
	if n := len(acts) - shownLabels; n > 0 {
		labels = append(labels, p.N("n_others", n, nil))
	}
	return strings.Join(labels, p.T("list_sep_actions", nil))
}

func meeplePrompt(p *lang.Printer, t *table.Table) string {
	g := t.Game
	spots := g.MeepleSpots()
	how := p.T("meeple_how", nil)
	if t.Local {
		how = p.T("meeple_how_local", nil)
	}
	text := p.T("meeple_prompt", lang.A{"Player": lang.Name(t.SeatName(g.Current)), "How": how})
	if len(spots) > 0 {
		var parts []string
		for i, s := range spots {
			parts = append(parts, fmt.Sprintf("%d = %s", i+1, spotIn(p, s)))
		}
		text += p.T("meeple_spots", lang.A{"List": join(p, parts)})
	}
	if acts := actionLabels(p, g); acts != "" {
		text += p.T("meeple_before", lang.A{"Actions": acts})
	}
	return text
}

func startText(p *lang.Printer, t *table.Table) string {
	g := t.Game
	var starts []string
	for _, pl := range g.Placed() {
		info := g.Map.Info(pl.Square)
		where := pl.Square.String()
		if info.Start >= 0 {
			where = placeName(p, g.Map.Starts[info.Start].Name) + " (" + where + ")"
		}
		starts = append(starts, p.T("start_tile_on", lang.A{"Tile": pl.Tile.String(), "Where": where}))
	}
	text := p.T("start_text", lang.A{"Map": mapTitle(p, t.Entry()), "Tiles": tilesSetting(p, t), "Starts": join(p, starts), "Order": seatList(p, t)})
	if c := commitmentText(p, t); c != "" {
		text += "\n" + c
	}
	return text + "\n" + promptText(p, t)
}

func finalText(p *lang.Printer, t *table.Table) string {
	head := p.T("final_over", nil)
	if t.Status == table.Abandoned {
		head = p.T("final_abandoned", nil)
	}
	return head + resultText(p, t, standings(p, t))
}

// resultText is the result of a game that ended: its standings (or places), the points by
// source and the revealed deal key.
func resultText(p *lang.Printer, t *table.Table, ranking string) string {
	text := ranking
	if by := pointsBySource(p, t); by != "" {
		text += "\n" + by
	}
	if r := revealText(p, t); r != "" {
		text += "\n" + r
	}
	return text
}

// pointsBySource splits each player's points by what scored them (roads, cities, cloisters,
// fields, and the map's own sources such as chips and sales), biggest first.
func pointsBySource(p *lang.Printer, t *table.Table) string {
	if t.Game == nil {
		return ""
	}
	sums := make([]map[string]int, len(t.Seats))
	for i := range sums {
		sums[i] = map[string]int{}
	}
	for _, e := range t.Game.Log {
		if e.Player >= 0 && e.Player < len(sums) && e.Points != 0 {
			sums[e.Player][sourceName(p, e.Kind)] += e.Points
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
			parts[n] = fmt.Sprintf("%s %s", k, p.Number(by[k]))
		}
		lines = append(lines, p.T("points_of_player", lang.A{"Player": lang.Name(t.Seats[i].Name), "List": join(p, parts)}))
	}
	if len(lines) == 0 {
		return ""
	}
	return p.T("points_by_source", lang.A{"List": strings.Join(lines, p.T("points_players_sep", nil))})
}

// sourceName names a kind of score entry the way players say it.
func sourceName(p *lang.Printer, kind string) string {
	switch kind {
	case "road":
		return p.T("src_roads", nil)
	case "city":
		return p.T("src_cities", nil)
	case "cloister":
		return p.T("src_cloisters", nil)
	case "farm":
		return p.T("src_fields", nil)
	case "chip":
		return p.T("src_chips", nil)
	}
	// The maps' and the expansions' own sources (wine, treats, coats of arms, goods).
	return known(p, "src_"+kind, kind)
}

// standings ranks the players: equal scores share a place, players who resigned come last, and a
// tie for first is a shared victory (OQ-36).
func standings(p *lang.Printer, t *table.Table) string {
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
		entry := p.T("standings_entry", lang.A{"Place": place, "Player": lang.Name(t.Seats[i].Name), "Points": ps[i].Score})
		if ps[i].Resigned {
			entry += p.T("resigned_mark", nil)
		} else if place == 1 {
			winners = append(winners, p.Shown(t.Seats[i].Name))
		}
		parts = append(parts, entry)
	}
	and := p.T("list_and", nil)
	head := p.T("winner", lang.A{"Names": strings.Join(winners, and)})
	switch {
	case len(winners) == 0:
		head = p.T("no_winner", nil)
	case len(winners) > 1:
		head = p.T("shared_victory", lang.A{"Names": strings.Join(winners, and)})
	}
	return p.T("standings_text", lang.A{"Head": head, "List": join(p, parts)})
}

// statusWord names a table's status.
func statusWord(p *lang.Printer, s table.Status) string {
	switch s {
	case table.Lobby:
		return p.T("status_lobby_word", nil)
	case table.Playing:
		return p.T("status_playing", nil)
	case table.Finished:
		return p.T("status_finished", nil)
	case table.Abandoned:
		return p.T("status_abandoned", nil)
	}
	return string(s)
}

func statusText(p *lang.Printer, t *table.Table) string {
	e := t.Entry()
	if t.Status == table.Lobby {
		lobby := p.T("status_lobby", lang.A{"Map": mapTitle(p, e), "Tiles": tilesSetting(p, t), "Seats": seatList(p, t),
			"Creator": lang.Name(t.Creator.Name), "Rated": unratedLine(p, t)})
		if o := t.Settings.Options; o.IC() || o.TB() {
			lobby += " " + p.T("status_box_rules", lang.A{"Rules": boxRulesSetting(p, o)})
		}
		return strings.TrimSpace(lobby)
	}
	g := t.Game
	var b strings.Builder
	b.WriteString(p.T("status_head", lang.A{"Map": mapTitle(p, e), "Turn": g.Turn, "Status": statusWord(p, t.Status), "Left": p.N("n_tiles_left", g.TilesLeft(), nil)}) + "\n")
	if line := unratedLine(p, t); line != "" {
		b.WriteString(line + "\n")
	}
	if l := t.League; l != nil {
		b.WriteString(p.T("status_league", lang.A{"League": lang.Name(l.Name), "Season": l.Season, "Admins": administrators(p, t)}) + "\n")
	}
	for i, pl := range g.Players {
		b.WriteString(p.T("status_player", lang.A{"Player": lang.Name(t.Seats[i].Name), "Points": p.N("n_points", pl.Score, nil), "Meeples": p.N("n_meeples", pl.Meeples, nil)}))
		b.WriteString(piecesHeld(p, g.Opts, pl))
		if len(pl.Chips) > 0 {
			b.WriteString(p.T("status_chips", lang.A{"Chips": chipListIn(p, pl.Chips)}))
		}
		if pl.Resigned {
			b.WriteString(p.T("resigned_mark", nil))
		}
		b.WriteString("\n")
	}
	if t.Status != table.Playing {
		b.WriteString(finalText(p, t))
		return strings.TrimSpace(b.String())
	}
	if line := banksLine(p, t); line != "" {
		b.WriteString(line + "\n")
	}
	cur, _ := t.Current()
	switch g.Phase {
	case game.PhaseSource:
		b.WriteString(p.T("status_source", lang.A{"Player": lang.Name(cur.Name)}))
	case game.PhasePlace:
		b.WriteString(p.T("status_place", lang.A{"Player": lang.Name(cur.Name), "Tile": g.Drawn.String()}))
	case game.PhaseMeeple:
		b.WriteString(p.T("status_meeple", lang.A{"Player": lang.Name(cur.Name), "Square": g.TurnState.Placed.String()}))
	case game.PhaseFinish:
		b.WriteString(p.T("status_finish", lang.A{"Player": lang.Name(cur.Name), "Square": g.TurnState.Placed.String()}))
	case game.PhaseDecide:
		b.WriteString(p.T("status_decide", lang.A{"Player": lang.Name(cur.Name)}))
	}
	if c := g.TurnState.Choice; c != nil {
		b.WriteString(p.T("status_choice", lang.A{"Prompt": promptIn(p, c)}))
	}
	return strings.TrimSpace(b.String())
}

// boardCaption is the text beside the board's picture. A running game's says its turn and scores;
// an ended game's says that it is over, how it ended and its result, so that whoever opens the
// channel later reads the game from it; a lobby closed before its game has no board to show.
func boardCaption(p *lang.Printer, t *table.Table) string {
	switch {
	case t.Status == table.Lobby:
		return p.T("caption_lobby", nil)
	case t.Game == nil:
		return p.T("caption_closed", lang.A{"Map": mapTitle(p, t.Entry())})
	case t.Status == table.Finished || t.Status == table.Abandoned:
		return strings.TrimSpace(p.T("caption_over", lang.A{"Map": mapTitle(p, t.Entry()), "Turn": t.Game.Turn,
			"How": p.T(howItEnded(t), nil), "Result": endRanking(p, t)}))
	}
	return p.T("caption", lang.A{"Map": mapTitle(p, t.Entry()), "Turn": t.Game.Turn, "Scores": scoresLine(p, t)})
}

// endRanking is the result of t's ended game as its end post and its record state it: a league
// game stopped before its end placed by the league's rule (table.Table.AdjudicatedPlaces), any
// other by its standings. A rule that cannot place them leaves no result, never a wrong one.
func endRanking(p *lang.Printer, t *table.Table) string {
	policy := t.AdjudicatedBy()
	if policy == "" {
		return standings(p, t)
	}
	places, err := t.AdjudicatedPlaces(policy)
	if err != nil {
		return ""
	}
	return placesText(p, t, places, policy)
}

// tilesText lists the tiles still to come, as its picture shows them (CountTilesLeft): what every
// player can count, never where a tile lies. With a random choice of expansion tiles ("N tiles")
// which expansion tiles are in the game is hidden, so only their number is told.
func tilesText(p *lang.Printer, t *table.Table) string {
	if t.Status == table.Lobby {
		return p.T("tiles_lobby", lang.A{"Tiles": tilesSetting(p, t)})
	}
	tl := CountTilesLeft(t)
	text := p.N("n_stack_unknown_order", tl.Stack, nil)
	if tl.FaceDown > 0 {
		text = sentences(text, p.N("n_more_tiles_face_down", tl.FaceDown, nil))
	}
	parts := tileCounts(tl.ToCome)
	hidden := p.N("n_hidden_expansion", tl.HiddenExpansion, nil)
	switch {
	case len(parts) > 0 && tl.HiddenExpansion > 0:
		text += p.T("tiles_to_come_hidden", lang.A{"List": join(p, parts), "Hidden": hidden})
	case len(parts) > 0:
		text += p.T("tiles_to_come", lang.A{"List": join(p, parts)})
	case tl.HiddenExpansion > 0:
		text += p.T("tiles_to_come", lang.A{"List": hidden})
	}
	if len(tl.FaceUp) > 0 {
		text += p.T("tiles_face_up", lang.A{"List": join(p, tileCounts(tl.FaceUp))})
	}
	if len(tl.Out) > 0 {
		var d []string
		for _, id := range tl.Out {
			d = append(d, id.String())
		}
		text += p.T("tiles_out", lang.A{"List": join(p, d)})
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

func logText(p *lang.Printer, t *table.Table, who string) string {
	if t.Game == nil {
		return p.T("log_none", nil)
	}
	seat := -1
	if who != "" {
		if seat = t.FindSeat(who); seat < 0 {
			return p.T("log_not_seated", lang.A{"Name": game.Echo(who), "Seats": seatList(p, t)})
		}
	}
	var lines []string
	for _, e := range t.Game.Log {
		if seat >= 0 && e.Player != seat {
			continue
		}
		final := ""
		if e.Final {
			final = p.T("log_final", nil)
		}
		lines = append(lines, p.T("log_line", lang.A{"Turn": e.Turn, "Player": lang.Name(t.Seats[e.Player].Name), "Points": e.Points, "Reason": reasonIn(p, e), "Final": final}))
	}
	if len(lines) == 0 {
		return p.T("log_none", nil)
	}
	if len(lines) > 30 {
		lines = append([]string{p.N("n_earlier_entries", len(lines)-30, nil)}, lines[len(lines)-30:]...)
	}
	return strings.Join(lines, "\n")
}

func settingsText(p *lang.Printer, t *table.Table) string {
	s := t.Settings
	e := t.Entry()
	policy := p.T("policy_skip", nil)
	if s.Policy == table.PolicyAuto {
		policy = p.T("policy_auto", nil)
	}
	lines := []string{
		p.T("set_map", lang.A{"Map": mapTitle(p, e), "Tiles": tilesSetting(p, t), "Meeples": meeplesOf(t)}),
		p.T("set_deadline", lang.A{"Deadline": deadlineSetting(p, s), "Policy": policy, "Missed": p.N("n_missed_turns", s.MissedLimit, nil)}),
		p.T("set_box_rules", lang.A{"Rules": boxRulesSetting(p, s.Options)}),
	}
	order := p.T("order_join", nil)
	if s.Options.RandomOrder {
		order = p.T("order_random", nil)
	}
	lines = append(lines, p.T("set_order", lang.A{"Order": order}))
	hints := p.T("hints_off", nil)
	if s.Hints {
		hints = p.T("hints_on", nil)
	}
	lines = append(lines, p.T("set_hints", lang.A{"Hints": hints}))
	leaving := p.T("leaving_drop", nil)
	if s.Leaving != "" {
		leaving = p.T("leaving_ai", lang.A{"Level": s.Leaving})
	}
	lines = append(lines, p.T("set_leaving", lang.A{"What": leaving}))
	if s.NoVacations {
		lines = append(lines, p.T("set_vacations_off", nil))
	} else {
		lines = append(lines, p.T("set_vacations_on", nil))
	}
	if !t.Local {
		rated := p.T("rated_yes", nil)
		if why := t.Unrated(); why != "" {
			rated = p.T("rated_no", lang.A{"Why": unratedReason(p, why)})
		}
		lines = append(lines, p.T("set_rated", lang.A{"Rated": rated}))
	}
	language := p.T("language_server", nil)
	if s.Language != "" {
		language = s.Language
	}
	lines = append(lines, p.T("set_language", lang.A{"Language": language}))
	for _, f := range variants.Flags(e) {
		v := s.Options.Value(f)
		lines = append(lines, p.T("set_rule", lang.A{"Name": f.Name, "Raw": v, "Value": flagValueIn(p, v), "Description": capital(flagDescription(p, f))}))
	}
	return strings.Join(lines, "\n")
}

// deadlineSetting is the table's deadline model.
func deadlineSetting(p *lang.Printer, s table.Settings) string {
	if s.Bank > 0 {
		return p.T("set_deadline_bank", lang.A{"Bank": DurationText(p, s.Bank), "Increment": DurationText(p, s.Increment)})
	}
	return p.T("set_deadline_turn", lang.A{"Deadline": DurationText(p, s.Deadline)})
}

// clockShort is the deadline model in a few words, for the message that opens a table.
func clockShort(p *lang.Printer, s table.Settings) string {
	if s.Bank > 0 {
		return p.T("clock_bank", lang.A{"Bank": DurationText(p, s.Bank), "Increment": DurationText(p, s.Increment)})
	}
	return p.T("clock_deadline", lang.A{"Deadline": DurationText(p, s.Deadline)})
}

// banksLine tells what is left of each player's time bank (deadline:bank), as it stood when their
// current or next turn began.
func banksLine(p *lang.Printer, t *table.Table) string {
	if len(t.Banks) != len(t.Seats) {
		return ""
	}
	parts := make([]string, len(t.Seats))
	for i, u := range t.Seats {
		parts[i] = p.Shown(u.Name) + " " + DurationText(p, t.Banks[i])
	}
	return p.T("status_banks", lang.A{"Banks": join(p, parts)})
}

// boxRulesSetting says which expansions' own rules the table plays (rules:ic|tb|all).
func boxRulesSetting(p *lang.Printer, o game.Options) string {
	var on []string
	if o.IC() {
		on = append(on, p.T("box_ic", nil))
	}
	if o.TB() {
		on = append(on, p.T("box_tb", nil))
	}
	if len(on) == 0 {
		return p.T("box_none", nil)
	}
	return join(p, on)
}

func meeplesOf(t *table.Table) int {
	if t.Settings.Options.Meeples > 0 {
		return t.Settings.Options.Meeples
	}
	return t.Entry().Map.Meeples
}

func helpText(p *lang.Printer, local bool) string {
	p = typedIf(local, p)
	turn := p.T("help_turn", nil)
	if local {
		turn = p.T("help_turn_local", nil)
	}
	// bank and increment belong to deadline:bank, which the list names as "deadline".
	options := slices.DeleteFunc(slices.Clone(newOptions[1:]), func(o string) bool {
		return o == "seed" && !local || o == "bank" || o == "increment"
	})
	for i, o := range options {
		options[i] = p.Name("carc", "new", o)
	}
	// Discord lists /carc new's options, in the reader's language, as they type it.
	newGame := p.T("help_new_discord", lang.A{"Map": variants.Default})
	if local {
		newGame = p.T("help_new", lang.A{"Map": variants.Default, "Options": join(p, options)})
	}
	lines := []string{turn, newGame,
		p.T("help_read", nil),
		p.T("help_history", nil),
		p.T("help_meeple", nil),
		p.T("help_admin", nil),
		p.T("help_squares", nil),
		p.T("help_spots", nil),
	}
	if local {
		lines = append(lines, p.T("help_leagues_local", nil))
	} else {
		lines = append(lines, p.T("help_leagues", nil))
	}
	for _, e := range variants.All(false) {
		if id := "help_map_" + e.ID; lang.Default.Has(id) {
			lines = append(lines, p.T(id, nil))
		}
	}
	return strings.Join(lines, "\n")
}

// rulesText summarises the map's rules (game/RULES.md, the Maps rules every map plays, then the
// map's own) and the table's rule options.
func rulesText(p *lang.Printer, t *table.Table, in Input) string {
	e, id, ok := namedMap(t, in)
	if !ok {
		return p.T("not_a_map", lang.A{"Value": game.Echo(id), "Maps": join(p, variants.IDs(false))})
	}
	lines := []string{p.T("rules_1", lang.A{"Map": mapTitle(p, e)}), p.T("rules_2", nil), p.T("rules_3", nil)}
	for i := 1; lang.Default.Has(fmt.Sprintf("rules_%s_%d", e.ID, i)); i++ {
		lines = append(lines, p.T(fmt.Sprintf("rules_%s_%d", e.ID, i), nil))
	}
	if t != nil {
		lines = append(lines, p.T("rules_table", lang.A{"Settings": settingsText(p, t)}))
	}
	return strings.Join(lines, "\n")
}

// namedMap is the map a command names (map:), else the table's, else the default one; ok is
// false, with the id asked for, where it is no map a player may open.
func namedMap(t *table.Table, in Input) (e variants.Entry, id string, ok bool) {
	id = in.Options["map"]
	if id == "" && t != nil {
		id = t.Settings.Map
	}
	if id == "" {
		id = variants.Default
	}
	e, err := variants.Lookup(id)
	return e, id, err == nil && (!e.Test || in.Local)
}

// unratedReason translates the reason table.Unrated gives.
func unratedReason(p *lang.Printer, why string) string {
	id, ok := map[string]string{
		"abandoned":                          "unrated_abandoned",
		"the table is unrated (rated:false)": "unrated_setting",
		"a chosen seed":                      "unrated_seed",
		"an AI seat":                         "unrated_ai",
		"fewer than two human players":       "unrated_few",
	}[why]
	if !ok {
		return why
	}
	return p.T(id, nil)
}

// unratedLine tells the players that the game will not be rated, and why ("" when it will be).
// Local play is never rated, so it says nothing there.
func unratedLine(p *lang.Printer, t *table.Table) string {
	if why := t.Unrated(); why != "" && !t.Local {
		return p.T("not_rated", lang.A{"Why": unratedReason(p, why)})
	}
	return ""
}

// commitmentText is the start message's line about a secret deal ("" for a local game).
func commitmentText(p *lang.Printer, t *table.Table) string {
	if t.Settings.Key == "" {
		return ""
	}
	return p.T("commitment", lang.A{"Hash": table.DealCommitment(t.ID, t.Settings.Key)})
}

// revealText is the end message's line that reveals the deal's key ("" for a local game).
func revealText(p *lang.Printer, t *table.Table) string {
	if t.Settings.Key == "" {
		return ""
	}
	return p.T("reveal", lang.A{"Key": t.Settings.Key})
}
