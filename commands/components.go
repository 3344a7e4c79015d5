package commands

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// ComponentID builds a button or select id: carc:<table>:<turn>:<verb>[:<arg>]. The table id and
// the turn let a stale click be refused politely.
func ComponentID(t *table.Table, verb string, arg ...string) string {
	turn := 0
	if t.Game != nil {
		turn = t.Game.Turn
	}
	id := fmt.Sprintf("carc:%s:%d:%s", t.ID, turn, verb)
	if len(arg) > 0 {
		id += ":" + strings.Join(arg, ":")
	}
	return id
}

// Component is a parsed component id.
type Component struct {
	Table string
	Turn  int
	Verb  string
	Arg   string
}

// ParseComponentID reads an id made by ComponentID.
func ParseComponentID(id string) (Component, error) {
	parts := strings.SplitN(id, ":", 5)
	if len(parts) < 4 || parts[0] != "carc" {
		return Component{}, refusal("play_not_a_button", lang.A{"Value": game.Echo(id)})
	}
	turn, err := strconv.Atoi(parts[2])
	if err != nil {
		return Component{}, refusal("play_not_a_button", lang.A{"Value": game.Echo(id)})
	}
	c := Component{Table: parts[1], Turn: turn, Verb: parts[3]}
	if len(parts) == 5 {
		c.Arg = parts[4]
	}
	return c, nil
}

// turnComponents are the buttons (and a select menu when they do not fit) under a message that
// waits for the current player: what the step of the turn allows, and nothing else.
func turnComponents(p *lang.Printer, t *table.Table) ([][]Button, *Select) {
	if t.Status != table.Playing {
		return nil, nil
	}
	g := t.Game
	var main []Button
	switch {
	case g.TurnState.Choice != nil:
	case g.Phase == game.PhasePlace:
		return [][]Button{{{ID: ComponentID(t, "play"), Label: p.T("btn_play", nil), Style: Primary}, boardButton(p, t)}}, nil
	case g.Phase == game.PhaseSource:
		main = append(main, Button{ID: ComponentID(t, "draw"), Label: p.T("btn_draw", nil), Style: Primary})
	case g.Phase == game.PhaseMeeple:
		for i, s := range g.MeepleSpots() {
			main = append(main, Button{ID: ComponentID(t, "spot", s), Label: fmt.Sprintf("%d %s", i+1, spotIn(p, s)), Style: Secondary})
		}
		for _, c := range g.PieceChoices() {
			if c.Kind != game.PieceMeeple {
				v := pieceSpot(c.Kind, c.Spot)
				main = append(main, Button{ID: ComponentID(t, "spot", v), Label: pieceNameIn(p, c.Kind) + " " + spotIn(p, c.Spot), Style: Secondary})
			}
		}
		main = append(main, Button{ID: ComponentID(t, "spot", "none"), Label: p.T("btn_no_meeple", nil), Style: Primary})
	case g.Phase == game.PhaseFinish:
		main = append(main, Button{ID: ComponentID(t, "pass"), Label: p.T("btn_done", nil), Style: Primary})
	case g.Phase == game.PhaseDecide:
		main = append(main, Button{ID: ComponentID(t, "pass"), Label: p.T("btn_end_turn", nil), Style: Primary})
	}
	main = append(main, boardButton(p, t))
	var rows [][]Button
	for len(main) > 0 {
		n := min(5, len(main))
		rows, main = append(rows, main[:n]), main[n:]
	}
	acts := g.LegalActions()
	fits := len(rows)+len(acts) <= 5
	for _, a := range acts {
		fits = fits && len(ComponentID(t, "act", a.Action.String())) <= 100
	}
	if fits {
		for _, a := range acts {
			rows = append(rows, []Button{{ID: ComponentID(t, "act", a.Action.String()), Label: Truncate(fitIn(p, a, 80), 80), Style: Success}})
		}
		return rows, nil
	}
	// More actions than rows of buttons: one menu holds them (Discord's 25 at most; /chips reaches
	// any other).
	sel := &Select{ID: ComponentID(t, "act"), Placeholder: p.T("select_chip_actions", nil)}
	for _, a := range acts {
		if v := a.Action.String(); len(v) <= 100 && len(sel.Options) < MaxChoices {
			sel.Options = append(sel.Options, Choice{Name: Truncate(fitIn(p, a, 100), 100), Value: v})
		}
	}
	return rows[:min(len(rows), 4)], sel
}

