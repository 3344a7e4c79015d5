package commands

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// handleTurn runs the turn commands: /place, /meeple, /chips, /turn draw and /turn pass.
func handleTurn(t *table.Table, in Input) Reply {
	if t.Status == table.Lobby {
		return failT(t, in, "play_not_started", lang.A{"Creator": lang.Name(t.Creator.Name)})
	}
	if t.Status != table.Playing {
		return failT(t, in, "play_over", lang.A{"Status": statusWord(in.own(), t.Status)})
	}
	seat := t.Seat(in.User.ID)
	if seat < 0 {
		return failT(t, in, "play_not_seated", lang.A{"Players": seatList(in.own(), t)})
	}
	g := t.Game
	if seat != g.Current {
		if t.Local {
			return failT(t, in, "play_not_your_turn", lang.A{"Player": lang.Name(t.SeatName(g.Current))})
		}
		return failT(t, in, "play_not_your_turn_ping", lang.A{"Player": lang.Name(t.SeatName(g.Current))})
	}
	var plan []step
	var err error
	switch verb := in.Command + " " + in.Sub; verb {
	case "place ":
		plan, err = placePlan(t, seat, in)
	case "meeple ":
		plan, err = meeplePlan(t, seat, in)
	case "turn draw":
		plan = []step{{move: &game.Move{Kind: game.MoveDraw, Player: seat}}}
	case "turn pass":
		plan = []step{{move: &game.Move{Kind: game.MovePass, Player: seat}}}
	default:
		plan, err = chipsPlan(t, in)
	}
	if err != nil {
		return fail(t, "%s", errorTextIn(in.own(), err))
	}
	x, err := run(t, in.User.ID, seat, plan)
	if x == nil {
		return fail(t, "%s", explainPart(in.own(), err))
	}
	reply := afterMoves(public(t, in), x, "")
	if err != nil {
		reply.Refused = partialText(in.own(), x.Table, err)
	}
	return reply
}

// step is one part of a turn command: a move, a chip action (decoded against the legal actions when
// its moment comes), or the close of an optional step of the turn that a whole-turn /place leaves
// behind it (a finish window, an offer after the scoring).
type step struct {
	move   *game.Move
	action *game.Action
	close  game.Phase
	// numbered marks a meeple given by its number on the board (/place meeple:2) or its kind
	// alone (meeple:city): it is read against the spots the tile shows once placed.
	numbered bool
}

// placePlan reads /place: the tile, then the chip actions of the meeple step, the meeple, the
// actions after the meeple, and those after the scoring. A /place with meeple: is the whole turn:
// it also closes the optional steps after the meeple that it does not use. On a map where the
// tile may come from a chip action instead of the draw (an island tile), /place may start with
// that action: it is tried first on a copy, so that the rest of the command is read against the
// tile it gives, and the whole command is then played as one.
func placePlan(t *table.Table, seat int, in Input) ([]step, error) {
	g := t.Game
	if g.Phase != game.PhasePlace && g.Phase != game.PhaseSource {
		return nil, phaseError(t)
	}
	actions, err := placeActions(t, in)
	if err != nil {
		return nil, err
	}
	var source, rest []game.Action
	for _, a := range actions {
		spec, err := actionSpec(t, a.Name)
		if err != nil {
			return nil, err
		}
		if spec.Step == game.StepSource {
			source = append(source, a)
		} else {
			rest = append(rest, a)
		}
	}
	if len(source) == 0 {
		if g.Phase != game.PhasePlace {
			return nil, phaseError(t)
		}
		return placeSteps(t, seat, in, rest)
	}
	if g.Phase != game.PhaseSource {
		// The map says why the tile's source is no longer chosen (drawn, or taken already).
		if _, err := resolveAction(t, source[0]); err != nil {
			return nil, err
		}
		return nil, phaseError(t)
	}
	c := t.Clone()
	var plan []step
	for _, a := range source {
		legal, err := resolveAction(c, a)
		if err != nil {
			return nil, err
		}
		if err := c.Game.Play(game.Move{Kind: game.MoveAction, Player: seat, Action: &legal}); err != nil {
			return nil, err
		}
		act := a
		plan = append(plan, step{action: &act})
	}
	if c.Game.Phase != game.PhasePlace || c.Game.Current != seat {
		return nil, phaseError(c)
	}
	steps, err := placeSteps(c, seat, in, rest)
	if err != nil {
		return nil, refusal("play_nothing_played", lang.A{"Why": err})
	}
	return append(plan, steps...), nil
}

