package bot

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/render"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// tableAt plays a random France game through the command layer until turn n, when a tile waits to
// be placed.
func tableAt(t *testing.T, n int) *table.Table {
	t.Helper()
	stop := errors.New("stop")
	var at *table.Table
	_, err := commands.AutoGame("france", 3, 7, func(tb *table.Table, _ commands.Input, _ commands.Reply) error {
		if tb.Game != nil && tb.Game.Turn >= n && tb.Game.Phase == game.PhasePlace {
			at = tb
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) {
		t.Fatalf("the game did not reach turn %d: %v", n, err)
	}
	return at
}

// TestPictureKinds checks which picture each reply gets: the public turn post and the acting
// player's panel get the turn picture with the drawn tile's legal squares; a private look at the
// board without choices gets the whole map; the end gets the end picture.
func TestPictureKinds(t *testing.T) {
	mustPNG := func(b []byte, err error) []byte {
		t.Helper()
		if err != nil || len(b) == 0 {
			t.Fatalf("no picture: %v", err)
		}
		return b
	}
	tb := tableAt(t, 10)
	v := tb.Game.View(false)
	en := commands.WordsFor("en")
	legal := tb.Game.LegalPlacements(*v.Drawn)
	turn := mustPNG(render.PNG(v, render.Options{Kind: render.Turn, Markers: true, Legal: legal, Words: en}))
	bare := mustPNG(render.PNG(v, render.Options{Kind: render.Turn, Markers: true, Words: en}))
	full := mustPNG(render.PNG(v, render.Options{Kind: render.Full, Markers: true, Legal: legal, Words: en}))
	if bytes.Equal(turn, bare) {
		t.Fatal("the legal squares draw nothing on the turn picture")
	}
	panel := commands.Reply{Image: commands.BoardImage, Ephemeral: true, Select: &commands.Select{ID: "squares"}}
	for name, c := range map[string]struct {
		got  []byte
		want []byte
	}{
		"public turn post":   {mustPNG(Picture(tb, commands.Reply{Image: commands.BoardImage, Buttons: [][]commands.Button{{{ID: "play"}}}})), turn},
		"private turn panel": {mustPNG(Picture(tb, panel)), turn},
		"/carc board":        {mustPNG(Picture(tb, commands.Reply{Image: commands.BoardImage, Ephemeral: true})), full},
		"full board":         {mustPNG(FullBoard(tb)), full},
		"end":                {mustPNG(Picture(tb, commands.Reply{Image: commands.EndImage})), mustPNG(render.PNG(v, render.Options{Kind: render.End, Words: en}))},
	} {
		if !bytes.Equal(c.got, c.want) {
			t.Errorf("%s: not the expected picture", name)
		}
	}
}

// TestTilesPictureRevealsNothingHidden: the picture of /carc tiles is drawn from what every player
// can count. On every map, a game and its twin that differs only in what nobody has seen (the
// order of the stack, the face-down tiles of the piles on the map, which expansion tiles a random
// choice put in the game: game.Determinize deals them again) give the same picture, byte for
// byte, and the same text; the picture is the one of the counts.
func TestTilesPictureRevealsNothingHidden(t *testing.T) {
	for _, e := range variants.All(false) {
		id := e.ID
		t.Run(id, func(t *testing.T) {
			for _, n := range []int{1, 25, 60} {
				tb, err := commands.Position(id, 3, 9, n)
				if err != nil {
					t.Fatal(err)
				}
				rng := game.NewRNG(uint64(n))
				twin := *tb
				twin.Game = tb.Game.Determinize(&rng)
				if slices.Equal(twin.Game.Deck, tb.Game.Deck) {
					t.Fatalf("input %d: the twin's stack is the same: the test hides nothing", n)
				}
				reply := commands.Reply{Image: commands.TilesImage, Ephemeral: true}
				a, err := Picture(tb, reply)
				if err != nil || len(a) == 0 {
					t.Fatalf("no picture: %v", err)
				}
				b, err := Picture(&twin, reply)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(a, b) {
					t.Errorf("input %d: the twins' tiles pictures differ", n)
				}
				in := commands.Input{User: tb.Seats[0], Command: "carc", Sub: "tiles"}
				if ta, tb := commands.Handle(tb, in).Text, commands.Handle(&twin, in).Text; ta != tb {
					t.Errorf("input %d: the twins' tiles texts differ:\n%s\n%s", n, ta, tb)
				}
				stock := tileStock(commands.CountTilesLeft(tb))
				w := commands.WordsFor("en")
				stock.Title, stock.Words = w.T("pic_stock_title", map[string]any{"Map": w.MapTitle(tb.Entry()), "Turn": tb.Game.Turn}), w
				want, err := render.TilesPNG(stock)
				if err != nil || !bytes.Equal(a, want) {
					t.Errorf("input %d: the picture is not the one of the counts (%v)", n, err)
				}
			}
		})
	}
}

// TestAPictureIsDrawnInItsReplysLanguage: the board of a reply is drawn in the reply's language
// (Reply.Lang), the same picture render draws with that language's words.
func TestAPictureIsDrawnInItsReplysLanguage(t *testing.T) {
	tb := tableAt(t, 10)
	v := tb.Game.View(false)
	legal := tb.Game.LegalPlacements(*v.Drawn)
	reply := commands.Reply{Image: commands.BoardImage, Buttons: [][]commands.Button{{{ID: "play"}}}}
	pictures := map[string][]byte{}
	for _, code := range []string{"en", "fr", "zh-TW"} {
		reply.Lang = code
		got, err := Picture(tb, reply)
		if err != nil {
			t.Fatal(err)
		}
		want, err := render.PNG(v, render.Options{Kind: render.Turn, Markers: true, Legal: legal, Words: commands.WordsFor(code)})
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: not the picture of its words (%v)", code, err)
		}
		pictures[code] = got
	}
	if bytes.Equal(pictures["en"], pictures["fr"]) || bytes.Equal(pictures["fr"], pictures["zh-TW"]) {
		t.Error("the languages draw the same picture")
	}
}