// fitIn is a chip action's words where at most n characters fit (a button's 80, a menu's or an
// autocomplete choice's 100): its label, the verb phrase the texts use ("you may ..."), where it
// fits, else the map's shorter form for a button (the label's message with _button) where it has
// one. A long town or four chips of 1 make a label longer than a button in some languages.
func fitIn(p *lang.Printer, a game.LegalAction, n int) string {
	label := labelIn(p, a)
	if len([]rune(label)) <= n || a.Words.ID == "" || !lang.Default.Has(a.Words.ID+"_button") {
		return label
	}
	w := a.Words
	w.ID += "_button"
	return wordsOr(p, w, label)
}

// boardButton shows whoever clicks it the whole map, privately: the turn picture shows the squares
// around the action, readable on a phone, and the full board is one click away.
func boardButton(p *lang.Printer, t *table.Table) Button {
	return Button{ID: ComponentID(t, "board"), Label: p.T("btn_full_board", nil), Style: Secondary}
}

// Truncate shortens s to at most n characters (not bytes: names hold é and °), marking the cut,
// which falls between words where it can.
func Truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := r[:n-1]
	// End at a word's end, so that no word is left in pieces (a longer language meets the limits
	// more often); a text with no blank in its second half is cut where it must be.
	if i := lastBlank(cut); i >= len(cut)/2 {
		cut = []rune(strings.TrimRight(string(cut[:i]), " ,;:"))
	}
	return string(cut) + "…"
}

func lastBlank(r []rune) int {
	for i := len(r) - 1; i >= 0; i-- {
		if r[i] == ' ' {
			return i
		}
	}
	return -1
}

// HandleComponent answers a click on a button or a choice in a select (values) by user; a change
// it makes records the click, for the record's reader.
func HandleComponent(t *table.Table, user table.User, id string, values []string) Reply {
	return HandleComponentIn(t, user, id, values, Langs{})
}

// HandleComponentIn is HandleComponent answering in the languages of the interaction.
func HandleComponentIn(t *table.Table, user table.User, id string, values []string, langs Langs) Reply {
	return replayComponent(t, Input{User: user, Langs: langs}, id, values)
}

// replayComponent answers a click by in's user (in.Accepted for one replayed from a record).
func replayComponent(t *table.Table, in Input, id string, values []string) Reply {
	r := handleComponent(t, in, id, values)
	if r.Step != nil {
		r.Step.Input = clickText(id, values)
	}
	return inLanguage(r, in)
}

// clickText is a click as a record's audit line shows it.
func clickText(id string, values []string) string {
	if len(values) == 0 {
		return "(click " + id + ")"
	}
	return "(click " + id + ": " + strings.Join(values, ", ") + ")"
}

