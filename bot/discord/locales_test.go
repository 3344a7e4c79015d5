package discord

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestWhatATimerPostsIsInTheServersLanguage: in a server whose locale is Spanish, at a table
// with no language of its own, the turn a deadline's autopilot plays and the AI's turn that
// follows, both posted with no interaction behind them after a restart (the server's locale comes
// from the store), are written in Spanish and their pictures drawn in Spanish; the player's own
// English client changes nothing of what the channel reads.
func TestWhatATimerPostsIsInTheServersLanguage(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.aiDelay = 1
	var mu sync.Mutex
	var drawn []string
	h.draw = func(tb *table.Table, r commands.Reply) ([]byte, error) {
		mu.Lock()
		drawn = append(drawn, r.Lang)
		mu.Unlock()
		return bot.Picture(tb, r)
	}
	h.endFiles = func(*table.Table, string) []bot.File { return nil }
	h.f.SetGuildLocale(h.f.GuildID, "es-ES")
	h.start()
	alice, ch := h.f.AddUser("alice"), h.f.General
	h.deal.Store(7)
	h.slash(alice, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france"), fakediscord.StringArg("policy", "auto")))
	h.slash(alice, ch, "table", fakediscord.SubCommand("bot", fakediscord.StringArg("level", "easy")))
	h.slash(alice, ch, "carc", fakediscord.SubCommand("start"))

	h.stop()
	h.start()
	mu.Lock()
	drawn = nil
	mu.Unlock()
	before := len(h.posts(ch.ID))
	h.clock.Add(table.DefaultDeadline + time.Minute)
	h.b.FireTimers(h.clock.Now())
	h.waitFor(func() bool { // the AI's turn is posted once its lock is let go
		posts := h.posts(ch.ID)
		return len(posts) > before && contains(posts[len(posts)-1].Content, "jugó su turno")
	})
	var autopilot, ai string
	for _, m := range h.posts(ch.ID)[before:] {
		switch {
		case contains(m.Content, "el piloto automático jugó el turno"):
			autopilot = m.Content
		case contains(m.Content, "jugó su turno"):
			ai = m.Content
		}
		for _, en := range []string{"autopilot played", "played its turn", "Turn deadline", "to play"} {
			if contains(m.Content, en) {
				t.Errorf("English in a post of a Spanish server: %q", m.Content)
			}
		}
	}
	if autopilot == "" || ai == "" {
		t.Fatalf("the deadline's turn (%q) and the AI's (%q) in Spanish, among %d posts", autopilot, ai, len(h.posts(ch.ID))-before)
	}
	if !contains(ai, "Plazo del turno") {
		t.Errorf("the AI's turn gives the next deadline in Spanish: %q", ai)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(drawn) < 2 {
		t.Fatalf("%d pictures drawn, want the two turns'", len(drawn))
	}
	for _, code := range drawn {
		if code != "es" {
			t.Errorf("pictures drawn in %v, want every one in es", drawn)
			break
		}
	}
}

// TestAReminderDMIsInThePlayersOwnLanguage: at a German table in a German server, a player
// whose Discord is in French, who asked for DMs, gets the turn DM and the deadline's reminder in
// French (their client's locale, recorded when they used a command), while the channel reads
// German and the German player's move is acknowledged in German.
func TestAReminderDMIsInThePlayersOwnLanguage(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.f.SetGuildLocale(h.f.GuildID, "de")
	h.start()
	alice, bob, ch := h.f.AddUser("alice"), h.f.AddUser("bob"), h.f.General
	h.f.SetLocale(alice, "de")
	h.f.SetLocale(bob, "fr")
	h.deal.Store(5)
	h.slash(alice, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france"), fakediscord.StringArg("language", "de")))
	h.slash(bob, ch, "carc", fakediscord.SubCommand("join"))
	h.slash(alice, ch, "carc", fakediscord.SubCommand("start"))
	if got := chooseNotify(h, bob, ch, "dm"); !contains(got, "Enregistré") {
		t.Fatalf("/player settings notify:dm answers bob in French: %s", got)
	}
	if got := dms(h, bob); len(got) != 1 || !contains(got[0].Content, "Les avis de tour") {
		t.Fatalf("the DM that checks bob's DMs are open, in French: %v", got)
	}
	h.stop() // what bob's client speaks is kept in the store, not only in memory
	h.start()
	if got := playTurn(h, alice, ch); !contains(got, "Erledigt: ") {
		t.Errorf("alice's move is acknowledged in German: %q", got)
	}
	if turn := h.posts(ch.ID)[len(h.posts(ch.ID))-1]; !contains(turn.Content, "Zugfrist") {
		t.Fatalf("the channel reads German: %q", turn.Content)
	}
	h.b.FireTimers(h.clock.Now())
	h.clock.Add(25 * time.Hour)
	h.b.FireTimers(h.clock.Now())
	got := dms(h, bob)
	if len(got) != 3 {
		t.Fatalf("%d DMs, want the check, the turn and the reminder", len(got))
	}
	if turn := got[1].Content; !contains(turn, "À vous de jouer dans France") || !contains(turn, "Le tour se termine") {
		t.Errorf("the turn DM in French: %q", turn)
	}
	if reminder := got[2].Content; !contains(reminder, "c'est votre tour dans France") {
		t.Errorf("the reminder DM in French: %q", reminder)
	}
	for _, m := range got {
		for _, de := range []string{"du bist am Zug", "Zugfrist", "Dein Plättchen", "Your turn", "it is your turn"} {
			if strings.Contains(m.Content, de) {
				t.Errorf("a DM to a French player holds %q: %q", de, m.Content)
			}
		}
	}
	for _, m := range h.posts(ch.ID) {
		if contains(m.Content, "c'est votre tour") {
			t.Errorf("the reminder went to the channel too: %q", m.Content)
		}
	}
}
