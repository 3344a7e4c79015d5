package commands

import (
	"errors"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// The printer writes the values of messages that take the command layer's words: an error among
// a refusal's values (the reason a part was refused) in the same language, without its final
// stop; the words of an open choice or of a turn's chip actions; the kinds of values that are the
// game's words (spots, colours, chips, places, durations).
func init() {
	lang.SetValues(func(p *lang.Printer, v any) (string, bool) {
		switch w := v.(type) {
		case msg.Value:
			return typedIn(p, w), true
		case wordsInLanguage:
			return w.in(p), true
		case error:
			return clause(errorTextIn(p, w)), true
		}
		return "", false
	})
}

// clause is a sentence written as a part of another: without its final stop.
func clause(s string) string { return strings.TrimRight(s, ".。") }

// refusal is a refusal the catalogues write: message id with its values (msg.Message, whose Error
// is its English), written in its reader's language by ErrorTextIn.
func refusal(id string, a lang.A) error { return msg.Message{ID: id, Args: a} }

// Refusal is the command layer's one kind of refusal, for the packages beside it (the leagues'
// commands): message id with its values, written in its reader's language by ErrorTextIn.
func Refusal(id string, a lang.A) error { return refusal(id, a) }

// ErrorTextIn is an error as its reader reads it: a refusal of the catalogues (or the engine's)
// in p's language, a sentence with a capital and a stop; any other error as it is.
func ErrorTextIn(p *lang.Printer, err error) string { return errorTextIn(p, err) }

// errorTextIn is errorText in the printer's language where the error is the catalogues'.
func errorTextIn(p *lang.Printer, err error) string {
	var m msg.Message
	if errors.As(err, &m) {
		return sentence(p.Message(m), namesIn(p, m.Args)...)
	}
	var me *game.MoveError
	if errors.As(err, &me) {
		if text, ok := moveErrorIn(p, me); ok {
			return text
		}
	}
	return errorText(err)
}

// wordsInLanguage is a value of a message that is words, written in the reader's language.
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

// listWords are values (names, values to type) listed with the separator of message sep.
type listWords struct {
	items []string
	sep   string
}

func (w listWords) in(p *lang.Printer) string { return strings.Join(w.items, p.T(w.sep, nil)) }

// pieceName is a kind of piece.
type pieceName struct{ k game.PieceKind }

func (w pieceName) in(p *lang.Printer) string { return pieceNameIn(p, w.k) }
