package commands

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"/place square:F7 rotation:90 meeple:city:N", `/carc new map:france rules:"a=b, c=d"`,
		"/chips sell wine:orange to:abroad", "/", `/x "unclosed`, "/place square:", "/place a:b a:c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		in, err := ParseCommand(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty error message")
			}
			return
		}
		// What parses must run without panicking, with or without a table.
		in.User = table.User{ID: "u", Name: "u"}
		r := Handle(nil, in)
		if r.Text == "" {
			t.Fatalf("no reply to %q", s)
		}
	})
}

func FuzzParseSpotAndAction(f *testing.F) {
	for _, s := range []string{"city:N", "road:e", "field:NL", "field:inner", "cloister", "none", "city:", ":", "field:XX", "sell wine:orange to:abroad"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if spot, err := ParseSpot(s); err == nil {
			if again, err := ParseSpot(spot); err != nil || again != spot {
				t.Fatalf("spot %q normalises to %q, which reads back as %q, %v", s, spot, again, err)
			}
		}
		_, _ = parseAction(s)
		if sq, err := game.ParseSquare(s); err == nil {
			if back, err := game.ParseSquare(sq.String()); err != nil || back != sq {
				t.Fatalf("square %q round-trips to %v", s, back)
			}
		}
		_, _ = game.ParseRotation(s)
	})
}

// FuzzReadSpot reads meeple spots as typed in the meeple step: a number is one of the tile's
// spots on the board or refused naming them, and a name reads as parseSpot reads it.
func FuzzReadSpot(f *testing.F) {
	for _, s := range []string{"1", "3", "4", "0", "#2", " 2 ", "02", "-1", "1.5", "city:N", "none", "99999999999999999999"} {
		f.Add(s)
	}
	alice, bob := table.User{ID: "alice", Name: "alice"}, table.User{ID: "bob", Name: "bob"}
	tbl := Handle(nil, Input{User: alice, Command: "carc", Sub: "new", Local: true, Options: map[string]string{"map": "practice"}}).Table
	tbl = Handle(tbl, Input{User: bob, Command: "carc", Sub: "join", Local: true}).Table
	var d, u game.TileID
	if d.UnmarshalText([]byte("D")) != nil || u.UnmarshalText([]byte("U")) != nil {
		f.Fatal("tiles D and U")
	}
	tbl, _, err := table.Apply(tbl, "script", table.FixSetup(game.Setup{Starts: []game.StartTile{{Start: "Centre", Tile: d}}, DeckTop: []game.TileID{u}}))
	if err != nil {
		f.Fatal(err)
	}
	tbl = Handle(tbl, Input{User: alice, Command: "carc", Sub: "start", Local: true}).Table
	r := Handle(tbl, Input{User: alice, Command: "place", Local: true, Options: map[string]string{"square": "I8", "rotation": "0"}})
	if !r.OK {
		f.Fatal(r.Text)
	}
	g := r.Table.Game
	spots := g.MeepleSpots()
	f.Fuzz(func(t *testing.T, s string) {
		spot, err := readSpot(g, s)
		n, numbered := spotNumber(s)
		switch {
		case numbered && err == nil && spot != spots[n-1]:
			t.Fatalf("spot %q read as %q, the board's number %d is %q", s, spot, n, spots[n-1])
		case numbered && err != nil && (n >= 1 && n <= len(spots) || !strings.Contains(err.Error(), "1 = "+spots[0])):
			t.Fatalf("spot %q refused: %v", s, err)
		case !numbered:
			want, werr := ParseSpot(s)
			if spot != want || (err == nil) != (werr == nil) {
				t.Fatalf("spot %q read as %q, %v; parseSpot says %q, %v", s, spot, err, want, werr)
			}
		}
	})
}
