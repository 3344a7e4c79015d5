package bot

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/league"
)

// The record fixture is a database, two admin exports and three game records written by the bot
// of today, whose game records are the accepted inputs (commands.Entry): the proof material that a
// later record format still reads what this one wrote. TestWriteRecordFixture plays it through
// the real bot against the fake Discord, deterministically (fixed deals, the test clock, every AI
// turn awaited), and writes it with a manifest of what each game holds and must replay to.

var writeRecordFixture = flag.Bool("write-record-fixture", false,
	"write "+recordFixtureDir+": the fixture of the pre-migration record format")

const recordFixtureDir = "testdata/records-v1"

// fixtureEpoch is the test clock's start: the moves' times and the deadlines repeat from run to run.
var fixtureEpoch = time.Date(2025, time.June, 2, 9, 0, 0, 0, time.UTC)

func TestWriteRecordFixture(t *testing.T) {
	if !*writeRecordFixture {
		t.Skip("writes the fixture of the pre-migration record format into bot/" + recordFixtureDir +
			": go test ./bot -run TestWriteRecordFixture -write-record-fixture")
	}
	f := newRecordFixture(t)
	// Scenarios that move the clock come first and end their games, so that no deadline of
	// another game passes meanwhile; the league ends the clock's moves.
	f.idleLobbyExpires()
	f.skipDeadlinesAndKickByTheCreator()
	f.autoDeadlinesAndKickVote()
	f.leagueRound()
	f.franceToTheEnd()
	f.greatBritainToTheEnd()
	f.beneluxIslandRunning()
	f.taiwanUpgradeToTheEnd()
	f.classicWithAnAISeat()
	f.leavingToAnAI()
	f.abandonedByItsCreator()
	f.resignedWithoutAnAI()
	f.inAThread()
	f.lobbyNeverStarted()
	f.aloneWithTheAI()
	f.write()
}

// recordFixture is the harness the scenarios share: one bot, one database.
type recordFixture struct {
	h     *harness
	games []fixtureGame
	// records are the /carc export documents to write, by file name; exports the games whose
	// admin export is written.
	records map[string][]byte
	exports []string
}

// fixtureGame is a game of the database and what it exercises.
type fixtureGame struct {
	id, scenario string
}

func newRecordFixture(t *testing.T) *recordFixture {
	h := newHarness(t)
	// The whole fixture plays in one harness, which is longer than one test's two minutes.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	t.Cleanup(cancel)
	h.ctx = ctx
	h.clock.now = fixtureEpoch
	h.aiDelay = time.Millisecond
	h.noPictures() // the record is what this is about
	h.start()
	return &recordFixture{h: h, records: map[string][]byte{}}
}

func (f *recordFixture) users(names ...string) []*fakediscord.User {
	out := make([]*fakediscord.User, len(names))
	for i, n := range names {
		out[i] = f.h.f.AddUser(n)
	}
	return out
}

// open opens a table in a new channel (in a thread of it with thread:true) from a fixed deal.
func (f *recordFixture) open(scenario, channel string, seed int64, creator *fakediscord.User, args ...fakediscord.Arg) *fixtureTable {
	h := f.h
	h.t.Helper()
	ch := h.f.AddChannel(channel)
	h.deal.Store(seed)
	if m := h.slash(creator, ch, "carc", fakediscord.SubCommand("new", args...)); !contains(m.Content, "Game opened") {
		h.t.Fatalf("%s: /carc new: %q", scenario, m.Content)
	}
	place := ch
	if threads := h.f.Threads(ch); len(threads) > 0 {
		place = threads[len(threads)-1]
	}
	e := h.b.entryAt(place.ID)
	if e == nil {
		h.t.Fatalf("%s: no game in %s", scenario, place.Name)
	}
	f.games = append(f.games, fixtureGame{id: e.id, scenario: scenario})
	return &fixtureTable{h: h, place: place, id: e.id, creator: creator, users: map[string]*fakediscord.User{creator.ID: creator},
		scenario: scenario, taken: map[string]int{}}
}

func fixtureOpt(name, value string) fakediscord.Arg { return fakediscord.StringArg(name, value) }

