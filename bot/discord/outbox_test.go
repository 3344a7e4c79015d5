package discord

import (
	"sync"
	"sync/atomic"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// dyingStore is the store of a process killed right after it committed a move: once armed, the
// next move is durable, and nothing after it happens (the handler that made it never goes on).
type dyingStore struct {
	storage.Database
	armed atomic.Bool
	died  chan struct{}
	once  sync.Once
}

func (d *dyingStore) AppendMove(c storage.Commit) (bool, error) {
	applied, err := d.Database.AppendMove(c)
	if d.armed.Load() {
		d.once.Do(func() { close(d.died) })
		select {} // the process is dead: this goroutine never runs again
	}
	return applied, err
}

// TestAMoveCommittedBeforeACrashIsAnnouncedOnceAtTheNextStart is the bbolt side of the outbox:
// the bot dies after a move's transaction, before it posted the turn or answered the player. At
// its next start the move is announced in the game's channel, with the board, and the player's
// interaction is answered; a later start says nothing again; the player who sends the move again
// is told that it went through, with the board, and nothing changes.
func TestAMoveCommittedBeforeACrashIsAnnouncedOnceAtTheNextStart(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	dying := &dyingStore{died: make(chan struct{})}
	h.configure = func(c *bot.Config) {
		if dying.Database == nil {
			dying.Database = c.Store
			c.Store = dying
		}
	}
	h.start()
	alice, bob := h.f.AddUser("alice"), h.f.AddUser("bob")
	ch := h.f.General
	h.slash(alice, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france")))
	h.slash(bob, ch, "carc", fakediscord.SubCommand("join"))
	h.slash(alice, ch, "carc", fakediscord.SubCommand("start"))
	tbl := h.table(ch.ID)
	cur, _ := tbl.Current()
	player := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}[cur.ID]
	before := len(h.posts(ch.ID))
	id, _, _ := h.store.ActiveGame(ch.ID)
	moves, _ := h.store.Moves(id)

	dying.armed.Store(true)
	args := placeArgs(tbl)
	killed := h.f.SendSlash(player, ch, "place", args...)
	<-dying.died
	// The process is gone: its gateway connection drops and its file is free.
	for _, s := range h.a.gateway {
		_ = s.Close()
	}
	if err := h.store.Close(); err != nil {
		t.Fatal(err)
	}
	h.b, h.store = nil, nil
	if n := len(h.posts(ch.ID)); n != before {
		t.Fatalf("the dying process posted %d messages", n-before)
	}

	h.configure = nil
	h.start()
	if after, _ := h.store.Moves(id); len(after) != len(moves)+1 {
		t.Fatalf("the committed move is not in the log after the restart: %d moves, had %d", len(after), len(moves))
	}
	late := h.waitPost(ch.ID, before+1)
	if !contains(late.Content, "Posted late") || len(late.Attachments) == 0 || len(late.Buttons()) == 0 {
		t.Errorf("the late turn message: %q, %d attachments, %d buttons; want the note, the board and the turn's buttons",
			late.Content, len(late.Attachments), len(late.Buttons()))
	}
	answer, err := killed.WaitOriginal(h.ctx, func(m *fakediscord.Message) bool { return !m.Loading() })
	if err != nil || !contains(answer.Content, "went through") {
		t.Errorf("the player's interaction after the restart: %v, %v", answer, err)
	}
	if left, err := h.store.Announcements(); err != nil || len(left) != 0 {
		t.Errorf("announcements left: %+v, %v", left, err)
	}

	h.stop()
	h.start()
	if n := len(h.posts(ch.ID)); n != before+1 {
		t.Errorf("after a second restart the channel has %d new messages, want the one", n-before)
	}
	retry := h.slash(player, ch, "place", args...)
	if !contains(retry.Content, "already went through") || len(retry.Attachments) == 0 {
		t.Errorf("the player sends the move again: %q with %d attachments; want that it went through, with the board", retry.Content, len(retry.Attachments))
	}
	if after, _ := h.store.Moves(id); len(after) != len(moves)+1 {
		t.Errorf("the retry changed the log: %d moves, want %d", len(after), len(moves)+1)
	}
	if n := len(h.posts(ch.ID)); n != before+1 {
		t.Errorf("the retry posted %d messages in the channel", n-before-1)
	}
}

// TestAFollowerIsToldOnceOfAMoveAnnouncedLate: carol follows a game whose process dies after a
// move's transaction, before it posted the turn. The next start posts the move late in the
// channel and tells carol too, as after a move posted in time (without the players' mentions);
// a further start tells her nothing more.
func TestAFollowerIsToldOnceOfAMoveAnnouncedLate(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	dying := &dyingStore{died: make(chan struct{})}
	h.configure = func(c *bot.Config) {
		if dying.Database == nil {
			dying.Database = c.Store
			c.Store = dying
		}
	}
	h.start()
	alice, bob, ch := openGame(h, "france", 8)
	carol := h.f.AddUser("carol")
	if got := followGame(h, carol, ch, ""); !contains(got, "a DM at every turn") {
		t.Fatalf("carol follows: %s", got)
	}
	h.waitFor(func() bool { return len(dms(h, carol)) == 1 }) // the DM that checks hers are open
	tbl := h.table(ch.ID)
	cur, _ := tbl.Current()
	player := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}[cur.ID]
	before := len(h.posts(ch.ID))

	dying.armed.Store(true)
	h.f.SendSlash(player, ch, "place", placeArgs(tbl)...)
	<-dying.died
	for _, s := range h.a.gateway {
		_ = s.Close()
	}
	if err := h.store.Close(); err != nil {
		t.Fatal(err)
	}
	h.b, h.store = nil, nil
	if n := len(dms(h, carol)); n != 1 {
		t.Fatalf("the dying process told carol %d times", n-1)
	}

	h.configure = nil
	h.start()
	late := h.waitPost(ch.ID, before+1)
	h.stop() // the followers' messages are sent before the bot closes
	got := dms(h, carol)
	if len(got) != 2 {
		t.Fatalf("carol got %d DMs after the late announcement, want the move's one", len(got)-1)
	}
	if told := got[1].Content; !contains(told, player.Username+" placed") || !contains(told, "Posted late") || len(got[1].Pinged()) != 0 {
		t.Errorf("carol's DM of the late move: %q (pings %v); want the channel's late turn, pinging nobody", told, got[1].Pinged())
	}
	if !contains(late.Content, "Posted late") {
		t.Errorf("the late turn message: %q", late.Content)
	}

	h.start()
	h.stop()
	if n := len(dms(h, carol)); n != 2 {
		t.Errorf("after a second start carol has %d DMs, want 2", n)
	}
}
