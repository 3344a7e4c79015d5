package commands

import (
	"errors"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// historyPage is how many turns /carc history shows at once.
const historyPage = 12

// turnEvents replays a table's moves from its deal and groups the events by the turn they
// belong to, up to (and including) turn last; 0 means every turn. Only whole turns are replayed:
// the turn still running is left out, so nothing shown depends on what is still hidden.
func turnEvents(t *table.Table, last int) (*game.Game, [][]game.Event, error) {
	e := t.Entry()
	g, err := game.NewGame(e.Map, e.Variant, t.Setup)
	if err != nil {
		return nil, nil, err
	}
	turns := [][]game.Event{nil}
	for _, l := range t.Moves {
		if last > 0 && g.Turn > last {
			break
		}
		turn := g.Turn
		if t.Status == table.Playing && turn >= t.Game.Turn {
			break
		}
		ev, err := g.Apply(l.Move)
		if err != nil {
			return nil, nil, err
		}
		for len(turns) <= turn {
			turns = append(turns, nil)
		}
		turns[turn] = append(turns[turn], ev...)
	}
	return g, turns, nil
}

// EachTurn replays a table's moves from its deal and calls fn with the game after each finished
// turn (and once more at the end of a game that is over): what the end of a game animates.
func EachTurn(t *table.Table, fn func(g *game.Game) error) error {
	if t.Game == nil {
		return errors.New("the game has not started")
	}
	e := t.Entry()
	g, err := game.NewGame(e.Map, e.Variant, t.Setup)
	if err != nil {
		return err
	}
	for _, l := range t.Moves {
		turn := g.Turn
		if t.Status == table.Playing && turn >= t.Game.Turn {
			break
		}
		if _, err := g.Apply(l.Move); err != nil {
			return err
		}
		if g.Turn != turn || g.Over() {
			if err := fn(g); err != nil {
				return err
			}
		}
	}
	return nil
}

// historyLine is one turn in a line: who placed what where, the meeple, chip actions and points.
func historyLine(p *lang.Printer, t *table.Table, g *game.Game, turn int, events []game.Event) string {
	name := func(p int) string {
		if p >= 0 && p < len(t.Seats) {
			return t.Seats[p].Name
		}
		return "?"
	}
	var who string
	var parts []string
	// points are what each player scored in the turn, in the order they first scored; final
	// what the final scoring gave them, which is its own line.
	points, final := map[int]int{}, map[int]int{}
	var order, finalOrder []int
	for _, e := range events {
		switch e.Kind {
		case game.EventTilePlaced:
			who = p.Shown(name(e.Player))
			parts = append(parts, p.T("hist_placed", lang.A{"Tile": e.Tile.String(), "Square": e.Square.String(), "Rotation": e.Rotation.String()}))
		case game.EventMeeplePlaced:
			parts = append(parts, pieceNameIn(p, e.Piece)+" "+spotIn(p, e.Spot))
		case game.EventGoodsTaken:
			parts = append(parts, p.N("hist_goods_taken", e.Points, lang.A{"Good": p.T("good_"+e.Text, nil)}))
		case game.EventVariant:
			parts = append(parts, strings.TrimRight(noteIn(p, e), ".。"))
		case game.EventTileReturned:
			who = p.Shown(name(e.Player))
			parts = append(parts, p.T("hist_skipped", nil))
		case game.EventTileDiscarded:
			parts = append(parts, p.T("hist_fits_nowhere", lang.A{"Tile": e.Tile.String()}))
		case game.EventResigned:
			parts = append(parts, p.T("hist_resigned", lang.A{"Player": lang.Name(name(e.Player))}))
		case game.EventScored:
			sums, seen := points, &order
			if e.Log >= 0 && e.Log < len(g.Log) && g.Log[e.Log].Final {
				sums, seen = final, &finalOrder
			}
			if _, ok := sums[e.Player]; !ok {
				*seen = append(*seen, e.Player)
			}
			sums[e.Player] += e.Points
		}
	}
	scored := func(order []int, points map[int]int) string {
		list := make([]string, len(order))
		for i, seat := range order {
			list[i] = p.T("hist_points", lang.A{"Player": lang.Name(name(seat)), "Points": points[seat]})
		}
		return join(p, list)
	}
	line := p.T("hist_turn", lang.A{"Turn": turn, "Player": who, "Parts": join(p, parts)})
	if who == "" {
		line = p.T("hist_turn_nobody", lang.A{"Turn": turn, "Parts": join(p, parts)})
	}
	if len(order) > 0 {
		line = p.T("hist_turn_scored", lang.A{"Line": line, "Points": scored(order, points)})
	}
	if len(finalOrder) > 0 {
		line += "\n" + p.T("hist_final", lang.A{"Points": scored(finalOrder, final)})
	}
	return line
}

// historyLines are the lines of the finished turns, oldest first.
func historyLines(p *lang.Printer, t *table.Table) ([]string, error) {
	g, turns, err := turnEvents(t, 0)
	if err != nil {
		return nil, err
	}
	var lines []string
	for turn := 1; turn < len(turns); turn++ {
		if len(turns[turn]) > 0 {
			lines = append(lines, historyLine(p, t, g, turn, turns[turn]))
		}
	}
	return lines, nil
}

// carcHistoryCommand is /carc history [page:N]: page 1 holds the latest turns. A page that is not
// a number of the history is refused with the pages there are.
func carcHistoryCommand(t *table.Table, in Input) Reply {
	p := in.own()
	v, ok := in.Options["page"]
	if !ok {
		return carcHistory(p, t, 0)
	}
	if t.Game == nil {
		return failT(t, in, "hist_not_started", nil)
	}
	lines, err := historyLines(p, t)
	if err != nil {
		return failT(t, in, "hist_failed", lang.A{"Why": err})
	}
	pages := (len(lines) + historyPage - 1) / historyPage
	n, err := strconv.Atoi(strings.TrimSpace(v))
	switch {
	case pages == 0 && n == 1 && err == nil:
		return carcHistory(p, t, 0)
	case pages == 0:
		return failT(t, in, "hist_no_page", lang.A{"Value": game.Echo(v)})
	case err != nil || n < 1 || n > pages:
		return failT(t, in, "hist_bad_page", lang.A{"Value": game.Echo(v), "Pages": pages})
	}
	return carcHistory(p, t, n-1)
}

// carcHistory lists the finished turns, a page at a time (page 0 is the latest), with buttons
// to page through.
func carcHistory(p *lang.Printer, t *table.Table, page int) Reply {
	if t.Game == nil {
		return fail(t, "%s", p.T("hist_not_started", nil))
	}
	lines, err := historyLines(p, t)
	if err != nil {
		return fail(t, "%s", p.T("hist_failed", lang.A{"Why": err}))
	}
	if len(lines) == 0 {
		return Reply{OK: true, Ephemeral: true, Table: t, Text: p.T("hist_empty", nil)}
	}
	pages := (len(lines) + historyPage - 1) / historyPage
	page = min(max(page, 0), pages-1)
	end := len(lines) - page*historyPage
	start := max(end-historyPage, 0)
	text := p.T("hist_head", lang.A{"Map": mapTitle(p, t.Entry()), "Turns": turnRange(lines[start], lines[end-1]), "Page": page + 1, "Pages": pages}) +
		"\n" + strings.Join(lines[start:end], "\n")
	r := Reply{OK: true, Ephemeral: true, Table: t, Text: text}
	r.Buttons = [][]Button{{
		{ID: ComponentID(t, "hist", strconv.Itoa(page+1)), Label: p.T("hist_older", nil), Style: Secondary, Disabled: page+1 >= pages},
		{ID: ComponentID(t, "hist", strconv.Itoa(page-1)), Label: p.T("hist_newer", nil), Style: Secondary, Disabled: page == 0},
	}}
	return r
}

// turnRange is "4-15" from the first and last lines of a page.
func turnRange(first, last string) string {
	a, _, _ := strings.Cut(first, ".")
	b, _, _ := strings.Cut(last, ".")
	if a == b {
		return a
	}
	return a + "-" + b
}
