package commands

import (
	"errors"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// localError is a refusal the catalogues write: Error is its English (logs, wrapping, the record's
// audit), Text the reader's language. Callers branch on it with errors.As, like on any typed error.
// A value that is itself an error (the reason a part was refused) is written in the same
// language, without its final stop.
type localError struct {
	id string
	a  lang.A
}

func (e *localError) Error() string { return en.T(e.id, e.in(en)) }

// in are the error's values for printer p: errors among them in p's language.
func (e *localError) in(p *lang.Printer) lang.A {
	out := make(lang.A, len(e.a))
	for k, v := range e.a {
		switch w := v.(type) {
		case error:
			v = clause(errorTextIn(p, w))
		case wordsInLanguage:
			v = w.in(p)
		}
		out[k] = v
	}
	return out
}

// clause is a sentence written as a part of another: without its final stop.
func clause(s string) string { return strings.TrimRight(s, ".。") }

// refusal is an error written by the catalogues' message id with its values.
func refusal(id string, a lang.A) error { return &localError{id: id, a: a} }

// Refusal is the command layer's one kind of refusal, for the packages beside it (the leagues'
// commands): message id with its values, written in its reader's language by ErrorTextIn.
func Refusal(id string, a lang.A) error { return refusal(id, a) }

// ErrorTextIn is an error as its reader reads it: a refusal of the catalogues (or the engine's)
// in p's language, a sentence with a capital and a stop; any other error as it is.
func ErrorTextIn(p *lang.Printer, err error) string { return errorTextIn(p, err) }

// errorTextIn is errorText in the printer's language where the error is the catalogues'.
func errorTextIn(p *lang.Printer, err error) string {
	var le *localError
	if errors.As(err, &le) {
		return SentenceOf(p, le.id, le.in(p))
	}
	var me *game.MoveError
	if errors.As(err, &me) {
		if text, ok := moveErrorIn(p, me); ok {
			return text
		}
	}
	return errorText(err)
}

// wordsInLanguage is a value of a refusal that is words, written in the reader's language.
type wordsInLanguage interface{ in(p *lang.Printer) string }

// choiceWords is an open choice's prompt.
type choiceWords struct{ c *game.Choice }

func (w choiceWords) in(p *lang.Printer) string { return promptIn(p, w.c) }

// actionsWords are the chip actions open now.
type actionsWords struct{ g *game.Game }

func (w actionsWords) in(p *lang.Printer) string { return actionLabels(p, w.g) }

// mapWords is a map's name.
type mapWords struct{ id, title string }

func (w mapWords) in(p *lang.Printer) string { return known(p, "map_"+w.id, w.title) }

// pieceName is a kind of piece.
type pieceName struct{ k game.PieceKind }

func (w pieceName) in(p *lang.Printer) string { return pieceNameIn(p, w.k) }
