package discord

import (
	"fmt"
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// TestAPlayingCreatorAdministersNothingOfHerCup: a cup of eight through the fake Discord, created
// by ann, who plays in it and holds Manage Server and Manage Channels besides. She resigns her
// first game and tries every power over the league and its games, in every round and in the open
// league before it: /league kick of the player who beat her (and of another), /season start,
// pause, resume, end and new, and /table skip, abandon and kick in her own game and in another.
// Each is refused, saying who can, and changes nothing; the player who beat her goes on to round
// 2. ref, who has Manage Server and plays in no league, starts the season; the games play to
// the end, and the cup has its winner, announced in the league's channel.
func TestAPlayingCreatorAdministersNothingOfHerCup(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	ann := h.f.AddUserWithPermissions("ann", discordgo.PermissionManageGuild|discordgo.PermissionManageChannels|fakediscord.DefaultMemberPermissions)
	r := &leagueRun{h: h, members: []*fakediscord.User{ann}, ref: addRef(h)}
	for _, n := range []string{"bob", "cy", "dee", "eve", "fay", "gus", "hal"} {
		r.members = append(r.members, h.f.AddUser(n))
	}
	s := fakediscord.StringArg
	if m := r.slash(ann, "create", s("name", "Cup"), s("map", "france"), s("format", "cup"), s("deadline", "10m"), s("policy", "auto"),
		fakediscord.IntArg("tiles", 72)); m != "Done." {
		t.Fatalf("/league create: %s", m)
	}
	for _, u := range r.members[1:] {
		if m := r.slash(u, "join"); m != "Done." {
			t.Fatalf("/league join: %s", m)
		}
	}
	ls, err := h.store.Leagues("")
	if err != nil || len(ls) != 1 {
		t.Fatalf("leagues %v %v", ls, err)
	}
	r.id = ls[0].ID
	names := map[string]*fakediscord.User{}
	for _, u := range r.members {
		names[u.ID] = u
	}

	players := "You play in Cup, and nobody administers a league they play in, whatever their role: only its creator or a member with Manage Server who does not play in it can use "
	games := "This is a game of the league Cup: only ann, who runs Cup, or a member with Manage Server (never one who plays in the league) can "
	// state is what a refused power must leave as it was.
	state := func() string {
		l := r.league()
		out := fmt.Sprintf("%s %d %v", l.Status, l.Season, l.MemberIDs())
		if se, err := h.store.Season(r.id, l.Season); err == nil {
			out += fmt.Sprintf(" %d %v", se.Started, se.Fixtures)
		}
		return out
	}
	tried := 0
	leaguePower := func(sub string, args ...fakediscord.Arg) {
		t.Helper()
		before := state()
		if m := r.slash(ann, sub, args...); !contains(m, players+"/"+leagueCommandOf(sub)+" "+sub+".") {
			t.Errorf("%s: ann's /%s %s: %q, want the refusal of a player", before, leagueCommandOf(sub), sub, m)
		}
		if after := state(); after != before {
			t.Errorf("ann's refused /%s changed the league:\n%s\n%s", sub, before, after)
		}
		tried++
	}
	tablePower := func(thread string, sub, what string, args ...fakediscord.Arg) {
		t.Helper()
		tbl := h.table(thread)
		if tbl == nil {
			return // the game is over already
		}
		before := len(tbl.Moves)
		if m := h.slash(ann, h.f.Channel(thread), "table", fakediscord.SubCommand(sub, args...)); !contains(m.Content, games+what+".") {
			t.Errorf("ann's /table %s in %s: %q, want the refusal of a league's player", sub, tbl.ID, m.Content)
		}
		if after := h.table(thread); after == nil || len(after.Moves) != before {
			t.Errorf("ann's refused /table %s changed game %s", sub, tbl.ID)
		}
		tried++
	}
	everyPower := func(kick *fakediscord.User) {
		t.Helper()
		leaguePower("kick", fakediscord.UserArg("player", kick))
		for _, sub := range []string{"start", "pause", "resume", "end", "new"} {
			leaguePower(sub)
		}
		se := r.season()
		for _, f := range se.Fixtures {
			if f.Round != se.Started || f.Done() {
				continue
			}
			opponent := names[f.Players[0]]
			if opponent == ann {
				opponent = names[f.Players[1]]
			}
			tablePower(f.Thread, "skip", "skip")
			tablePower(f.Thread, "abandon", "abandon")
			tablePower(f.Thread, "kick", "remove a player", fakediscord.StringArg("player", opponent.Username))
		}
	}

	// The open league: she may neither remove a member nor start it.
	leaguePower("kick", fakediscord.UserArg("player", r.members[7]))
	leaguePower("start")
	if m := r.slash(r.ref, "start"); m != "Done." {
		t.Fatalf("ref's /season start: %s", m)
	}
	first := r.season()
	mine := slices.IndexFunc(first.Fixtures, func(f league.Fixture) bool { return slices.Contains(f.Players, ann.ID) })
	if len(first.Fixtures) != 4 || mine < 0 {
		t.Fatalf("round 1 of a cup of 8: %+v", first.Fixtures)
	}
	f := first.Fixtures[mine]
	winner := names[f.Players[1-slices.Index(f.Players, ann.ID)]]
	tablePower(f.Thread, "skip", "skip")
	tablePower(f.Thread, "abandon", "abandon")
	tablePower(f.Thread, "kick", "remove a player", fakediscord.StringArg("player", winner.Username))
	if m := h.slash(ann, h.f.Channel(f.Thread), "carc", fakediscord.SubCommand("resign")); !contains(m.Content, "Done") {
		t.Fatalf("ann's /carc resign: %s", m.Content)
	}
	everyPower(winner)
	for n := 0; ; n++ {
		l := r.league()
		se := r.season()
		if se.Over(&l) {
			break
		}
		if n > 3 {
			t.Fatalf("the cup stops at round %d", se.Started)
		}
		r.playRound()
		if se := r.season(); !se.Over(&l) {
			everyPower(winner)
		}
	}
	se := r.season()
	l := r.league()
	if got := se.Rounds[1].Tables; !slices.ContainsFunc(got, func(tb []string) bool { return slices.Contains(tb, winner.ID) }) {
		t.Fatalf("round 2 %v: %s, who beat ann, does not play it", got, winner.Username)
	}
	if slices.ContainsFunc(se.Fixtures[4:], func(f league.Fixture) bool { return slices.Contains(f.Players, ann.ID) }) {
		t.Fatal("ann plays on after her loss")
	}
	champion := se.Champion()
	if !se.Over(&l) || len(se.Fixtures) != 7 || champion == "" || champion == ann.ID || l.Status != league.Running || len(l.Members) != 8 {
		t.Fatalf("the cup: over %v, %d games, champion %q, status %s, %d members", se.Over(&l), len(se.Fixtures), champion, l.Status, len(l.Members))
	}
	h.waitFor(func() bool {
		return slices.ContainsFunc(h.posts(h.f.General.ID), func(m *fakediscord.Message) bool {
			return contains(m.Content, "the final is played: "+se.Name(champion)+" wins the cup.")
		})
	})
	t.Logf("ann tried %d powers, each refused; %s won the cup", tried, se.Name(champion))
}
