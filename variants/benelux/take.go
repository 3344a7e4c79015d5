package benelux

import (
	"strconv"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// IslandAction is the chip action that takes an island tile: island island:purple stack:1.
const IslandAction = "island"

// takeAction is the action that takes the top tile of stack i.
func takeAction(i int) game.Action {
	return game.Action{Name: IslandAction, Args: map[string]string{"island": islands[i/2].Color, "stack": strconv.Itoa(i%2 + 1)}}
}

// payment is the chip the current player hands in for a tile of island isl, if they hold one: a
// chip of the island's colour (B9, B10; OQ-26), or, when the islands are not colour-locked (flag
// beneluxIslandColourLocked), any chip, one of the island's colour first. Of several, the one
// collected first: chips count nothing once scored, so which one goes makes no difference.
func payment(g *game.Game, isl int, locked bool) (game.Chip, bool) {
	hand := g.Players[g.Current].Chips
	for _, c := range hand {
		if c.Color == islands[isl].Color {
			return c, true
		}
	}
	if len(hand) > 0 && !locked {
		return hand[0], true
	}
	return game.Chip{}, false
}

// colourLocked reads the flag once per question: the options do not change during a game.
func colourLocked(g *game.Game) bool { return FlagIslandColourLocked.On(g.Opts) }

// takeable reports whether the current player could take the top tile of stack i at the start of
// their turn, before drawing (the callers see to the moment): while the face-down stack lasts (B9,
// B16), holding a chip to pay with (B11: the chips held at the start of the turn, the only ones
// there are before the placement), from a stack with a tile whose face-up top fits somewhere on
// the map (B13, OQ-27). Everything it looks at is public.
func takeable(g *game.Game, i int, locked bool) bool {
	s := st(g)
	if len(g.Deck) == 0 || !s.faceUp(i) {
		return false
	}
	if _, ok := payment(g, i/2, locked); !ok {
		return false
	}
	top, _ := s.top(i)
	return g.CanPlace(top)
}

// ChoosesSource starts the turn with the choice between drawing and an island tile when (and only
// when) the player could take an island tile (B9). The engine asks it as the turn begins.
func (v Variant) ChoosesSource(g *game.Game) bool {
	if len(g.Players[g.Current].Chips) == 0 {
		return false
	}
	locked := colourLocked(g)
	for i := range st(g).Stacks {
		if takeable(g, i, locked) {
			return true
		}
	}
	return false
}

// CanAct reports whether the player may take an island tile now.
func (v Variant) CanAct(g *game.Game) bool {
	return g.Phase == game.PhaseSource && g.TurnState.Choice == nil && v.ChoosesSource(g)
}

// Actions lists the island tiles the current player may take now, island by island.
func (Variant) Actions(g *game.Game) []game.LegalAction {
	var out []game.LegalAction
	for _, i := range offered(g) {
		a := game.LegalAction{Action: takeAction(i)}
		if g.Tells() {
			top, _ := st(g).top(i)
			pay, _ := payment(g, i/2, colourLocked(g))
			a.Words = game.Say(idBeneluxLabelTake, "Tile", top, "Stack", stackWords(i), "Colour", msg.Colour(pay.Color))
		}
		out = append(out, a)
	}
	return out
}

// offered lists the stacks whose top tile the current player may take now.
func offered(g *game.Game) []int {
	if g.Phase != game.PhaseSource || g.TurnState.Choice != nil || len(g.Players[g.Current].Chips) == 0 {
		return nil
	}
	var out []int
	locked := colourLocked(g)
	for i := range st(g).Stacks {
		if takeable(g, i, locked) {
			out = append(out, i)
		}
	}
	return out
}

// Act takes an island tile: the chip leaves the game, the tile is the one to place this turn, and
// the stack's next tile stays face down until the end of the turn (B9, B10).
func (v Variant) Act(g *game.Game, a game.Action) error {
	if a.Name != IslandAction {
		return game.RefuseAction(nil, game.Say(idBeneluxNoSuchAction, "Value", game.Echo(a.Name)))
	}
	if g.Phase != game.PhaseSource {
		return game.RefuseAction(nil, notNow(g))
	}
	// What is open now is listed only with a refusal: the island tiles of random playouts are
	// taken far more often than refused.
	no := func(w game.Words) error { return game.RefuseAction(v.legalNames(g), w) }
	isl, ok := islandOf(a.Args["island"])
	if !ok {
		return no(game.Say(idBeneluxWhichIsland, "Value", game.Echo(a.Args["island"])))
	}
	s := st(g)
	i, why := whichStack(s, isl, a.Args["stack"])
	if !why.IsZero() {
		return no(why)
	}
	pay, ok := payment(g, isl, colourLocked(g))
	if !ok {
		return no(game.Say(noChip[islands[isl].Color], "Island", msg.Place(islands[isl].Name), "Hand", game.ChipsValue(g.Players[g.Current].Chips)))
	}
	top, _ := s.top(i)
	if !g.CanPlace(top) {
		return no(game.Say(idBeneluxFitsNowhere, "Stack", stackWords(i), "Tile", top))
	}
	if err := g.SpendChips(g.Current, []game.Chip{pay}); err != nil {
		return err // payment chose a chip of the hand: nothing to refuse
	}
	s.Stacks[i] = s.Stacks[i][:len(s.Stacks[i])-1]
	s.Taken = i + 1
	if g.Tells() {
		noteTaken(g, i, top, pay)
	}
	g.SetDrawn(top)
	return nil
}

// noteTaken tells of the island tile top taken from stack i for chip pay.
func noteTaken(g *game.Game, i int, top game.TileID, pay game.Chip) {
	s := st(g)
	took := game.Say(idBeneluxTook, "Player", msg.Player(g.Players[g.Current].Name), "Tile", top, "Stack", stackWords(i), "Colour", msg.Colour(pay.Color), "Value", msg.Count(pay.Value), "Count", msg.Count(len(s.Stacks[i])))
	if len(s.Stacks[i]) == 0 {
		took = game.Say(idBeneluxTookLast, "Player", msg.Player(g.Players[g.Current].Name), "Tile", top, "Stack", stackWords(i), "Colour", msg.Colour(pay.Color), "Value", msg.Count(pay.Value))
	}
	g.Note(stackSquare(i), took)
}

// noChip refuses an island tile to a player without a chip of the island's colour, by the colour.
var noChip = map[string]string{game.Purple: idBeneluxNoChipPurple, game.Blue: idBeneluxNoChipBlue, game.Orange: idBeneluxNoChipOrange}

// whichStack reads the stack option for island isl: 1 or 2, or left out for the first stack that
// has a tile. It says why not, or is zero.
func whichStack(s *state, isl int, text string) (int, game.Words) {
	name := islands[isl].Name
	if len(s.Stacks[2*isl]) == 0 && len(s.Stacks[2*isl+1]) == 0 {
		return -1, game.Say(idBeneluxBothEmpty, "Island", msg.Place(name), "Colour", msg.Colour(islands[isl].Color))
	}
	if text == "" {
		if len(s.Stacks[2*isl]) > 0 {
			return 2 * isl, game.Words{}
		}
		return 2*isl + 1, game.Words{}
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 1 || n > 2 {
		return -1, game.Say(idBeneluxNoSuchStack, "Value", game.Echo(text), "Island", msg.Place(name))
	}
	i := 2*isl + n - 1
	if len(s.Stacks[i]) == 0 {
		return -1, game.Say(idBeneluxStackEmpty, "Stack", stackWords(i))
	}
	return i, game.Words{}
}

// notNow says why no island tile can be taken in this step of the turn.
func notNow(g *game.Game) game.Words {
	switch {
	case g.Phase == game.PhasePlace && g.TurnState.Actions[IslandAction] > 0:
		return game.Say(idBeneluxTakenAlready, "Tile", g.Drawn)
	case g.Phase == game.PhasePlace:
		return game.Say(idBeneluxDrawnAlready, "Tile", g.Drawn)
	}
	return game.Say(idBeneluxPlacedAlready)
}

// legalNames are the island actions open now, as players type them.
func (v Variant) legalNames(g *game.Game) []string {
	var out []string
	for _, a := range v.Actions(g) {
		out = append(out, a.Action.String())
	}
	return out
}