// untilMover plays the others' turns until it is u's turn.
func (t *fixtureTable) untilMover(u *fakediscord.User) {
	t.h.t.Helper()
	for n := 0; t.mover() != u; n++ {
		if n > 10 {
			t.fatalf("%s's turn never comes", u.Username)
		}
		t.turn(styleSlash)
	}
}

// missTurn lets the turn deadline of the person to move pass (a deadline of 1h): with reminders,
// at half, three quarters and nine tenths of it, then the deadline itself.
func (t *fixtureTable) missTurn(reminders bool) {
	t.h.t.Helper()
	h := t.h
	posts := len(h.posts(t.place.ID))
	steps := []time.Duration{61 * time.Minute}
	if reminders {
		steps = []time.Duration{31 * time.Minute, 15 * time.Minute, 9 * time.Minute, 6 * time.Minute}
	}
	for _, d := range steps {
		h.clock.Add(d)
		h.b.FireTimers(h.clock.Now())
		t.settle()
	}
	var reminded, passed int
	for _, m := range h.posts(t.place.ID)[posts:] {
		switch {
		case contains(m.Content, "let the turn deadline pass"):
			passed++
		case contains(m.Content, "your turn") || contains(m.Content, "The table is waiting for"):
			reminded++
		}
	}
	if passed != 1 || reminders && reminded != 3 {
		t.fatalf("the deadline passed %d times with %d reminders", passed, reminded)
	}
}

// skipDeadlinesAndKickByTheCreator: policy:skip, deadlines passed with and without reminders, a
// turn skipped by the creator (/carc skip), then the player who missed the table's limit removed
// by the creator (/carc kick), which ends a game of two.
func (f *recordFixture) skipDeadlinesAndKickByTheCreator() {
	u := f.users("alice", "bob")
	alice, bob := u[0], u[1]
	g := f.open("Great Britain, policy:skip deadline:1h missed:2: two skipped deadlines (one with its three reminders), "+
		"a turn skipped by the creator with /carc skip, then the creator removes bob with /carc kick, which ends the game",
		"gb-skip", 101, alice, fixtureOpt("map", "greatbritain"), fixtureOpt("policy", "skip"), fixtureOpt("deadline", "1h"),
		fakediscord.IntArg("missed", 2), fakediscord.IntArg("tiles", 72), fakediscord.BoolArg("rated", false))
	g.join(bob)
	g.start()
	g.turns(4, everyTurn(styleSlash))
	g.untilMover(bob)
	g.missTurn(true)
	g.untilMover(bob)
	g.carc(alice, "skip")
	g.untilMover(bob)
	g.missTurn(false)
	if m := g.table().Missed; m[g.table().Seat(bob.ID)] != 2 {
		g.fatalf("missed turns %v, want 2 for bob", m)
	}
	g.carc(alice, "kick", fixtureOpt("player", bob.Mention()))
	if g.table() != nil {
		g.fatalf("the game goes on after bob was removed")
	}
	c := g.entries()
	g.expect("two skip timeouts, a /carc skip and a /carc kick", c.TimeoutSkip == 2 && c.Commands["carc skip"] == 1 && c.Commands["carc kick"] == 1)
}

