package greatbritain

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// IsleAction is the chip action that buys an extra turn: a meeple from supply goes to the Isle of
// Man (G5).
const IsleAction = "isle"

var isleOffer = []game.LegalAction{{Action: game.Action{Name: IsleAction}, Words: game.Say(idGreatbritainLabelIsle)}}

// noIsle is why no extra turn can be bought: the id of its message.
type noIsle struct{ id string }

// whyNoIsle says why the current player may not buy an extra turn now, or is "" (G5, G6, OQ-23,
// OQ-24). It reads only what every player sees: the step of the turn, the meeples in supply and
// the number of tiles left in the stack.
func whyNoIsle(g *game.Game) noIsle {
	p := g.Players[g.Current]
	switch {
	case g.ExtraTurn():
		return noIsle{idGreatbritainIsleExtraTurn}
	case g.TurnState.Actions[IsleAction] > 0:
		return noIsle{idGreatbritainIsleBought}
	case g.BuilderTileOwed():
		return noIsle{idGreatbritainIsleBuilderOwed}
	case g.BuilderTile() && FlagBuilderTileIsExtraTurn.On(g.Opts):
		return noIsle{idGreatbritainIsleBuilderTile}
	case p.Meeples == 0:
		return noIsle{idGreatbritainIsleNoMeeple}
	case g.Phase != game.PhaseDecide:
		return noIsle{idGreatbritainIsleNotOver}
	case len(g.Deck) == 0:
		return noIsle{idGreatbritainIsleStackEmpty}
	}
	return noIsle{}
}

// EndTurn keeps the player, once their normal turn is scored, for the offer of an extra turn when
// they may buy one (G5). A missed deadline buys nothing.
func (Variant) EndTurn(g *game.Game) bool { return whyNoIsle(g) == (noIsle{}) }

// Actions lists the sets the new chip completes while its player chooses (G10), or the extra turn
// after a normal turn (G5).
func (Variant) Actions(g *game.Game) []game.LegalAction {
	if c := st(g).Pending; c != nil {
		sets := setsWith(g.Players[g.Current].Chips, *c)
		out := make([]game.LegalAction, len(sets))
		for i, s := range sets {
			out[i] = game.LegalAction{Action: setAction(s)}
			if g.Tells() {
				out[i].Words = game.Say(idGreatbritainLabelSet, "Chips", s.chips())
			}
		}
		return out
	}
	if whyNoIsle(g) == (noIsle{}) {
		return isleOffer
	}
	return nil
}

// CanAct reports whether a set waits to be chosen or an extra turn may be bought.
func (Variant) CanAct(g *game.Game) bool { return st(g).Pending != nil || whyNoIsle(g) == (noIsle{}) }

// Act chooses the set a new chip completes, or buys the extra turn. It checks everything before
// it changes anything.
func (Variant) Act(g *game.Game, a game.Action) error {
	switch a.Name {
	case SetAction:
		return chooseSet(g, a)
	case IsleAction:
		return buyExtraTurn(g)
	}
	return game.RefuseAction(nil, game.Say(idGreatbritainNoSuchAction, "Value", game.Echo(a.Name)))
}

func buyExtraTurn(g *game.Game) error {
	if why := whyNoIsle(g); why != (noIsle{}) {
		return game.RefuseAction(nil, game.Say(idGreatbritainIsleRefused, "Why", game.Say(why.id)))
	}
	p, s := g.Current, st(g)
	g.Players[p].Meeples--
	s.Isle[p]++
	if g.Tells() {
		g.Note(game.NoSquare, game.Say(idGreatbritainIsle, "Player", msg.Player(g.Players[p].Name)))
	}
	g.GrantExtraTurn()
	return nil
}

func chooseSet(g *game.Game, a game.Action) error {
	s := st(g)
	if s.Pending == nil {
		return game.RefuseAction(nil, game.Say(idGreatbritainNoSet))
	}
	sets := setsWith(g.Players[g.Current].Chips, *s.Pending)
	names := make([]string, len(sets))
	for i, set := range sets {
		names[i] = set.String()
	}
	want, ok := parseSet(a.Args["chips"])
	if !ok {
		return game.RefuseAction(names, game.Say(idGreatbritainWhichSet, "Value", game.Echo(a.Args["chips"])))
	}
	for _, set := range sets {
		if set == want {
			s.Pending = nil
			resolve(g, set)
			return nil
		}
	}
	return game.RefuseAction(names, game.Say(idGreatbritainNotASet, "Chip", game.ChipValue(*s.Pending), "Chips", want.chips()))

}
