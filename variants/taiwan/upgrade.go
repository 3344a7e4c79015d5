package taiwan

import (
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// UpgradeAction is the chip action that upgrades a meeple: upgrade square:F7 spot:road:E
// pay:"blue 2 + orange 2".
const UpgradeAction = "upgrade"

// UpgradeCost is what an upgrade costs, exactly: no change is given (T6, T8).
const UpgradeCost = 4

// chipTypes are the six kinds of chip in the order a payment is written: the 2s before the 1s,
// each in the colour order purple, blue, orange. The first chip of a payment goes under the
// meeple, so that is a 2 whenever one is paid; which one goes there changes nothing in play (it
// leaves the game when the meeple scores), so the player is not asked.
var chipTypes = func() []game.Chip {
	var out []game.Chip
	for _, v := range []int{2, 1} {
		for _, c := range game.ChipColors() {
			out = append(out, game.Chip{Color: c, Value: v})
		}
	}
	return out
}()

// counts is how many chips of each of chipTypes a hand holds.
type counts [6]int

func countHand(hand []game.Chip) (n counts) {
	for _, c := range hand {
		for i, t := range chipTypes {
			if c == t {
				n[i]++
			}
		}
	}
	return n
}

// canPay reports whether chips of a hand add up to exactly 4: two 2s, a 2 and two 1s, or four 1s
// (T6).
func canPay(hand []game.Chip) bool {
	twos, ones := 0, 0
	for _, c := range hand {
		if c.Value == 2 {
			twos++
		} else {
			ones++
		}
	}
	return twos >= 2 || twos >= 1 && ones >= 2 || ones >= 4
}

// payment is one way to pay exactly 4, written in the order of chipTypes, with its texts for
// people and for the pay option. The pay option carries it without blanks ("blue2+orange2"),
// since buttons and menus pass an action as words; typed values are compared without blanks, so
// "blue 2 + orange 2" names it too.
type payment struct {
	chips     []game.Chip
	need      counts
	text, arg string
}

// allPayments are the 39 ways to pay 4 with the box's six kinds of chip, in the order they are
// offered: the most 2s first, then by colour. Built once, since random playouts ask for the
// payments of a hand on every finish step.
var allPayments = func() []payment {
	var out []payment
	var pick func(t, left int, chosen []game.Chip)
	pick = func(t, left int, chosen []game.Chip) {
		if left == 0 {
			p := payment{chips: append([]game.Chip(nil), chosen...), need: countHand(chosen)}
			p.text = payText(p.chips)
			p.arg = squash(p.text)
			out = append(out, p)
			return
		}
		if t == len(chipTypes) {
			return
		}
		c := chipTypes[t]
		for k := left / c.Value; k >= 0; k-- {
			next := chosen
			for range k {
				next = append(next, c)
			}
			pick(t+1, left-k*c.Value, next)
		}
	}
	pick(0, UpgradeCost, nil)
	return out
}()

// payments lists every distinct way to pay exactly 4 from a hand; colours do not matter to the
// rule (T6) but the player chooses which chips go.
func payments(hand []game.Chip) []*payment {
	have := countHand(hand)
	var out []*payment
	for i := range allPayments {
		p := &allPayments[i]
		ok := true
		for t := range have {
			ok = ok && p.need[t] <= have[t]
		}
		if ok {
			out = append(out, p)
		}
	}
	return out
}

// payText writes a payment for people: "blue 2 + orange 1 + orange 1".
func payText(pay []game.Chip) string {
	parts := make([]string, len(pay))
	for i, c := range pay {
		parts[i] = chipText(c)
	}
	return strings.Join(parts, " + ")
}

// parsePay reads a payment: chips joined by "+" (or commas), each a colour and a value ("blue 2"
// or "blue2"); or says why it is none.
func parsePay(s string) ([]game.Chip, game.Words) {
	var out []game.Chip
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == '+' || r == ',' }) {
		part = strings.TrimSpace(part)
		name := strings.TrimRight(part, "0123456789 ")
		if name == "" || name == part {
			return nil, game.Say(idTaiwanPayNotChip, "Value", game.Echo(part))
		}
		color, err := game.ParseColor(name)
		if err != nil {
			return nil, err.(*game.MoveError).Words // not a colour
		}
		v, err := strconv.Atoi(strings.TrimSpace(part[len(name):]))
		if err != nil || v < 1 || v > 2 {
			return nil, game.Say(idTaiwanPayValue, "Value", game.Echo(part))
		}
		out = append(out, game.Chip{Color: color, Value: v})
		if len(out) > UpgradeCost {
			return nil, game.Say(idTaiwanPayTooMany, "Cost", msg.Count(UpgradeCost))
		}
	}
	if len(out) == 0 {
		return nil, game.Say(idTaiwanPayEmpty)
	}
	return out, game.Words{}
}

