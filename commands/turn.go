package commands

import (
	"errors"
	"fmt"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// handleTurn runs /place, /meeple and /chips.
func handleTurn(t *Table, in Input) Reply {
	if t.Status == Lobby {
		return fail(t, "The game has not started yet: %s starts it with /carc start.", t.Creator.Name)
	}
	if t.Status != Playing {
		return fail(t, "The game is over (%s). Start a new one with /carc new.", t.Status)
	}
	seat := t.Seat(in.User.ID)
	if seat < 0 {
		return fail(t, "You are not playing in this game. Players: %s.", seatList(t))
	}
	g := t.Game
	if seat != g.Current {
		return fail(t, "It is %s's turn, not yours. You will be pinged when it is your turn.", t.SeatName(g.Current))
	}
	var moves []game.Move
	var err error
	switch in.Command {
	case "place":
		moves, err = placeMoves(t, seat, in)
	case "meeple":
		moves, err = meepleMoves(t, seat, in)
	case "chips":
		moves, err = chipMoves(t, seat, in)
	}
	if err != nil {
		return fail(t, "%s", errorText(err))
	}
	c := t.clone()
	events, err := c.play(in.User.ID, moves...)
	if err != nil {
		return fail(t, "%s", explainPart(err))
	}
	var played []game.Move
	for _, l := range c.Moves[len(t.Moves):] {
		played = append(played, l.Move)
	}
	return afterMoves(c, events, played, "")
}

// explainPart says which part of a whole-turn command was refused.
func explainPart(err error) string {
	var pe *partError
	if !errors.As(err, &pe) || pe.part == 0 {
		return errorText(err)
	}
	switch pe.kind {
	case game.MoveMeeple:
		return "Your tile fits, but the meeple cannot go there: " + errorText(pe.err) + " Nothing was played."
	case game.MoveAction:
		return "Your tile fits, but the chip action is refused: " + errorText(pe.err) + " Nothing was played."
	}
	return errorText(pe.err) + " Nothing was played."
}

func placeMoves(t *Table, seat int, in Input) ([]game.Move, error) {
	g := t.Game
	if g.Phase != game.PhasePlace {
		return nil, phaseError(t)
	}
	for name := range in.Options {
		if name != "square" && name != "rotation" && name != "meeple" && name != "chips" {
			return nil, fmt.Errorf("/place has no option %s: use square, rotation, meeple and chips", name)
		}
	}
	sqText, ok := in.Options["square"]
	if !ok {
		return nil, fmt.Errorf("/place needs square: (where to put %s). Legal squares: %s", g.Drawn, legalSquares(g))
	}
	sq, err := game.ParseSquare(sqText)
	if err != nil {
		return nil, fmt.Errorf("%v. Legal squares for %s: %s", err, g.Drawn, legalSquares(g))
	}
	rot := game.Rotation(0)
	if r, ok := in.Options["rotation"]; ok {
		if rot, err = game.ParseRotation(r); err != nil {
			return nil, err
		}
	} else if rots := g.LegalRotations(g.Drawn, sq); len(rots) == 1 {
		rot = rots[0]
	} else if len(rots) > 1 {
		return nil, fmt.Errorf("%s fits %s in %s: add rotation:", g.Drawn, sq, rotationList(rots))
	}
	moves := []game.Move{{Kind: game.MovePlace, Player: seat, Square: sq, Rotation: rot}}
	if a, ok := in.Options["chips"]; ok && a != "" && !strings.EqualFold(a, "none") {
		act, err := parseAction(a)
		if err != nil {
			return nil, err
		}
		moves = append(moves, game.Move{Kind: game.MoveAction, Player: seat, Action: &act})
	}
	if m, ok := in.Options["meeple"]; ok {
		spot, err := parseSpot(m)
		if err != nil {
			return nil, err
		}
		moves = append(moves, game.Move{Kind: game.MoveMeeple, Player: seat, Spot: spot})
	}
	return moves, nil
}

// noSpotError explains a meeple asked for on a tile whose turn ended by itself after the placement.
func noSpotError(t *Table, seat int) error {
	if t.Game.Players[seat].Meeples == 0 {
		return fmt.Errorf("you have no meeple left in your supply, so your tile takes none: use meeple:none")
	}
	return fmt.Errorf("every feature of your tile already holds a meeple: use meeple:none")
}

func meepleMoves(t *Table, seat int, in Input) ([]game.Move, error) {
	g := t.Game
	if g.Phase != game.PhaseMeeple {
		return nil, phaseError(t)
	}
	v, ok := in.Options["spot"]
	if !ok {
		return nil, fmt.Errorf("/meeple needs spot:. Legal: %s", strings.Join(append(g.MeepleSpots(), "none"), ", "))
	}
	spot, err := parseSpot(v)
	if err != nil {
		return nil, fmt.Errorf("%v. Legal: %s", err, strings.Join(append(g.MeepleSpots(), "none"), ", "))
	}
	return []game.Move{{Kind: game.MoveMeeple, Player: seat, Spot: spot}}, nil
}

func chipMoves(t *Table, seat int, in Input) ([]game.Move, error) {
	e := t.Entry()
	if len(e.Actions) == 0 {
		return nil, fmt.Errorf("%s has no chip actions", e.Title)
	}
	var names []string
	for _, a := range e.Actions {
		names = append(names, a.Name)
		if a.Name == in.Sub {
			act := game.Action{Name: in.Sub, Args: map[string]string{}}
			for k, v := range in.Options {
				if !actionHasOption(a, k) {
					return nil, fmt.Errorf("/chips %s has no option %s: use %s", a.Name, k, actionOptionNames(a))
				}
				act.Args[k] = v
			}
			return []game.Move{{Kind: game.MoveAction, Player: seat, Action: &act}}, nil
		}
	}
	return nil, fmt.Errorf("%s's chip actions are %s, not %q", e.Title, strings.Join(names, ", "), in.Sub)
}

func actionHasOption(a game.ActionSpec, name string) bool {
	for _, o := range a.Options {
		if o.Name == name {
			return true
		}
	}
	return false
}

func actionOptionNames(a game.ActionSpec) string {
	var names []string
	for _, o := range a.Options {
		names = append(names, o.Name)
	}
	return strings.Join(names, ", ")
}

func phaseError(t *Table) error {
	g := t.Game
	switch g.Phase {
	case game.PhasePlace:
		return fmt.Errorf("first place your tile %s with /place square:.. rotation:.. (legal squares: %s)", g.Drawn, legalSquares(g))
	case game.PhaseMeeple:
		return fmt.Errorf("your tile is on %s; now place a meeple with /meeple spot:.. (legal: %s)", g.TurnState.Placed,
			strings.Join(append(g.MeepleSpots(), "none"), ", "))
	}
	return fmt.Errorf("you cannot do that now (%s)", g.Phase)
}

func legalSquares(g *game.Game) string {
	seen := map[game.Square]bool{}
	var out []string
	for _, p := range g.LegalPlacements(g.Drawn) {
		if !seen[p.Square] {
			seen[p.Square] = true
			out = append(out, p.Square.String())
		}
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

// afterMoves builds the public reply to accepted moves: what happened, the board, the next player.
func afterMoves(c *Table, events []game.Event, moves []game.Move, lead string) Reply {
	r := Reply{OK: true, Changed: true, Table: c, Moves: moves, Events: events, Image: BoardImage}
	text := summary(c, events)
	if lead != "" {
		text = lead + "\n" + text
	}
	if c.Status != Playing {
		r.Image = EndImage
		r.Text = strings.TrimSpace(text + "\n" + finalText(c))
		return r
	}
	g := c.Game
	cur, _ := c.Current()
	switch g.Phase {
	case game.PhaseMeeple:
		r.Text = strings.TrimSpace(text + "\n" + meeplePrompt(c))
		r.Buttons = spotButtons(c)
	default:
		r.Text = strings.TrimSpace(text + "\n" + nextText(c))
		r.Ping = []string{cur.ID}
		r.Buttons = turnButtons(c)
	}
	return r
}
