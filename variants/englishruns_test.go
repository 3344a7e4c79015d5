package variants_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// badMoves are moves a player may type that the rules refuse at some step of a turn: an action
// of every map's name with wrong or missing options, a square off every map, a spot no tile has,
// a move of the wrong step.
func badMoves(g *game.Game, e variants.Entry) []game.Move {
	p := g.Current
	out := []game.Move{
		{Kind: game.MovePlace, Player: p, Square: game.At(0, 0)},
		{Kind: game.MoveMeeple, Player: p, Spot: "field:XX"},
		{Kind: game.MoveMeeple, Player: p, Spot: "road:N", Piece: game.PieceBig},
		{Kind: game.MoveDraw, Player: p},
		{Kind: game.MovePass, Player: p},
		{Kind: game.MoveAction, Player: p, Action: &game.Action{Name: "no-such-action"}},
		{Kind: game.MovePlace, Player: (p + 1) % len(g.Players), Square: game.At(1, 1)},
	}
	junk := []map[string]string{nil, {"square": "ZZ99", "island": "green", "stack": "3", "wine": "red", "to": "moon", "pay": "gold 3", "chips": "x", "chip": "blue 9"},
		{"square": "A1", "island": "blue", "stack": "2", "wine": "blue", "to": "town", "pay": "blue 2 + blue 2", "chips": "purple 2 + blue 2 + orange 1"}}
	for _, spec := range e.Actions {
		for _, args := range junk {
			out = append(out, game.Move{Kind: game.MoveAction, Player: p, Action: &game.Action{Name: spec.Name, Args: args}})
		}
	}
	return out
}

// english checks that words read whole in English: every message of them is in the catalogues
// and every value they name is given (a template's missing value writes "<no value>").
func english(t *testing.T, where, text string) {
	t.Helper()
	if text == "" || strings.Contains(text, "<no value>") || strings.Contains(text, "[") {
		t.Errorf("%s: %q is not whole English", where, text)
	}
}

// TestEveryMapsWordsReadWholeInEnglish: on every map, through random games, each refusal (of
// the moves and actions a player may get wrong at every step), label, prompt, history sentence
// and score reason is a message of the catalogues, and its English, which logs and errors read,
// is whole. The English comes from en.toml: nothing else writes it.
func TestEveryMapsWordsReadWholeInEnglish(t *testing.T) {
	for _, e := range variants.All(true) {
		t.Run(e.ID, func(t *testing.T) {
			for seed := range uint64(3) {
				g, err := game.NewGame(e.Map, e.Variant, game.Setup{Players: []string{"ann", "bob", "cy"}, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				rng := game.NewRNG(seed + 100)
				for steps := 0; g.Phase != game.PhaseOver && steps < 400; steps++ {
					for _, bad := range badMoves(g, e) {
						c := g.Clone()
						err := c.Play(bad)
						if err == nil {
							continue
						}
						var me *game.MoveError
						if !errors.As(err, &me) || me.Words.IsZero() {
							t.Fatalf("%s, %+v: refused without a message: %v", e.ID, bad, err)
						}
						english(t, e.ID+" refusal", err.Error())
					}
					for _, a := range g.LegalActions() {
						if a.Words.IsZero() {
							t.Fatalf("%s: the action %s has no message", e.ID, a.Action)
						}
						english(t, e.ID+" label", a.Label)
					}
					if c := g.TurnState.Choice; c != nil {
						english(t, e.ID+" prompt", c.Prompt)
					}
					m, _ := g.RandomMove(&rng, nil)
					events, err := g.Apply(m)
					if err != nil {
						t.Fatalf("%s: %v", e.ID, err)
					}
					for _, ev := range events {
						if ev.Kind == game.EventVariant {
							english(t, e.ID+" note", ev.Text)
						}
					}
				}
				for _, l := range g.Log {
					if !l.Words.IsZero() {
						english(t, e.ID+" score", l.Text)
					}
				}
			}
		})
	}
}
