package record

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// Parse reads a game record document of version 1 or 2, refusing other formats, newer versions
// and documents whose parts do not fit together (moves or steps out of order, a complete document
// without its deal or a hash); every refusal wraps ErrNotARecord and says what is wrong.
func Parse(data []byte) (Document, error) {
	var d Document
	if err := json.Unmarshal(data, &d); err != nil {
		var syntax *json.SyntaxError
		var field *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syntax):
			return Document{}, fmt.Errorf("%w: the document is not JSON (at byte %d: %w)", ErrNotARecord, syntax.Offset, err)
		case errors.As(err, &field):
			return Document{}, fmt.Errorf("%w: %s holds a JSON %s, which a record never has there", ErrNotARecord, game.Echo(field.Field), field.Value)
		}
		return Document{}, fmt.Errorf("%w: %w", ErrNotARecord, err)
	}
	if d.Format != Format {
		return Document{}, fmt.Errorf("%w: format %q, want %q", ErrNotARecord, game.Echo(d.Format), Format)
	}
	if d.Version < 1 || d.Version > Version {
		return Document{}, fmt.Errorf("%w: version %d; this bot reads versions 1 to %d", ErrNotARecord, d.Version, Version)
	}
	if err := d.check(); err != nil {
		return Document{}, fmt.Errorf("%w: %w", ErrNotARecord, err)
	}
	return d, nil
}

// check sees that the parts of a document fit together: what a replay could not explain.
func (d Document) check() error {
	for i, m := range d.Moves {
		if m.N != i+1 {
			return fmt.Errorf("the move in place %d of the list is numbered %d", i+1, m.N)
		}
		if d.Complete && m.Hash == "" {
			return fmt.Errorf("move %d has no state hash, which every move of a complete record has", m.N)
		}
	}
	if d.Version < 2 && len(d.Steps) > 0 {
		return errors.New("a version 1 record has no steps")
	}
	for i, s := range d.Steps {
		if s.N != i+1 {
			return fmt.Errorf("the step in place %d of the list is numbered %d", i+1, s.N)
		}
	}
	if !d.Complete {
		return nil
	}
	if d.Setup == nil {
		return errors.New("it says the game is over but holds no deal (setup)")
	}
	if d.Setup.Map != d.Map {
		return fmt.Errorf("it is of map %q but its deal is of map %q", game.Echo(d.Map), game.Echo(d.Setup.Map))
	}
	if !slices.Equal(d.Setup.Players, d.Players) {
		return fmt.Errorf("its players (%s) are not those of its deal (%s)", game.Echo(strings.Join(d.Players, ", ")), game.Echo(strings.Join(d.Setup.Players, ", ")))
	}
	if d.Table != nil && d.Table.AI != nil && len(d.Table.AI) != len(d.Players) {
		return fmt.Errorf("it names the AI seats of %d seats, for %d players", len(d.Table.AI), len(d.Players))
	}
	return nil
}
