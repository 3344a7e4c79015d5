package leaguecmd

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

type leagueBench struct {
	t     *testing.T
	store dbStore
	now   time.Time
}

func newLeagueBench(t *testing.T) *leagueBench {
	s, err := storage.Open(filepath.Join(t.TempDir(), "l.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return &leagueBench{t: t, store: dbStore{s}, now: time.Date(2026, 1, 5, 18, 0, 0, 0, time.UTC)}
}

// run sends /league sub as user (Manage Server when manager) with options "k=v".
func (b *leagueBench) run(user string, manager bool, sub string, opts ...string) Reply {
	in := commands.Input{User: table.User{ID: user, Name: strings.ToUpper(user[:1]) + user[1:]}, Command: commandOf(sub), Sub: sub, Options: map[string]string{}}
	for _, o := range opts {
		k, v, _ := strings.Cut(o, "=")
		in.Options[k] = v
	}
	return Handle(Context{Store: b.store, Guild: "guild", Channel: "general", Now: b.now, Manager: manager, NewID: "L1"}, in)
}

func (b *leagueBench) ok(r Reply, want string) Reply {
	b.t.Helper()
	if !r.OK || !strings.Contains(r.Text, want) {
		b.t.Fatalf("reply %q (ok=%v), want it to say %q", r.Text, r.OK, want)
	}
	return r
}

func (b *leagueBench) refused(r Reply, want string) {
	b.t.Helper()
	if r.OK || !strings.Contains(r.Text, want) {
		b.t.Fatalf("reply %q (ok=%v), want a refusal saying %q", r.Text, r.OK, want)
	}
}

// TestLeagueLifeCycle: create, join, start (which schedules round 1 and names its games), record
// results, next round, standings, export, end, next season.
func TestLeagueLifeCycle(t *testing.T) {
	b := newLeagueBench(t)
	b.ok(b.run("ann", false, "create", "name=Spring Cup", "map=france", "players=2", "round=3d", "adjudicate=forfeit", "deadline=24h"), "New league Spring Cup")
	b.refused(b.run("bob", false, "create", "name=spring cup"), "exists already")
	b.refused(b.run("zed", true, "start"), "needs at least 2 members")
	b.ok(b.run("bob", false, "join"), "2 members")
	b.refused(b.run("bob", false, "join"), "already a member")
	b.ok(b.run("cy", false, "join"), "3 members")
	b.refused(b.run("bob", false, "start"), "Only Spring Cup's creator or a member with Manage Server")
	r := b.ok(b.run("zed", true, "start"), "round 1 of 3 has started")
	if r.Start == nil || len(r.Start.Fixtures) != 1 || r.Start.Season.Fixtures[0].GameID != "L1-s1-r1-t1" {
		t.Fatalf("start %+v", r.Start)
	}
	b.refused(b.run("cy", false, "leave"), "has started")
	b.refused(b.run("dee", false, "join"), "members join between seasons")
	b.refused(b.run("zed", true, "start"), "round 1 is still being played")

	// The game of round 1 ends (the bot records it through the store).
	l, _ := b.store.League("L1")
	s, _ := b.store.Season("L1", 1)
	f := s.Fixtures[0]
	if err := s.Record(0, league.Finished, []int{40, 25}, []int{1, 2}, b.now); err != nil {
		t.Fatal(err)
	}
	if err := b.store.SaveLeague(l, s); err != nil {
		t.Fatal(err)
	}
	next, ok := StartNextRound(Context{Store: b.store, Guild: "guild", Now: b.now}, l, s)
	if !ok || next.Start == nil || next.Start.Season.Started != 2 {
		t.Fatalf("next round: %+v %v", next, ok)
	}
	st := b.ok(b.run("bob", false, "standings"), "standings after 1 game of 2 (round 2 of 3)")
	winner := map[string]string{"ann": "Ann", "bob": "Bob", "cy": "Cy"}[f.Players[0]]
	if lines := strings.Split(st.Text, "\n"); !strings.Contains(lines[3], winner) || !strings.Contains(lines[3], "+15") {
		t.Fatalf("standings:\n%s", st.Text)
	}
	// The picture shows the same lines: the winner first with 1 point and +15, the loser last with
	// -15 (and the point of round 2's bye).
	if p := st.Standings; p == nil || p.Title != strings.Split(st.Text, "\n")[0] || len(p.Lines) != 3 ||
		p.Lines[0] != (StandingsLine{Rank: 1, Player: winner, Points: "1", Diff: 15, H2H: "0", Wins: 1, Games: 1}) ||
		p.Lines[2].Diff != -15 || p.Lines[2].Games != 1 {
		t.Fatalf("the standings picture shows %+v for\n%s", st.Standings, st.Text)
	}
	sched := b.ok(b.run("bob", false, "schedule"), "Round 2 (running")
	if !strings.Contains(sched.Text, "finished 40-25") || !strings.Contains(sched.Text, "Round 3 (to come)") {
		t.Fatalf("schedule:\n%s", sched.Text)
	}
	csv := b.ok(b.run("bob", false, "export"), "every game of 1 season")
	if rows := strings.Split(strings.TrimSpace(string(csv.File.Data)), "\n"); len(rows) != 5 || !strings.Contains(rows[1], ",finished,") || !strings.HasSuffix(rows[1], ",40,1,1") {
		t.Fatalf("csv:\n%s", csv.File.Data)
	}
	b.refused(b.run("zed", true, "new"), "end it before starting the next")
	b.ok(b.run("zed", true, "pause"), "paused")
	b.refused(b.run("zed", true, "start"), "paused")
	b.ok(b.run("zed", true, "resume"), "running again") // Manage Server administers every league it does not play in
	b.ok(b.run("zed", true, "end"), "season is over")
	b.ok(b.run("zed", true, "new"), "season 2: the same 3 members")
	b.ok(b.run("dee", false, "join"), "4 members")
	b.ok(b.run("bob", false, "standings", "season=1"), "Spring Cup, season 1")
}

// TestLeagueCreateRefusesWhatIsNotLegal: each refusal says what would be legal.
func TestLeagueCreateRefusesWhatIsNotLegal(t *testing.T) {
	b := newLeagueBench(t)
	for _, c := range []struct {
		opts []string
		want string
	}{
		{[]string{"name="}, "name of 1 to 50 characters"},
		{[]string{"name=Spring\x00League"}, "The option name holds U+0000, a character the bot never stores"},
		{[]string{"name=X", "map=mars"}, "map:mars is not a map: choose"},
		{[]string{"name=X", "format=knockout"}, "choose round-robin, double-round-robin, swiss, cup (knock-out) or double-elimination"},
		{[]string{"name=X", "players=6"}, "seats 2 to 5 players"},
		{[]string{"name=X", "rounds=3"}, "only a swiss league chooses its rounds"},
		{[]string{"name=X", "round=soon"}, "like 7d or 3d12h"},
		{[]string{"name=X", "adjudicate=coin"}, "score stands (score) or lost"},
		{[]string{"name=X", "policy=wait"}, "policy:wait: when a deadline passes"},
		{[]string{"name=X", "rated=false"}, "league games are always rated"},
		{[]string{"name=X", "next=soon"}, "ends) or on the round's date"},
		{[]string{"name=X", "format=cup", "players=3"}, "a cup (knock-out) plays games of two"},
		{[]string{"name=X", "format=double-elimination", "players=4"}, "a cup (knock-out) plays games of two"},
		{[]string{"name=X", "format=cup", "reset=false"}, "only a double-elimination league chooses its grand final"},
		{[]string{"name=X", "dates=2026-01-20 2026-01-13"}, "round 2's day 2026-01-13 does not come after round 1's"},
		{[]string{"name=X", "dates=2025-12-31"}, "round 1's day 2025-12-31 has passed"},
		{[]string{"name=X", "dates=soon"}, "soon is not a day"},
		{[]string{"name=X", "dates=2026-01-20", "next=ends"}, "leave out next:ends"},
		{[]string{"name=X", "bank=forever", "deadline=bank"}, "bank:forever: write the time bank"},
	} {
		b.refused(b.run("ann", false, "create", c.opts...), c.want)
	}
	if ls, _ := b.store.Leagues("guild"); len(ls) != 0 {
		t.Fatalf("a refused create stored %+v", ls)
	}
}

// TestLeagueKickLeavesTheStandings: a kicked member has no line in the standings.
func TestLeagueKickLeavesTheStandings(t *testing.T) {
	b := newLeagueBench(t)
	b.ok(b.run("ann", false, "create", "name=K"), "New league")
	b.ok(b.run("bob", false, "join"), "2 members")
	b.ok(b.run("cy", false, "join"), "3 members")
	b.ok(b.run("zed", true, "start"), "round 1")
	b.refused(b.run("zed", true, "kick", "player=dee"), "not a member of K: the members are Ann, Bob, Cy")
	b.ok(b.run("zed", true, "kick", "player=<@cy>"), "Cy is no longer a member")
	if st := b.ok(b.run("ann", false, "standings"), "standings").Text; strings.Contains(st, "Cy") {
		t.Fatalf("standings:\n%s", st)
	}
}

// TestRatingAndLeaderboardTexts: the conservative rating, provisional status, and the caller's
// place beyond the top 20.
func TestRatingAndLeaderboardTexts(t *testing.T) {
	b := newLeagueBench(t)
	in := commands.Input{Options: map[string]string{}}
	if got := RatingText(b.store, "guild", table.User{ID: "ann"}, in); !strings.Contains(got, "no rated game") {
		t.Fatal(got)
	}
	// 21 players each lose once to ann; the first of them met ann at her most uncertain and lost
	// the most, so is 22nd.
	for i := range 21 {
		id := string(rune('a'+i%26)) + string(rune('a'+i/26)) + "x"
		r := league.GameResult{Guild: "guild", Map: "france", GameID: "g" + id, Players: []string{"ann", id}, Scores: []int{30, 20}, Places: []int{1, 2}, At: b.now}
		if err := applyForTest(b.store.Store, r); err != nil {
			t.Fatal(err)
		}
	}
	got := RatingText(b.store, "guild", table.User{ID: "ann"}, in)
	if !strings.Contains(got, "21 rated games, 21 wins") || strings.Contains(got, "provisional") || !strings.Contains(got, "Best map: France") {
		t.Fatal(got)
	}
	got = RatingText(b.store, "guild", table.User{ID: "ann"}, commands.Input{Options: map[string]string{"user": "<@bax>"}})
	if !strings.Contains(got, "provisional: 1 of 5 games") {
		t.Fatal(got)
	}
	board := LeaderboardText(b.store, "guild", table.User{ID: "aax"}, commands.Input{Options: map[string]string{"map": "france"}})
	if !strings.Contains(board, "1. <@ann>") || strings.Count(board, "\n") != LeaderboardSize+1 || !strings.Contains(board, "You: 22.") {
		t.Fatal(board)
	}
	if got := LeaderboardText(b.store, "guild", table.User{ID: "ann"}, commands.Input{Options: map[string]string{"map": "mars"}}); !strings.Contains(got, "not a map") {
		t.Fatal(got)
	}
}

// applyForTest rates a game the way the bot does at a game's end: a stored game finished with
// its result.
func applyForTest(s *storage.Store, r league.GameResult) error {
	rec := storage.GameRecord{ID: r.GameID, ChannelID: "chan-" + r.GameID, Players: r.Players, Status: storage.StatusPlaying, Setup: []byte(`{}`)}
	if err := s.CreateGame(rec, []byte(`{}`), "hash"); err != nil {
		return err
	}
	return s.FinishWithResult(r.GameID, storage.StatusFinished, nil, r)
}

// TestALeagueTakesRoundDatesAndTheTableOptions: dates: puts the league on dates with each round's
// end; the table options of /carc new pass on to its games.
func TestALeagueTakesRoundDatesAndTheTableOptions(t *testing.T) {
	b := newLeagueBench(t)
	r := b.ok(b.run("ann", false, "create", "name=Winter", "dates=2026-01-11,2026-01-18", "deadline=bank", "bank=2d", "increment=12h",
		"vacations=false", "hints=true", "order=random", "leaving=ai"), "the rounds end on their dates (round 1: <t:1768176000:d>")
	ls, err := b.store.Leagues("guild")
	if err != nil || len(ls) != 1 {
		t.Fatalf("%v %v (%s)", ls, err, r.Text)
	}
	l := ls[0]
	if !l.OnDates() || len(l.RoundDates) != 2 || !l.RoundDates[1].Equal(time.Date(2026, 1, 19, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("round dates %v (on dates %v)", l.RoundDates, l.OnDates())
	}
	want := map[string]string{"deadline": "bank", "bank": "2d", "increment": "12h", "vacations": "false", "hints": "true", "order": "random", "leaving": "ai"}
	for k, v := range want {
		if l.TableOptions[k] != v {
			t.Errorf("table option %s = %q, want %q", k, l.TableOptions[k], v)
		}
	}
}

// commandOf is the command of a league's subcommand: /season for the season's life, else /league.
func commandOf(sub string) string {
	if _, ok := commands.Lookup(seasonSubs, sub); ok {
		return "season"
	}
	return "league"
}
