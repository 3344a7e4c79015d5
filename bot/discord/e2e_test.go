package discord

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// openGame opens and starts a two-player game in the general channel, dealt from a fixed key
// derived from seed.
func openGame(h *harness, mapID string, seed int64, extra ...fakediscord.Arg) (*fakediscord.User, *fakediscord.User, *fakediscord.Channel) {
	h.t.Helper()
	alice, bob := h.f.AddUser("alice"), h.f.AddUser("bob")
	ch := h.f.General
	h.deal.Store(seed)
	args := append([]fakediscord.Arg{fakediscord.StringArg("map", mapID)}, extra...)
	if m := h.slash(alice, ch, "carc", fakediscord.SubCommand("new", args...)); !contains(m.Content, "Game opened") {
		h.t.Fatalf("/carc new: %s", m.Content)
	}
	h.slash(bob, ch, "carc", fakediscord.SubCommand("join"))
	h.slash(alice, ch, "carc", fakediscord.SubCommand("start"))
	return alice, bob, ch
}

// TestCompleteGameOnEveryMap plays whole games through Discord: each player asks autocomplete for
// a square and a rotation and sends /place; every turn message carries the board and pings only
// the next player; the game ends with the end picture and the store holds it as finished.
func TestCompleteGameOnEveryMap(t *testing.T) {
	t.Parallel()
	for _, mapID := range []string{"france", "classic"} {
		t.Run(mapID, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t)
			h.start()
			alice, bob, ch := openGame(h, mapID, 7)
			users := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}
			posts := len(h.posts(ch.ID))
			for turn := 0; ; turn++ {
				tbl := h.table(ch.ID)
				if tbl == nil {
					break
				}
				cur, _ := tbl.Current()
				u := users[cur.ID]
				sq := h.f.SendAutocomplete(u, ch, "place", fakediscord.Focused(fakediscord.StringArg("square", "")))
				resp, err := sq.WaitResponse(h.ctx)
				if err != nil || len(resp.Choices) == 0 {
					t.Fatalf("turn %d: no square offered: %v", turn, err)
				}
				square := fmt.Sprint(resp.Choices[0].Value)
				rot := h.f.SendAutocomplete(u, ch, "place", fakediscord.StringArg("square", square), fakediscord.Focused(fakediscord.StringArg("rotation", "")))
				resp, err = rot.WaitResponse(h.ctx)
				if err != nil || len(resp.Choices) == 0 {
					t.Fatalf("turn %d: no rotation offered for %s: %v", turn, square, err)
				}
				m := h.slash(u, ch, "place", fakediscord.StringArg("square", square), fakediscord.StringArg("rotation", fmt.Sprint(resp.Choices[0].Value)),
					fakediscord.StringArg("meeple", "none"))
				if !contains(m.Content, "Done") {
					t.Fatalf("turn %d: /place %s: %s", turn, square, m.Content)
				}
				posts++
				post := h.waitPost(ch.ID, posts)
				checkPNG(t, post)
				if next := h.table(ch.ID); next != nil {
					nc, _ := next.Current()
					if got := post.Pinged(); !slices.Equal(got, []string{nc.ID}) {
						t.Fatalf("turn %d: the turn message pings %v, want only %s", turn, got, nc.Name)
					}
				}
			}
			last := h.posts(ch.ID)[posts-1]
			if !contains(last.Content, "The game is over.") {
				t.Fatalf("the last message is not the end: %s", last.Content)
			}
			if len(last.Attachments) != 3 || last.Attachments[1].Name != "scores.png" || last.Attachments[2].Name != "game.gif" {
				t.Fatalf("the end message has %d pictures, want the board, the score chart and the animation", len(last.Attachments))
			}
			recs, err := h.store.ActiveGames()
			if err != nil || len(recs) != 0 {
				t.Fatalf("%d games still active after the end: %v", len(recs), err)
			}
		})
	}
}

