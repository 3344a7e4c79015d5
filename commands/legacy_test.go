package commands

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// TestLegacyAutopilotMovesUpgradeAsRecorded: an old record's missed deadline under policy auto
// kept the moves the autopilot made, and its upgrade plays those again, not what the autopilot
// would choose now; moves that do not replay are refused. A record from before the moves were kept
// upgrades with the simplest moves, which the autopilot played then.
func TestLegacyAutopilotMovesUpgradeAsRecorded(t *testing.T) {
	tbl := midGame(t, "france", 20)
	g := tbl.Game
	legal := g.LegalPlacements(g.Drawn)
	other := legal[len(legal)-1]
	played := []game.Move{{Kind: game.MovePlace, Player: g.Current, Square: other.Square, Rotation: other.Rotation},
		{Kind: game.MoveMeeple, Player: g.Current, Spot: "none"}}
	// The rest of the turn as the simplest moves would finish it after this placement.
	g2 := g.Clone()
	if _, err := g2.Apply(played[0]); err != nil {
		t.Fatal(err)
	}
	played = played[:1]
	for g2.Current == g.Current && g2.Turn == g.Turn && !g2.Over() {
		m := g2.SimplestMove()
		played = append(played, m)
		if _, err := g2.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	r := applyLegacy(tbl, LegacyEntry{Timeout: table.PolicyAuto, Played: played})
	if !r.OK {
		t.Fatalf("the recorded autopilot moves: %s", r.Text)
	}
	if got := r.Table.Moves[len(tbl.Moves)].Move; got.Square != other.Square {
		t.Fatalf("the replay placed on %s, the record says %s", got.Square, other.Square)
	}
	bad := append([]game.Move{}, played...)
	bad[0].Player = (bad[0].Player + 1) % len(tbl.Seats)
	if r := applyLegacy(tbl, LegacyEntry{Timeout: table.PolicyAuto, Played: bad}); r.OK {
		t.Fatal("moves that do not replay were accepted")
	}
	legacy := applyLegacy(tbl, LegacyEntry{Timeout: table.PolicyAuto})
	if !legacy.OK || legacy.Table.Moves[len(tbl.Moves)].Move.Square != legal[0].Square {
		t.Fatalf("a record from before kept moves: %s", legacy.Text)
	}
}
