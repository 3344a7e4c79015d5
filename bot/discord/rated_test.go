package discord

import (
	"slices"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

// TestUnratedTableChangesNoRating: a table opened with rated:false says in its announcement and in
// /carc status that its game is not rated and why; played to its end, it changes nobody's rating.
func TestUnratedTableChangesNoRating(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	alice, _, ch := openGame(h, "france", 5, fakediscord.BoolArg("rated", false), fakediscord.StringArg("policy", "auto"),
		fakediscord.StringArg("deadline", "10m"), fakediscord.IntArg("tiles", 72))
	if text := h.slash(alice, ch, "carc", fakediscord.SubCommand("status")).Content; !contains(text, "Not rated: the table is unrated (rated:false).") {
		t.Fatalf("/carc status: %s", text)
	}
	if !slices.ContainsFunc(h.posts(ch.ID), func(m *fakediscord.Message) bool {
		return contains(m.Content, "New game of Carcassonne Maps") && contains(m.Content, "Not rated: the table is unrated (rated:false).")
	}) {
		t.Fatal("the table's announcement in the channel does not say that the game is not rated")
	}
	for n := 0; h.table(ch.ID) != nil; n++ {
		if n > 200 {
			t.Fatal("the game does not end")
		}
		h.clock.Add(11 * time.Minute)
		h.b.FireTimers(h.clock.Now())
	}
	if rows, err := h.store.Leaderboard(h.f.GuildID, ""); err != nil || len(rows) != 0 {
		t.Fatalf("the unrated game was rated: %+v %v", rows, err)
	}
	if text := h.slash(alice, ch, "player", fakediscord.SubCommand("rating")).Content; !contains(text, "has no rated game in this server yet") {
		t.Fatalf("/carc rating after an unrated game: %s", text)
	}
}

// TestResignedAndKickedPlayersAreRatedLast: in a game of three, the two players ahead on points
// leave it, one removed by a moderator with /table kick and one with /carc resign; the game ends
// with the third, who is rated first, and the two who left are rated after them, in the order of
// their scores (sharing a place on equal scores).
func TestResignedAndKickedPlayersAreRatedLast(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	users := map[string]*fakediscord.User{}
	for _, n := range []string{"ann", "bob", "cy"} {
		u := h.f.AddUser(n)
		users[u.ID] = u
	}
	mod := h.f.AddUserWithPermissions("mod", discordgo.PermissionManageChannels|fakediscord.DefaultMemberPermissions)
	ch := h.f.General
	seats := []string{}
	for id, u := range users {
		if len(seats) == 0 {
			h.slash(u, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france"), fakediscord.StringArg("policy", "auto"),
				fakediscord.StringArg("deadline", "10m"), fakediscord.IntArg("tiles", 72)))
		} else {
			h.slash(u, ch, "carc", fakediscord.SubCommand("join"))
		}
		seats = append(seats, id)
	}
	h.slash(users[seats[0]], ch, "carc", fakediscord.SubCommand("start"))
	// Play until one player trails both others.
	var order []int
	for n := 0; ; n++ {
		if n > 60 {
			t.Fatal("no player trails the two others after 60 turns")
		}
		h.clock.Add(11 * time.Minute)
		h.b.FireTimers(h.clock.Now())
		g := h.table(ch.ID).Game
		order = []int{0, 1, 2}
		slices.SortFunc(order, func(a, b int) int { return g.Players[b].Score - g.Players[a].Score })
		if g.Players[order[1]].Score > g.Players[order[2]].Score {
			break
		}
	}
	tbl := h.table(ch.ID)
	kicked, resigned, stays := tbl.Seats[order[0]], tbl.Seats[order[1]], tbl.Seats[order[2]]
	if m := h.slash(mod, ch, "table", fakediscord.SubCommand("kick", fakediscord.StringArg("player", "<@"+kicked.ID+">"))); !contains(m.Content, "Done") {
		t.Fatalf("/table kick: %s", m.Content)
	}
	if m := h.slash(users[resigned.ID], ch, "carc", fakediscord.SubCommand("resign")); !contains(m.Content, "Done") {
		t.Fatalf("/carc resign: %s", m.Content)
	}
	h.waitFor(func() bool { return h.table(ch.ID) == nil })
	games, err := h.store.RatedGames(h.f.GuildID, "", 0)
	if err != nil || len(games) != 1 {
		t.Fatalf("rated games %+v %v", games, err)
	}
	g := games[0]
	place := map[string]int{}
	score := map[string]int{}
	for i, p := range g.Players {
		place[p], score[p] = g.Places[i], g.Scores[i]
	}
	wantLeft := []int{2, 3}
	switch {
	case score[resigned.ID] > score[kicked.ID]:
		wantLeft = []int{3, 2}
	case score[resigned.ID] == score[kicked.ID]:
		wantLeft = []int{2, 2}
	}
	if place[stays.ID] != 1 || place[kicked.ID] != wantLeft[0] || place[resigned.ID] != wantLeft[1] {
		t.Fatalf("places %v for scores %v (kicked %s, resigned %s, stayed %s)", g.Places, g.Scores, kicked.Name, resigned.Name, stays.Name)
	}
	for id, want := range map[string]bool{stays.ID: true, kicked.ID: false, resigned.ID: false} {
		r, err := h.store.Rating(h.f.GuildID, "", id)
		if err != nil || (r.Mu > 25) != want {
			t.Errorf("%s's rating %+v after the game (%v): want it up %v", users[id].Username, r, err, want)
		}
	}
}

// TestNoPlayerAdministersARatedFriendly: in a rated friendly the table's creator can neither skip
// the opponent's turn nor abandon the game (a loss would go unrated); a moderator who does not
// play in it can.
func TestNoPlayerAdministersARatedFriendly(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	alice, _, ch := openGame(h, "france", 5)
	mod := h.f.AddUserWithPermissions("mod", discordgo.PermissionManageChannels|fakediscord.DefaultMemberPermissions)
	moves := len(h.table(ch.ID).Moves)
	for _, sub := range []string{"skip", "abandon"} {
		if m := h.slash(alice, ch, "table", fakediscord.SubCommand(sub)); !contains(m.Content,
			"This game is rated: only a member with Manage Channels who does not play in the game can "+sub+".") {
			t.Errorf("alice's /table %s: %s", sub, m.Content)
		}
	}
	if tbl := h.table(ch.ID); tbl == nil || len(tbl.Moves) != moves {
		t.Fatal("a refused command changed the game")
	}
	skipped, _ := h.table(ch.ID).Current()
	if m := h.slash(mod, ch, "table", fakediscord.SubCommand("skip")); !contains(m.Content, "Done: mod skipped "+skipped.Name+"'s turn.") {
		t.Fatalf("the moderator's /table skip: %s", m.Content)
	}
}
