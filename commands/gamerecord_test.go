package commands

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// TestRecordsRoundTripOnEveryMap: the record of a finished game, written out and read back,
// replays from its deal with every hash checked, to the same final state and places.
func TestRecordsRoundTripOnEveryMap(t *testing.T) {
	games := 60 // `go test -run RecordsRoundTrip -count=1` with games raised checks more
	if testing.Short() {
		games = 10
	}
	for _, e := range variants.All(false) {
		t.Run(e.ID, func(t *testing.T) {
			t.Parallel()
			for i := range games {
				tbl, err := AutoGame(e.ID, 2+i%4, uint64(1000+i), nil)
				if err != nil {
					t.Fatal(err)
				}
				data := mustRecord(t, tbl)
				r, err := ParseRecord(data)
				if err != nil {
					t.Fatal(err)
				}
				g, err := ReplayRecord(r)
				if err != nil {
					t.Fatalf("game %d: %v", i, err)
				}
				if g.Hash() != tbl.Game.Hash() {
					t.Fatalf("game %d replays to another state", i)
				}
			}
		})
	}
}

func mustRecord(t *testing.T, tbl *Table) []byte {
	t.Helper()
	r, err := RecordOf(tbl)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestAChangedRecordIsRejectedWhereItDiverges: a record with one move changed, or with another
// seed, or whose key does not match its commitment, is refused with the move (and turn) where it
// stops agreeing.
func TestAChangedRecordIsRejectedWhereItDiverges(t *testing.T) {
	tbl, err := AutoGame("france", 3, 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	var good GameRecord
	if err := json.Unmarshal(mustRecord(t, tbl), &good); err != nil {
		t.Fatal(err)
	}
	clone := func() GameRecord {
		var r GameRecord
		data, _ := json.Marshal(good)
		_ = json.Unmarshal(data, &r)
		return r
	}
	n := len(good.Moves) / 2
	for n < len(good.Moves) && good.Moves[n].Move.Kind != game.MovePlace {
		n++
	}
	moved := clone()
	moved.Moves[n].Move.Rotation = (moved.Moves[n].Move.Rotation + 1) % 4
	seeded := clone()
	seeded.Setup.Seed++
	final := clone()
	final.Final[0].Score++
	for name, c := range map[string]struct {
		r    GameRecord
		want string
	}{
		"a move changed":    {moved, "move " + strconv.Itoa(n+1) + " "},
		"another seed":      {seeded, "move 1 "},
		"a score rewritten": {final, "final scores"},
	} {
		_, err := ReplayRecord(c.r)
		if !errors.Is(err, ErrRecordDiverges) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a divergence naming %q", name, err, c.want)
		}
	}

	keyed := finishedKeyedGame(t)
	r, err := RecordOf(keyed)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ReplayRecord(r); err != nil {
		t.Fatalf("a keyed game's record: %v", err)
	}
	r.Setup.Key = strings.Repeat("f", len(testKey))
	if _, err := ReplayRecord(r); !errors.Is(err, ErrRecordDiverges) || !strings.Contains(err.Error(), "commitment") {
		t.Fatalf("a record with another key: %v", err)
	}
}

// finishedKeyedGame plays a game dealt from a secret key, as on Discord, to its end.
func finishedKeyedGame(t *testing.T) *Table {
	t.Helper()
	ann, bob := User{"a", "ann"}, User{"b", "bob"}
	tbl := Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Secret: testKey, Options: map[string]string{"map": "france"}}).Table
	tbl = Handle(tbl, Input{User: bob, Command: "carc", Sub: "join"}).Table
	tbl = Handle(tbl, Input{User: ann, Command: "carc", Sub: "start"}).Table
	for tbl.Status == Playing {
		r := Timeout(tbl, PolicyAuto)
		if !r.OK {
			t.Fatalf("auto move: %s", r.Text)
		}
		tbl = r.Table
	}
	return tbl
}

// TestARunningGameRecordHidesTheDeal: while a game runs its record has no deal (no key, seed,
// stack or chips) and no hashes, and it says so.
func TestARunningGameRecordHidesTheDeal(t *testing.T) {
	tbl, err := Position("france", 3, 5, 30)
	if err != nil {
		t.Fatal(err)
	}
	r, err := RecordOf(tbl)
	if err != nil {
		t.Fatal(err)
	}
	if r.Complete || r.Setup != nil || len(r.Moves) == 0 {
		t.Fatalf("a running game's record: complete %v, setup %v, %d moves", r.Complete, r.Setup, len(r.Moves))
	}
	for _, m := range r.Moves {
		if m.Hash != "" {
			t.Fatalf("move %d carries a hash while the game runs", m.N)
		}
	}
	data, _ := json.Marshal(r)
	for _, secret := range []string{`"seed"`, `"key"`, `"stack"`, `"chips"`, `"hash"`} {
		if strings.Contains(string(data), secret) {
			t.Errorf("a running game's record holds %s", secret)
		}
	}
	if _, err := ReplayRecord(r); err == nil || !strings.Contains(err.Error(), "running game") {
		t.Fatalf("replaying a running game's record: %v", err)
	}
}
