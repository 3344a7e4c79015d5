package table_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	_ "github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/testmaps"
)

var (
	ann = table.User{ID: "1", Name: "ann"}
	bob = table.User{ID: "2", Name: "bob"}
	cy  = table.User{ID: "3", Name: "cy"}
)

func settings(t *testing.T) table.Settings {
	t.Helper()
	s, err := table.Settings{Map: "practice", Seed: 4, SeedSet: true}.WithDefaults()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// lobby is a table of ann and bob, not started.
func lobby(t *testing.T) *table.Table {
	t.Helper()
	x := table.Begin(nil, ann.ID)
	if err := x.Do(table.Create("t1", "c1", ann, settings(t), true), table.Join(bob)); err != nil {
		t.Fatal(err)
	}
	return x.Table
}

// running is the lobby started.
func running(t *testing.T) *table.Table {
	t.Helper()
	x := table.Begin(lobby(t), ann.ID)
	if err := x.Do(table.Start(nil)); err != nil {
		t.Fatal(err)
	}
	return x.Table
}

// place is the first legal placement of the player to move.
func place(tbl *table.Table) game.Move {
	g := tbl.Game
	p := g.LegalPlacements(g.Drawn)[0]
	return game.Move{Kind: game.MovePlace, Player: g.Current, Square: p.Square, Rotation: p.Rotation}
}

// TestEventsThatDoNotFitTheTableAreRefused: an event only applies where the table's life allows
// it, with the fields its kind needs; a refused event is an error naming it, never a panic.
func TestEventsThatDoNotFitTheTableAreRefused(t *testing.T) {
	two, seat := 2, 5
	for _, c := range []struct {
		name  string
		table func(*testing.T) *table.Table
		by    string
		event table.Event
		want  string
	}{
		{"a second create", lobby, ann.ID, table.Create("t2", "c1", ann, settings(t), true), "starts with its create event"},
		{"a join after the start", running, cy.ID, table.Join(cy), "after the lobby"},
		{"a join of someone seated", lobby, bob.ID, table.Join(bob), "already seated"},
		{"a join under a name taken", lobby, cy.ID, table.Join(table.User{ID: cy.ID, Name: "ANN"}), "name \"ANN\" is taken"},
		{"a leave of someone not seated", lobby, cy.ID, table.Leave(cy), "not seated"},
		{"a move in the lobby", lobby, ann.ID, table.Move(game.Move{Kind: game.MoveDraw}), "a move at a table that is lobby"},
		{"an undo vote without a request", running, bob.ID, table.VoteUndo(true), "no undo request open"},
		{"an undo keeping more than there is", running, ann.ID, table.Undo(two), "keeps 2 of 0 moves"},
		{"a timeout of a seat not there", running, "bot", table.Timeout(seat, table.PolicySkip), "seat 5"},
		{"a handover to a person", running, "bot", table.Handover(1, cy), "no free AI seat"},
		{"a setup at a Discord table", func(t *testing.T) *table.Table {
			x := table.Begin(nil, ann.ID)
			if err := x.Do(table.Create("t1", "c1", ann, settings(t), false)); err != nil {
				t.Fatal(err)
			}
			return x.Table
		}, "script", table.FixSetup(game.Setup{}), "not local"},
		{"an event of no kind", lobby, ann.ID, table.Event{Kind: "teleport"}, "no known kind"},
		{"a move without its move", running, ann.ID, table.Event{Kind: table.KindMove}, "without its move"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := table.Apply(c.table(t), c.by, c.event)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("%v, want an error saying %q", err, c.want)
			}
		})
	}
	if _, _, err := table.Apply(nil, ann.ID, table.Join(bob)); !errors.Is(err, table.ErrNoTable) {
		t.Errorf("a join before the create: %v", err)
	}
	s := settings(t)
	s.Generator, s.Key = game.GeneratorChaCha8, strings.Repeat("ab", 32)
	forged := table.Create("t1", "c1", ann, s, false)
	forged.Commitment = strings.Repeat("0", 64)
	if _, _, err := table.Apply(nil, ann.ID, forged); err == nil || !strings.Contains(err.Error(), "commitment") {
		t.Errorf("a create whose key does not match its commitment: %v", err)
	}
}

