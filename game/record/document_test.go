package record_test

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

const testKey = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"

// played is a game played through the command layer with the record its keeper would hold.
type played struct {
	table *table.Table
	steps []record.Stored
}

// autoGame plays a random game to its end, keeping its record.
func autoGame(t *testing.T, mapID string, players int, seed uint64) played {
	t.Helper()
	var p played
	tbl, err := commands.AutoGame(mapID, players, seed, func(_ *table.Table, _ commands.Input, r commands.Reply) error {
		p.steps = append(p.steps, record.Stored{Step: *r.Step})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	p.table = tbl
	return p
}

func (p played) document(t *testing.T) record.Document {
	t.Helper()
	d, err := record.Of(p.table, p.steps)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// roundTrip writes a document out and reads it back.
func roundTrip(t *testing.T, d record.Document) record.Document {
	t.Helper()
	data, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	back, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// TestRecordsRoundTripOnEveryMap: the record of a finished game, written out and read back,
// replays from its deal with every hash checked, and its steps rebuild the same table, to the same
// final state and places.
func TestRecordsRoundTripOnEveryMap(t *testing.T) {
	games := 60 // `go test -run RecordsRoundTrip -count=1` with games raised checks more
	if testing.Short() {
		games = 10
	}
	for _, e := range variants.All(false) {
		t.Run(e.ID, func(t *testing.T) {
			t.Parallel()
			for i := range games {
				p := autoGame(t, e.ID, 2+i%4, uint64(1000+i))
				d := roundTrip(t, p.document(t))
				if len(d.Steps) != len(p.steps) {
					t.Fatalf("game %d: %d steps written of %d", i, len(d.Steps), len(p.steps))
				}
				g, err := record.Replay(d)
				if err != nil {
					t.Fatalf("game %d: %v", i, err)
				}
				if g.Hash() != p.table.Game.Hash() {
					t.Fatalf("game %d replays to another state", i)
				}
			}
		})
	}
}

// clone copies a document through JSON, so that a test may change the copy.
func clone(d record.Document) record.Document {
	var c record.Document
	data, _ := json.Marshal(d)
	_ = json.Unmarshal(data, &c)
	return c
}

// TestAChangedRecordIsRejectedWhereItDiverges: a record with one move changed, or with another
// seed, or whose key does not match its commitment, or whose table's steps play another move, is
// refused with the move (and turn) or the step where it stops agreeing.
func TestAChangedRecordIsRejectedWhereItDiverges(t *testing.T) {
	good := autoGame(t, "france", 3, 7).document(t)
	n := len(good.Moves) / 2
	for n < len(good.Moves) && good.Moves[n].Move.Kind != game.MovePlace {
		n++
	}
	moved := clone(good)
	moved.Moves[n].Move.Rotation = (moved.Moves[n].Move.Rotation + 1) % 4
	seeded := clone(good)
	seeded.Setup.Seed++
	final := clone(good)
	final.Final[0].Score++
	stepped := clone(good)
	for i, s := range stepped.Steps {
		if ev := s.Events[0]; ev.Kind == table.KindMove && ev.Move.Kind == game.MoveMeeple {
			stepped.Steps[i].Events = stepped.Steps[i].Events[:0] // the meeple never placed
			break
		}
	}
	for name, c := range map[string]struct {
		d    record.Document
		want string
	}{
		"a move changed":            {moved, "move " + strconv.Itoa(n+1) + " "},
		"another seed":              {seeded, "move 1 "},
		"a score rewritten":         {final, "final scores"},
		"a step that plays no move": {stepped, "the table's steps"},
	} {
		_, err := record.Replay(c.d)
		if !errors.Is(err, record.ErrDiverges) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a divergence naming %q", name, err, c.want)
		}
	}

	keyed := finishedKeyedGame(t)
	d := keyed.document(t)
	if _, err := record.Replay(d); err != nil {
		t.Fatalf("a keyed game's record: %v", err)
	}
	d.Setup.Key = strings.Repeat("f", len(testKey))
	if _, err := record.Replay(d); !errors.Is(err, record.ErrDiverges) || !strings.Contains(err.Error(), "commitment") {
		t.Fatalf("a record with another key: %v", err)
	}
}

// finishedKeyedGame plays a game dealt from a secret key, as on Discord, to its end.
func finishedKeyedGame(t *testing.T) played {
	t.Helper()
	ann, bob := table.User{ID: "a", Name: "ann"}, table.User{ID: "b", Name: "bob"}
	var p played
	keep := func(r commands.Reply) {
		t.Helper()
		if !r.OK {
			t.Fatal(r.Text)
		}
		p.table = r.Table
		p.steps = append(p.steps, record.Stored{Step: *r.Step})
	}
	keep(commands.Handle(nil, commands.Input{User: ann, Command: "carc", Sub: "new", Secret: testKey, Table: "g1", Options: map[string]string{"map": "france"}}))
	keep(commands.Handle(p.table, commands.Input{User: bob, Command: "carc", Sub: "join"}))
	keep(commands.Handle(p.table, commands.Input{User: ann, Command: "carc", Sub: "start"}))
	for p.table.Status == table.Playing {
		keep(commands.Timeout(p.table, table.PolicyAuto))
	}
	return p
}

// TestARunningGameRecordHidesTheDeal: while a game runs its record has no deal (no key, seed,
// stack or chips) and no hashes, and it says so; its steps name the players and hold no key.
func TestARunningGameRecordHidesTheDeal(t *testing.T) {
	full := finishedKeyedGame(t)
	p := played{steps: full.steps[:12]}
	tbl, err := table.Replay(stepsOf(p.steps))
	if err != nil {
		t.Fatal(err)
	}
	p.table = tbl
	d := p.document(t)
	if d.Complete || d.Setup != nil || len(d.Moves) == 0 || len(d.Steps) != 12 {
		t.Fatalf("a running game's record: complete %v, setup %v, %d moves, %d steps", d.Complete, d.Setup, len(d.Moves), len(d.Steps))
	}
	for _, m := range d.Moves {
		if m.Hash != "" {
			t.Fatalf("move %d carries a hash while the game runs", m.N)
		}
	}
	data, _ := json.Marshal(d)
	for _, secret := range []string{testKey, `"key"`, `"stack"`, `"hash"`, `"id":"a"`, `"by":"b"`} {
		if strings.Contains(string(data), secret) {
			t.Errorf("a running game's record holds %s", secret)
		}
	}
	if _, err := record.Replay(d); err == nil || !strings.Contains(err.Error(), "running game") {
		t.Fatalf("replaying a running game's record: %v", err)
	}
}

func stepsOf(stored []record.Stored) []table.Step {
	out := make([]table.Step, len(stored))
	for i, s := range stored {
		out[i] = s.Step
	}
	return out
}

// TestAVersion1RecordStillReplays: a record written before version 2 (moves only, no steps)
// is read and replayed as it was.
func TestAVersion1RecordStillReplays(t *testing.T) {
	d := autoGame(t, "classic", 2, 3).document(t)
	d.Version, d.Steps = 1, nil
	back := roundTrip(t, d)
	if _, err := record.Replay(back); err != nil {
		t.Fatal(err)
	}
	back.Steps = clone(autoGame(t, "classic", 2, 3).document(t)).Steps
	data, _ := json.Marshal(back)
	if _, err := record.Parse(data); !errors.Is(err, record.ErrNotARecord) {
		t.Fatalf("a version 1 record with steps: %v", err)
	}
}
