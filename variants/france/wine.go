package france

import (
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// Points of a sale (F7, F8).
const (
	AbroadPoints = 5
	TownPoints   = 9
)

// Actions lists the sales open to the current player (F6-F9).
func (v Variant) Actions(g *game.Game) []game.LegalAction {
	if g.Phase != game.PhaseMeeple || g.TurnState.Actions["sell"] > 0 || noSaleOnBuilderTile(g) {
		return nil
	}
	hand := g.Players[g.Current].Chips
	if len(hand) == 0 {
		return nil
	}
	var out []game.LegalAction
	for _, target := range []string{"abroad", "town"} {
		for _, color := range game.ChipColors() {
			if ones, twos := count(hand, color); twos == 0 && ones < 2 {
				continue
			}
			if verdict, _ := v.judge(g, target, color); verdict != allowed {
				continue
			}
			for _, pay := range payments(hand, color) {
				args := map[string]string{"wine": color, "to": target, "pay": payName(pay)}
				a := game.LegalAction{Action: game.Action{Name: "sell", Args: args}, Points: AbroadPoints}
				if target == "town" {
					a.Points = TownPoints
				}
				if g.Tells() {
					a.Words = saleLabel(g, target, color, pay)
				}
				out = append(out, a)
			}
		}
	}
	return out
}

// saleLabel names the sale of color wine to target paid with pay, for a button and a list.
func saleLabel(g *game.Game, target, color string, pay []game.Chip) game.Words {
	if target == "town" {
		return game.Say(idFranceLabelTown, "Color", msg.Colour(color), "Chips", game.ChipsValue(pay), "Town", msg.Place(townName(g)), "Points", msg.Count(TownPoints))
	}
	return game.Say(idFranceLabelAbroad, "Color", msg.Colour(color), "Chips", game.ChipsValue(pay), "Points", msg.Count(AbroadPoints))
}

// CanAct reports whether a sale is open, without building the list of sales. Most placements
// qualify for no sale at all, so that is checked before the hand.
func (v Variant) CanAct(g *game.Game) bool {
	if g.Phase != game.PhaseMeeple || g.TurnState.Actions["sell"] > 0 || noSaleOnBuilderTile(g) {
		return false
	}
	abroad, _ := v.judge(g, "abroad", "")
	info := g.Map.Info(g.TurnState.Placed)
	townColor := ""
	if info.Town >= 0 {
		townColor = g.Map.Towns[info.Town].Color
	}
	if abroad != allowed && townColor == "" {
		return false
	}
	hand := g.Players[g.Current].Chips
	for _, color := range game.ChipColors() {
		if ones, twos := count(hand, color); (twos > 0 || ones >= 2) && (abroad == allowed || color == townColor) {
			return true
		}
	}
	return false
}

// noSaleOnBuilderTile reports whether the tile just placed is a builder's second tile at a table
// where only the first tile of a turn sells (FlagSaleOnBuilderTile).
func noSaleOnBuilderTile(g *game.Game) bool {
	return g.BuilderTile() && !FlagSaleOnBuilderTile.On(g.Opts)
}

// Act sells one wine.
func (v Variant) Act(g *game.Game, a game.Action) error {
	if a.Name != "sell" {
		return game.RefuseAction(nil, game.Say(idFranceNoSuchAction, "Value", game.Echo(a.Name)))
	}
	if g.Phase != game.PhaseMeeple {
		return game.RefuseAction(nil, game.Say(idFranceNotNow))
	}
	if g.TurnState.Actions["sell"] > 0 {
		return game.RefuseAction(nil, game.Say(idFranceSoldAlready))
	}
	if noSaleOnBuilderTile(g) {
		return game.RefuseAction(nil, game.Say(idFranceBuilderTile))
	}
	color, err := game.ParseColor(a.Args["wine"])
	if err != nil {
		return game.RefuseAction(nil, game.Say(idFranceWhichWine, "Value", game.Echo(a.Args["wine"])))
	}
	target := strings.ToLower(a.Args["to"])
	if target != "abroad" && target != "town" {
		return game.RefuseAction(nil, game.Say(idFranceSellWhere, "Value", game.Echo(a.Args["to"])))
	}
	if err := v.qualifies(g, target, color); err != nil {
		return err
	}
	p := g.Current
	hand := g.Players[p].Chips
	options := payments(hand, color)
	if len(options) == 0 {
		return game.RefuseAction(nil, game.Say(idFranceNoWine, "Color", msg.Colour(color), "Hand", game.ChipsValue(hand)))
	}
	pay := options[0]
	if want, ok := a.Args["pay"]; ok && want != "" {
		found := false
		for _, o := range options {
			if payName(o) == strings.ReplaceAll(want, " ", "") {
				pay, found = o, true
			}
		}
		if !found {
			var names []string
			for _, o := range options {
				names = append(names, payName(o))
			}
			return game.RefuseAction(nil, game.Say(idFranceCannotPay, "Value", game.Echo(want), "Color", msg.Colour(color), "Options", strings.Join(names, ", ")))
		}
	}
	if err := g.SpendChips(p, pay); err != nil {
		return err
	}
	pts := AbroadPoints
	if target == "town" {
		pts = TownPoints
	}
	if !g.Tells() {
		g.AddScore(p, pts, "wine", game.Words{})
		return nil
	}
	name, chips := msg.Player(g.Players[p].Name), game.ChipsValue(pay)
	note := game.Say(idFranceSoldAbroad, "Player", name, "Color", msg.Colour(color), "Chips", chips)
	reason := game.Say(idFranceScoreAbroad, "Color", msg.Colour(color), "Points", msg.Count(pts))
	if target == "town" {
		note = game.Say(idFranceSoldTown, "Player", name, "Color", msg.Colour(color), "Chips", chips, "Town", msg.Place(townName(g)))
		reason = game.Say(idFranceScoreTown, "Color", msg.Colour(color), "Town", msg.Place(townName(g)), "Points", msg.Count(pts))
	}
	g.Note(g.TurnState.Placed, note)
	g.AddScore(p, pts, "wine", reason)
	return nil
}

// verdict is whether the tile placed this turn allows a sale, and if not, why.
type verdict int

const (
	allowed verdict = iota
	noBorderConnection
	borderCityWithoutArms
	noTown
	townWithoutGrapes
	otherGrapes
)

// judge decides whether the tile placed this turn allows a sale of color to target (F7, F8). It is
// cheap: Actions asks it for every colour on every placement.
func (Variant) judge(g *game.Game, target, color string) (verdict, game.Town) {
	info := g.Map.Info(g.TurnState.Placed)
	if target == "abroad" {
		needArms := FlagBorderCityNeedsArms.On(g.Opts)
		plainCity := false
		for d := game.Dir(0); d < 4; d++ {
			switch {
			case info.Sides[d] != game.SideBorder:
			case info.Border[d] == game.BorderRoad:
				return allowed, game.Town{}
			case info.Border[d] == game.BorderCity && (info.BorderArms[d] || !needArms):
				return allowed, game.Town{}
			case info.Border[d] == game.BorderCity:
				plainCity = true
			}
		}
		if plainCity {
			return borderCityWithoutArms, game.Town{}
		}
		return noBorderConnection, game.Town{}
	}
	if info.Town < 0 {
		return noTown, game.Town{}
	}
	town := g.Map.Towns[info.Town]
	switch town.Color {
	case "":
		return townWithoutGrapes, town
	case color:
		return allowed, town
	}
	return otherGrapes, town
}

// qualifies explains why the tile placed this turn allows no sale of color to target, or is nil.
func (v Variant) qualifies(g *game.Game, target, color string) error {
	sq := g.TurnState.Placed
	verdict, town := v.judge(g, target, color)
	switch verdict {
	case borderCityWithoutArms:
		return game.RefuseAction(nil, game.Say(idFranceBorderCityNoArms, "Square", sq))
	case noBorderConnection:
		return game.RefuseAction(nil, game.Say(idFranceNoBorder, "Square", sq))
	case noTown:
		return game.RefuseAction(nil, game.Say(idFranceNoTown, "Square", sq))
	case townWithoutGrapes:
		return game.RefuseAction(nil, game.Say(idFranceTownNoGrapes, "Town", msg.Place(town.Name), "Square", sq))
	case otherGrapes:
		return game.RefuseAction(nil, game.Say(idFranceOtherGrapes, "Town", msg.Place(town.Name), "Square", sq, "Grapes", msg.Colour(town.Color), "Color", msg.Colour(color)))
	}
	return nil
}

func townName(g *game.Game) string {
	info := g.Map.Info(g.TurnState.Placed)
	if info.Town < 0 {
		return "a town"
	}
	return g.Map.Towns[info.Town].Name
}

// count counts a hand's chips of value 1 and of value 2 in one colour.
func count(hand []game.Chip, color string) (ones, twos int) {
	for _, c := range hand {
		if c.Color == color {
			if c.Value == 1 {
				ones++
			} else if c.Value == 2 {
				twos++
			}
		}
	}
	return ones, twos
}

// payments lists the ways a hand can pay one wine of color: {2} and {1,1} (F5, F6).
func payments(hand []game.Chip, color string) [][]game.Chip {
	ones, twos := count(hand, color)
	var out [][]game.Chip
	if twos > 0 {
		out = append(out, []game.Chip{{Color: color, Value: 2}})
	}
	if ones >= 2 {
		out = append(out, []game.Chip{{Color: color, Value: 1}, {Color: color, Value: 1}})
	}
	return out
}

func payName(pay []game.Chip) string {
	if len(pay) == 1 {
		return "2"
	}
	return "1+1"
}

// Wines counts the wines of each colour in a hand: how many sales it could make.
func Wines(hand []game.Chip) map[string]int {
	out := map[string]int{}
	for _, color := range game.ChipColors() {
		ones, twos := count(hand, color)
		if n := twos + ones/2; n > 0 {
			out[color] = n
		}
	}
	return out
}
