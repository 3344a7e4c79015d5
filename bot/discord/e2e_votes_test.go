package discord

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestVotesPassAtATableWithAnAISeat: an undo and a kick vote pass once the other players agree,
// at a table with an AI seated from the lobby and at one where a player's seat went to an AI
// (leaving:ai). The AI seats do not vote, and no message mentions one: Discord refuses a message
// whose allowed mentions name anything but a user id, so the request would never be seen.
func TestVotesPassAtATableWithAnAISeat(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		lobby  bool // an AI seated with /table bot
		leaver bool // dan leaves his seat to an AI
	}{
		{name: "an AI seated from the lobby", lobby: true},
		{name: "a seat handed to an AI by leaving:ai", leaver: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t)
			h.noPictures()
			h.aiDelay = 1
			h.start()
			h.deal.Store(29)
			ch := h.f.General
			alice, bob, carol, dan := h.f.AddUser("alice"), h.f.AddUser("bob"), h.f.AddUser("carol"), h.f.AddUser("dan")
			users := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob, carol.ID: carol, dan.ID: dan}
			s := fakediscord.StringArg
			opts := []fakediscord.Arg{s("map", "france"), s("deadline", "10m")}
			if c.leaver {
				opts = append(opts, s("leaving", "ai"), fakediscord.BoolArg("rated", false))
			}
			h.slash(alice, ch, "carc", fakediscord.SubCommand("new", opts...))
			h.slash(bob, ch, "carc", fakediscord.SubCommand("join"))
			h.slash(carol, ch, "carc", fakediscord.SubCommand("join"))
			if c.lobby {
				h.slash(alice, ch, "table", fakediscord.SubCommand("bot", s("level", "easy")))
			} else {
				h.slash(dan, ch, "carc", fakediscord.SubCommand("join"))
			}
			h.slash(alice, ch, "carc", fakediscord.SubCommand("start"))
			if c.leaver {
				if m := h.slash(dan, ch, "carc", fakediscord.SubCommand("resign")); !contains(m.Content, "plays the seat on") {
					t.Fatalf("dan's /carc resign: %s", m.Content)
				}
			}
			// human waits for the AI seats' turns and returns the human to move.
			human := func() *fakediscord.User {
				t.Helper()
				for {
					tbl := h.table(ch.ID)
					if _, ai := tbl.AIToPlay(); !ai {
						cur, _ := tbl.Current()
						return users[cur.ID]
					}
					turn := tbl.Game.Turn
					h.waitFor(func() bool { return h.table(ch.ID).Game.Turn != turn })
				}
			}
			// place plays the first legal placement of the human to move.
			place := func(u *fakediscord.User) {
				t.Helper()
				g := h.table(ch.ID).Game
				p := g.LegalPlacements(g.Drawn)[0]
				if m := h.slash(u, ch, "place", s("square", p.Square.String()), s("rotation", p.Rotation.String()),
					s("meeple", "none")); !contains(m.Content, "Done") {
					t.Fatalf("%s's /place: %s", u.Username, m.Content)
				}
			}
			// vote presses the button of the request just posted, as each voter.
			vote := func(verb string, voters ...*fakediscord.User) {
				t.Helper()
				posts := h.posts(ch.ID)
				req := posts[len(posts)-1]
				id := ""
				for _, b := range req.Buttons() {
					if strings.HasSuffix(b.CustomID, ":"+verb+":yes") {
						id = b.CustomID
					}
				}
				if id == "" {
					t.Fatalf("the request %q has no button to agree", req.Content)
				}
				for _, u := range voters {
					if m := h.click(u, req, id); !contains(m.Content, "Done") {
						t.Fatalf("%s's agreement: %s", u.Username, m.Content)
					}
				}
			}

			// alice plays a turn, and bob asks to take it back: alice and carol vote, no AI.
			for u := human(); u != alice; u = human() {
				place(u)
			}
			place(alice)
			moves := len(h.table(ch.ID).Moves)
			if m := h.slash(bob, ch, "turn", fakediscord.SubCommand("undo")); !contains(m.Content, "Done") {
				t.Fatalf("bob's /turn undo: %s", m.Content)
			}
			posts := h.posts(ch.ID)
			if req := posts[len(posts)-1]; !slices.Equal(req.Pinged(), []string{alice.ID, carol.ID}) || !contains(req.Content, "waiting for alice, carol") {
				t.Fatalf("the undo request pings %v: %q", req.Pinged(), req.Content)
			}
			vote("undo", alice, carol)
			if tbl := h.table(ch.ID); tbl.Undo != nil || len(tbl.Moves) >= moves {
				t.Fatalf("the undo did not pass: %d moves, %d before", len(tbl.Moves), moves)
			}

			// bob lets the deadline pass three times; carol asks to remove him: alice alone votes.
			for h.table(ch.ID).Missed[1] < 3 {
				if u := human(); u == bob {
					h.clock.Add(11 * time.Minute)
					h.b.FireTimers(h.clock.Now())
				} else {
					place(u)
				}
			}
			if m := h.slash(carol, ch, "table", fakediscord.SubCommand("kick", s("player", "bob"))); !contains(m.Content, "Done") {
				t.Fatalf("carol's /table kick: %s", m.Content)
			}
			posts = h.posts(ch.ID)
			if req := posts[len(posts)-1]; !slices.Equal(req.Pinged(), []string{alice.ID}) || !contains(req.Content, "waiting for alice") {
				t.Fatalf("the kick vote pings %v: %q", req.Pinged(), req.Content)
			}
			vote("kick", alice)
			tbl := h.table(ch.ID)
			if seat := tbl.Seat(bob.ID); tbl.Kick != nil || seat >= 0 && !tbl.Game.Players[seat].Resigned {
				t.Fatalf("bob is still in the game: %+v", tbl.Seats)
			}

			for _, m := range h.f.Messages(ch.ID) {
				if strings.Contains(m.Content, "<@ai:") || strings.Contains(m.Content, "ai:easy") {
					t.Errorf("a message mentions an AI seat's id: %q", m.Content)
				}
				for _, id := range m.Pinged() {
					if _, known := users[id]; !known {
						t.Errorf("a message pings %s: %q", id, m.Content)
					}
				}
			}
			if _, ok := table.AILevel(tbl.Seats[3]); !ok {
				t.Fatalf("seat 4 is not an AI: %+v", tbl.Seats[3])
			}
		})
	}
}