// placeActions reads the chip actions of a /place: its chips: option and the shortcuts of the
// map's actions (treat:H3, isle:yes, island:purple stack:2), checking that every option is one of
// /place's.
func placeActions(t *table.Table, in Input) ([]game.Action, error) {
	known := []string{"square", "rotation", "meeple", "kind", "chips"}
	shortcuts := map[string]game.ActionSpec{}
	extras := map[string]game.ActionSpec{}
	for _, a := range t.Entry().Actions {
		if a.Shortcut != "" {
			shortcuts[a.Shortcut] = a
			known = append(known, a.Shortcut)
			for _, o := range a.ShortcutOptions {
				extras[o] = a
				known = append(known, o)
			}
		}
	}
	for name := range in.Options {
		if !slices.Contains(known, name) {
			return nil, refusal("play_place_no_option", lang.A{"Value": game.Echo(name), "Options": strings.Join(known, ", ")})
		}
		if spec, ok := extras[name]; ok {
			if _, with := in.Options[spec.Shortcut]; !with {
				return nil, refusal("play_place_goes_with", lang.A{"Option": name, "Shortcut": spec.Shortcut})
			}
		}
	}
	var actions []game.Action
	if text, ok := in.Options["chips"]; ok && text != "" && !strings.EqualFold(text, "none") {
		var err error
		if actions, err = parseActions(text); err != nil {
			return nil, err
		}
	}
	for _, name := range slices.Sorted(maps.Keys(shortcuts)) {
		spec := shortcuts[name]
		v, ok := in.Options[name]
		if !ok {
			continue
		}
		a, take, err := shortcutAction(spec, v)
		if err != nil {
			return nil, err
		}
		for _, o := range spec.ShortcutOptions {
			if v, ok := in.Options[o]; ok {
				a.Args[o] = v
			}
		}
		if take {
			actions = append(actions, a)
		}
	}
	return actions, nil
}

// placeSteps are the steps of a /place once its tile is known: the placement, the actions of the
// meeple step, the meeple, and the steps after it.
func placeSteps(t *table.Table, seat int, in Input, actions []game.Action) ([]step, error) {
	g := t.Game
	sqText, ok := in.Options["square"]
	if !ok {
		return nil, refusal("play_place_needs_square", lang.A{"Tile": g.Drawn.String(), "Squares": legalSquares(g)})
	}
	sq, err := readSquare(t, sqText)
	if err != nil {
		return nil, refusal("play_place_bad_square", lang.A{"Why": err, "Tile": g.Drawn.String(), "Squares": legalSquares(g)})
	}
	rot := game.Rotation(0)
	if r, ok := in.Options["rotation"]; ok {
		if rot, err = readRotation(t, r); err != nil {
			return nil, err
		}
	} else if rots := g.LegalRotations(g.Drawn, sq); len(rots) == 1 {
		rot = rots[0]
	} else if len(rots) > 1 {
		return nil, refusal("play_place_needs_rotation", lang.A{"Tile": g.Drawn.String(), "Square": sq.String(), "Rotations": rotationList(rots)})
	}
	byStep := map[game.ActionStep][]step{}
	for _, a := range actions {
		spec, err := actionSpec(t, a.Name)
		if err != nil {
			return nil, err
		}
		act := a
		byStep[spec.Step] = append(byStep[spec.Step], step{action: &act})
	}
	plan := []step{{move: &game.Move{Kind: game.MovePlace, Player: seat, Square: sq, Rotation: rot}}}
	plan = append(plan, byStep[game.StepMeeple]...)
	plan = append(plan, byStep[""]...)
	m, whole := in.Options["meeple"]
	if _, kinded := in.Options["kind"]; kinded && !whole {
		return nil, refusal("play_kind_without_meeple", nil)
	}
	kind, m, err := splitPiece(m, in.Options["kind"])
	if err != nil {
		return nil, err
	}
	_, numbered := spotNumber(m)
	if _, bare := bareSpotKind(m); bare {
		numbered = true // read against the tile once placed, as a number is
	}
	if whole && numbered {
		plan = append(plan, step{move: &game.Move{Kind: game.MoveMeeple, Player: seat, Spot: strings.TrimSpace(m), Piece: kind}, numbered: true})
	} else if whole {
		spot, err := ParseSpot(m)
		if err != nil {
			return nil, err
		}
		plan = append(plan, step{move: &game.Move{Kind: game.MoveMeeple, Player: seat, Spot: spot, Piece: kind}})
	}
	plan = append(plan, byStep[game.StepFinish]...)
	if whole {
		plan = append(plan, step{close: game.PhaseFinish})
	}
	plan = append(plan, byStep[game.StepDecide]...)
	if whole {
		plan = append(plan, step{close: game.PhaseDecide})
	}
	return plan, nil
}

