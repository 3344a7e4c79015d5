package ai

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

func lookup(id string) (game.MapRules, error) { return variants.Lookup(id) }

// ask sends one line and decodes the answer, which must be one JSON object.
func ask(t testing.TB, s *Session, line string) Answer {
	t.Helper()
	out := s.Line([]byte(line))
	var a Answer
	if err := json.Unmarshal(out, &a); err != nil || strings.Contains(string(out), "\n") {
		t.Fatalf("%s: the answer %q is not one JSON line: %v", line, out, err)
	}
	return a
}

func mustAsk(t testing.TB, s *Session, line string) Answer {
	t.Helper()
	a := ask(t, s, line)
	if !a.OK {
		t.Fatalf("%s: %s", line, a.Error)
	}
	return a
}

// driver is an external program's side of a served game: it owns the deal, with a stack order of
// its own that the served AI never sees, and plays the other seat with the easy AI.
type driver struct {
	g    *game.Game
	told int // discards already told
}

func newDriver(t *testing.T, mapID string, seed uint64) *driver {
	r, err := variants.Lookup(mapID)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.NewGame(r.Map, r.Variant, game.Setup{Players: []string{"ai", "rival"}, Seed: seed, Options: game.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	// The driver's own stack order: the served AI must follow it from the tiles it is told.
	rng := game.NewRNG(seed ^ 0xd41)
	rng.Shuffle(len(g.Deck), func(i, j int) { g.Deck[i], g.Deck[j] = g.Deck[j], g.Deck[i] })
	return &driver{g: g, told: len(g.Discarded)}
}

func (d *driver) tileLine() string {
	disc, _ := json.Marshal(d.g.Discarded[d.told:])
	d.told = len(d.g.Discarded)
	return fmt.Sprintf(`{"cmd":"tile","tile":%q,"discarded":%s}`, d.g.Drawn, disc)
}

// A whole 2-player game through the protocol: the driver tells each tile from its own stack
// order, sends the rival's moves and asks the AI to go; every move the AI answers is legal in
// the driver's game, and both end with the same scores.
func TestServeAWholeGameWithTheDriversDeal(t *testing.T) {
	d := newDriver(t, "classic", 9)
	s := &Session{Lookup: lookup}
	a := mustAsk(t, s, `{"cmd":"new","map":"classic","players":["ai","rival"],"seat":0,"level":"normal","seed":9}`)
	aiMoves := 0
	for n := 0; !d.g.Over(); n++ {
		if a.NeedTile {
			a = mustAsk(t, s, d.tileLine())
		}
		if d.g.Current == 0 {
			a = mustAsk(t, s, `{"cmd":"go","ms":300}`)
			if err := d.g.Play(*a.Move); err != nil {
				t.Fatalf("move %d: the AI answered %+v, illegal in the driver's game: %v", n, *a.Move, err)
			}
			aiMoves++
		} else {
			m, err := Choose(d.g, Easy, uint64(n))
			if err != nil {
				t.Fatal(err)
			}
			if err := d.g.Play(m); err != nil {
				t.Fatal(err)
			}
			line, _ := json.Marshal(Request{Cmd: "move", Move: &m})
			a = mustAsk(t, s, string(line))
		}
		if a.Over != d.g.Over() || *a.ToMove != d.g.Current && !a.Over {
			t.Fatalf("move %d: the session says to move %d (over %v), the driver %d (over %v)", n, *a.ToMove, a.Over, d.g.Current, d.g.Over())
		}
	}
	want := []int{d.g.Players[0].Score, d.g.Players[1].Score}
	if fmt.Sprint(a.Scores) != fmt.Sprint(want) || !a.Over || aiMoves < 30 {
		t.Fatalf("the session ends with %v (over %v) after %d AI moves, the driver with %v", a.Scores, a.Over, aiMoves, want)
	}
}

// Every bad line is answered with an error that names what was wrong, and changes nothing.
func TestServeRefusesBadLinesAndChangesNothing(t *testing.T) {
	s := &Session{Lookup: lookup}
	if a := ask(t, s, `{"cmd":"go","ms":100}`); a.OK || !strings.Contains(a.Error, "no game yet: start one with new") {
		t.Fatalf("go before new: %+v", a)
	}
	d := newDriver(t, "classic", 4)
	mustAsk(t, s, `{"cmd":"new","map":"classic","players":["ai","rival"],"seat":1,"level":"easy","seed":4}`)
	if a := ask(t, s, `{"cmd":"move","move":{"kind":"place","player":0,"square":"DK115","rotation":0}}`); a.OK || !strings.Contains(a.Error, "tell the tile ai drew first") {
		t.Fatalf("a move before its tile: %+v", a)
	}
	mustAsk(t, s, d.tileLine())
	p := d.g.LegalPlacements(d.g.Drawn)[0]
	for _, c := range []struct{ line, want string }{
		{`not json`, "not a request"},
		{`{"cmd":"state"} {"cmd":"go"}`, "more than one JSON value on the line"},
		{`{"cmd":"fly"}`, `cmd "fly" is not a request: use new, tile, move, go or state`},
		{`{"cmd":"state","colour":"red"}`, `unknown field "colour"`},
		{`{"cmd":"tile","tile":"Z9"}`, `"Z9" is not a tile id`},
		{`{"cmd":"tile","tile":"D"}`, "the tile of this turn is already told"},
		{`{"cmd":"go","ms":100}`, "it is not the AI's move (seat 0 to move, the AI is seat 1)"},
		{`{"cmd":"move"}`, `the request has no "move"`},
		{`{"cmd":"move","move":{"kind":"place","player":1,"square":"A1","rotation":0}}`, "seat 1 is the AI's: ask it with go"},
		{fmt.Sprintf(`{"cmd":"move","move":{"kind":"place","player":0,"square":"A1","rotation":%d}}`, p.Rotation.Degrees()), "move: refused"},
		{`{"cmd":"new","map":"atlantis","players":["a","b"],"seat":0,"level":"easy"}`, `map "atlantis"`},
		{`{"cmd":"new","map":"classic","players":["a","b"],"seat":2,"level":"easy"}`, `"seat" must be the AI's seat, 0 to 1`},
		{`{"cmd":"new","map":"classic","players":["a","b"],"seat":0,"level":"random"}`, `use easy, normal, hard or master`},
	} {
		before := s.g.Hash()
		a := ask(t, s, c.line)
		if a.OK || !strings.Contains(a.Error, c.want) {
			t.Errorf("%s: %+v, want an error with %q", c.line, a, c.want)
		}
		if s.g.Hash() != before {
			t.Errorf("%s: refused, yet the game changed", c.line)
		}
	}
	m := game.Move{Kind: game.MovePlace, Player: 0, Square: p.Square, Rotation: p.Rotation}
	line, _ := json.Marshal(Request{Cmd: "move", Move: &m})
	if a := mustAsk(t, s, string(line)); a.Phase == string(game.PhasePlace) {
		t.Fatalf("the legal placement left the phase at %s", a.Phase)
	}
}

// No line crashes the session, and a refused line never changes the game.
func FuzzServeLine(f *testing.F) {
	for _, seed := range []string{`{"cmd":"state"}`, `{"cmd":"tile","tile":"V","discarded":["A"]}`, `{"cmd":"go","ms":-5}`,
		`{"cmd":"move","move":{"kind":"meeple","player":0,"spot":"city:N"}}`, `{"cmd":"move","move":{"kind":"action","player":0,"action":{"name":"sell"}}}`,
		`{"cmd":"new","map":"france","players":["a","b","c"],"seat":2,"level":"hard","seed":1}`, `[1,2]`, `{"cmd":null}`, "\x00"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		s := &Session{Lookup: lookup}
		mustAsk(t, s, `{"cmd":"new","map":"classic","players":["ai","rival"],"seat":1,"level":"easy","seed":2}`)
		before := s.g.Hash()
		if a := ask(t, s, line); !a.OK && s.g.Hash() != before {
			t.Fatalf("%q was refused (%s) but changed the game", line, a.Error)
		}
	})
}
