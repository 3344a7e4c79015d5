package commands

import (
	"errors"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
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
	return errorText(err)
}
