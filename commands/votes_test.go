package commands

import (
	"slices"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

var dan = table.User{ID: "4", Name: "dan"}

// voteTable opens a Discord table (a secret deal) of the humans given, in order, seats an AI
// seated from the lobby when lobbyAI is set, and starts it; with a leaver, the table is opened
// with leaving:ai and rated:false and the leaver resigns at once, so that an AI plays their seat.
func voteTable(t *testing.T, humans []table.User, lobbyAI bool, leaver *table.User) *adminGame {
	t.Helper()
	g := &adminGame{t: t, rec: &recording{t: t}}
	opts := map[string]string{"map": "france"}
	if leaver != nil {
		opts["leaving"], opts["rated"] = "ai", "false"
	}
	g.must(Handle(g.table, Input{User: humans[0], Command: "carc", Sub: "new", Options: opts, Secret: testKey, Table: "g1"}))
	for _, u := range humans[1:] {
		g.must(Handle(g.table, Input{User: u, Command: "carc", Sub: "join"}))
	}
	if lobbyAI {
		g.must(Handle(g.table, Input{User: humans[0], Command: "table", Sub: "bot", Options: map[string]string{"level": "easy"}}))
	}
	g.must(Handle(g.table, Input{User: humans[0], Command: "carc", Sub: "start"}))
	if leaver != nil {
		g.must(Handle(g.table, Input{User: *leaver, Command: "carc", Sub: "resign"}))
		if seat := slices.IndexFunc(g.table.Left, func(u table.User) bool { return u.ID == leaver.ID }); seat < 0 {
			t.Fatalf("%s's seat was not handed to an AI: %+v", leaver.Name, g.table.Seats)
		}
	}
	return g
}

// toHuman plays turns (an AI seat's by the AI) until a human given is to move.
func (g *adminGame) toHuman(who ...table.User) {
	g.t.Helper()
	for n := 0; !slices.ContainsFunc(who, func(u table.User) bool { cur, _ := g.table.Current(); return cur.ID == u.ID }); n++ {
		if n > 20 {
			g.t.Fatalf("none of %v is to move", who)
		}
		if _, ai := g.table.AIToPlay(); ai {
			g.must(AIMove(g.table))
			continue
		}
		g.turn()
	}
}

// click presses a button of the table's current turn.
func (g *adminGame) click(u table.User, verb, arg string) Reply {
	g.t.Helper()
	r := HandleComponent(g.table, u, ComponentID(g.table, verb, arg), nil)
	if !r.OK {
		g.t.Fatalf("%s's click on %s %s: %s", u.Name, verb, arg, r.Text)
	}
	if r.Changed {
		g.table = r.Table
	}
	return r
}

// noAIMention fails when a reply pings or names an AI seat's id: it is no Discord user.
func noAIMention(t *testing.T, what string, r Reply) {
	t.Helper()
	for _, id := range r.Ping {
		if _, ai := table.AILevel(table.User{ID: id}); ai || strings.HasPrefix(id, "ai:") {
			t.Errorf("%s pings the AI seat %s", what, id)
		}
	}
	if strings.Contains(r.Text, "ai:") {
		t.Errorf("%s names an AI seat's id: %s", what, r.Text)
	}
}

var aiSeatings = []struct {
	name    string
	humans  []table.User
	lobbyAI bool
	leaver  *table.User
}{
	{name: "an AI seated from the lobby", humans: []table.User{ann, bob, cat}, lobbyAI: true},
	{name: "a seat handed to an AI by leaving:ai", humans: []table.User{ann, bob, cat, dan}, leaver: &dan},
}

// TestAnUndoNeedsTheOtherPlayersNotTheAISeats: an AI seat does not vote on an undo, and the
// request pings the players who vote, never an AI seat: once they agree, the turn is taken back.
// A player whose only opponents are AI seats takes back a turn at once, as at a local table.
func TestAnUndoNeedsTheOtherPlayersNotTheAISeats(t *testing.T) {
	for _, c := range aiSeatings {
		t.Run(c.name, func(t *testing.T) {
			g := voteTable(t, c.humans, c.lobbyAI, c.leaver)
			g.toHuman(ann)
			g.turn() // ann's turn, the one to take back
			moves := len(g.table.Moves)
			ask := g.must(Handle(g.table, Input{User: bob, Command: "turn", Sub: "undo"}))
			noAIMention(t, "the undo request", ask)
			if !slices.Equal(ask.Ping, []string{ann.ID, cat.ID}) || !strings.Contains(ask.Text, "waiting for ann, cat:") {
				t.Fatalf("the undo request pings %v: %s", ask.Ping, ask.Text)
			}
			noAIMention(t, "ann's agreement", g.click(ann, "undo", "yes"))
			done := g.click(cat, "undo", "yes")
			noAIMention(t, "the undo", done)
			if cur, _ := g.table.Current(); g.table.Undo != nil || len(g.table.Moves) >= moves || cur.ID != ann.ID || !strings.HasPrefix(done.Text, "Undone:") {
				t.Fatalf("the undo did not pass: %d moves of %d, %s to move: %s", len(g.table.Moves), moves, cur.Name, done.Text)
			}
		})
	}
	alone := voteTable(t, []table.User{ann}, true, nil)
	alone.toHuman(ann)
	alone.turn()
	r := alone.must(Handle(alone.table, Input{User: ann, Command: "turn", Sub: "undo"}))
	noAIMention(t, "the undo against an AI", r)
	if !strings.HasPrefix(r.Text, "Undone:") || alone.table.Undo != nil {
		t.Fatalf("an undo against an AI alone waits: %s", r.Text)
	}
}

// TestAKickVoteNeedsTheOtherPlayersNotTheAISeats: when a player has missed the table's limit of
// turns, the other players remove them by a vote in which AI seats do not vote and are never
// pinged: once the players agree, the player is out.
func TestAKickVoteNeedsTheOtherPlayersNotTheAISeats(t *testing.T) {
	for _, c := range aiSeatings {
		t.Run(c.name, func(t *testing.T) {
			g := voteTable(t, c.humans, c.lobbyAI, c.leaver)
			for g.table.Missed[1] < g.table.Settings.MissedLimit {
				g.toHuman(ann, bob, cat)
				if cur, _ := g.table.Current(); cur.ID == bob.ID {
					g.must(Timeout(g.table, table.PolicySkip))
				} else {
					g.turn()
				}
			}
			ask := g.must(Handle(g.table, Input{User: cat, Command: "table", Sub: "kick", Options: map[string]string{"player": "bob"}}))
			noAIMention(t, "the kick vote", ask)
			if !slices.Equal(ask.Ping, []string{ann.ID}) || !strings.Contains(ask.Text, "waiting for ann:") {
				t.Fatalf("the kick vote pings %v: %s", ask.Ping, ask.Text)
			}
			done := g.click(ann, "kick", "yes")
			noAIMention(t, "the removal", done)
			if g.table.Kick != nil || g.table.Seat(bob.ID) >= 0 && !g.table.Game.Players[g.table.Seat(bob.ID)].Resigned {
				t.Fatalf("bob was not removed: %s", done.Text)
			}
		})
	}
}
