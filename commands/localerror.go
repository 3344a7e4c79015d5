package commands

import (
	"errors"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// localError is a refusal the catalogues write: Error is its English (logs, wrapping, the record's
// audit), Text the reader's language. Callers branch on it with errors.As, like on any typed error.
type localError struct {
	id string
	a  lang.A
}

func (e *localError) Error() string { return en.T(e.id, e.a) }

// refusal is an error written by the catalogues' message id with its values.
func refusal(id string, a lang.A) error { return &localError{id: id, a: a} }

// errorTextIn is errorText in the printer's language where the error is the catalogues'.
func errorTextIn(p *lang.Printer, err error) string {
	var le *localError
	if errors.As(err, &le) {
		return Sentence(p.T(le.id, le.a))
	}
	var me *game.MoveError
	if errors.As(err, &me) && me.ID != "" && lang.Default.Has("engine_"+me.ID) {
		return Sentence(p.T("engine_"+me.ID, engineArgs(p, me.Args)))
	}
	return errorText(err)
}

// engineArgs are the values of an engine's refusal for its catalogue message: a Move names what
// was refused by its id, which the catalogues write (engine_move_ID).
func engineArgs(p *lang.Printer, args map[string]string) lang.A {
	a := lang.A{}
	for k, v := range args {
		if k == "Move" && lang.Default.Has("engine_move_"+v) {
			a[k] = p.T("engine_move_"+v, nil)
			continue
		}
		a[k] = v
	}
	return a
}
