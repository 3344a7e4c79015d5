package discord

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang/langtest"
)

// TestAGermanLeagueSeasonNeverReadsEnglish: German members of a German server run a whole
// double elimination cup through Discord: created, joined, started, its first round played to
// the end, the others adjudicated at their deadlines, the standings and the schedule asked
// along the way, the season ended and the next opened, the ratings and the leaderboard read.
// No reply, no post in the league's channel and no post in a game's thread holds a message of
// the English catalogue.
func TestAGermanLeagueSeasonNeverReadsEnglish(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.f.SetGuildLocale(h.f.GuildID, "de")
	h.deal.Store(33)
	var members []*fakediscord.User
	for _, n := range []string{"anna", "ben", "cora", "dirk"} {
		u := h.f.AddUser(n)
		h.f.SetLocale(u, "de")
		members = append(members, u)
	}
	// leiter runs the league without playing in it: no player administers their own league.
	leiter := h.f.AddUserWithPermissions("leiter", discordgo.PermissionManageGuild|fakediscord.DefaultMemberPermissions)
	h.f.SetLocale(leiter, "de")
	h.noPictures()
	h.start()
	ch, s := h.f.General, fakediscord.StringArg
	var replies []string
	ask := func(u *fakediscord.User, name string, args ...fakediscord.Arg) string {
		c := h.slash(u, ch, name, args...).Content
		replies = append(replies, c)
		return c
	}
	league1 := func(u *fakediscord.User, sub string, args ...fakediscord.Arg) string {
		return ask(u, leagueCommandOf(sub), fakediscord.SubCommand(sub, args...))
	}
	anna := members[0]
	league1(anna, "create", s("name", "Pokal"), s("map", "france"), s("format", "double-elimination"), s("adjudicate", "forfeit"),
		s("deadline", "10m"), s("policy", "auto"), fakediscord.IntArg("tiles", 72))
	league1(anna, "create", s("name", "Pokal"))                    // the name is taken
	league1(anna, "create", s("name", "Zweite"), s("round", "5m")) // too short a round
	for _, u := range members[1:] {
		league1(u, "join")
	}
	league1(members[1], "join")  // again
	league1(members[1], "start") // not an administrator
	league1(anna, "standings")   // before the season
	league1(anna, "start")       // she plays in it
	if got := league1(leiter, "start"); got != "Erledigt." {
		t.Errorf("/season start is answered in German: %q", got)
	}
	league1(leiter, "start") // the round still runs
	league1(members[2], "leave")
	r := &leagueRun{h: h, members: members}
	ls, err := h.store.Leagues("")
	if err != nil || len(ls) != 1 {
		t.Fatalf("leagues %v %v", ls, err)
	}
	r.id = ls[0].ID
	r.playRound()
	league1(members[3], "standings")
	league1(members[3], "schedule")
	l := r.league()
	for n := 0; ; n++ {
		if s := r.season(); s.Over(&l) {
			break
		}
		if n > 8 {
			t.Fatalf("the cup stops at round %d", r.season().Started)
		}
		r.adjudicateRound(2)
		league1(members[n%4], "schedule")
	}
	league1(anna, "standings")
	league1(members[1], "pause") // not an administrator
	league1(anna, "pause")       // she plays in it
	league1(leiter, "resume")    // not paused
	league1(leiter, "end")
	ask(leiter, "season", fakediscord.SubCommand("new"))
	league1(anna, "standings", fakediscord.IntArg("season", 1))
	league1(anna, "standings", fakediscord.IntArg("season", 7))
	league1(leiter, "kick", fakediscord.UserArg("player", members[3]))
	ask(members[1], "player", fakediscord.SubCommand("rating"))
	ask(members[1], "carc", fakediscord.SubCommand("leaderboard"))
	ask(members[1], "carc", fakediscord.SubCommand("leaderboard", s("map", "atlantis")))

	if se, err := h.store.Season(r.id, 1); err != nil || se.Champion() == "" {
		t.Fatalf("season 1 of the cup has no champion (%v)", err)
	}
	texts := map[string][]string{"reply": replies}
	for _, m := range h.posts(ch.ID) {
		texts["#general"] = append(texts["#general"], m.Content)
	}
	threads := h.f.Threads(ch)
	if len(threads) < 4 {
		t.Fatalf("%d games' threads, want the cup's", len(threads))
	}
	for _, th := range threads {
		for _, m := range h.posts(th.ID) {
			texts["thread"] = append(texts["thread"], m.Content)
		}
	}
	for _, want := range []string{"Runde 1 von", "Tisch 1", "Siegerfeld", "Tabelle nach", "gewinnt den Pokal", "entschieden", "Freilos"} {
		if !strings.Contains(strings.Join(texts["#general"], "\n")+strings.Join(replies, "\n"), want) {
			t.Errorf("nothing reads %q", want)
		}
	}
	english := langtest.For(t, "de")
	checked := 0
	for where, list := range texts {
		for _, text := range list {
			checked++
			english.Check(t, where, text)
		}
	}
	if checked < 60 {
		t.Fatalf("only %d texts read", checked)
	}
}