// autoDeadlinesAndKickVote: three players, policy:auto (the autopilot's moves kept with the
// deadline), a vote to remove the player who missed turns refused and then passed by the other
// players' buttons; the two left play to the end.
func (f *recordFixture) autoDeadlinesAndKickVote() {
	u := f.users("carol", "dave", "erin")
	carol, dave, erin := u[0], u[1], u[2]
	g := f.open("Iberia, three players, policy:auto deadline:1h missed:1: autopilot turns at passed deadlines (with reminders), "+
		"a kick vote refused (Keep them) then passed (Agree) by buttons, the two left play to the end by commands and clicks "+
		"(with whole-turn /place commands that stood only up to the chip they turned over)",
		"iberia-auto", 202, carol, fixtureOpt("map", "iberia"), fixtureOpt("policy", "auto"), fixtureOpt("deadline", "1h"),
		fakediscord.IntArg("missed", 1), fakediscord.IntArg("tiles", 72), fakediscord.BoolArg("rated", false))
	g.join(dave, erin)
	g.start()
	g.turns(3, everyTurn(styleSlash))
	g.untilMover(erin)
	g.missTurn(true)
	g.carc(dave, "kick", fixtureOpt("player", erin.Mention()))
	g.clickVote(carol, "kick", "Keep them")
	g.untilMover(erin)
	g.missTurn(false)
	g.carc(dave, "kick", fixtureOpt("player", erin.Mention()))
	g.clickVote(carol, "kick", "Agree to remove")
	if tbl := g.table(); !tbl.Game.Players[tbl.Seat(erin.ID)].Resigned {
		g.fatalf("erin is still playing after the vote")
	}
	g.turns(6, func(i int) turnStyle { return []turnStyle{styleSlash, styleClick}[i%2] })
	g.untilMover(dave)
	g.missTurn(false)
	g.toEnd(func(i int) turnStyle { return []turnStyle{styleSlash, styleClick, styleWholeTurn}[i%3] })
	c := g.entries()
	g.expect("three autopilot timeouts, two /carc kick, a kick vote refused and one passed by buttons, clicked turns",
		c.TimeoutAuto == 3 && c.Commands["carc kick"] == 2 && c.Clicks["kick:no"] == 1 && c.Clicks["kick:yes"] == 1 && c.Clicks["ok"] > 0)
	g.expect("a whole-turn /place that stood only up to a chip it turned over", g.partials > 0)
}

// clickVote clicks a vote's button and wants the vote counted.
func (t *fixtureTable) clickVote(u *fakediscord.User, verb, label string) {
	t.h.t.Helper()
	if got := t.vote(u, verb, label); !contains(got, "Done") {
		t.fatalf("%s clicks %q: %q", u.Username, label, got)
	}
}

// leagueRound: a round-robin league of four on Taiwan; its first round opens two games in
// threads: one is played to its end, the other adjudicated at the round's deadline, which starts
// the second round's two games.
func (f *recordFixture) leagueRound() {
	h := f.h
	members := f.users("gwen", "hugo", "ivy", "jack")
	ch := h.f.AddChannel("league")
	h.deal.Store(303)
	create := fakediscord.SubCommand("create", fixtureOpt("name", "Fixture League"), fixtureOpt("map", "taiwan"),
		fixtureOpt("format", "round-robin"), fakediscord.IntArg("players", 2), fixtureOpt("round", "1d"), fixtureOpt("adjudicate", "score"),
		fixtureOpt("deadline", "2d"), fixtureOpt("policy", "skip"), fakediscord.IntArg("tiles", 72))
	if m := h.slash(members[0], ch, "league", create); m.Content != "Done." {
		h.t.Fatalf("/league create: %q", m.Content)
	}
	for _, u := range members[1:] {
		if m := h.slash(u, ch, "league", fakediscord.SubCommand("join")); m.Content != "Done." {
			h.t.Fatalf("/league join: %q", m.Content)
		}
	}
	if m := h.slash(members[0], ch, "league", fakediscord.SubCommand("start")); m.Content != "Done." {
		h.t.Fatalf("/league start: %q", m.Content)
	}
	ls, err := h.store.Leagues(h.f.GuildID)
	if err != nil || len(ls) != 1 {
		h.t.Fatalf("leagues %v: %v", ls, err)
	}
	season := func() league.Season {
		s, err := h.store.Season(ls[0].ID, 1)
		if err != nil {
			h.t.Fatal(err)
		}
		return s
	}
	users := map[string]*fakediscord.User{}
	for _, u := range members {
		users[u.ID] = u
	}
	table := func(fx league.Fixture, scenario string) *fixtureTable {
		f.games = append(f.games, fixtureGame{id: fx.GameID, scenario: scenario})
		return &fixtureTable{h: h, place: h.f.Channel(fx.Thread), id: fx.GameID, creator: users[fx.Players[0]], users: users,
			scenario: scenario, taken: map[string]int{}}
	}
	first := season()
	if len(first.Fixtures) != 2 {
		h.t.Fatalf("round 1 has %d games, want 2", len(first.Fixtures))
	}
	played := table(first.Fixtures[0], "league round 1, table 1 (Taiwan, in a thread the bot opened, setup entries by the bot): played to its end")
	adjudicated := table(first.Fixtures[1], "league round 1, table 2 (Taiwan, in a thread): four turns, then adjudicated at the round's deadline "+
		"(the store says finished, the table still playing)")
	played.toEnd(func(i int) turnStyle { return []turnStyle{styleSlash, styleWholeTurn, styleClick}[i%3] })
	adjudicated.turns(4, everyTurn(styleSlash))
	h.deal.Store(304) // round 2's games, opened at the deadline
	h.clock.Add(season().Deadline.Sub(h.clock.Now()))
	h.b.FireTimers(h.clock.Now())
	s := season()
	if s.Fixtures[1].Status != league.Adjudicated || s.Started != 2 {
		h.t.Fatalf("after the round's deadline: table 2 %s, round %d", s.Fixtures[1].Status, s.Started)
	}
	for _, fx := range s.Fixtures[2:] {
		table(fx, "league round 2 (Taiwan, in a thread): opened by the bot when round 1 ended, no move yet")
	}
}

