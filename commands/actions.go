package commands

import (
	"errors"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// resolveAction finds the legal action that a player's typed action names. It is decoded against
// the actions the rules allow now (as a chess program reads a move against the position's legal
// moves), so what autocomplete and buttons offer, what the parser accepts and what the engine
// applies cannot drift apart. Options left out take the first legal value; when nothing matches,
// the variant says why.
func resolveAction(t *table.Table, typed game.Action) (game.Action, error) {
	e := t.Entry()
	spec, err := actionSpec(t, typed.Name)
	if err != nil {
		return game.Action{}, err
	}
	for k := range typed.Args {
		if !actionHasOption(spec, k) {
			return game.Action{}, noOption("play_chips_no_option", spec, k)
		}
	}
	g := t.Game
	var same []game.LegalAction
	for _, l := range g.LegalActions() {
		if l.Name != typed.Name {
			continue
		}
		same = append(same, l)
		if argsMatch(t, spec, typed.Args, l.Args) {
			return l.Action, nil
		}
	}
	return game.Action{}, whyNot(g, e.Title, typed, same)
}

// actionSpec finds the table's chip action by name.
func actionSpec(t *table.Table, name string) (game.ActionSpec, error) {
	e := t.Entry()
	var names []string
	for _, a := range e.Actions {
		if a.Name == name {
			return a, nil
		}
		names = append(names, a.Name)
	}
	if len(names) == 0 {
		return game.ActionSpec{}, refusal("play_no_chip_actions", lang.A{"Map": mapWords{e.ID, e.Title}})
	}
	return game.ActionSpec{}, refusal("play_no_such_chip_action", lang.A{"Map": mapWords{e.ID, e.Title}, "Actions": choicesWords(names), "Value": game.Echo(name)})
}

// argsMatch reports whether every option typed agrees with the legal action's. A meeple spot
// agrees with another name of the same feature of the tile on the action's square (any
// edge of a feature names it); an option with its own normal form (ActionOption.Normal)
// agrees in any way of writing it.
func argsMatch(t *table.Table, spec game.ActionSpec, typed, legal map[string]string) bool {
	for k, v := range typed {
		if strings.TrimSpace(v) == "" || normalValue(v) == normalValue(legal[k]) {
			continue
		}
		if o, ok := actionOption(spec, k); ok && o.Normal != nil && o.Normal(v) == o.Normal(legal[k]) {
			continue
		}
		a, errA := ParseSpot(v)
		b, errB := ParseSpot(legal[k])
		sq, errSq := game.ParseSquare(legal["square"])
		if errA != nil || errB != nil || errSq != nil || !SameSpot(t, sq.String(), a, b) {
			return false
		}
	}
	return true
}

// normalValue makes typed values comparable: case and blanks do not matter, and "light blue" is
// the colour blue.
func normalValue(v string) string {
	if c, err := game.ParseColor(v); err == nil {
		return c
	}
	return strings.ToLower(strings.Join(strings.Fields(v), ""))
}

// whyNot explains why a typed action is not legal now: the variant's own reason (it validates an
// action on a copy of the game and refuses it there), and what is open instead.
func whyNot(g *game.Game, title string, typed game.Action, same []game.LegalAction) error {
	var legal []string
	for _, l := range same {
		legal = append(legal, l.Action.String())
	}
	c := g.Clone()
	err := c.Play(game.Move{Kind: game.MoveAction, Player: c.Current, Action: &typed})
	var me *game.MoveError
	switch {
	case err == nil:
		err = refusal("play_action_not_open", lang.A{"Value": game.Echo(typed.String())})
	case errors.As(err, &me) && len(me.Legal) > 0:
		return err
	}
	if len(legal) > 0 {
		return refusal("play_open_now", lang.A{"Why": err, "Actions": listWords{legal, "list_sep_actions"}})
	}
	return err
}

func actionHasOption(a game.ActionSpec, name string) bool {
	_, ok := actionOption(a, name)
	return ok
}

func actionOption(a game.ActionSpec, name string) (game.ActionOption, bool) {
	for _, o := range a.Options {
		if o.Name == name {
			return o, true
		}
	}
	return game.ActionOption{}, false
}

// noOption refuses option k, which chip action spec does not have, with the options it has
// (message id), or as an action that takes none (id with s). The action's name is kept as it is
// typed, even where it begins the sentence.
func noOption(id string, spec game.ActionSpec, k string) error {
	if len(spec.Options) == 0 {
		return refusal(id+"s", lang.A{"Action": lang.Name(spec.Name), "Value": game.Echo(k)})
	}
	var names []string
	for _, o := range spec.Options {
		names = append(names, o.Name)
	}
	return refusal(id, lang.A{"Action": lang.Name(spec.Name), "Value": game.Echo(k), "Options": listWords{names, "list_sep"}})
}

// shortcutAction reads a /place option that stands for a chip action (treat:H3, isle:yes).
func shortcutAction(spec game.ActionSpec, value string) (game.Action, bool, error) {
	a := game.Action{Name: spec.Name, Args: map[string]string{}}
	if len(spec.Options) == 0 {
		switch strings.ToLower(strings.TrimSpace(value)) {
		case "yes", "true", "y":
			return a, true, nil
		case "no", "false", "n", "none", "":
			return a, false, nil
		}
		return a, false, refusal("play_shortcut_yes", lang.A{"Option": spec.Shortcut, "Value": game.Echo(value)})
	}
	a.Args[spec.Options[0].Name] = value
	return a, true, nil
}

// SameSpot reports whether two spot names name the same feature of the tile on a square.
func SameSpot(t *table.Table, square, a, b string) bool {
	if a == b {
		return true
	}
	sq, err := game.ParseSquare(square)
	if err != nil || t.Game == nil {
		return false
	}
	f, ok := t.Game.Face(sq)
	if !ok {
		return false
	}
	i, okA := f.SpotFeature(a)
	j, okB := f.SpotFeature(b)
	return okA && okB && i == j
}