// noSpotError explains a meeple asked for on a tile whose meeple step ended by itself.
func noSpotError(t *table.Table, seat int) error {
	if t.Game.Players[seat].Meeples == 0 {
		return refusal("play_no_meeple_left", nil)
	}
	return refusal("play_no_free_spot", nil)
}

func meeplePlan(t *table.Table, seat int, in Input) ([]step, error) {
	g := t.Game
	if g.Phase != game.PhaseMeeple {
		return nil, phaseError(t)
	}
	v, ok := in.Options["spot"]
	if !ok {
		return nil, refusal("play_meeple_needs_spot", lang.A{"Spots": spotList(legalPieceSpots(g))})
	}
	kind, v, err := splitPiece(v, in.Options["kind"])
	if err != nil {
		return nil, refusal("play_meeple_bad_spot", lang.A{"Why": err, "Spots": spotList(legalPieceSpots(g))})
	}
	spot, err := readSpot(g, v)
	_, numbered := spotNumber(v)
	if _, bare := bareSpotKind(v); err != nil && !numbered && !bare {
		return nil, refusal("play_meeple_bad_spot", lang.A{"Why": err, "Spots": spotList(legalPieceSpots(g))})
	}
	if err != nil {
		return nil, err
	}
	return []step{{move: &game.Move{Kind: game.MoveMeeple, Player: seat, Spot: spot, Piece: kind}}}, nil
}

// legalPieceSpots are the pieces the current player may place now, as typed ("city:N", "big
// city:N", "builder road:E"), and none.
func legalPieceSpots(g *game.Game) []string {
	var out []string
	for _, c := range g.PieceChoices() {
		out = append(out, pieceSpot(c.Kind, c.Spot))
	}
	return append(out, "none")
}

// chipsPlan reads /chips ACTION option:value ...
func chipsPlan(t *table.Table, in Input) ([]step, error) {
	if in.Command != "chips" {
		return nil, refusal("play_not_a_turn_command", lang.A{"Command": strings.TrimSpace(game.Echo(in.Command) + " " + game.Echo(in.Sub))})
	}
	spec, err := actionSpec(t, in.Sub)
	if err != nil {
		return nil, err
	}
	a := game.Action{Name: in.Sub, Args: map[string]string{}}
	for k, v := range in.Options {
		if !actionHasOption(spec, k) {
			return nil, noOption("play_chips_cmd_no_option", spec, k)
		}
		a.Args[k] = v
	}
	return []step{{action: &a}}, nil
}

// run plays a turn command's steps as move events of a change of t, and returns the change. It is
// all or nothing, with one exception, because hidden information must never be probed: once a
// move turns over something hidden (a face-down chip), the command is committed up to that move,
// and what follows is judged on what is now public. If a step is refused, run returns the error
// that says which, with the change up to the last reveal, or nil when there was none.
func run(t *table.Table, user string, seat int, plan []step) (*table.Tx, error) {
	x := table.Begin(t, user)
	g := x.Table.Game
	turn := g.Turn
	var kept *table.Tx
	fail := func(i int, kind game.MoveKind, err error) (*table.Tx, error) {
		return kept, &partError{part: i, kind: kind, err: err}
	}
	for i, s := range plan {
		var m game.Move
		switch {
		case s.close != "":
			if g.Phase != s.close || g.Current != seat || g.Turn != turn {
				continue
			}
			m = game.Move{Kind: game.MovePass, Player: seat}
		case s.action != nil:
			a, err := resolveAction(x.Table, *s.action)
			if err != nil {
				return fail(i, game.MoveAction, err)
			}
			m = game.Move{Kind: game.MoveAction, Player: seat, Action: &a}
		default:
			m = *s.move
			if m.Kind == game.MoveMeeple && i > 0 && (g.Phase != game.PhaseMeeple || g.Current != seat) {
				if m.Spot != "none" {
					return fail(i, m.Kind, noSpotError(x.Table, seat))
				}
				continue
			}
			if s.numbered {
				spot, err := readSpot(g, m.Spot)
				if err != nil {
					return fail(i, m.Kind, err)
				}
				m.Spot = spot
			}
		}
		if err := x.Do(table.Move(m)); err != nil {
			return fail(i, m.Kind, err)
		}
		if g.Revealed() {
			kept = x.Clone()
		}
	}
	return x, nil
}

