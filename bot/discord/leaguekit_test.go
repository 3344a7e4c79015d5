package discord

import (
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// leagueRun is a league played through the fake Discord by the harness's users; its games are
// played by the turn deadline autopilot (the league's tables say policy:auto deadline:10m).
type leagueRun struct {
	h       *harness
	id      string
	members []*fakediscord.User
	// ref has Manage Server and plays in no league: the administrator, since no player
	// administers their own league.
	ref *fakediscord.User
}

// newLeagueRun creates a league with the given /league create options (after name), by its first
// member, has every other member join it, and has ref start it.
func newLeagueRun(h *harness, name string, names []string, opts ...fakediscord.Arg) *leagueRun {
	h.t.Helper()
	h.noPictures() // pictures are not what these tests are about
	h.start()
	r := &leagueRun{h: h}
	for _, n := range names {
		r.members = append(r.members, h.f.AddUser(n))
	}
	args := append([]fakediscord.Arg{fakediscord.StringArg("name", name), fakediscord.StringArg("map", "france"),
		fakediscord.StringArg("deadline", "10m"), fakediscord.StringArg("policy", "auto"), fakediscord.IntArg("tiles", 72)}, opts...)
	if m := h.slash(r.members[0], h.f.General, "league", fakediscord.SubCommand("create", args...)); m.Content != "Done." {
		h.t.Fatalf("/league create: %s", m.Content)
	}
	for _, u := range r.members[1:] {
		if m := h.slash(u, h.f.General, "league", fakediscord.SubCommand("join")); m.Content != "Done." {
			h.t.Fatalf("/league join: %s", m.Content)
		}
	}
	r.ref = addRef(h)
	if m := h.slash(r.ref, h.f.General, "season", fakediscord.SubCommand("start")); m.Content != "Done." {
		h.t.Fatalf("/season start: %s", m.Content)
	}
	ls, err := h.store.Leagues("")
	if err != nil || len(ls) != 1 {
		h.t.Fatalf("leagues %v %v", ls, err)
	}
	r.id = ls[0].ID
	return r
}

// addRef adds ref, a member with Manage Server who plays in no league: the administrator of the
// tests' leagues, since no player administers their own league.
func addRef(h *harness) *fakediscord.User {
	return h.f.AddUserWithPermissions("ref", discordgo.PermissionManageGuild|fakediscord.DefaultMemberPermissions)
}

func (r *leagueRun) league() league.League {
	r.h.t.Helper()
	l, err := r.h.store.League(r.id)
	if err != nil {
		r.h.t.Fatal(err)
	}
	return l
}

func (r *leagueRun) season() league.Season {
	r.h.t.Helper()
	s, err := r.h.store.Season(r.id, r.league().Season)
	if err != nil {
		r.h.t.Fatal(err)
	}
	return s
}

// turn moves the clock past one turn deadline, so that the autopilot plays the turn of every
// running game.
func (r *leagueRun) turn() {
	r.h.clock.Add(11 * time.Minute)
	r.h.b.FireTimers(r.h.clock.Now())
}

// playRound plays turns until every game of the running round has its result (and the next
// round, if the league starts it then, has started).
func (r *leagueRun) playRound() {
	r.h.t.Helper()
	round := r.season().Started
	for n := 0; ; n++ {
		if s := r.season(); s.Started > round || s.RoundOver() {
			return
		}
		if n > 400 {
			r.h.t.Fatalf("round %d does not end", r.season().Started)
		}
		r.turn()
	}
}

// adjudicateRound plays a few turns of the running round, then moves the clock to the round's
// deadline, where its games still running are adjudicated and the next round starts.
func (r *leagueRun) adjudicateRound(turns int) {
	r.h.t.Helper()
	for range turns {
		r.turn()
	}
	before := r.season()
	r.h.clock.Add(before.Deadline.Sub(r.h.clock.Now()))
	r.h.b.FireTimers(r.h.clock.Now())
	if s := r.season(); s.Started == before.Started && !s.RoundOver() {
		r.h.t.Fatalf("round %d is not over at its deadline", s.Started)
	}
}

// playSeason plays every round to its end.
func (r *leagueRun) playSeason() {
	r.h.t.Helper()
	l := r.league()
	for n := 0; ; n++ {
		s := r.season()
		if s.Over(&l) {
			return
		}
		if n > s.TotalRounds(&l)+1 {
			r.h.t.Fatalf("the season stops at round %d of %d", s.Started, s.TotalRounds(&l))
		}
		r.playRound()
	}
}

func (r *leagueRun) slash(u *fakediscord.User, sub string, args ...fakediscord.Arg) string {
	return r.h.slash(u, r.h.f.General, leagueCommandOf(sub), fakediscord.SubCommand(sub, args...)).Content
}

// leagueCommandOf is the command of a league's subcommand: /season for the season's life, else
// /league.
func leagueCommandOf(sub string) string {
	switch sub {
	case "start", "pause", "resume", "end", "new":
		return "season"
	}
	return "league"
}
