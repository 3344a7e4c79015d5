package leaguecmd

import (
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// TestNoPlayerAdministersTheirLeague: every administrator's command of a league (/league kick and
// /season start, pause, resume, end, new) is refused to its creator when she plays in it and to a
// member with Manage Server who plays in it, whatever the league's state; each refusal says who
// can. A member with Manage Server who does not play runs the season; a player removed from the
// season still counts as one of its players.
func TestNoPlayerAdministersTheirLeague(t *testing.T) {
	b := newLeagueBench(t)
	b.ok(b.run("ann", false, "create", "name=Cup", "format=cup"), "New league Cup")
	for _, u := range []string{"bob", "cy", "dee"} {
		b.ok(b.run(u, u != "cy", "join"), "member")
	}
	plays := "You play in Cup, and nobody administers a league they play in, whatever their role: only its creator or a member with Manage Server who does not play in it can use /"
	leaveFirst := "To run it without playing, leave it first with /league leave."
	refusedAll := func(when string, subs ...[]string) {
		t.Helper()
		for _, who := range []struct {
			user    string
			manager bool
		}{{"ann", false}, {"ann", true}, {"bob", true}} {
			for _, sub := range subs {
				before, _ := b.store.League("L1")
				r := b.run(who.user, who.manager, sub[0], sub[1:]...)
				if r.OK || !contains(r.Text, plays+commandOf(sub[0])+" "+sub[0]+".") {
					t.Errorf("%s: %s's (Manage Server %v) /%s %s: %q, want the refusal of a player", when, who.user, who.manager, commandOf(sub[0]), sub[0], r.Text)
				}
				if after, _ := b.store.League("L1"); after.Status != before.Status || len(after.Members) != len(before.Members) {
					t.Errorf("%s: the refused /%s changed the league", when, sub[0])
				}
			}
		}
	}
	kick := []string{"kick", "player=cy"}
	refusedAll("open", kick, []string{"start"})
	if r := b.run("ann", false, "start"); !contains(r.Text, leaveFirst) {
		t.Errorf("the refusal to a member of an open league does not tell her how to run it: %q", r.Text)
	}
	b.refused(b.run("cy", false, "start"), "Only Cup's creator or a member with Manage Server who does not play in Cup can use /season start")
	b.ok(b.run("ref", true, "start"), "round 1 of 2 has started")
	refusedAll("running", kick, []string{"start"}, []string{"pause"}, []string{"end"})
	if r := b.run("ann", false, "pause"); contains(r.Text, leaveFirst) {
		t.Errorf("the refusal in a running league tells her to leave it: %q", r.Text)
	}
	b.ok(b.run("ref", true, "pause"), "paused")
	refusedAll("paused", kick, []string{"resume"}, []string{"end"})
	b.ok(b.run("ref", true, "resume"), "running again")

	// dee, with Manage Server, is removed after her game has begun: she played in the season.
	b.ok(b.run("ref", true, "kick", "player=dee"), "Dee is no longer a member")
	if s, _ := b.store.Season("L1", 1); !league.PlaysIn(&league.League{}, &s, "dee") {
		t.Fatal("a removed member who played in the season is not one of its players")
	}
	b.refused(b.run("dee", true, "pause"), plays+"season pause.")
	b.ok(b.run("ref", true, "end"), "season is over")
	refusedAll("ended", []string{"new"})
	b.ok(b.run("ref", true, "new"), "season 2")
	b.now = b.now.Add(time.Hour)
	b.refused(b.run("bob", true, "start"), plays+"season start.")
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