// TestSlowWorkIsDeferredWithinTheDeadline: even when drawing takes longer than Discord's limit,
// every interaction is acknowledged in time and answered later. The fake's limit is a second (a
// margin for a busy machine, where an acknowledgement is not instant) and each picture takes twice
// that, so only a deferred answer can pass.
func TestSlowWorkIsDeferredWithinTheDeadline(t *testing.T) {
	t.Parallel()
	const limit = time.Second
	h := newHarness(t, fakediscord.WithDeadline(limit))
	h.draw = func(tbl *table.Table, r commands.Reply) ([]byte, error) {
		time.Sleep(2 * limit)
		return bot.Picture(tbl, r)
	}
	h.start()
	_, _, ch := openGame(h, "france", 3)
	checkPNG(t, h.posts(ch.ID)[len(h.posts(ch.ID))-1])
}

// TestRacingClicksApplyOnce: two clicks of "No meeple" at once apply one move; the other click is
// refused politely.
func TestRacingClicksApplyOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	alice, bob, ch := openGame(h, "france", 5)
	tbl := h.table(ch.ID)
	cur, _ := tbl.Current()
	u := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}[cur.ID]
	p := tbl.Game.LegalPlacements(tbl.Game.Drawn)[0]
	posts := len(h.posts(ch.ID))
	if m := h.slash(u, ch, "place", fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String())); !contains(m.Content, "Done") {
		t.Fatalf("/place %v: %s", p, m.Content)
	}
	msg := h.waitPost(ch.ID, posts+1)
	none := ""
	for _, b := range msg.Buttons() {
		if b.Label == "No meeple" {
			none = b.CustomID
		}
	}
	if none == "" {
		t.Fatalf("no No meeple button on %q", msg.Content)
	}
	seqBefore := h.game(ch.ID).Seq
	var wg sync.WaitGroup
	answers := make([]string, 2)
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			in := h.f.SendButton(u, msg, none)
			m, err := in.WaitOriginal(h.ctx, func(m *fakediscord.Message) bool { return !m.Loading() })
			if err == nil {
				answers[i] = m.Content
			}
		}()
	}
	wg.Wait()
	if got := h.game(ch.ID).Seq; got != seqBefore+1 {
		t.Fatalf("%d moves stored for two racing clicks, want 1 (answers %q)", got-seqBefore, answers)
	}
	refused := 0
	for _, a := range answers {
		if contains(a, "from turn") || contains(a, "already") {
			refused++
		}
	}
	if refused != 1 {
		t.Fatalf("answers %q: want one move and one polite refusal", answers)
	}
}

// TestStaleAndForeignInputsAreRefused: a move by the wrong player, and a choice made in a private
// turn panel that an earlier turn opened, are refused privately and change nothing.
func TestStaleAndForeignInputsAreRefused(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	alice, bob, ch := openGame(h, "france", 9)
	start := h.posts(ch.ID)[len(h.posts(ch.ID))-1]
	tbl := h.table(ch.ID)
	cur, _ := tbl.Current()
	player, other := alice, bob
	if cur.ID == bob.ID {
		player, other = bob, alice
	}
	p := tbl.Game.LegalPlacements(tbl.Game.Drawn)[0]
	seq := h.game(ch.ID).Seq
	m := h.slash(other, ch, "place", fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()))
	if !contains(m.Content, "turn, not yours") || !m.Ephemeral() || h.game(ch.ID).Seq != seq {
		t.Fatalf("the wrong player's move: %q (ephemeral %v)", m.Content, m.Ephemeral())
	}
	var play string
	for _, b := range start.Buttons() {
		if strings.HasSuffix(b.CustomID, ":play") {
			play = b.CustomID
		}
	}
	panel := h.click(player, start, play)
	var sel fakediscord.Component
	for _, row := range panel.Components {
		for _, c := range row.Components {
			if c.Type == 3 {
				sel = c
			}
		}
	}
	if sel.CustomID == "" || len(sel.Options) == 0 {
		t.Fatalf("the turn panel has no square menu: %q", panel.Content)
	}
	h.slash(player, ch, "place", fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()),
		fakediscord.StringArg("meeple", "none"))
	seq = h.game(ch.ID).Seq
	in := h.f.SendSelect(player, panel, sel.CustomID, sel.Options[0].Value)
	got, err := in.WaitOriginal(h.ctx, func(m *fakediscord.Message) bool { return m.Version > panel.Version })
	if err != nil || !contains(got.Content, "This button is from turn") || h.game(ch.ID).Seq != seq {
		t.Fatalf("a stale panel: %v %q", err, got.Content)
	}
}

