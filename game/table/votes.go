package table

import (
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// UndoRequest is a vote to take back the last turn.
type UndoRequest struct {
	By        string   `json:"by"`
	Turn      int      `json:"turn"`
	Approvals []string `json:"approvals"`
}

// KickVote is a vote of the other players to remove one who missed too many turns.
type KickVote struct {
	Seat      int      `json:"seat"`
	Approvals []string `json:"approvals"`
}

// UndoVoters are the user ids whose approval the open undo request still needs: the players still
// in the game, never an AI seat (which does not vote).
func (t *Table) UndoVoters() []string {
	var ids []string
	for i, u := range t.Seats {
		if _, isAI := AILevel(u); !isAI && !t.Game.Players[i].Resigned && !slices.Contains(t.Undo.Approvals, u.ID) {
			ids = append(ids, u.ID)
		}
	}
	return ids
}

// KickWaitingFor lists the seats whose agreement the open kick vote still needs: the other players
// still in the game, never an AI seat (which does not vote).
func (t *Table) KickWaitingFor() []int {
	var out []int
	for i, u := range t.Seats {
		if _, isAI := AILevel(u); !isAI && i != t.Kick.Seat && !t.Game.Players[i].Resigned && !slices.Contains(t.Kick.Approvals, u.ID) {
			out = append(out, i)
		}
	}
	return out
}

// LastTurnStart is the index in the log of the first move of the last turn that has moves: what
// an undo takes back from.
func (t *Table) LastTurnStart() int {
	turns := t.moveTurns()
	last := len(t.Moves)
	for last > 0 && turns[last-1] == turns[len(t.Moves)-1] {
		last--
	}
	return last
}

// moveTurns replays the log to learn the game turn of each move.
func (t *Table) moveTurns() []int {
	e, _ := game.LookupMap(t.Setup.Map)
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
