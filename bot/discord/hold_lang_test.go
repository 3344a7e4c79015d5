package discord

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang/langtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestAGermanTableIsToldOfAHoldInGerman: on a German server, the message that puts a game on hold,
// its resume button, what /carc status says of it and the resume are in German, with no sentence of
// the English catalogue.
func TestAGermanTableIsToldOfAHoldInGerman(t *testing.T) {
	t.Parallel()
	english := langtest.For(t, "de")
	h := newHarness(t)
	h.noPictures()
	h.aiDelay = 1
	h.f.SetGuildLocale(h.f.GuildID, "de")
	var broken atomic.Bool
	broken.Store(true)
	h.configure = func(c *bot.Config) {
		c.AIMove = func(tb *table.Table, guildLocale string) commands.Reply {
			if broken.Load() {
				panic("the AI's search went wrong")
			}
			return commands.AIMoveIn(tb, guildLocale)
		}
	}
	h.start()
	anna := h.f.AddUser("anna")
	admin := h.f.AddUserWithPermissions("mod", discordgo.PermissionManageChannels)
	h.f.SetLocale(admin, "de")
	ch := aiGame(h, anna, "partie") // its helper reads the English answers
	h.f.SetLocale(anna, "de")
	posts := len(h.posts(ch.ID))
	playTurn(h, anna, ch)
	onHold := h.waitPost(ch.ID, posts+2)
	if !contains(onHold.Content, "Diese Partie ist angehalten: Der Bot ist beim Spielen des Zugs eines KI-Spielers auf einen internen Fehler gestoßen.") {
		t.Fatalf("the hold message: %q", onHold.Content)
	}
	english.Check(t, "the hold message", onHold.Content)
	var labels []string
	for _, b := range onHold.Buttons() {
		labels = append(labels, b.Label)
	}
	if resumeID(onHold) == "" || !contains(strings.Join(labels, "|"), "Partie fortsetzen") {
		t.Fatalf("the hold message's buttons: %q", labels)
	}
	status := h.slash(anna, ch, "carc", fakediscord.SubCommand("status"))
	if !contains(status.Content, "Angehalten: Der Bot ist beim Spielen") {
		t.Fatalf("/carc status of the held game: %q", status.Content)
	}
	english.Check(t, "/carc status", status.Content)
	broken.Store(false)
	posts = len(h.posts(ch.ID))
	if m := h.click(admin, onHold, resumeID(onHold)); !contains(m.Content, "Die Partie geht weiter.") {
		t.Fatalf("the admin's resume: %s", m.Content)
	}
	if m := h.waitPost(ch.ID, posts+1); !contains(m.Content, "mod hat die Partie fortgesetzt") {
		t.Fatalf("the resume's announcement: %q", m.Content)
	}
}

// TestAGermanPlayerIsToldOfAFailedPostInGerman: when the bot cannot post a German player's move,
// the player is told in German that it is saved and why nobody sees it, and /carc status shows
// the problem in German.
func TestAGermanPlayerIsToldOfAFailedPostInGerman(t *testing.T) {
	t.Parallel()
	english := langtest.For(t, "de")
	h := newHarness(t)
	h.noPictures()
	h.f.SetGuildLocale(h.f.GuildID, "de")
	h.start()
	anna, ben := h.f.AddUser("anna"), h.f.AddUser("ben")
	h.f.SetLocale(anna, "de")
	h.f.SetLocale(ben, "de")
	h.deal.Store(41)
	ch := h.f.General
	h.slash(anna, ch, "carc", fakediscord.SubCommand("new"))
	h.slash(ben, ch, "carc", fakediscord.SubCommand("join"))
	h.slash(anna, ch, "carc", fakediscord.SubCommand("start"))
	h.f.SetAppPermissions(fakediscord.DefaultAppPermissions &^ discordgo.PermissionSendMessages)
	tbl := h.table(ch.ID)
	cur, _ := tbl.Current()
	mover := map[string]*fakediscord.User{anna.ID: anna, ben.ID: ben}[cur.ID]
	m := playTurn(h, mover, ch)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := h.f.ExpectProblem(ctx, fakediscord.ProblemBadRequest); err != nil {
		t.Fatal(err)
	}
	if !contains(m, "Mir fehlt eine Berechtigung in <#"+ch.ID+">") {
		t.Fatalf("a move while the bot cannot post: %q", m)
	}
	english.Check(t, "the move's answer", m)
	st := h.slash(anna, ch, "carc", fakediscord.SubCommand("status")).Content
	if !contains(st, "Problem beim Posten: Mir fehlt eine Berechtigung") {
		t.Fatalf("/carc status does not show the problem in German: %q", st)
	}
	english.Check(t, "/carc status", st)
}
