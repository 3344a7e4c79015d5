package game_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// TestEndScoresTheGameAsTheLastResignationWould: the table's end of a game (MoveEnd, when no
// human is left to play) is the end the game has when all but one player resign: the final
// scoring of every unfinished feature, the drawn tile back in the stack; nothing is played
// after it.
func TestEndScoresTheGameAsTheLastResignationWould(t *testing.T) {
	for seed := range uint64(40) {
		g := played(t, tables[0].r, game.Setup{Players: []string{"ann", "bob", "cy"}, Seed: seed}, int(3+seed*3))
		if g.Over() {
			continue
		}
		resigned := g.Clone()
		for _, p := range []int{(g.Current + 1) % 3, (g.Current + 2) % 3} {
			if err := resigned.Play(game.Move{Kind: game.MoveResign, Player: p}); err != nil {
				t.Fatal(err)
			}
		}
		ended := g.Clone()
		if err := ended.Play(game.Move{Kind: game.MoveEnd, Player: g.Current}); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !ended.Over() {
			t.Fatalf("seed %d: the game goes on after its end", seed)
		}
		for p := range g.Players {
			if ended.Players[p].Score != resigned.Players[p].Score {
				t.Errorf("seed %d: seat %d ends with %d, the resignations give %d", seed, p, ended.Players[p].Score, resigned.Players[p].Score)
			}
		}
		if !slices.Equal(ended.Deck, resigned.Deck) {
			t.Errorf("seed %d: the stack after the end differs from the one after the resignations", seed)
		}
		if code := moveError(ended.Play(game.Move{Kind: game.MoveSkip, Player: ended.Current})); code != game.ErrGameOver {
			t.Errorf("seed %d: a move after the end is refused with %q", seed, code)
		}
		if code := moveError(g.Play(game.Move{Kind: game.MoveEnd, Player: (g.Current + 1) % 3})); code != game.ErrNotYourTurn {
			t.Errorf("seed %d: the end made for a seat not to move is refused with %q", seed, code)
		}
	}
}

// moveError is the code of a refused move ("" when it was not refused).
func moveError(err error) game.ErrorCode {
	var me *game.MoveError
	if errors.As(err, &me) {
		return me.Code
	}
	return ""
}