// franceToTheEnd: the lobby (a third player joins and leaves, the creator changes the settings),
// then a whole game by commands (move by move, and whole turns) and clicks (the turn panel, spot
// and chip buttons), a wine sale clicked, an undo refused and one accepted, and its record.
func (f *recordFixture) franceToTheEnd() {
	u := f.users("kate", "leo", "mia")
	kate, leo, mia := u[0], u[1], u[2]
	g := f.open("France, played to its end: lobby join/leave and /carc settings, moves by commands (one by one and whole turns) "+
		"and by clicks (turn panel, square menu, rotation, Confirm, spots), a wine sale clicked, undo refused then accepted by buttons",
		"france", 404, kate, fixtureOpt("map", "france"))
	g.want, g.wantedBy = []string{"sell"}, styleClick
	g.join(leo, mia)
	g.carc(mia, "leave")
	delete(g.users, mia.ID)
	g.carc(kate, "settings", fixtureOpt("deadline", "72h"), fixtureOpt("policy", "auto"))
	g.start()
	styles := func(i int) turnStyle { return []turnStyle{styleSlash, styleClick, styleSlash, styleWholeTurn}[i%4] }
	g.turns(6, styles)
	g.undo("Refuse")
	g.turns(6, styles)
	g.undo("Agree")
	g.toEnd(styles)
	c := g.entries()
	g.expect("the lobby's join, leave and settings", c.Commands["carc join"] == 2 && c.Commands["carc leave"] == 1 && c.Commands["carc settings"] == 1)
	g.expect("an undo refused and one accepted by buttons", c.Commands["carc undo"] == 2 && c.Clicks["undo:no"] == 1 && c.Clicks["undo:yes"] == 1)
	g.expect("a wine sale clicked, clicked placements and spots, whole turns",
		g.taken["sell"] == 1 && c.Clicks["act"] > 0 && c.Clicks["ok"] > 0 && c.Clicks["spot"] > 0 && g.rotations > 0 && g.wholeTurns > 0)
	f.records["record-"+g.id+".json"] = g.export(kate)
	f.exports = append(f.exports, g.id)
}

// undo has the player who just moved ask to take the turn back, and the other answer by button.
func (t *fixtureTable) undo(answer string) {
	t.h.t.Helper()
	tbl := t.table()
	moves := len(tbl.Moves)
	asker := t.users[tbl.Seats[tbl.Moves[moves-1].Move.Player].ID]
	other := t.mover()
	t.carc(asker, "undo")
	t.clickVote(other, "undo", answer)
	if undone := len(t.table().Moves) < moves; undone != (answer == "Agree") {
		t.fatalf("%s to undo: %d moves, were %d", answer, len(t.table().Moves), moves)
	}
}

// greatBritainToTheEnd: a game played to its end by commands and clicks (the turn's end, Done or
// End my turn, among them), whose record is written.
func (f *recordFixture) greatBritainToTheEnd() {
	u := f.users("nora", "oscar")
	g := f.open("Great Britain, played to its end by commands (move by move and whole turns) and clicks (the turn's end by its button)",
		"greatbritain", 505, u[0], fixtureOpt("map", "greatbritain"), fakediscord.IntArg("tiles", 72))
	g.join(u[1])
	g.start()
	g.toEnd(func(i int) turnStyle { return []turnStyle{styleSlash, styleWholeTurn, styleClick}[i%3] })
	c := g.entries()
	g.expect("a turn ended by its button, and by /carc pass", c.Clicks["pass"] > 0 && c.Commands["carc pass"] > 0)
	f.records["record-"+g.id+".json"] = g.export(u[1])
}