func handleComponent(t *table.Table, in Input, id string, values []string) Reply {
	user := in.User
	c, err := ParseComponentID(id)
	if err != nil {
		return fail(t, "%s", errorTextIn(in.own(), err))
	}
	if t == nil || c.Table != t.ID {
		return stale(failT(t, in, "comp_gone", nil))
	}
	switch c.Verb {
	case "undo":
		return undoVote(t, in, c)
	case "kick":
		return kickVote(t, in, c)
	case "hist":
		page, _ := strconv.Atoi(c.Arg)
		return carcHistory(in.own(), t, page)
	case "board":
		if t.Game == nil {
			return failT(t, in, "caption_lobby", nil)
		}
		return Reply{OK: true, Ephemeral: true, Table: t, Text: boardCaption(in.own(), t), Image: BoardImage}
	}
	if t.Status != table.Playing {
		return stale(failT(t, in, "comp_over", nil))
	}
	if c.Turn != t.Game.Turn {
		return stale(failT(t, in, "comp_old_turn", lang.A{"Then": c.Turn, "Now": t.Game.Turn}))
	}
	seat := t.Seat(user.ID)
	if seat < 0 {
		return failT(t, in, "comp_not_playing", nil)
	}
	if seat != t.Game.Current {
		return failT(t, in, "comp_not_your_turn", lang.A{"Player": lang.Name(t.SeatName(t.Game.Current))})
	}
	in.Options = map[string]string{}
	switch c.Verb {
	case "play":
		return turnPanel(in.own(), t)
	case "draw", "pass":
		in.Command, in.Sub = "turn", c.Verb
	case "sq":
		if len(values) == 1 {
			c.Arg = values[0]
		}
		sq, err := readSquare(t, c.Arg)
		if err != nil {
			return fail(t, "%s", errorTextIn(in.own(), err))
		}
		rots := t.Game.LegalRotations(t.Game.Drawn, sq)
		if len(rots) == 0 {
			return failT(t, in, "comp_no_longer_fits", lang.A{"Tile": t.Game.Drawn.String(), "Square": sq.String()})
		}
		return preview(in.own(), t, game.Placement{Square: sq, Rotation: rots[0]})
	case "rot":
		sqText, rotText, _ := strings.Cut(c.Arg, ":")
		sq, err1 := game.ParseSquare(sqText)
		rot, err2 := game.ParseRotation(rotText)
		if err1 != nil || err2 != nil {
			return failT(t, in, "comp_broken", nil)
		}
		return preview(in.own(), t, game.Placement{Square: sq, Rotation: rot})
	case "ok":
		sqText, rotText, _ := strings.Cut(c.Arg, ":")
		in.Command = "place"
		in.Options["square"], in.Options["rotation"] = sqText, rotText
	case "spot":
		in.Command = "meeple"
		if len(values) == 1 {
			c.Arg = values[0]
		}
		in.Options["spot"] = c.Arg
	case "act":
		if len(values) == 1 {
			c.Arg = values[0]
		}
		act, err := parseAction(c.Arg)
		if err != nil {
			return fail(t, "%s", errorTextIn(in.own(), err))
		}
		in.Command, in.Sub = "chips", act.Name
		for k, v := range act.Args {
			in.Options[k] = v
		}
	default:
		return failT(t, in, "comp_unknown", nil)
	}
	return Handle(t, in)
}

// turnPanel is the private start of a clicked turn: a menu of the legal squares.
func turnPanel(p *lang.Printer, t *table.Table) Reply {
	g := t.Game
	if g.Phase != game.PhasePlace {
		buttons, sel := turnComponents(p, t)
		return Reply{OK: true, Ephemeral: true, Table: t, Text: stepHint(p, t), Buttons: buttons, Select: sel, Image: BoardImage}
	}
	choices := squareChoices(p, t)
	text := p.T("panel_squares", lang.A{"Tile": g.Drawn.String()})
	if len(choices) > MaxChoices {
		// A Discord menu holds 25 entries; the others stay reachable with /place.
		text = p.T("panel_squares_many", lang.A{"Tile": g.Drawn.String(), "Fits": len(choices), "Shown": MaxChoices})
		choices = choices[:MaxChoices]
	}
	for i := range choices {
		choices[i].Name = Truncate(choices[i].Name, 100)
	}
	return Reply{OK: true, Ephemeral: true, Table: t, Image: BoardImage, Text: text,
		Select: &Select{ID: ComponentID(t, "sq"), Placeholder: p.T("select_square_for", lang.A{"Tile": g.Drawn.String()}), Options: choices}}
}

// preview shows a proposed placement privately, with its legal rotations and Confirm.
func preview(pr *lang.Printer, t *table.Table, p game.Placement) Reply {
	g := t.Game
	if err := g.CheckPlacement(g.Drawn, p.Square, p.Rotation); err != nil {
		return fail(t, "%s", errorTextIn(pr, err))
	}
	var row []Button
	for _, r := range g.LegalRotations(g.Drawn, p.Square) {
		style := Secondary
		if r == p.Rotation {
			style = Primary
		}
		row = append(row, Button{ID: ComponentID(t, "rot", p.Square.String(), r.String()), Label: r.String() + "°", Style: style})
	}
	confirm := []Button{{ID: ComponentID(t, "ok", p.Square.String(), p.Rotation.String()), Label: pr.T("btn_confirm", lang.A{"Square": p.Square.String(), "Rotation": p.Rotation.String()}), Style: Success},
		{ID: ComponentID(t, "play"), Label: pr.T("btn_other_square", nil), Style: Secondary}}
	return Reply{OK: true, Ephemeral: true, Table: t, Image: PreviewImage, Preview: &p,
		Text: pr.T("preview_text", lang.A{"Tile": g.Drawn.String(), "Square": p.Square.String(), "Rotation": p.Rotation.String(),
			"What": describePlacement(pr, g, p)}),
		Buttons: [][]Button{row, confirm}}
}

func stale(r Reply) Reply {
	r.Stale = true
	return r
}