// normalPay writes a typed payment as the legal actions write it (in the order of chipTypes,
// without blanks), so that a payment in any order names the same upgrade; what does not read as
// chips stays as typed, for the refusal to explain.
func normalPay(s string) string {
	pay, why := parsePay(s)
	if !why.IsZero() {
		return squash(s)
	}
	return squash(payText(canonical(pay)))
}

// canonical writes a payment in the order of chipTypes.
func canonical(pay []game.Chip) []game.Chip {
	n := countHand(pay)
	var out []game.Chip
	for i, t := range chipTypes {
		for range n[i] {
			out = append(out, t)
		}
	}
	return out
}

// upgradable lists the current player's meeples on the map that carry no upgrade yet (T7), in
// reading order.
func upgradable(g *game.Game) []*game.Meeple {
	var out []*game.Meeple
	for i := range g.Meeples {
		if m := &g.Meeples[i]; m.Player == g.Current && !upgraded(m) && upgradableKind(g, m) {
			out = append(out, m)
		}
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && before(out[j].Square, out[j-1].Square); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func before(a, b game.Square) bool {
	return a.Row() < b.Row() || a.Row() == b.Row() && a.Col() < b.Col()
}

// Actions lists every upgrade open now: in the finish step of the player's own turn (after the
// meeple, before the scoring: T8), each of their meeples without an upgrade, with each exact
// payment their chips allow.
func (Variant) Actions(g *game.Game) []game.LegalAction {
	if g.Phase != game.PhaseFinish || !canPay(g.Players[g.Current].Chips) {
		return nil
	}
	pays := payments(g.Players[g.Current].Chips)
	var out []game.LegalAction
	for _, m := range upgradable(g) {
		sq := m.Square.String()
		for _, pay := range pays {
			a := game.LegalAction{Action: game.Action{Name: UpgradeAction, Args: map[string]string{"square": sq, "spot": m.Spot, "pay": pay.arg}}}
			if g.Tells() {
				a.Words = game.Say(idTaiwanLabelUpgrade, "Role", game.RoleObject(m.Spot), "Square", sq, "Spot", msg.Spot(m.Spot), "Chips", game.ChipsValue(pay.chips))
			}
			out = append(out, a)
		}
	}
	return out
}

// CanAct reports whether an upgrade is open: the finish step, chips that pay exactly 4, and a
// meeple of the player's on the map without an upgrade.
func (Variant) CanAct(g *game.Game) bool {
	if g.Phase != game.PhaseFinish || !canPay(g.Players[g.Current].Chips) {
		return false
	}
	for i := range g.Meeples {
		if m := &g.Meeples[i]; m.Player == g.Current && !upgraded(m) && upgradableKind(g, m) {
			return true
		}
	}
	return false
}

// Act upgrades a meeple: one chip of the payment goes under it, the others leave the game (T6).
// Everything it checks is public (the chips in a supply lie face up), and it checks everything
// before it changes anything.
func (Variant) Act(g *game.Game, a game.Action) error {
	if a.Name != UpgradeAction {
		return game.RefuseAction(nil, game.Say(idTaiwanNoSuchAction, "Value", game.Echo(a.Name)))
	}
	p := g.Current
	hand := g.Players[p].Chips
	switch g.Phase {
	case game.PhaseFinish:
	case game.PhaseMeeple:
		return game.RefuseAction(nil, game.Say(idTaiwanAfterMeeple))
	default:
		return game.RefuseAction(nil, game.Say(idTaiwanNotNow))
	}
	if !canPay(hand) {
		return game.RefuseAction(nil, game.Say(idTaiwanCannotPay, "Hand", game.ChipsValue(hand), "Worth", msg.Count(value(hand))))
	}
	// What would be legal is only written out for a refusal.
	meeples := upgradable(g)
	where := func() []string {
		out := make([]string, len(meeples))
		for i, m := range meeples {
			out[i] = m.Square.String() + " " + m.Spot
		}
		return out
	}
	if len(meeples) == 0 {
		return game.RefuseAction(nil, game.Say(idTaiwanNoMeeple))
	}
	sq, err := game.ParseSquare(a.Args["square"])
	if err != nil {
		return game.RefuseAction(where(), game.Say(idTaiwanWhichMeeple, "Value", game.Echo(a.Args["square"])))
	}
	m := meepleOn(g, sq)
	switch {
	case m == nil:
		return game.RefuseAction(where(), game.Say(idTaiwanNoMeepleOn, "Square", sq))
	case m.Player != p:
		return game.RefuseAction(where(), game.Say(idTaiwanNotYours, "Square", sq, "Player", msg.Player(g.Players[m.Player].Name)))
	case upgraded(m):
		return game.RefuseAction(where(), game.Say(idTaiwanUpgradedAlready, "Role", game.Role(m.Spot), "Square", sq))
	case !upgradableKind(g, m):
		return game.RefuseAction(where(), game.Say(idTaiwanBigMeeple, "Square", sq))
	}
	if spot := a.Args["spot"]; strings.TrimSpace(spot) != "" && !sameFeature(g, sq, spot, m.Spot) {
		return game.RefuseAction(where(), game.Say(idTaiwanOtherSpot, "Square", sq, "Spot", msg.Spot(m.Spot), "Value", game.Echo(spot)))
	}
	if strings.TrimSpace(a.Args["pay"]) == "" {
		return game.RefuseAction(payTexts(hand), game.Say(idTaiwanPayMissing))
	}
	pay, why := parsePay(a.Args["pay"])
	if !why.IsZero() {
		return game.RefuseAction(payTexts(hand), why)
	}
	if v := value(pay); v != UpgradeCost {
		return game.RefuseAction(payTexts(hand), game.Say(idTaiwanPayWorth, "Chips", game.ChipsValue(pay), "Worth", msg.Count(v)))
	}
	if why := g.WhyNotHeld(p, pay); !why.IsZero() {
		return game.RefuseAction(payTexts(hand), why)
	}
	// A payment may be written in any order; the chip under the meeple is the first of the
	// payment's canonical order, a 2 whenever one is paid.
	pay = canonical(pay)
	// The first chip goes under the meeple; the others leave the game.
	for i, c := range hand {
		if c == pay[0] {
			g.Players[p].Chips = append(hand[:i:i], hand[i+1:]...)
			break
		}
	}
	if err := g.SpendChips(p, pay[1:]); err != nil {
		panic("taiwan: the payment was checked: " + err.Error())
	}
	// An upgraded meeple counts 2 in every majority, farmers at the final scoring included, until
	// it goes home (T9, T10, T11).
	g.SetMeepleWeight(m, m.Weight+UpgradedWeight-1)
	st(g).Under = append(st(g).Under, under{Square: m.Square, Spot: m.Spot, Player: p, Chip: pay[0]})
	if g.Tells() {
		noteUpgrade(g, m, pay)
	}
	return nil
}

// noteUpgrade tells of the upgrade of m paid with pay, in its canonical order.
func noteUpgrade(g *game.Game, m *game.Meeple, pay []game.Chip) {
	p := g.Current
	w := game.Say(idTaiwanUpgraded, "Player", msg.Player(g.Players[p].Name), "Role", game.RoleObject(m.Spot), "Square", m.Square, "Chips", game.ChipsValue(pay), "Chip", game.ChipValue(pay[0]), "Out", game.ChipsValue(pay[1:]))
	if len(pay) == 1 {
		w = game.Say(idTaiwanUpgradedOne, "Player", msg.Player(g.Players[p].Name), "Role", game.RoleObject(m.Spot), "Square", m.Square, "Chip", game.ChipValue(pay[0]))
	}
	g.Note(m.Square, w)

}

// UpgradedWeight is what an upgraded meeple counts for in a majority (T9). An upgrade adds one to
// what the meeple counts: an upgraded big meeple counts 3 (OQ-41, FlagBigMeepleUpgrade).
const UpgradedWeight = 2

// upgraded reports whether m carries an upgrade: only an upgrade weighs a meeple more than its
// kind does on this map.
func upgraded(m *game.Meeple) bool { return m.Weighed() }

// upgradableKind reports whether the table upgrades a meeple of m's kind: a big meeple only with
// FlagBigMeepleUpgrade (OQ-41).
func upgradableKind(g *game.Game, m *game.Meeple) bool {
	return m.Kind != game.PieceBig || FlagBigMeepleUpgrade.On(g.Opts)
}

func meepleOn(g *game.Game, sq game.Square) *game.Meeple {
	for i := range g.Meeples {
		if g.Meeples[i].Square == sq {
			return &g.Meeples[i]
		}
	}
	return nil
}

// sameFeature reports whether two spot names name the same feature of the tile on sq (any edge of
// a feature names it, as on /meeple).
func sameFeature(g *game.Game, sq game.Square, a, b string) bool {
	f, ok := g.Face(sq)
	if !ok {
		return false
	}
	i, okA := f.SpotFeature(strings.ToLower(strings.TrimSpace(a)))
	j, okB := f.SpotFeature(b)
	return okA && okB && i == j
}

// squash makes payments comparable as the command layer compares option values: case and blanks
// do not matter.
func squash(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), "")) }

func payTexts(hand []game.Chip) []string {
	var out []string
	for _, pay := range payments(hand) {
		out = append(out, pay.text)
	}
	return out
}

func value(chips []game.Chip) int {
	n := 0
	for _, c := range chips {
		n += c.Value
	}
	return n
}

// chipText is c.String() without fmt.
func chipText(c game.Chip) string { return c.Color + " " + strconv.Itoa(c.Value) }
