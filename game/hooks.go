package game

import (
	"fmt"
	"reflect"
	"slices"
)

// hooks are a variant's hooks, resolved once when a game is made or restored, so that the turn
// machine, playouts and searches call them without a type assertion each time; a nil hook is one
// the variant does not implement. They never change, so clones share them.
type hooks struct {
	state    Stateful
	prepare  Preparer
	placed   PlacementReactor
	actor    Actor
	returned ReturnWatcher
	endTurn  TurnEnder
	order    OrderChanger
	source   SourceChooser
	final    Finisher
	filter   SquareFilter
	holder   Holder
	conceal  Concealer
	viewer   Viewer
	marker   Marker
	colors   ChipColorShower
}

func resolveHooks(v Variant) *hooks {
	h := new(hooks)
	h.state, _ = v.(Stateful)
	h.prepare, _ = v.(Preparer)
	h.placed, _ = v.(PlacementReactor)
	h.actor, _ = v.(Actor)
	h.returned, _ = v.(ReturnWatcher)
	h.endTurn, _ = v.(TurnEnder)
	h.order, _ = v.(OrderChanger)
	h.source, _ = v.(SourceChooser)
	h.final, _ = v.(Finisher)
	h.filter, _ = v.(SquareFilter)
	h.holder, _ = v.(Holder)
	h.conceal, _ = v.(Concealer)
	h.viewer, _ = v.(Viewer)
	h.marker, _ = v.(Marker)
	h.colors, _ = v.(ChipColorShower)
	return h
}

// hookTypes are the hooks of the seam in the order of a game: what HooksOf lists and CheckHooks
// checks.
var hookTypes = []reflect.Type{
	reflect.TypeFor[Stateful](), reflect.TypeFor[Preparer](), reflect.TypeFor[SourceChooser](),
	reflect.TypeFor[SquareFilter](), reflect.TypeFor[PlacementReactor](), reflect.TypeFor[Actor](),
	reflect.TypeFor[ReturnWatcher](), reflect.TypeFor[TurnEnder](), reflect.TypeFor[OrderChanger](),
	reflect.TypeFor[Finisher](), reflect.TypeFor[Holder](), reflect.TypeFor[Concealer](),
	reflect.TypeFor[Viewer](), reflect.TypeFor[Marker](), reflect.TypeFor[ChipColorShower](),
}

// HooksOf lists the hooks v implements, by the names of their interfaces, in the order of a game.
func HooksOf(v Variant) []string {
	var out []string
	t := reflect.TypeOf(v)
	for _, h := range hookTypes {
		if t != nil && t.Implements(h) {
			out = append(out, h.Name())
		}
	}
	return out
}

// CheckHooks reports a method of v named as a method of a hook that does not make v implement
// that hook (a wrong signature, or a group of hooks half implemented): since every hook is
// optional, the engine would silently play the plain game there. The test kit (gametest) runs it
// for every map.
func CheckHooks(v Variant) error {
	t := reflect.TypeOf(v)
	if t == nil {
		return nil
	}
	for _, h := range hookTypes {
		if t.Implements(h) {
			continue
		}
		for i := range h.NumMethod() {
			// A method on the pointer of a variant passed by value is never called either.
			for _, mt := range []reflect.Type{t, reflect.PointerTo(t)} {
				if _, ok := mt.MethodByName(h.Method(i).Name); ok {
					return fmt.Errorf("%s has the method %s of the hook game.%s but %s does not implement that hook, so the engine never calls it: game.%s needs %s",
						mt, h.Method(i).Name, h.Name(), t, h.Name(), methodsOf(h))
				}
			}
		}
	}
	return nil
}

// methodsOf writes the methods of a hook with their signatures.
func methodsOf(h reflect.Type) string {
	s := ""
	for i := range h.NumMethod() {
		if i > 0 {
			s += ", "
		}
		s += h.Method(i).Name + " " + h.Method(i).Type.String()
	}
	return s
}

// The calls into the variant, each with the plain game's behaviour for a variant without the
// hook.

func (g *Game) prepareVariant() error {
	if g.hooks.state != nil {
		g.Ext = g.hooks.state.NewState()
	}
	if g.hooks.prepare == nil {
		return nil
	}
	return g.hooks.prepare.Setup(g)
}

func (g *Game) afterPlacement(sq Square) {
	if g.hooks.placed != nil {
		g.hooks.placed.AfterPlacement(g, sq)
	}
}

// CanAct reports whether the variant offers the current player an action now (LegalActions
// would list one), without building the list.
func (g *Game) CanAct() bool { return g.hooks.actor != nil && g.hooks.actor.CanAct(g) }

func (g *Game) variantActions() []LegalAction {
	if g.hooks.actor == nil {
		return nil
	}
	acts := g.hooks.actor.Actions(g)
	if g.searchCopy || len(acts) == 0 {
		return acts
	}
	// The labels are written here, in English from the actions' words, once for every map; the
	// list may be the map's own (an offer it keeps), so it is copied.
	acts = slices.Clone(acts)
	for i := range acts {
		if acts[i].Label == "" {
			acts[i].Label = acts[i].Words.English()
		}
	}
	return acts
}

func (g *Game) variantAct(a Action) error {
	if g.hooks.actor == nil {
		return refuse(ErrIllegalAction, nil, Say(idEngineNoSuchAction, "Value", Echo(a.Name)))
	}
	return g.hooks.actor.Act(g, a)
}

func (g *Game) meepleReturned(m Meeple) {
	if g.hooks.returned != nil {
		g.hooks.returned.MeepleReturned(g, m)
	}
}

func (g *Game) variantEndTurn() bool { return g.hooks.endTurn != nil && g.hooks.endTurn.EndTurn(g) }

func (g *Game) nextPlayer(next int) int {
	if g.hooks.order == nil {
		return next
	}
	return g.hooks.order.NextPlayer(g, next)
}

func (g *Game) choosesSource() bool { return g.hooks.source != nil && g.hooks.source.ChoosesSource(g) }

func (g *Game) variantFinal() {
	if g.hooks.final != nil {
		g.hooks.final.Final(g)
	}
}

// Held counts the pieces the variant holds off the board and out of the supplies (Holder); none
// without the hook.
func (g *Game) Held() Held {
	if g.hooks.holder == nil {
		return Held{}
	}
	return g.hooks.holder.Held(g)
}

// concealed lists the face-down tiles the variant holds (Concealer); none without the hook.
func (g *Game) concealed() []TileID {
	if g.hooks.conceal == nil {
		return nil
	}
	return g.hooks.conceal.Concealed(g)
}
