package commands

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestAPictureIsInTheLanguageOfItsReply: a picture the channel sees is drawn in the table's
// language (else the server's), one only its user sees in that user's own.
func TestAPictureIsInTheLanguageOfItsReply(t *testing.T) {
	ann, bob := table.User{ID: "ann", Name: "ann"}, table.User{ID: "bob", Name: "bob"}
	r := Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Local: true, Options: map[string]string{"map": "france", "seed": "3", "language": "fr"}})
	r = Handle(r.Table, Input{User: bob, Command: "carc", Sub: "join", Local: true})
	r = Handle(r.Table, Input{User: ann, Command: "carc", Sub: "start", Local: true, Langs: Langs{Locale: "de", GuildLocale: "es-ES"}})
	if r.Ephemeral || r.Image == NoImage || r.Lang != "fr" {
		t.Fatalf("the start's board (ephemeral %v, image %v) is drawn in %q, want the table's fr", r.Ephemeral, r.Image, r.Lang)
	}
	board := Handle(r.Table, Input{User: bob, Command: "carc", Sub: "board", Local: true, Langs: Langs{Locale: "zh-TW"}})
	if !board.Ephemeral || board.Image == NoImage || board.Lang != "zh-TW" {
		t.Fatalf("a private board (ephemeral %v, image %v) is drawn in %q, want the reader's zh-TW", board.Ephemeral, board.Image, board.Lang)
	}
	r = Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Local: true, Options: map[string]string{"map": "france"}, Langs: Langs{GuildLocale: "nl"}})
	if r.Lang != "nl" {
		t.Fatalf("a table without a language of its own draws in %q, want the server's nl", r.Lang)
	}
	if got := WordsFor("zh-TW").Place("Paris"); got != "巴黎" {
		t.Fatalf("Paris in Chinese pictures: %q", got)
	}
}