// TestRestartKeepsGamesAndTimers: the bot restarts mid-game (same store); the game goes on, each
// reminder is sent once, and the missed deadline is applied once, also across another restart.
func TestRestartKeepsGamesAndTimers(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	_, _, ch := openGame(h, "france", 11)
	before, _ := h.table(ch.ID).Hash()
	h.stop()
	h.start()
	after, _ := h.table(ch.ID).Hash()
	if before != after {
		t.Fatal("the game changed across a restart")
	}
	count := func(sub string) int {
		n := 0
		for _, m := range h.posts(ch.ID) {
			if contains(m.Content, sub) {
				n++
			}
		}
		return n
	}
	h.clock.Add(25 * time.Hour)
	h.b.FireTimers(h.clock.Now())
	h.b.FireTimers(h.clock.Now())
	if n := count("it is your turn in"); n != 1 {
		t.Fatalf("%d first reminders, want 1", n)
	}
	h.stop()
	h.start()
	h.b.FireTimers(h.clock.Now())
	if n := count("it is your turn in"); n != 1 {
		t.Fatalf("%d first reminders after a restart, want 1", n)
	}
	h.clock.Add(24 * time.Hour)
	h.b.FireTimers(h.clock.Now())
	if n := count("let the turn deadline pass"); n != 1 {
		t.Fatalf("%d deadline messages, want 1", n)
	}
	h.stop()
	h.start()
	h.b.FireTimers(h.clock.Now())
	if n := count("let the turn deadline pass"); n != 1 {
		t.Fatalf("%d deadline messages after a restart, want 1", n)
	}
	if tbl := h.table(ch.ID); tbl.Missed[0]+tbl.Missed[1] != 1 {
		t.Fatalf("missed turns %v, want one", tbl.Missed)
	}
}

// TestHTTPInteractions: in HTTP-interactions mode a signed command is answered and a PING gets a
// PONG; a bad signature or an old timestamp gets 401.
func TestHTTPInteractions(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	pub, priv, _ := ed25519.GenerateKey(rand.Reader)
	handler := h.a.HTTPHandler(pub)
	alice := h.f.AddUser("alice")
	in := h.f.Slash(alice, h.f.General, "carc", fakediscord.SubCommand("help"))
	rec := h.f.ServeInteraction(handler, priv, in)
	if rec.Code != http.StatusOK {
		t.Fatalf("a signed command got %d", rec.Code)
	}
	m, err := in.WaitOriginal(h.ctx, func(m *fakediscord.Message) bool { return !m.Loading() })
	if err != nil {
		t.Fatalf("help over HTTP: no answer: %v", err)
	}
	if !contains(m.Content, "Carcassonne Maps with Map-Chips") {
		t.Fatalf("help over HTTP: %q", m.Content)
	}
	ping := []byte(`{"id":"1","application_id":"` + h.f.AppID + `","type":1,"token":"t","version":1}`)
	for _, c := range []struct {
		name string
		key  ed25519.PrivateKey
		ts   time.Time
		want int
	}{{"ping", priv, h.clock.Now(), http.StatusOK}, {"other key", otherKey(), h.clock.Now(), http.StatusUnauthorized},
		{"replayed", priv, h.clock.Now().Add(-10 * time.Minute), http.StatusUnauthorized}} {
		req := fakediscord.SignedRequest(c.key, ping, c.ts)
		w := &recorder{header: http.Header{}}
		handler.ServeHTTP(w, req)
		if w.code != c.want {
			t.Errorf("%s: status %d, want %d", c.name, w.code, c.want)
		}
		if c.want == http.StatusOK {
			var resp discordgo.InteractionResponse
			if json.Unmarshal(w.body.Bytes(), &resp) != nil || resp.Type != discordgo.InteractionResponsePong {
				t.Errorf("ping answered %s", w.body.String())
			}
		}
	}
	bad := fakediscord.SignedRequest(priv, ping, h.clock.Now())
	bad.Header.Set("X-Signature-Ed25519", strings.Repeat("0", 128))
	w := &recorder{header: http.Header{}}
	handler.ServeHTTP(w, bad)
	if w.code != http.StatusUnauthorized {
		t.Errorf("a forged signature got %d", w.code)
	}
}

func otherKey() ed25519.PrivateKey {
	_, k, _ := ed25519.GenerateKey(rand.Reader)
	return k
}
