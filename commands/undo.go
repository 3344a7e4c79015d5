package commands

import (
	"fmt"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// UndoRequest is a vote to take back the last turn.
type UndoRequest struct {
	By        string   `json:"by"`
	Turn      int      `json:"turn"`
	Approvals []string `json:"approvals"`
}

// carcUndo asks the table to take back the last turn: on Discord every other player must agree;
// in local play, where everyone sits at the same screen, it happens at once.
func carcUndo(t, c *Table, in Input) Reply {
	seat := c.Seat(in.User.ID)
	if c.Status != Playing || seat < 0 {
		return fail(t, "Only players of a running game can ask to undo.")
	}
	if len(c.Moves) == 0 {
		return fail(t, "There is nothing to undo yet.")
	}
	if c.Local {
		return applyUndo(t, c)
	}
	c.Undo = &UndoRequest{By: in.User.ID, Turn: c.Game.Turn, Approvals: []string{in.User.ID}}
	voters := undoVoters(c)
	if len(voters) == 0 {
		// Nobody else votes (the others are AI seats or out of the game): as at a local table.
		return applyUndo(t, c)
	}
	return Reply{OK: true, Changed: true, Table: c, Ping: voters,
		Text: fmt.Sprintf("%s asks to take back the last turn (%s). Every other player must agree; waiting for %s:", in.User.Name, lastTurnText(c),
			strings.TrimPrefix(waitingFor(c), "waiting for ")),
		Buttons: [][]Button{{{ID: ComponentID(c, "undo", "yes"), Label: "Agree", Style: Success},
			{ID: ComponentID(c, "undo", "no"), Label: "Refuse", Style: Danger}}}}
}

// applyUndo removes every move of the last turn that has moves, and replays the rest.
func applyUndo(t, c *Table) Reply {
	last := lastTurnStart(c)
	removed := len(c.Moves) - last
	c.Moves = c.Moves[:last]
	c.Undo = nil
	if err := c.Rebuild(); err != nil {
		return fail(t, "Undo failed: %v.", err)
	}
	c.Status = Playing
	cur, _ := c.Current()
	buttons, sel := turnComponents(c)
	return Reply{OK: true, Changed: true, Table: c, Image: BoardImage, Ping: humans(cur), Buttons: buttons, Select: sel,
		Text: fmt.Sprintf("Undone: %s taken back; it is %s's turn again.\n%s", plural(removed, "move", "moves"), cur.Name, promptText(c))}
}

// lastTurnStart is the index in the log of the first move of the last turn that has moves.
func lastTurnStart(t *Table) int {
	turns := moveTurns(t)
	last := len(t.Moves)
	for last > 0 && turns[last-1] == turns[len(t.Moves)-1] {
		last--
	}
	return last
}

// moveTurns replays the log to learn the game turn of each move.
func moveTurns(t *Table) []int {
	e, _ := variants.Lookup(t.Setup.Map)
	g, err := game.NewGame(e.Map, e.Variant, t.Setup)
	out := make([]int, len(t.Moves))
	if err != nil {
		return out
	}
	for i, m := range t.Moves {
		out[i] = g.Turn
		_ = g.Play(m.Move)
	}
	return out
}

func lastTurnText(t *Table) string {
	i := lastTurnStart(t)
	m := t.Moves[i]
	name := t.Seats[m.Move.Player].Name
	if m.Move.Kind == game.MovePlace {
		return fmt.Sprintf("%s's tile on %s", name, m.Move.Square)
	}
	return name + "'s " + string(m.Move.Kind)
}

// undoVote records a player's answer to an undo request.
func undoVote(t *Table, user User, c Component) Reply {
	if t.Undo == nil || t.Status != Playing {
		return fail(t, "There is no undo request open.")
	}
	if t.Seat(user.ID) < 0 {
		return fail(t, "Only the players vote on an undo.")
	}
	n := t.clone()
	if c.Arg == "no" {
		n.Undo = nil
		return Reply{OK: true, Changed: true, Table: n, Text: fmt.Sprintf("%s refused to undo; the game goes on.", user.Name)}
	}
	if slices.Contains(n.Undo.Approvals, user.ID) {
		return Reply{OK: true, Ephemeral: true, Table: t, Text: "You have already agreed; " + waitingFor(n) + "."}
	}
	n.Undo.Approvals = append(n.Undo.Approvals, user.ID)
	if wait := waitingFor(n); wait != "" {
		return Reply{OK: true, Changed: true, Table: n, Text: fmt.Sprintf("%s agrees to undo; %s.", user.Name, wait)}
	}
	return applyUndo(t, n)
}

// undoVoters are the user ids whose approval the open undo request still needs: the players
// still in the game, never an AI seat (which does not vote).
func undoVoters(t *Table) []string {
	var ids []string
	for i, u := range t.Seats {
		if _, isAI := AILevel(u); !isAI && !t.Game.Players[i].Resigned && !slices.Contains(t.Undo.Approvals, u.ID) {
			ids = append(ids, u.ID)
		}
	}
	return ids
}

// waitingFor names the players whose approval an undo still needs ("" when none).
func waitingFor(t *Table) string {
	var names []string
	for _, id := range undoVoters(t) {
		names = append(names, t.Seats[t.Seat(id)].Name)
	}
	if len(names) == 0 {
		return ""
	}
	return "waiting for " + strings.Join(names, ", ")
}

// humans are the ids of the users that are people: a reply never pings an AI seat, whose id is no
// Discord user's.
func humans(users ...User) []string {
	var ids []string
	for _, u := range users {
		if _, isAI := AILevel(u); !isAI {
			ids = append(ids, u.ID)
		}
	}
	return ids
}