// partError is a refused part of a turn command: which part failed, and why.
type partError struct {
	part int
	kind game.MoveKind
	err  error
}

func (e *partError) Error() string { return e.err.Error() }

func (e *partError) Unwrap() error { return e.err }

// explainPart says which part of a whole-turn command was refused, when nothing was played.
func explainPart(p *lang.Printer, err error) string {
	var pe *partError
	if !errors.As(err, &pe) || pe.part == 0 {
		return errorTextIn(p, err)
	}
	why := errorTextIn(p, pe.err)
	switch pe.kind {
	case game.MoveMeeple:
		return p.T("part_meeple", lang.A{"Why": why})
	case game.MoveAction:
		return p.T("part_action", lang.A{"Why": why})
	}
	return p.T("part_other", lang.A{"Why": why})
}

// partialText tells the player, privately, that their command stands up to a reveal and what of
// the rest was refused.
func partialText(p *lang.Printer, t *table.Table, err error) string {
	var pe *partError
	what := p.T("partial_rest", nil)
	if errors.As(err, &pe) {
		switch pe.kind {
		case game.MoveMeeple:
			what = p.T("partial_meeple", nil)
		case game.MoveAction:
			what = p.T("partial_action", nil)
		}
		err = pe.err
	}
	return p.T("partial", lang.A{"What": what, "Why": errorTextIn(p, err), "Now": stepHint(p, t)})
}

func phaseError(t *table.Table) error {
	g := t.Game
	switch g.Phase {
	case game.PhasePlace:
		return refusal("phase_place", lang.A{"Tile": g.Drawn.String(), "Squares": legalSquares(g)})
	case game.PhaseMeeple:
		if c := g.TurnState.Choice; c != nil {
			return refusal("play_choice_first", lang.A{"Prompt": choiceWords{c}, "Action": c.Action})
		}
		return refusal("phase_meeple", lang.A{"Square": g.TurnState.Placed.String(), "Spots": spotList(legalPieceSpots(g))})
	case game.PhaseSource:
		var with []string
		for _, a := range t.Entry().Actions {
			if a.Step == game.StepSource && a.Shortcut != "" {
				with = append(with, "/place "+a.Shortcut+":..")
			}
		}
		if len(with) > 0 {
			return refusal("play_source_first", lang.A{"With": strings.Join(with, ", "), "Actions": actionsWords{g}})
		}
		return refusal("phase_source", nil)
	case game.PhaseFinish, game.PhaseDecide:
		return refusal("phase_finish", nil)
	}
	return refusal("play_not_now", nil)
}

func legalSquares(g *game.Game) string {
	var out []string
	for _, s := range g.LegalSquares(g.Drawn) {
		out = append(out, s.String())
	}
	if len(out) > 15 {
		return strings.Join(out[:15], ", ") + fmt.Sprintf(" and %d more", len(out)-15)
	}
	return strings.Join(out, ", ")
}

func rotationList(rots []game.Rotation) string {
	parts := make([]string, len(rots))
	for i, r := range rots {
		parts[i] = r.String() + "°"
	}
	return strings.Join(parts, ", ")
}

// afterMoves builds the public reply to a change that played moves (x): what happened, the board,
// and what the player to act does next.
func afterMoves(p *lang.Printer, x *table.Tx, lead string) Reply {
	c := x.Table
	r := changed(x, Reply{Events: x.Events, Image: BoardImage})
	text := summary(p, c, x.Events)
	if lead != "" {
		text = lead + "\n" + text
	}
	if c.Status != table.Playing {
		r.Image = EndImage
		r.Text = strings.TrimSpace(text + "\n" + finalText(p, c))
		return r
	}
	cur, _ := c.Current()
	r.Text = strings.TrimSpace(text + "\n" + promptText(p, c))
	r.Buttons, r.Select = turnComponents(p, c)
	if _, isAI := table.AILevel(cur); !isAI {
		if p := c.Game.Phase; p == game.PhasePlace || p == game.PhaseSource {
			r.Ping = []string{cur.ID}
		}
	}
	return r
}
