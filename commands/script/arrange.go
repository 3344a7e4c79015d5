package script

import (
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// The ! lines that fix a lobby's deal (!starts, !deck, !stack, !chips, !setup) and !seed in a
// lobby are events of the table, which the script's own step applies: what a player never can.

// malformedLine is a ! line that cannot be run, naming how to write it; the caller names its line.
func malformedLine(name, format string, a ...any) error {
	return fmt.Errorf("%w: !%s: %s", ErrMalformed, name, fmt.Sprintf(format, a...))
}

// SeedEvent deals the lobby of t from seed.
func SeedEvent(t *table.Table, seed uint64) table.Event {
	s := t.Settings
	s.Seed, s.SeedSet = seed, true
	return table.ChangeSettings(s)
}

// Arrangement is the event the ! line name (starts, deck, stack, chips or setup) with words args
// makes at the lobby of t; an ErrMalformed error says how to write a line that cannot be.
func Arrangement(t *table.Table, name string, args []string) (table.Event, error) {
	o := t.Overrides()
	o.Fixed = maps.Clone(o.Fixed)
	var err error
	switch name {
	case "starts":
		o.Starts, err = starts(args)
	case "deck", "stack":
		var ids []game.TileID
		if ids, err = tiles(name, args); name == "deck" {
			o.DeckTop = ids
		} else {
			o.Stack = ids
		}
	case "chips":
		o.Chips, err = chips(args)
	case "setup":
		err = fixSetup(t, &o, args)
	default:
		return table.Event{}, malformedLine(name, "fixes nothing of the deal")
	}
	if err != nil {
		return table.Event{}, err
	}
	return table.FixSetup(o), nil
}

func starts(args []string) ([]game.StartTile, error) {
	var out []game.StartTile
	for _, a := range args {
		where, spec, ok := strings.Cut(a, "=")
		tileText, rotText, ok2 := strings.Cut(spec, "@")
		if !ok || !ok2 {
			return nil, malformedLine("starts", "%q: write START=TILE@ROTATION, like Nancy=D@0", game.Echo(a))
		}
		var id game.TileID
		if err := id.UnmarshalText([]byte(tileText)); err != nil {
			return nil, malformedLine("starts", "%v", err)
		}
		rot, err := game.ParseRotation(rotText)
		if err != nil {
			return nil, malformedLine("starts", "%v", err)
		}
		out = append(out, game.StartTile{Start: where, Tile: id, Rotation: rot})
	}
	return out, nil
}

func tiles(name string, args []string) ([]game.TileID, error) {
	ids := []game.TileID{}
	for _, a := range args {
		var id game.TileID
		if err := id.UnmarshalText([]byte(a)); err != nil {
			return nil, malformedLine(name, "%v", err)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

func chips(args []string) ([]game.MapChip, error) {
	out := []game.MapChip{}
	for _, a := range args {
		sqText, spec, ok := strings.Cut(a, "=")
		colorText, valueText, ok2 := strings.Cut(spec, ":")
		if !ok || !ok2 {
			return nil, malformedLine("chips", "%q: write SQUARE=COLOUR:VALUE, like D5=orange:2", game.Echo(a))
		}
		sq, err := game.ParseSquare(sqText)
		if err != nil {
			return nil, malformedLine("chips", "%v", err)
		}
		color, err := game.ParseColor(colorText)
		if err != nil {
			return nil, malformedLine("chips", "%v", err)
		}
		v, err := strconv.Atoi(valueText)
		if err != nil || v < 1 || v > 2 {
			return nil, malformedLine("chips", "%q: a chip is worth 1 or 2", game.Echo(valueText))
		}
		out = append(out, game.MapChip{Square: sq, Chip: game.Chip{Color: color, Value: v}})
	}
	return out, nil
}

// fixSetup fixes a hidden part of the map's own deal, by a name its rules declare.
func fixSetup(t *table.Table, o *game.Setup, args []string) error {
	e := t.Entry()
	var names []string
	for _, f := range e.Fixes {
		names = append(names, f.Name)
	}
	if len(names) == 0 {
		return malformedLine("setup", "%s has no hidden setup to fix besides !starts, !deck, !stack and !chips", e.Title)
	}
	if len(args) < 2 {
		return malformedLine("setup", "write !setup NAME VALUE: %s fixes %s", e.Title, strings.Join(names, ", "))
	}
	for _, f := range e.Fixes {
		if f.Name != args[0] {
			continue
		}
		value := strings.Join(args[1:], " ")
		if f.Check != nil {
			if err := f.Check(value); err != nil {
				return malformedLine("setup", "%s %s: %v (write %s)", f.Name, value, err, f.Usage)
			}
		}
		if o.Fixed == nil {
			o.Fixed = map[string]string{}
		}
		o.Fixed[f.Name] = value
		return nil
	}
	return malformedLine("setup", "%s fixes %s, not %q", e.Title, strings.Join(names, ", "), game.Echo(args[0]))
}
