package discord

import (
	"regexp"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

// TestHostileNamesShowAsTyped: members whose nicknames hold Discord's markdown (a heading, a
// masked link, a fake mention, emphasis) and NULs play a game, are followed, run and play a
// league named with a masked link, and read its standings and schedule. No message the bot sends
// anywhere (channels, threads, DMs, answers) holds a NUL, nor any of that markdown as markdown:
// each name shows as typed, escaped (inside the standings' code block, where Discord renders no
// markdown, as typed); the names stored are the names cleaned at the door.
func TestHostileNamesShowAsTyped(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	boss, nul, fan := h.f.AddUser("boss"), h.f.AddUser("nul"), h.f.AddUser("fan")
	h.f.SetNick(boss, "# Boss [Win](https://evil.example) <@123> **b** ||s||")
	h.f.SetNick(nul, "\x00\x00\x00")
	h.f.SetNick(fan, "Fan\x00cmd\x00carc new\x00 > quote")
	ch := h.f.General
	h.deal.Store(3)
	if m := h.slash(boss, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france"))); !contains(m.Content, "Game opened") {
		t.Fatalf("/carc new: %s", m.Content)
	}
	join := h.slash(nul, ch, "carc", fakediscord.SubCommand("join")).Content
	start := h.slash(boss, ch, "carc", fakediscord.SubCommand("start")).Content
	if tbl := h.table(ch.ID); tbl == nil || tbl.Game == nil {
		t.Fatalf("the game did not start: /carc join %q, /carc start %q", join, start)
	}
	followGame(h, fan, ch, "")
	for range 2 {
		playTurn(h, boss, ch)
		playTurn(h, nul, ch)
	}
	for _, sub := range []string{"status", "history", "log"} {
		h.slash(fan, ch, "carc", fakediscord.SubCommand(sub))
	}
	h.slash(nul, ch, "carc", fakediscord.SubCommand("resign"))
	tbl := h.b.Finished(ch.ID)
	if tbl == nil {
		t.Fatal("the game did not end")
	}
	if names := []string{tbl.Seats[0].Name, tbl.Seats[1].Name}; names[0] != "# Boss [Win](https://evil.example) <@123> **b** ||s||" || names[1] != "nul" {
		t.Fatalf("the names stored: %q", names)
	}

	// A league named with a masked link, run by ref, played by boss and fan.
	ref := addRef(h)
	r := &leagueRun{h: h, members: []*fakediscord.User{boss, fan}, ref: ref}
	s := fakediscord.StringArg
	if m := r.slash(boss, "create", s("name", "[Cup](https://evil.example)"), s("map", "france"), s("deadline", "10m"), s("policy", "auto"),
		fakediscord.IntArg("tiles", 72)); m != "Done." {
		t.Fatalf("/league create: %s", m)
	}
	r.slash(fan, "join")
	if m := r.slash(ref, "start"); m != "Done." {
		t.Fatalf("/season start: %s", m)
	}
	ls, _ := h.store.Leagues("")
	r.id = ls[0].ID
	if got := r.league().Members[1].Name; got != "Fan cmd carc new > quote" {
		t.Fatalf("fan's name in the league: %q", got)
	}
	r.playRound()
	for _, sub := range []string{"standings", "schedule"} {
		r.slash(fan, sub)
	}
	r.slash(boss, "kick", fakediscord.UserArg("player", fan)) // refused: boss plays in it

	code := regexp.MustCompile("(?s)```.*?```")
	raw := []*regexp.Regexp{regexp.MustCompile(`(?m)^#+ `), regexp.MustCompile(`\[(Win|Cup)\]\(`), regexp.MustCompile(`<@123>`),
		regexp.MustCompile(`\*\*b\*\*`), regexp.MustCompile(`\|\|s\|\|`), regexp.MustCompile(`(?m)^> `)}
	escaped := 0
	for _, m := range h.f.AllMessages() {
		if m.AuthorID != h.f.AppID {
			continue
		}
		text := m.Content
		for _, e := range m.Embeds {
			text += "\n" + string(e)
		}
		if strings.ContainsRune(text, 0) || strings.Contains(text, `\u0000`) {
			t.Errorf("a message holds a NUL: %q", text)
		}
		outside := code.ReplaceAllString(text, "")
		for _, re := range raw {
			if loc := re.FindStringIndex(outside); loc != nil {
				t.Errorf("message in %s shows %q as markdown: %q", m.ChannelID, outside[loc[0]:loc[1]], outside)
			}
		}
		if strings.Contains(text, `\# Boss \[Win\](https://evil.example) \<\@123> \*\*b\*\* \|\|s\|\|`) || strings.Contains(text, `\[Cup\](https://evil.example)`) {
			escaped++
		}
	}
	if escaped < 10 {
		t.Errorf("the names show escaped in %d messages only", escaped)
	}
}
