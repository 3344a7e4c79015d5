package commands

import (
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// carcUndo asks the table to take back the last turn: on Discord every other player must agree;
// in local play, where everyone sits at the same screen, it happens at once.
func carcUndo(t *table.Table, in Input) Reply {
	seat := t.Seat(in.User.ID)
	if t.Status != table.Playing || seat < 0 {
		return failT(t, in, "undo_not_playing", nil)
	}
	if len(t.Moves) == 0 {
		return failT(t, in, "undo_nothing", nil)
	}
	x := table.Begin(t, in.User.ID)
	if t.Local {
		return applyUndo(t, x, public(t, in))
	}
	if err := x.Do(table.UndoAsk()); err != nil {
		return fail(t, "%v", err)
	}
	c := x.Table
	voters := c.UndoVoters()
	if len(voters) == 0 {
		// Nobody else votes (the others are AI seats or out of the game): as at a local table.
		return applyUndo(t, x, public(t, in))
	}
	p := public(c, in)
	return changed(x, Reply{Ping: voters,
		Text: p.T("undo_asked", lang.A{"Player": lang.Name(in.User.Name), "Turn": lastTurnText(p, c), "Voters": undoVoters(p, c)}),
		Buttons: [][]Button{{{ID: ComponentID(c, "undo", "yes"), Label: p.T("btn_agree", nil), Style: Success},
			{ID: ComponentID(c, "undo", "no"), Label: p.T("btn_refuse", nil), Style: Danger}}}})
}

// applyUndo takes back, as part of the change x, every move of the last turn that has moves.
func applyUndo(t *table.Table, x *table.Tx, p *lang.Printer) Reply {
	keep := x.Table.UndoStart()
	removed := len(x.Table.Moves) - keep
	if err := x.Do(table.Undo(keep)); err != nil {
		return failIn(t, p, "undo_failed", lang.A{"Why": err})
	}
	c := x.Table
	cur, _ := c.Current()
	buttons, sel := turnComponents(p, c)
	return changed(x, Reply{Image: BoardImage, Ping: humans(cur), Buttons: buttons, Select: sel,
		Text: p.N("undone", removed, lang.A{"Player": lang.Name(cur.Name)}) + "\n" + promptText(p, c)})
}

func lastTurnText(p *lang.Printer, t *table.Table) string {
	m := t.Moves[t.UndoStart()]
	name := t.Seats[m.Move.Player].Name
	if m.Move.Kind == game.MovePlace {
		return p.T("undo_turn_tile", lang.A{"Player": lang.Name(name), "Square": m.Move.Square})
	}
	return p.T("undo_turn_move", lang.A{"Player": lang.Name(name)})
}

// undoVote records a player's answer to an undo request.
func undoVote(t *table.Table, in Input, c Component) Reply {
	user := in.User
	if t.Undo == nil || t.Status != table.Playing {
		return failT(t, in, "undo_no_vote", nil)
	}
	if t.Seat(user.ID) < 0 {
		return failT(t, in, "undo_only_players", nil)
	}
	if c.Arg != "no" && slices.Contains(t.Undo.Approvals, user.ID) {
		own := in.own()
		return Reply{OK: true, Ephemeral: true, Table: t, Text: own.T("vote_already_agreed", lang.A{"Waiting": undoVoters(own, t)})}
	}
	x := table.Begin(t, user.ID)
	if err := x.Do(table.VoteUndo(c.Arg != "no")); err != nil {
		return fail(t, "%v", err)
	}
	p := public(x.Table, in)
	if c.Arg == "no" {
		return changed(x, Reply{Text: p.T("undo_refused", lang.A{"Player": lang.Name(user.Name)})})
	}
	if wait := undoVoters(p, x.Table); wait != "" {
		return changed(x, Reply{Text: p.T("undo_agrees", lang.A{"Player": lang.Name(user.Name), "Waiting": wait})})
	}
	return applyUndo(t, x, p)
}

// undoVoters names the players whose approval an undo still needs ("" when none).
func undoVoters(p *lang.Printer, t *table.Table) string {
	var names []string
	for _, id := range t.UndoVoters() {
		names = append(names, p.Shown(t.Seats[t.Seat(id)].Name))
	}
	if len(names) == 0 {
		return ""
	}
	return join(p, names)
}

// humans are the ids of the users that are people: a reply never pings an AI seat, whose id is no
// Discord user's.
func humans(users ...table.User) []string {
	var ids []string
	for _, u := range users {
		if _, isAI := table.AILevel(u); !isAI {
			ids = append(ids, u.ID)
		}
	}
	return ids
}
