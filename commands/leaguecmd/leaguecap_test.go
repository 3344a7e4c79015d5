package leaguecmd

import (
	"fmt"
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestALeagueTakesAtMostMaxMembers: the member after the cap is refused with the cap and what to
// do instead, and nothing changes.
func TestALeagueTakesAtMostMaxMembers(t *testing.T) {
	b := newLeagueBench(t)
	b.ok(b.run("ann", false, "create", "name=Big"), "New league Big")
	l, err := b.store.League("L1")
	if err != nil {
		t.Fatal(err)
	}
	for i := len(l.Members); i < league.MaxMembers; i++ {
		l.Members = append(l.Members, league.Member{ID: fmt.Sprintf("m%04d", i), Name: fmt.Sprintf("M%d", i)})
	}
	if err := b.store.SaveLeague(l); err != nil {
		t.Fatal(err)
	}
	b.refused(b.run("zed", false, "join"), "Big is full: a league takes at most "+lang.For(lang.English).Number(league.MaxMembers)+" members")
	after, _ := b.store.League("L1")
	if len(after.Members) != league.MaxMembers || after.Member("zed") >= 0 {
		t.Fatalf("the refused join changed the league: %d members", len(after.Members))
	}
	b.ok(b.run("m0999", false, "leave"), "left Big")
	b.ok(b.run("zed", false, "join"), lang.For(lang.English).Number(league.MaxMembers)+" members")
}

// TestStartUsesTheSeasonPreparedForTheseMembers: /season start takes the season PrepareStart
// scheduled outside the lock when the members are the same, and schedules again when someone
// joined in between; PrepareStart schedules nothing for a caller who may not start the league (a
// member with Manage Server, who plays in it).
func TestStartUsesTheSeasonPreparedForTheseMembers(t *testing.T) {
	b := newLeagueBench(t)
	b.ok(b.run("ann", false, "create", "name=Cup", "format=swiss", "rounds=3"), "New league Cup")
	b.ok(b.run("bob", false, "join"), "2 members")
	ctx := Context{Store: b.store, Guild: "guild", Channel: "general", Now: b.now, Manager: true}
	start := commands.Input{User: table.User{ID: "zed", Name: "Zed"}, Command: "season", Sub: "start", Options: map[string]string{}}
	if p := PrepareStart(ctx, commands.Input{User: table.User{ID: "bob"}, Sub: "start", Options: map[string]string{}}); p != nil {
		t.Fatal("PrepareStart scheduled a season for a member who may not start the league")
	}
	p := PrepareStart(ctx, start)
	if p == nil || len(p.Members) != 2 {
		t.Fatalf("prepared %+v", p)
	}
	// A marker only the prepared season has: a swiss season pairs its rounds as they start, so
	// an extra round in it would be played first.
	p.Rounds = []league.Round{{Tables: [][]string{{"bob", "ann"}}}}
	b.ok(b.run("cy", false, "join"), "3 members")
	ctx.Prepared = p
	r := Handle(ctx, start)
	if !r.OK || slices.Equal(r.Start.Season.Fixtures[0].Players, []string{"bob", "ann"}) {
		t.Fatalf("a season prepared for 2 members started a league of 3: %+v", r)
	}
	s, _ := b.store.Season("L1", 1)
	if len(s.Members) != 3 {
		t.Fatalf("the season has %d members, want 3", len(s.Members))
	}

	b2 := newLeagueBench(t)
	b2.ok(b2.run("ann", false, "create", "name=Cup", "format=swiss", "rounds=3"), "New league Cup")
	b2.ok(b2.run("bob", false, "join"), "2 members")
	ctx2 := Context{Store: b2.store, Guild: "guild", Channel: "general", Now: b2.now, Manager: true}
	p = PrepareStart(ctx2, start)
	p.Rounds = []league.Round{{Tables: [][]string{{"bob", "ann"}}}}
	ctx2.Prepared = p
	r = Handle(ctx2, start)
	if !r.OK || !slices.Equal(r.Start.Season.Fixtures[0].Players, []string{"bob", "ann"}) {
		t.Fatalf("the prepared season was not the one started: %+v", r.Start)
	}
}
