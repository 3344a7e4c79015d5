package commands

import (
	"bytes"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
)

// TestRecordReplaysToTheSameTable records the entries of complete games (lobby included) and
// checks that replaying the record, and loading the last snapshot, both give the same table.
func TestRecordReplaysToTheSameTable(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		var entries []Entry
		var snaps [][]byte
		final, err := AutoGame([]string{"france", "classic", "synthetic"}[seed%3], 2+int(seed%3), seed, func(tbl *Table, in Input, _ Reply) error {
			e := in
			entries = append(entries, Entry{Input: &e})
			if seed%5 == 0 {
				s, err := tbl.Snapshot()
				snaps = append(snaps, s)
				return err
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		want, err := final.Hash()
		if err != nil {
			t.Fatal(err)
		}
		replayed, err := Replay(entries)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		replayed.Local = true
		if got, _ := replayed.Hash(); got != want {
			t.Fatalf("seed %d: the replayed table differs from the played one", seed)
		}
		last, _ := final.Snapshot()
		loaded, err := LoadTable(last)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if again, _ := loaded.Snapshot(); !bytes.Equal(again, last) {
			t.Fatalf("seed %d: a loaded table saves differently", seed)
		}
		for i, s := range snaps {
			tbl, err := LoadTable(s)
			if err != nil {
				t.Fatalf("seed %d snapshot %d: %v", seed, i, err)
			}
			if again, _ := tbl.Snapshot(); !bytes.Equal(again, s) {
				t.Fatalf("seed %d snapshot %d: a loaded table saves differently", seed, i)
			}
		}
	}
}

// TestTimeoutPolicies: a missed deadline skips the turn (the tile goes back into the stack) or
// lets the autopilot play it (the easy AI's move, the same again on a replay), and counts the miss.
func TestTimeoutPolicies(t *testing.T) {
	for _, policy := range []string{PolicySkip, PolicyAuto} {
		tbl := midGame(t, "france", 20)
		before := tbl.Game.Clone()
		seat := tbl.Game.Current
		r := Timeout(tbl, policy)
		if !r.OK {
			t.Fatalf("%s: %s", policy, r.Text)
		}
		after := r.Table
		if after.Missed[seat] != 1 || after.Game.Current == seat {
			t.Fatalf("%s: missed %v, current %d", policy, after.Missed, after.Game.Current)
		}
		switch policy {
		case PolicySkip:
			if after.Game.TilesLeft() != before.TilesLeft() || len(after.Game.Placed()) != len(before.Placed()) {
				t.Fatalf("skip placed a tile or lost one: %d/%d tiles left", after.Game.TilesLeft(), before.TilesLeft())
			}
		case PolicyAuto:
			want, err := ai.Choose(before, AutopilotLevel, AutopilotSeed(before))
			if err != nil {
				t.Fatal(err)
			}
			if placed, ok := after.Game.TileOn(want.Square); !ok || placed.Rotation != want.Rotation || placed.Turn != before.Turn {
				t.Fatalf("auto did not play the easy AI's placement %s %s°", want.Square, want.Rotation)
			}
			if again := Timeout(tbl, policy); again.Table.Game.Hash() != after.Game.Hash() {
				t.Fatal("the autopilot plays otherwise the second time: a record would not replay")
			}
		}
	}
}

// TestAutopilotMovesReplayAsRecorded: a missed deadline under policy auto keeps the moves the
// autopilot made, and a replay plays those again, not what the autopilot would choose now; moves
// that do not replay are refused. A record from before (no moves kept) replays the simplest moves.
func TestAutopilotMovesReplayAsRecorded(t *testing.T) {
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
	r := Apply(tbl, Entry{Timeout: PolicyAuto, Played: played})
	if !r.OK {
		t.Fatalf("the recorded autopilot moves: %s", r.Text)
	}
	if got := r.Table.Moves[len(tbl.Moves)].Move; got.Square != other.Square {
		t.Fatalf("the replay placed on %s, the record says %s", got.Square, other.Square)
	}
	bad := append([]game.Move{}, played...)
	bad[0].Player = (bad[0].Player + 1) % len(tbl.Seats)
	if r := Apply(tbl, Entry{Timeout: PolicyAuto, Played: bad}); r.OK {
		t.Fatal("moves that do not replay were accepted")
	}
	legacy := Apply(tbl, Entry{Timeout: PolicyAuto})
	if !legacy.OK || legacy.Table.Moves[len(tbl.Moves)].Move.Square != legal[0].Square {
		t.Fatalf("a record from before kept moves: %s", legacy.Text)
	}
}