// beneluxIslandRunning: an island tile bought with a chip (/chips island), face-down tiles drawn
// by button and by command; left running mid-game, its record and admin export written.
func (f *recordFixture) beneluxIslandRunning() {
	u := f.users("paul", "quinn")
	g := f.open("Benelux, left running mid-game: an island tile bought with /chips island, tiles drawn by button and by /carc draw",
		"benelux", 606, u[0], fixtureOpt("map", "benelux"))
	g.want = []string{"island"}
	g.join(u[1])
	g.start()
	for n := 0; ; n++ {
		c := g.entries()
		if g.taken["island"] > 0 && c.Commands["chips island"] > 0 && c.Commands["carc draw"] > 0 && c.Clicks["draw"] > 0 {
			break
		}
		if n > 80 {
			g.fatalf("no island bought, or no tile drawn by button and by command: %+v", c)
		}
		g.turn([]turnStyle{styleSlash, styleClick, styleClick}[n%3])
	}
	f.records["record-"+g.id+".json"] = g.export(u[0])
	f.exports = append(f.exports, g.id)
}

// taiwanUpgradeToTheEnd: a meeple upgraded with chips (clicked), played to its end.
func (f *recordFixture) taiwanUpgradeToTheEnd() {
	u := f.users("rosa", "sam")
	g := f.open("Taiwan, played to its end: a meeple upgraded with chips by its button, moves by commands and clicks",
		"taiwan", 707, u[0], fixtureOpt("map", "taiwan"), fakediscord.IntArg("tiles", 72))
	g.want, g.wantedBy = []string{"upgrade"}, styleClick
	g.join(u[1])
	g.start()
	g.toEnd(func(i int) turnStyle { return []turnStyle{styleClick, styleSlash}[i%2] })
	g.expect("an upgrade clicked", g.taken["upgrade"] == 1 && g.entries().Clicks["act"] > 0)
}

// classicWithAnAISeat: /carc bot seats the easy AI at a hints:true table; the person asks for
// hints now and then; the AI's turns are stored with their moves; played to the end.
func (f *recordFixture) classicWithAnAISeat() {
	tom := f.users("tom")[0]
	g := f.open("classic, hints:true, an AI seat (/carc bot level:easy), played to its end; /carc hint asked (read-only, not in the record)",
		"classic-ai", 808, tom, fixtureOpt("map", "classic"), fakediscord.BoolArg("hints", true), fakediscord.IntArg("tiles", 72))
	g.hasAI = true
	g.carc(tom, "bot", fixtureOpt("level", "easy"))
	g.start()
	g.toEnd(func(i int) turnStyle {
		if i%3 == 0 {
			if m := g.h.slash(tom, g.place, "carc", fakediscord.SubCommand("hint")); m.Content == "" {
				g.fatalf("/carc hint has no answer")
			}
		}
		return []turnStyle{styleSlash, styleClick}[i%2]
	})
	c := g.entries()
	g.expect("/carc bot and the AI's turns", c.Commands["carc bot"] == 1 && c.AI > 0)
}

// leavingToAnAI: a leaving:ai table where a player resigns and the easy AI plays the seat on to
// the end.
func (f *recordFixture) leavingToAnAI() {
	u := f.users("uma", "vic")
	uma, vic := u[0], u[1]
	g := f.open("Benelux, leaving:ai: vic resigns mid-game and the easy AI plays his seat on to the end",
		"benelux-leaving", 909, uma, fixtureOpt("map", "benelux"), fixtureOpt("leaving", "ai"), fakediscord.IntArg("tiles", 72))
	g.hasAI = true
	g.join(vic)
	g.start()
	g.turns(6, everyTurn(styleSlash))
	g.untilMover(uma)
	g.carc(vic, "resign")
	delete(g.users, vic.ID)
	g.toEnd(func(i int) turnStyle { return []turnStyle{styleSlash, styleClick}[i%2] })
	c := g.entries()
	g.expect("the resignation and the AI's turns after it", c.Commands["carc resign"] == 1 && c.AI > 0)
}