// TestARefusedMoveLeavesTheChangeWhole: a move the engine refuses changes neither the change
// being made nor its record, so a caller may try another (the autopilot does).
func TestARefusedMoveLeavesTheChangeWhole(t *testing.T) {
	tbl := running(t)
	x := table.Begin(tbl, ann.ID)
	before, _ := x.Table.Hash()
	bad := place(tbl)
	bad.Player = 1 - bad.Player
	if err := x.Do(table.Move(bad)); err == nil {
		t.Fatal("a move by the wrong seat was applied")
	}
	if after, _ := x.Table.Hash(); after != before || len(x.Step.Events) != 0 || len(x.Moves) != 0 {
		t.Fatal("the refused move changed the change")
	}
	if err := x.Do(table.Move(place(tbl))); err != nil {
		t.Fatal(err)
	}
	if h, _ := tbl.Hash(); h == "" || tbl.Game.Turn != 1 || len(tbl.Moves) != 0 {
		t.Fatal("the change was made on the table itself, not on a copy")
	}
}

// TestTheRecordReplaysEveryKindOfEvent: a table changed by votes, a timeout, a kick and a handover,
// an undo and a resignation replays from its steps, written as JSON and read back, to the same
// table; a step that does not fit makes the replay fail at that step.
func TestTheRecordReplaysEveryKindOfEvent(t *testing.T) {
	var steps []table.Step
	var tbl *table.Table
	do := func(by string, events ...table.Event) {
		t.Helper()
		x := table.Begin(tbl, by)
		if err := x.Do(events...); err != nil {
			t.Fatalf("%v: %v", events[0].Kind, err)
		}
		steps, tbl = append(steps, x.Step), x.Table
	}
	s := settings(t)
	s.Leaving = "easy"
	do(ann.ID, table.Create("t1", "c1", ann, s, true))
	do(bob.ID, table.Join(bob))
	do(cy.ID, table.Join(cy))
	do(cy.ID, table.Leave(cy))
	do(cy.ID, table.Join(cy))
	do(ann.ID, table.ChangeSettings(s))
	do(ann.ID, table.Start(nil))
	do(tbl.Seats[tbl.Game.Current].ID, table.Move(place(tbl)))
	do("bot", table.Timeout(tbl.Game.Current, table.PolicySkip), table.Move(game.Move{Kind: game.MoveSkip, Player: tbl.Game.Current}))
	do(ann.ID, table.UndoAsk())
	do(bob.ID, table.VoteUndo(false))
	do(ann.ID, table.UndoAsk())
	do(bob.ID, table.VoteUndo(true))
	do(cy.ID, table.VoteUndo(true), table.Undo(tbl.LastTurnStart()))
	do(ann.ID, table.VoteKick(2, true))
	do(bob.ID, table.VoteKick(2, false))
	do(ann.ID, table.Kick(2), table.Handover(2, tbl.HandoverSeat(2, "easy")))
	do(bob.ID, table.Move(game.Move{Kind: game.MoveResign, Player: 1}))
	if tbl.LeftBy(2) != cy || tbl.Undo != nil || tbl.Kick != nil || !tbl.Game.Players[1].Resigned {
		t.Fatalf("the table after the steps: %+v", tbl)
	}
	replayed, back := replayedFromJSON(t, steps)
	a, _ := replayed.Hash()
	b, _ := tbl.Hash()
	if a != b {
		t.Fatal("the record replays to another table")
	}
	back[9] = table.Step{By: bob.ID, Events: []table.Event{table.VoteUndo(true)}}
	if _, err := table.Replay(back); err == nil || !strings.Contains(err.Error(), "step 10") {
		t.Fatalf("a step that does not fit: %v", err)
	}
}

// replayedFromJSON is the table that steps, written as JSON and read back, replay to, and the
// steps as read.
func replayedFromJSON(t *testing.T, steps []table.Step) (*table.Table, []table.Step) {
	t.Helper()
	data, err := json.Marshal(steps)
	if err != nil {
		t.Fatal(err)
	}
	var back []table.Step
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	replayed, err := table.Replay(back)
	if err != nil {
		t.Fatal(err)
	}
	return replayed, back
}

// FuzzReplay: a record read from a file or a store, whatever it holds, replays or is refused
// with an error; it never panics.
func FuzzReplay(f *testing.F) {
	f.Add(`[{"by":"1","events":[{"kind":"create","table":"t","user":{"id":"1","name":"a"},"settings":{"map":"practice"},"local":true}]},` +
		`{"by":"2","events":[{"kind":"join","user":{"id":"2","name":"b"}}]},{"by":"1","events":[{"kind":"start"}]}]`)
	f.Add(`[{"by":"1","events":[{"kind":"undo","keep":-3}]}]`)
	f.Fuzz(func(t *testing.T, data string) {
		var steps []table.Step
		if json.Unmarshal([]byte(data), &steps) != nil {
			return
		}
		_, _ = table.Replay(steps)
	})
}
