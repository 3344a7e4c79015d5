package discord

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
)

// TestRecordsAfterTheGameLeftItsChannel: once a game has ended (here abandoned by a moderator after
// one turn),
// /carc export in its channel attaches the complete record, which replays with every hash and
// matches the commitment posted at the start; /carc history and /carc replay still answer. While
// the game ran, the export held no deal.
func TestRecordsAfterTheGameLeftItsChannel(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	alice, bob, ch := openGame(h, "france", 51)
	tbl := h.table(ch.ID)
	cur, _ := tbl.Current()
	mover := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}[cur.ID]
	p := tbl.Game.LegalPlacements(tbl.Game.Drawn)[0]
	h.slash(mover, ch, "place", fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()),
		fakediscord.StringArg("meeple", "none"))
	running := h.slash(bob, ch, "carc", fakediscord.SubCommand("export"))
	if len(running.Attachments) != 1 {
		t.Fatalf("export while the game runs: %q, %d files", running.Content, len(running.Attachments))
	}
	if r, err := record.Parse(running.Attachments[0].Data); err != nil || r.Complete || r.Setup != nil {
		t.Fatalf("the running game's record: %v, complete %v", err, r.Complete)
	}
	mod := h.f.AddUserWithPermissions("mod", discordgo.PermissionManageChannels|fakediscord.DefaultMemberPermissions)
	if m := h.slash(mod, ch, "table", fakediscord.SubCommand("abandon")); h.table(ch.ID) != nil {
		t.Fatalf("the game did not end: %q", m.Content)
	}
	m := h.slash(bob, ch, "carc", fakediscord.SubCommand("export"))
	if len(m.Attachments) != 1 || !strings.HasSuffix(m.Attachments[0].Name, ".json") {
		t.Fatalf("export after the end: %q, %d files", m.Content, len(m.Attachments))
	}
	r, err := record.Parse(m.Attachments[0].Data)
	if err != nil || !r.Complete || r.Commitment == "" || len(r.Moves) == 0 {
		t.Fatalf("the record: %v, complete %v, commitment %q, %d moves", err, r.Complete, r.Commitment, len(r.Moves))
	}
	if _, err := record.Replay(r); err != nil {
		t.Fatal(err)
	}
	var posted bool
	for _, post := range h.posts(ch.ID) {
		posted = posted || strings.Contains(post.Content, r.Commitment)
	}
	if !posted {
		t.Fatal("the record's commitment is not the one posted at the start")
	}
	if hist := h.slash(bob, ch, "carc", fakediscord.SubCommand("history")); !contains(hist.Content, "1. ") {
		t.Fatalf("history after the end: %q", hist.Content)
	}
	if rp := h.slash(bob, ch, "carc", fakediscord.SubCommand("replay", fakediscord.IntArg("move", 1))); len(rp.Attachments) != 1 {
		t.Fatalf("replay after the end: %q", rp.Content)
	}
}