// abandonedByItsCreator: a few turns, then /carc abandon.
func (f *recordFixture) abandonedByItsCreator() {
	u := f.users("walt", "xena")
	g := f.open("Great Britain, abandoned by its creator after five turns", "gb-abandoned", 1010, u[0], fixtureOpt("map", "greatbritain"), fakediscord.BoolArg("rated", false))
	g.join(u[1])
	g.start()
	g.turns(5, everyTurn(styleSlash))
	g.carc(u[0], "abandon")
	g.expect("/carc abandon", g.entries().Commands["carc abandon"] == 1)
}

// resignedWithoutAnAI: a player resigns from a game of two without leaving:ai, which ends it.
func (f *recordFixture) resignedWithoutAnAI() {
	u := f.users("yara", "zed")
	g := f.open("France, zed resigns after five turns (no leaving:ai), which ends the game", "france-resign", 1111, u[0], fixtureOpt("map", "france"))
	g.join(u[1])
	g.start()
	g.turns(5, everyTurn(styleSlash))
	g.carc(u[1], "resign")
	if g.table() != nil {
		g.fatalf("the game goes on after the resignation")
	}
}

// inAThread: /carc new thread:true; the game lives in its thread, left running.
func (f *recordFixture) inAThread() {
	u := f.users("abby", "ben")
	g := f.open("Iberia, thread:true: the game lives in the thread it opened, left running after eight turns",
		"iberia-thread", 1212, u[0], fixtureOpt("map", "iberia"), fakediscord.BoolArg("thread", true))
	if !g.place.IsThread() {
		g.fatalf("the game is not in a thread")
	}
	g.join(u[1])
	g.start()
	g.turns(8, func(i int) turnStyle { return []turnStyle{styleClick, styleSlash}[i%2] })
}

// lobbyNeverStarted: a lobby with two players and a changed setting, never started.
// idleLobbyExpires: a lobby nobody changes for eight days closes at its expiry timer.
func (f *recordFixture) idleLobbyExpires() {
	u := f.users("ivo", "jill")
	g := f.open("France lobby left idle: a join, then closed by its expiry timer after eight days", "france-idle", 1414, u[0], fixtureOpt("map", "france"))
	g.join(u[1])
	f.h.clock.Add(8 * 24 * time.Hour)
	f.h.b.FireTimers(f.h.clock.Now())
	if g.table() != nil {
		g.fatalf("the idle lobby is still open")
	}
	g.expect("the lobby's expiry", g.entries().Expired == 1)
}

// aloneWithTheAI: the only person at a table with an AI seat resigns, and the table ends, as no
// person plays there any more.
func (f *recordFixture) aloneWithTheAI() {
	kim := f.users("kim")[0]
	g := f.open("classic, two AI seats (/carc bot level:normal and easy); the only person resigns after four turns and the table ends unattended",
		"classic-alone", 1515, kim, fixtureOpt("map", "classic"), fakediscord.IntArg("tiles", 72))
	g.hasAI = true
	g.carc(kim, "bot", fixtureOpt("level", "normal"))
	g.carc(kim, "bot", fixtureOpt("level", "easy"))
	g.start()
	g.turns(4, everyTurn(styleSlash))
	g.untilMover(kim)
	g.carc(kim, "resign")
	if g.table() != nil {
		g.fatalf("the table goes on with no person at it")
	}
	c := g.entries()
	g.expect("the resignation and the unattended end", c.Commands["carc resign"] == 1 && c.Unattended == 1)
}

func (f *recordFixture) lobbyNeverStarted() {
	u := f.users("cody", "dina")
	g := f.open("Taiwan lobby never started: a join and a /carc settings change", "taiwan-lobby", 1313, u[0], fixtureOpt("map", "taiwan"))
	g.join(u[1])
	g.carc(u[0], "settings", fixtureOpt("policy", "auto"), fixtureOpt("deadline", "24h"))
	if tbl := g.table(); tbl.Status != commands.Lobby {
		g.fatalf("the lobby is %s", tbl.Status)
	}
}
