package commands

import (
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// The game's page plays a turn with the same choices as autocomplete and the turn message's
// buttons offer, read from here, and sends it as the commands they would type (PagePlace), so that
// a turn played on the page is the turn typed.

// PageSquare is a legal square of the drawn tile as the page offers it: its legal rotations, in
// the order the page turns the tile through them, and what lies around it.
type PageSquare struct {
	Square    string   `json:"square"`
	Rotations []string `json:"rotations"`
	Note      string   `json:"note"`
}

// PageSquares are the drawn tile's legal squares (the engine's own list, as autocomplete offers
// them: nearest to the last move first), or none when the turn is not at its placement.
func PageSquares(p *lang.Printer, t *table.Table) []PageSquare {
	if t == nil || t.Game == nil || t.Status != table.Playing || t.Game.Phase != game.PhasePlace || t.Game.TurnState.Choice != nil {
		return nil
	}
	g := t.Game
	rots := map[string][]string{}
	for _, pl := range g.LegalPlacements(g.Drawn) {
		rots[pl.Square.String()] = append(rots[pl.Square.String()], pl.Rotation.String())
	}
	var out []PageSquare
	for _, c := range squareChoices(p, t) {
		sq, _ := game.ParseSquare(c.Value)
		out = append(out, PageSquare{Square: c.Value, Rotations: rots[c.Value], Note: squareNote(p, g, sq)})
	}
	return out
}

// PagePlacement is what the page shows of one placement before it is confirmed: what it extends
// or completes, the meeple spots and other pieces it allows (numbered as the pictures' markers),
// and the chip actions open right after it.
type PagePlacement struct {
	Square   string   `json:"square"`
	Rotation string   `json:"rotation"`
	Describe string   `json:"describe"`
	Spots    []Choice `json:"spots"`
	Chips    []Choice `json:"chips"`
	// After is the game after the placement (a face-down chip it would collect taken off
	// unturned, as autocomplete does), for its picture with the spots' markers. Only what the
	// redacted view of it shows may be shown.
	After *game.Game `json:"-"`
}

// PageAfter reads a placement of the drawn tile the page asks about: a legal one, or an error
// saying what would be legal, as /place says it.
func PageAfter(p *lang.Printer, t *table.Table, square, rotation string) (PagePlacement, error) {
	if len(PageSquares(p, t)) == 0 {
		return PagePlacement{}, phaseError(t)
	}
	g := t.Game
	sq, err := readSquare(t, square)
	if err != nil {
		return PagePlacement{}, refusal("play_place_bad_square", lang.A{"Why": err, "Tile": g.Drawn.String(), "Squares": legalSquares(g)})
	}
	rot, err := readRotation(t, rotation)
	if err != nil {
		return PagePlacement{}, err
	}
	if err := g.CheckPlacement(g.Drawn, sq, rot); err != nil {
		return PagePlacement{}, err
	}
	after := g.Clone()
	// As autocomplete: a preview never turns a face-down chip over.
	if i, ok := after.ChipOn(sq); ok && !after.MapChips[i].FaceUp {
		after.TakeChip(i)
	}
	if err := after.Play(game.Move{Kind: game.MovePlace, Player: g.Current, Square: sq, Rotation: rot}); err != nil {
		return PagePlacement{}, err
	}
	out := PagePlacement{Square: sq.String(), Rotation: rot.String(), After: after,
		Describe: describePlacement(p, g, game.Placement{Square: sq, Rotation: rot})}
	// As /place's meeple: and chips: options complete: none alone where no spot is left, and no
	// chip action once the turn went on without the player (nothing left to choose in it).
	out.Spots = pieceChoices(p, after, "")
	if after.Current == g.Current && after.Phase != game.PhaseOver {
		out.Chips = actionChoices(p, after)
	}
	return out, nil
}

// PageKeepsTurnOpen tells whether a turn placed from the page stops after its meeple: the map has
// chip actions after the meeple (an upgrade before the scoring, the Isle of Man after it), which
// the page then offers as the turn message's buttons. Elsewhere the page's /place is the whole
// turn, meeple included.
func PageKeepsTurnOpen(t *table.Table) bool {
	return slices.ContainsFunc(t.Entry().Actions, func(a game.ActionSpec) bool {
		return a.Step == game.StepFinish || a.Step == game.StepDecide
	})
}

// PageButtons are the buttons (and the menu, when they do not fit) the turn message offers the
// player for the step the turn is at, which the page offers alike where it does not play the
// step by touch (the tile's source, a choice the map asks for first, the steps after the meeple).
func PageButtons(p *lang.Printer, t *table.Table) ([][]Button, *Select) {
	return turnComponents(p, t)
}
