package commands

import (
	"slices"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// hintTable is a mid-game table of map id with hints as given.
func hintTable(t *testing.T, id string, seed uint64, n int, hints bool) *table.Table {
	t.Helper()
	tbl, err := Position(id, 2, seed, n)
	if err != nil {
		t.Fatal(err)
	}
	tbl.Settings.Hints = hints
	return tbl
}

// /turn hint answers only the player whose turn it is, privately, and only at a table opened with
// hints:true; everyone else is told why not. It changes nothing.
func TestAHintIsOnlyForThePlayerToMoveAtATableWithHints(t *testing.T) {
	on := hintTable(t, "france", 3, 12, true)
	off := hintTable(t, "france", 3, 12, false)
	mover, other := on.Seats[on.Game.Current], on.Seats[1-on.Game.Current]
	lobby := Handle(nil, Input{User: mover, Command: "carc", Sub: "new", Local: true, Options: map[string]string{"hints": "true"}}).Table
	for _, c := range []struct {
		name  string
		table *table.Table
		user  table.User
		want  string
	}{
		{"the player to move", on, mover, "Hint, for you only (the normal AI, from what you can see): /place square:"},
		{"hints off", off, mover, "Hints are off at this table: a table allows them when it opens, with /carc new hints:true"},
		{"not their turn", on, other, "It is " + mover.Name + "'s turn: a hint is only for the player whose turn it is."},
		{"not a player", on, table.User{ID: "eve", Name: "eve"}, "You are not playing in this game, so there is no hint for you."},
		{"no game yet", lobby, mover, "No game is running here (lobby)"},
	} {
		before := mustHash(t, c.table)
		r := Handle(c.table, Input{User: c.user, Command: "turn", Sub: "hint", Local: true})
		if !strings.Contains(r.Text, c.want) {
			t.Errorf("%s: %q, want %q", c.name, r.Text, c.want)
		}
		if r.OK != (c.name == "the player to move") || !r.Ephemeral || r.Changed || mustHash(t, r.Table) != before {
			t.Errorf("%s: ok %v, ephemeral %v, changed %v (the table must stay as it was)", c.name, r.OK, r.Ephemeral, r.Changed)
		}
	}
	if r := Handle(on, Input{User: mover, Command: "turn", Sub: "hint", Local: true}); !strings.Contains(r.Text, "Why: this turn scores") ||
		!strings.Contains(r.Text, "sampled deals of the tiles still unseen") {
		t.Errorf("the hint does not say why: %s", r.Text)
	}
}

// The table options: hints:true|false, and a clear refusal of anything else.
func TestHintsIsATableOption(t *testing.T) {
	u := table.User{ID: "1", Name: "ann"}
	r := Handle(nil, Input{User: u, Command: "carc", Sub: "new", Local: true, Options: map[string]string{"hints": "true"}})
	if !r.OK || !r.Table.Settings.Hints || !strings.Contains(settingsText(en, r.Table), "hints: on") {
		t.Fatalf("hints:true: %s", r.Text)
	}
	r = Handle(r.Table, Input{User: u, Command: "table", Sub: "settings", Local: true, Options: map[string]string{"hints": "false"}})
	if !r.OK || r.Table.Settings.Hints {
		t.Fatalf("settings hints:false: %s", r.Text)
	}
	if r := Handle(nil, Input{User: u, Command: "carc", Sub: "new", Local: true, Options: map[string]string{"hints": "maybe"}}); r.OK ||
		!strings.Contains(r.Text, ":maybe: use true (the player to move may ask /turn hint") {
		t.Fatalf("hints:maybe: %s", r.Text)
	}
}

// The hint is the player's own command: typed as shown, it plays the turn, on every map.
func TestTheHintPlaysAsWritten(t *testing.T) {
	whole := 0
	for _, e := range variants.All(false) {
		for seed := uint64(1); seed <= 6; seed++ {
			tbl := hintTable(t, e.ID, seed, 4+int(seed)*7, true)
			user := tbl.Seats[tbl.Game.Current]
			r := Handle(tbl, Input{User: user, Command: "turn", Sub: "hint", Local: true})
			if !r.OK {
				t.Fatalf("%s seed %d: %s", e.ID, seed, r.Text)
			}
			first, _, _ := strings.Cut(r.Text, "\n")
			_, commands, _ := strings.Cut(first, "): ")
			for _, line := range strings.Split(commands, " then ") {
				in, err := ParseCommand(line)
				if err != nil {
					t.Fatalf("%s seed %d: the hint %q does not parse: %v", e.ID, seed, line, err)
				}
				in.User, in.Local = user, true
				played := Handle(tbl, in)
				if !played.OK || played.Refused != "" {
					t.Fatalf("%s seed %d: the hint %q is refused: %s%s", e.ID, seed, line, played.Text, played.Refused)
				}
				tbl = played.Table
			}
			if strings.Contains(r.Text, "ask again") || strings.Contains(r.Text, "Ask again") {
				continue
			}
			if tbl.Status == table.Playing && tbl.Game.Current == slices.Index(tbl.Seats, user) && tbl.Game.Phase != game.PhasePlace {
				t.Errorf("%s seed %d: after the hint %q the turn waits in %s", e.ID, seed, commands, tbl.Game.Phase)
			}
			whole++
		}
	}
	if whole < 12 {
		t.Errorf("only %d hints played a whole turn: the test checks too little", whole)
	}
}

// The hint is fair: twin tables that differ only in the order of the hidden stack and the
// face-down chips' values get the same hint, on every map.
func TestTheHintDependsOnlyOnWhatThePlayerSees(t *testing.T) {
	for _, e := range variants.All(true) {
		tbl := hintTable(t, e.ID, 5, 20, true)
		user := tbl.Seats[tbl.Game.Current]
		want := Handle(tbl, Input{User: user, Command: "turn", Sub: "hint", Local: true}).Text
		for i := range 5 {
			twin := tbl.Clone()
			g := twin.Game
			rng := game.NewRNG(uint64(i + 1))
			rng.Shuffle(len(g.Deck), func(a, b int) { g.Deck[a], g.Deck[b] = g.Deck[b], g.Deck[a] })
			var down []int
			for j := range g.MapChips {
				if !g.MapChips[j].FaceUp {
					down = append(down, j)
				}
			}
			rng.Shuffle(len(down), func(a, b int) {
				g.MapChips[down[a]].Chip, g.MapChips[down[b]].Chip = g.MapChips[down[b]].Chip, g.MapChips[down[a]].Chip
			})
			if slices.Equal(g.Deck, tbl.Game.Deck) && len(g.Deck) > 1 {
				t.Fatalf("%s: the twin's stack is the same", e.ID)
			}
			if got := Handle(twin, Input{User: user, Command: "turn", Sub: "hint", Local: true}).Text; got != want {
				t.Fatalf("%s: the hint depends on the hidden stack or chips:\n%s\n%s", e.ID, want, got)
			}
		}
	}
}
