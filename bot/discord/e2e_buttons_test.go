package discord

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

// TestStaleButtonsAreGreyedOutWhenClicked: after a restart the bot no longer knows its last turn
// message, so the next turn cannot disable that message's buttons; the first click on one of them
// is refused and greys every button of the message out.
func TestStaleButtonsAreGreyedOutWhenClicked(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	alice, bob, ch := openGame(h, "france", 31)
	old := h.posts(ch.ID)[len(h.posts(ch.ID))-1]
	h.stop()
	h.start()
	tbl := h.table(ch.ID)
	cur, _ := tbl.Current()
	mover := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}[cur.ID]
	p := tbl.Game.LegalPlacements(tbl.Game.Drawn)[0]
	h.slash(mover, ch, "place", fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()),
		fakediscord.StringArg("meeple", "none"))
	var play string
	for _, b := range h.f.Message(old.ID).Buttons() {
		if b.Disabled {
			t.Fatalf("button %q was disabled before any click", b.Label)
		}
		if strings.HasSuffix(b.CustomID, ":play") {
			play = b.CustomID
		}
	}
	if got := h.click(mover, old, play); !contains(got.Content, "This button is from turn") {
		t.Fatalf("a stale click: %q", got.Content)
	}
	for _, b := range h.f.Message(old.ID).Buttons() {
		if !b.Disabled {
			t.Errorf("button %q of the stale message is still enabled", b.Label)
		}
	}
}

// TestPanelKeepsOnePicture: choosing a square in the private turn panel replaces the board with
// the preview instead of adding a second picture.
func TestPanelKeepsOnePicture(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	alice, bob, ch := openGame(h, "france", 32)
	start := h.posts(ch.ID)[len(h.posts(ch.ID))-1]
	cur, _ := h.table(ch.ID).Current()
	player := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}[cur.ID]
	var play string
	for _, b := range start.Buttons() {
		if strings.HasSuffix(b.CustomID, ":play") {
			play = b.CustomID
		}
	}
	panel := h.click(player, start, play)
	if len(panel.Attachments) != 1 {
		t.Fatalf("the turn panel has %d pictures, want the board", len(panel.Attachments))
	}
	var sel fakediscord.Component
	for _, row := range panel.Components {
		for _, c := range row.Components {
			if c.Type == 3 {
				sel = c
			}
		}
	}
	if sel.CustomID == "" {
		t.Fatalf("the turn panel has no square menu: %q", panel.Content)
	}
	in := h.f.SendSelect(player, panel, sel.CustomID, sel.Options[0].Value)
	got, err := in.WaitOriginal(h.ctx, func(m *fakediscord.Message) bool { return m.Version > panel.Version })
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Attachments) != 1 {
		t.Fatalf("after choosing a square the panel has %d pictures, want only the preview", len(got.Attachments))
	}
}
