package testmaps

import (
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// The relay is a test map that uses every hook of the engine's turn (game.Variant; the display
// hooks Viewer and ChipColorShower are the real maps'), built only on the public API as a map's
// package is. The engine's tests play
// it through the test kit (game/gametest) and the command layer's table scripts through every
// step of a turn (commands/script/testdata/seam_*.carc); it is registered as a test map, never offered
// on Discord. Its rules borrow a little from each map:
//   - setup: 8 chips face down on random squares, and a reserve of 5 tiles dealt from the stack,
//     face down but for the top one;
//   - source: a player holding a chip may spend it to take the reserve's top tile instead of
//     drawing, if it fits somewhere (the next one is turned up at the end of the turn: a reveal);
//   - placement: a chip on the square is collected and scores; holding 2 chips forces a choice of
//     one to discard, which also brings every meeple home from the isle;
//   - meeple step: once a turn, bank a chip for a point;
//   - finish: put a chip under one of your meeples on the board to upgrade it: it counts 2 in
//     majorities, and the chip leaves the game when the meeple scores;
//   - decide: once per normal turn, put a meeple on the isle for an extra turn; it reverses the
//     order of play;
//   - square J8 never takes a tile; at the end each chip in hand scores 1.
type relay struct{}

// The hooks of the relay.
var (
	_ game.Stateful         = relay{}
	_ game.Preparer         = relay{}
	_ game.SourceChooser    = relay{}
	_ game.SquareFilter     = relay{}
	_ game.PlacementReactor = relay{}
	_ game.Actor            = relay{}
	_ game.ReturnWatcher    = relay{}
	_ game.TurnEnder        = relay{}
	_ game.OrderChanger     = relay{}
	_ game.Finisher         = relay{}
	_ game.Holder           = relay{}
	_ game.Concealer        = relay{}
	_ game.Marker           = relay{}
)

type relayState struct {
	Reserve []game.TileID `json:"reserve"`
	Used    bool          `json:"used"`
	Isle    []int         `json:"isle"`
	Under   []underChip   `json:"under"`
	Reverse bool          `json:"reverse"`
}

type underChip struct {
	Square game.Square `json:"square"`
	Spot   string      `json:"spot"`
	Chip   game.Chip   `json:"chip"`
}

func (s *relayState) Clone() game.VariantState {
	c := *s
	c.Reserve, c.Isle, c.Under = slices.Clone(s.Reserve), slices.Clone(s.Isle), slices.Clone(s.Under)
	return &c
}

// RelayCalls counts what the relay's rules did in this process, so that tests can tell every hook was
// reached.
var RelayCalls struct{ Source, Choice, Bank, Upgrade, Isle, Returned, Reveal, Final atomic.Int64 }

var forbidden = game.MustParseSquare("J8")

// reserveSquare is where the board picture shows the reserve.
var reserveSquare = game.MustParseSquare("O10")

func st(g *game.Game) *relayState { return game.StateOf[*relayState](g) }

// NewState is the relay's empty state, for snapshots.
func (relay) NewState() game.VariantState { return &relayState{} }

// Setup lays 8 chips (unless a table script fixed them) and deals the reserve.
func (relay) Setup(g *game.Game) error {
	s := st(g)
	s.Isle = make([]int, len(g.Players))
	for laid := 0; laid < 8 && !g.ChipsGiven(); {
		sq := game.At(g.RNG.Intn(g.Map.Cols), g.RNG.Intn(g.Map.Rows))
		c := game.Chip{Color: game.ChipColors()[g.RNG.Intn(3)], Value: 1 + g.RNG.Intn(2)}
		if g.PutChip(game.MapChip{Square: sq, Chip: c}) == nil {
			laid++
		}
	}
	s.Reserve = g.DealTiles(5)
	return nil
}

// Placeable keeps every tile off J8.
func (relay) Placeable(_ *game.Game, sq game.Square) bool { return sq != forbidden }

// AfterPlacement collects the chip on the square; a second chip in hand forces a discard.

func (relay) AfterPlacement(g *game.Game, sq game.Square) {
	i, ok := g.ChipOn(sq)
	if !ok {
		return
	}
	c := g.TakeChip(i).Chip
	g.GiveChip(g.Current, c)
	g.ScoreChip(g.Current, sq, c)
	if len(g.Players[g.Current].Chips) >= 2 {
		g.Require(game.Choice{Action: "discard", Words: game.Say(idRelayChooseDiscard),
			Default: game.Action{Name: "discard", Args: map[string]string{"chip": g.Players[g.Current].Chips[0].String()}}})
	}
}

// ChoosesSource offers the reserve to a player holding a chip.
func (relay) ChoosesSource(g *game.Game) bool { return len(reserveOffers(g)) > 0 }

func reserveOffers(g *game.Game) []game.LegalAction {
	s := st(g)
	if len(g.Players[g.Current].Chips) == 0 || len(s.Reserve) == 0 || len(g.Deck) == 0 || !g.CanPlace(s.Reserve[len(s.Reserve)-1]) {
		return nil
	}
	return []game.LegalAction{{Action: game.Action{Name: "reserve"}, Words: game.Say(idRelayLabelReserve)}}
}

// Actions lists what the step of the turn allows.
func (v relay) Actions(g *game.Game) []game.LegalAction {
	p, s := g.Current, st(g)
	hand := g.Players[p].Chips
	if c := g.TurnState.Choice; c != nil {
		var out []game.LegalAction
		for _, chip := range uniq(hand) {
			out = append(out, game.LegalAction{Action: game.Action{Name: "discard", Args: map[string]string{"chip": chip.String()}}, Words: game.Say(idRelayLabelDiscard, "Chip", game.ChipValue(chip))})
		}
		return out
	}
	switch g.Phase {
	case game.PhaseSource:
		return reserveOffers(g)
	case game.PhaseMeeple:
		if g.TurnState.Actions["bank"] == 0 && len(hand) > 0 {
			return []game.LegalAction{{Action: game.Action{Name: "bank"}, Points: 1, Words: game.Say(idRelayLabelBank)}}
		}
	case game.PhaseFinish:
		if len(hand) < 1 {
			return nil
		}
		var out []game.LegalAction
		for _, m := range g.Meeples {
			if m.Player == p && m.Weight == 1 {
				out = append(out, game.LegalAction{Action: game.Action{Name: "upgrade", Args: map[string]string{"square": m.Square.String(), "spot": m.Spot}},
					Words: game.Say(idRelayLabelUpgrade, "Square", m.Square, "Spot", msg.Spot(m.Spot))})
			}
		}
		return out
	case game.PhaseDecide:
		if !g.ExtraTurn() && !s.Used && g.Players[p].Meeples > 0 && len(g.Deck) > 0 {
			return []game.LegalAction{{Action: game.Action{Name: "isle"}, Words: game.Say(idRelayLabelIsle)}}
		}
	}
	return nil
}

func uniq(hand []game.Chip) []game.Chip {
	var out []game.Chip
	for _, c := range hand {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// CanAct reports whether Actions lists anything.
func (v relay) CanAct(g *game.Game) bool { return len(v.Actions(g)) > 0 }

// Act applies one of the legal actions; it refuses anything else, changing nothing.
func (v relay) Act(g *game.Game, a game.Action) error {
	legal := slices.ContainsFunc(v.Actions(g), func(l game.LegalAction) bool {
		return l.Name == a.Name && fmt.Sprint(l.Args) == fmt.Sprint(a.Args) || l.Name == a.Name && len(l.Args) == 0 && len(a.Args) == 0
	})
	if !legal {
		return game.RefuseAction(nil, game.Say(idRelayNotLegal, "Value", a))
	}
	p, s := g.Current, st(g)
	switch a.Name {
	case "reserve":
		RelayCalls.Source.Add(1)
		_ = g.SpendChips(p, g.Players[p].Chips[:1])
		t := s.Reserve[len(s.Reserve)-1]
		s.Reserve = s.Reserve[:len(s.Reserve)-1]
		s.Used = true
		g.Note(game.NoSquare, game.Say(idRelayReserve, "Player", msg.Player(g.Players[p].Name), "Tile", t))
		g.SetDrawn(t)
	case "discard":
		RelayCalls.Choice.Add(1)
		for _, c := range g.Players[p].Chips {
			if c.String() == a.Args["chip"] {
				_ = g.SpendChips(p, []game.Chip{c})
				g.Note(g.TurnState.Placed, game.Say(idRelayDiscard, "Player", msg.Player(g.Players[p].Name), "Chip", game.ChipValue(c), "Count", msg.Count(s.Isle[p])))
				break
			}
		}
		g.Players[p].Meeples += s.Isle[p]
		s.Isle[p] = 0
	case "bank":
		RelayCalls.Bank.Add(1)
		_ = g.SpendChips(p, g.Players[p].Chips[:1])
		g.AddScore(p, 1, "bank", game.Say(idRelayScoreBank))
	case "upgrade":
		RelayCalls.Upgrade.Add(1)
		pay := g.Players[p].Chips[0]
		_ = g.SpendChips(p, []game.Chip{pay})
		g.ChipsOut = g.ChipsOut[:len(g.ChipsOut)-1]
		for i := range g.Meeples {
			if m := &g.Meeples[i]; m.Square.String() == a.Args["square"] && m.Spot == a.Args["spot"] {
				g.SetMeepleWeight(m, 2)
				s.Under = append(s.Under, underChip{m.Square, m.Spot, pay})
				g.Note(m.Square, game.Say(idRelayUpgrade, "Player", msg.Player(g.Players[p].Name), "Square", m.Square, "Spot", msg.Spot(m.Spot), "Chip", game.ChipValue(pay)))
			}
		}
	case "isle":
		RelayCalls.Isle.Add(1)
		g.Players[p].Meeples--
		s.Isle[p]++
		s.Used = true
		s.Reverse = !s.Reverse
		g.Note(game.NoSquare, game.Say(idRelayIsle, "Player", msg.Player(g.Players[p].Name)))
		g.GrantExtraTurn()
	}
	return nil
}

// MeepleReturned sends the chip under a returning meeple out of the game.
func (relay) MeepleReturned(g *game.Game, m game.Meeple) {
	s := st(g)
	for i, u := range s.Under {
		if u.Square == m.Square && u.Spot == m.Spot {
			RelayCalls.Returned.Add(1)
			g.ChipsOut = append(g.ChipsOut, u.Chip)
			s.Under = slices.Delete(s.Under, i, i+1)
			return
		}
	}
}

// EndTurn turns up the reserve's next tile after it was used, and offers the isle.
func (relay) EndTurn(g *game.Game) bool {
	s := st(g)
	if s.Used && g.TurnState.Actions["reserve"] > 0 && len(s.Reserve) > 0 {
		RelayCalls.Reveal.Add(1)
		g.Reveal()
	}
	if !g.ExtraTurn() {
		s.Used = g.TurnState.Actions["isle"] > 0
	}
	return !g.ExtraTurn() && g.Players[g.Current].Meeples > 0 && len(g.Deck) > 0
}

// NextPlayer plays counter-clockwise while the order is reversed.
func (relay) NextPlayer(g *game.Game, next int) int {
	if !st(g).Reverse {
		return next
	}
	prev := g.Current
	for range g.Players {
		prev = (prev + len(g.Players) - 1) % len(g.Players)
		if !g.Players[prev].Resigned {
			return prev
		}
	}
	return next
}

// Final scores each chip left in hand.
func (relay) Final(g *game.Game) {
	RelayCalls.Final.Add(1)
	for p, pl := range g.Players {
		if n := len(pl.Chips); n > 0 {
			g.AddScore(p, n, "chips", game.Say(idRelayScoreChips, "Count", msg.Count(n)))
		}
	}
}

// Held counts the meeples on the isle, the reserve and the chips under meeples.
func (relay) Held(g *game.Game) game.Held {
	s := st(g)
	h := game.Held{Meeples: s.Isle, Tiles: s.Reserve}
	for _, u := range s.Under {
		h.Chips = append(h.Chips, u.Chip)
	}
	return h
}

// Concealed is the reserve under its top tile. The top one lies face up: whether the reserve is
// offered depends on whether it fits, which only a tile everyone sees may decide.
func (relay) Concealed(g *game.Game) []game.TileID {
	r := st(g).Reserve
	if len(r) == 0 {
		return nil
	}
	return r[:len(r)-1]
}

// Reconceal lays re-dealt tiles under the reserve's top tile.
func (relay) Reconceal(g *game.Game, tiles []game.TileID) {
	s := st(g)
	if len(s.Reserve) == 0 {
		return
	}
	s.Reserve = append(tiles, s.Reserve[len(s.Reserve)-1])
}

// Marks draws the isle's meeples and the reserve.
func (relay) Marks(g *game.Game, _ bool) []game.Mark {
	s := st(g)
	var out []game.Mark
	for p, n := range s.Isle {
		if n > 0 {
			out = append(out, game.Mark{Kind: game.MarkMeeples, Area: "isle-of-man", Player: p, Count: n})
		}
	}
	if len(s.Reserve) > 0 {
		out = append(out, game.Mark{Kind: game.MarkTileBacks, Square: reserveSquare, Player: -1, Count: len(s.Reserve)})
	}
	return out
}

// Relay is the relay as the registry lists it: a test map (never offered on Discord).
func Relay() game.MapRules {
	return game.MapRules{ID: "relay", Title: "Relay (test)", Map: SyntheticMap(), Variant: relay{}, Test: true,
		Actions: []game.ActionSpec{
			{Name: "reserve", Step: game.StepSource}, {Name: "bank", Step: game.StepMeeple},
			{Name: "discard", Step: game.StepMeeple, Options: []game.ActionOption{{Name: "chip", Required: true}}},
			{Name: "upgrade", Step: game.StepFinish, Options: []game.ActionOption{{Name: "square", Required: true}, {Name: "spot", Required: true}}},
			{Name: "isle", Step: game.StepDecide, Shortcut: "isle", Description: "Put a meeple on the isle for an extra turn"},
		},
	}
}
