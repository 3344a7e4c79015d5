package commands

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// PictureWords are the words of a picture in p's language, as render asks for them (render.Words):
// the catalogues' messages, and places by the names the replies give them.
type PictureWords struct{ p *lang.Printer }

// WordsFor are the words of a picture in language code (a code or a Discord locale; "" is
// English).
func WordsFor(code string) PictureWords { return PictureWords{lang.For(code)} }

// Code is the language's code.
func (w PictureWords) Code() string { return w.p.Code() }

// T writes message id with its named values.
func (w PictureWords) T(id string, a map[string]any) string { return w.p.T(id, a) }

// N writes plural message id for count n.
func (w PictureWords) N(id string, n int, a map[string]any) string { return w.p.N(id, n, a) }

// Has reports whether the catalogues have message id.
func (w PictureWords) Has(id string) bool { return lang.Default.Has(id) }

// Place is a place's common name in the language (placeName).
func (w PictureWords) Place(name string) string { return placeName(w.p, name) }

// OwnWords are the words of a picture only the user of in sees: in their own language.
func OwnWords(in Input) PictureWords { return PictureWords{in.own()} }

// MapTitle is map e's name in the language.
func (w PictureWords) MapTitle(e variants.Entry) string { return mapTitle(w.p, e) }

// PictureLanguage is the language of a picture the bot posts for table t on its own (a game's end
// files, a timer's turn): the table's, else the server's last known locale.
func PictureLanguage(t *table.Table, guildLocale string) string {
	return PublicLanguage(t, guildLocale).Code()
}
