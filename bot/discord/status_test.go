package discord

import (
	"strings"
	"testing"
	"unicode"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

// TestStatusNamesTheDrawnTile: /carc status lists the game where it is your turn with the tile you
// drew, written as its id (the one /carc tiles and the board use), never as a raw character.
func TestStatusNamesTheDrawnTile(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	alice, bob, _ := openGame(h, "classic", 5)
	tbl := h.table(h.f.General.ID)
	cur, _ := tbl.Current()
	u := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}[cur.ID]
	want := "your tile " + tbl.Game.Drawn.String()
	status := h.slash(u, h.f.DMChannel(u), "carc", fakediscord.SubCommand("status"))
	if !strings.Contains(status.Content, want) {
		t.Errorf("status names no drawn tile %q:\n%q", want, status.Content)
	}
	if i := strings.IndexFunc(status.Content, func(r rune) bool { return unicode.IsControl(r) && r != '\n' }); i >= 0 {
		t.Errorf("status has the control character %U:\n%q", []rune(status.Content[i:])[0], status.Content)
	}
}
