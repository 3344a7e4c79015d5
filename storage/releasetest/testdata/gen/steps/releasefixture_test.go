package bot

// The release fixtures of the schemas whose records are steps (3 and 4), written by the bot of the
// commit releases.txt names. generate.sh copies this file into bot/ of a checkout of that commit and
// runs it; it is not compiled by today's module (it lives under testdata). It plays a scripted
// history through the real bot of that release and the fake Discord of that release,
// deterministically (fixed deals, the test clock, every AI turn awaited), and writes the database,
// some exports and manifest.json.

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

var (
	releaseFixtureOut    = flag.String("release-fixture-out", "", "write the release fixture into this directory")
	releaseFixtureSchema = flag.Int("release-fixture-schema", 0, "the schema version of the release (for the manifest)")
)

// fixtureEpoch is the test clock's start: the moves' times and the deadlines repeat from run to run.
var fixtureEpoch = time.Date(2025, time.June, 2, 9, 0, 0, 0, time.UTC)

// Discord's permission bits for a moderator: Manage Channels and Manage Server.
const moderatorPermissions = 1<<4 | 1<<5

func TestWriteReleaseFixture(t *testing.T) {
	if *releaseFixtureOut == "" {
		t.Skip("run by storage/releasetest/testdata/gen/generate.sh")
	}
	f := newFixture(t)
	// Scenarios that move the clock come first; the games they leave running have long
	// deadlines or are the last to move it, so that no other game's deadline passes meanwhile.
	f.idleLobbyExpires()
	f.ratedAdministeredByAModerator()
	f.friendlyAdministeredByItsPlayers()
	f.leagueMidSeason()
	f.leagueInItsSecondSeason()
	f.friendlyRunningAfterSkipAndKickVote()
	for _, m := range []struct{ id, want string }{{"france", "sell"}, {"greatbritain", "isle"}, {"iberia", "treat"}, {"taiwan", "upgrade"}, {"benelux", "island"}} {
		f.playedToTheEnd(m.id, m.want)
	}
	f.classicWithAnAISeat()
	f.franceFollowedInAThread()
	f.classicAbandonedByItsCreator()
	f.taiwanAdministeredByAModerator()
	f.iberiaOnATimeBank()
	f.greatBritainResigned()
	f.beneluxLeavingToAnAI()
	f.aloneWithTheAI()
	f.lobbies()
	f.playerSettings()
	f.write()
}

// fixture is the harness the scenarios share: one bot, one database.
type fixture struct {
	h     *harness
	games []*fixtureTable
	// exports are the games whose admin export (bot export --admin) is kept; records the /carc
	// export documents kept, by file name.
	exports []string
	records map[string][]byte
	leagues []string
	// sent counts the commands and clicks the bot accepted outside any game (leagues, settings).
	sent map[string]int
	n    int
}

func newFixture(t *testing.T) *fixture {
	h := newHarness(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	t.Cleanup(cancel)
	h.ctx = ctx
	h.clock.now = fixtureEpoch
	h.aiDelay = time.Millisecond
	h.noPictures() // the database is what this is about
	h.start()
	return &fixture{h: h, records: map[string][]byte{}, sent: map[string]int{}}
}

func (f *fixture) users(names ...string) []*fakediscord.User {
	out := make([]*fakediscord.User, len(names))
	for i, n := range names {
		out[i] = f.h.f.AddUser(n)
	}
	return out
}

func opt(name, value string) fakediscord.Arg { return fakediscord.StringArg(name, value) }

// open opens a table in a new channel (in a thread of it with thread:true) from a fixed deal.
func (f *fixture) open(scenario string, creator *fakediscord.User, args ...fakediscord.Arg) *fixtureTable {
	h := f.h
	h.t.Helper()
	f.n++
	ch := h.f.AddChannel(fmt.Sprintf("game-%d", f.n))
	h.deal.Store(int64(100 * f.n))
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
	g := &fixtureTable{h: h, place: place, id: e.id, creator: creator, users: map[string]*fakediscord.User{creator.ID: creator},
		scenario: scenario, taken: map[string]int{}, sent: map[string]int{"carc new": 1}}
	f.games = append(f.games, g)
	return g
}

// turnStyle is how a turn is played.
type turnStyle int

const (
	// styleSlash sends each move as its own command (/place, /meeple, /chips, /carc draw, /carc pass).
	styleSlash turnStyle = iota
	// styleClick plays the turn with the buttons: Play my turn, the square menu, a rotation, Confirm,
	// a spot, chip actions, Draw and Done (a command where no component offers the move).
	styleClick
	// styleWholeTurn places the tile and the meeple with one /place (the rest of the turn by command).
	styleWholeTurn
)

func everyTurn(s turnStyle) func(int) turnStyle { return func(int) turnStyle { return s } }

func mixed(styles ...turnStyle) func(int) turnStyle {
	return func(i int) turnStyle { return styles[i%len(styles)] }
}

// fixtureTable is one game, played by people through the fake Discord: every move is the easy
// AI's choice for the player to move (or a chip action the scenario wants), sent as the command a
// player would type for it or clicked through the buttons and menus a player would use.
type fixtureTable struct {
	h        *harness
	place    *fakediscord.Channel
	id       string
	creator  *fakediscord.User
	users    map[string]*fakediscord.User
	scenario string
	league   string
	// want are chip actions to take the first time they are legal, in the style wantedBy.
	want     []string
	wantedBy turnStyle
	taken    map[string]int
	hasAI    bool
	// sent counts the commands and clicks the bot accepted in this game.
	sent map[string]int
}

func (t *fixtureTable) fatalf(format string, args ...any) {
	t.h.t.Helper()
	t.h.t.Fatalf("%s (%s): %s", t.scenario, t.id, fmt.Sprintf(format, args...))
}

// table is the game as the bot holds it (nil once it is over).
func (t *fixtureTable) table() *table.Table { return t.h.table(t.place.ID) }

// slash sends a command in the game's place and wants it accepted.
func (t *fixtureTable) slash(u *fakediscord.User, name string, args ...fakediscord.Arg) string {
	t.h.t.Helper()
	m := t.h.slash(u, t.place, name, args...)
	if !strings.HasPrefix(m.Content, "Done") {
		t.fatalf("/%s by %s: %q", name, u.Username, m.Content)
	}
	t.sent[commandName(name, args)]++
	t.settle()
	return m.Content
}

// ask sends a command that only reads (status, history, ...) and wants an answer.
func (t *fixtureTable) ask(u *fakediscord.User, name string, args ...fakediscord.Arg) {
	t.h.t.Helper()
	m := t.h.slash(u, t.place, name, args...)
	if m.Content == "" && len(m.Attachments) == 0 {
		t.fatalf("/%s by %s has no answer", name, u.Username)
	}
	t.sent[commandName(name, args)]++
}

// commandName is "carc skip" for /carc skip, "place" for /place: /carc, /chips and /league always
// have a subcommand, /place and /meeple never.
func commandName(name string, args []fakediscord.Arg) string {
	if (name == "carc" || name == "chips" || name == "league") && len(args) > 0 {
		return name + " " + args[0].Name()
	}
	return name
}

func (t *fixtureTable) carc(u *fakediscord.User, sub string, args ...fakediscord.Arg) string {
	t.h.t.Helper()
	return t.slash(u, "carc", fakediscord.SubCommand(sub, args...))
}

// settle waits until the AI seats have played every turn that is theirs, so that the next
// interaction comes in the same order on every run.
func (t *fixtureTable) settle() {
	if !t.hasAI {
		return
	}
	t.h.waitFor(func() bool {
		e := t.h.b.entryAt(t.place.ID)
		if e == nil {
			return true
		}
		e.mu.Lock()
		_, aiToPlay := e.table.AIToPlay()
		e.mu.Unlock()
		return !aiToPlay && !t.h.b.ai.queued(e)
	})
}

func (t *fixtureTable) join(users ...*fakediscord.User) {
	for _, u := range users {
		t.users[u.ID] = u
		t.carc(u, "join")
	}
}

func (t *fixtureTable) start() { t.carc(t.creator, "start") }

// mover is the person whose turn it is.
func (t *fixtureTable) mover() *fakediscord.User {
	tbl := t.table()
	cur, ok := tbl.Current()
	if !ok {
		t.fatalf("no turn to play: the table is %s", tbl.Status)
	}
	u := t.users[cur.ID]
	if u == nil {
		t.fatalf("it is %s's turn, who is not a person of this scenario", cur.Name)
	}
	return u
}

func (t *fixtureTable) untilMover(u *fakediscord.User) {
	t.h.t.Helper()
	for n := 0; t.mover() != u; n++ {
		if n > 10 {
			t.fatalf("%s's turn never comes", u.Username)
		}
		t.turn(styleSlash)
	}
}

// easyAIMove is the move the easy AI chooses for the player to move.
func easyAIMove(g *game.Game) game.Move {
	if m, err := ai.Choose(g, commands.AutopilotLevel, commands.AutopilotSeed(g)); err == nil {
		if err := g.Clone().Play(m); err == nil {
			return m
		}
	}
	return g.SimplestMove()
}

// nextMove is the move to play now: a wanted chip action when it is legal, else the easy AI's.
func (t *fixtureTable) nextMove(g *game.Game) (game.Move, bool) {
	for _, name := range t.want {
		if t.taken[name] > 0 {
			continue
		}
		for _, a := range g.LegalActions() {
			if a.Action.Name == name {
				act := a.Action
				return game.Move{Kind: game.MoveAction, Player: g.Current, Action: &act}, true
			}
		}
	}
	return easyAIMove(g), false
}

// turn plays the current person's whole turn.
func (t *fixtureTable) turn(s turnStyle) {
	t.h.t.Helper()
	tbl := t.table()
	start, seat := tbl.Game.Turn, tbl.Game.Current
	for n := 0; ; n++ {
		tbl = t.table()
		if tbl == nil || tbl.Game.Turn != start || tbl.Game.Current != seat {
			return
		}
		if n > 40 {
			t.fatalf("a turn that does not end")
		}
		t.move(tbl, s)
	}
}

func (t *fixtureTable) turns(n int, styleOf func(i int) turnStyle) {
	for i := 0; i < n && t.table() != nil; i++ {
		t.turn(styleOf(i))
	}
}

func (t *fixtureTable) toEnd(styleOf func(i int) turnStyle) {
	for i := 0; t.table() != nil; i++ {
		if i > 400 {
			t.fatalf("the game does not end")
		}
		t.turn(styleOf(i))
	}
}

// move plays one move (or, in styleWholeTurn, the tile and its meeple) of the person to move.
func (t *fixtureTable) move(tbl *table.Table, s turnStyle) {
	t.h.t.Helper()
	g := tbl.Game
	u := t.mover()
	m, wanted := t.nextMove(g)
	if wanted {
		t.taken[m.Action.Name]++
		s = t.wantedBy
	}
	switch {
	case s == styleClick && t.click(tbl, u, m):
	case s == styleWholeTurn && m.Kind == game.MovePlace:
		t.wholePlace(g, u, m)
	default:
		t.sendMove(u, m)
	}
}

// sendMove sends one engine move as the command a player types for it.
func (t *fixtureTable) sendMove(u *fakediscord.User, m game.Move) {
	t.h.t.Helper()
	in := commands.InputFor(table.User{}, m)
	var args []fakediscord.Arg
	for _, k := range slices.Sorted(maps.Keys(in.Options)) {
		args = append(args, fakediscord.StringArg(k, in.Options[k]))
	}
	if in.Sub != "" {
		t.slash(u, in.Command, fakediscord.SubCommand(in.Sub, args...))
		return
	}
	t.slash(u, in.Command, args...)
}

// wholePlace sends the placement with the meeple the AI would put on the tile as one /place.
func (t *fixtureTable) wholePlace(g *game.Game, u *fakediscord.User, m game.Move) {
	t.h.t.Helper()
	after := g.Clone()
	if err := after.Play(m); err != nil {
		t.fatalf("the AI's placement %v is refused: %v", m, err)
	}
	args := []fakediscord.Arg{fakediscord.StringArg("square", m.Square.String()), fakediscord.StringArg("rotation", m.Rotation.String())}
	if after.Phase == game.PhaseMeeple && after.Current == m.Player {
		spot := "none"
		if next := easyAIMove(after); next.Kind == game.MoveMeeple {
			spot = next.Spot
		}
		args = append(args, fakediscord.StringArg("meeple", spot))
	}
	// A placement that turns over something hidden stands even when the rest is refused.
	before := len(t.table().Moves)
	answer := t.h.slash(u, t.place, "place", args...).Content
	switch {
	case strings.HasPrefix(answer, "Done"):
		t.sent["place (whole turn)"]++
	case contains(answer, "your turn stands up to there") && len(t.table().Moves) > before:
		t.sent["place (stood in part)"]++
	default:
		t.fatalf("/place by %s: %q", u.Username, answer)
	}
	t.settle()
}

// click plays m with the components a player would use; false when no component offers it.
func (t *fixtureTable) click(tbl *table.Table, u *fakediscord.User, m game.Move) bool {
	t.h.t.Helper()
	switch m.Kind {
	case game.MovePlace:
		return t.clickPlace(tbl, u, m)
	case game.MoveMeeple:
		return t.clickButton(u, commands.ComponentID(tbl, "spot", m.Spot))
	case game.MoveDraw:
		return t.clickButton(u, commands.ComponentID(tbl, "draw"))
	case game.MovePass:
		return t.clickButton(u, commands.ComponentID(tbl, "pass"))
	case game.MoveAction:
		act := m.Action.String()
		if t.clickButton(u, commands.ComponentID(tbl, "act", act)) {
			return true
		}
		msg, ok := t.post(commands.ComponentID(tbl, "act"))
		if !ok {
			return false
		}
		t.panelSelect(u, msg, commands.ComponentID(tbl, "act"), act, false)
		return true
	}
	return false
}

// post is the newest message in the game's place offering the component id.
func (t *fixtureTable) post(id string) (*fakediscord.Message, bool) {
	posts := t.h.posts(t.place.ID)
	for i := len(posts) - 1; i >= 0; i-- {
		if c, ok := posts[i].FindComponent(id); ok && !c.Disabled {
			return posts[i], true
		}
	}
	return nil, false
}

func (t *fixtureTable) clickButton(u *fakediscord.User, id string) bool {
	t.h.t.Helper()
	msg, ok := t.post(id)
	if !ok {
		return false
	}
	if got := t.h.click(u, msg, id); !strings.HasPrefix(got.Content, "Done") {
		t.fatalf("click %s by %s: %q", id, u.Username, got.Content)
	}
	t.countClick(id)
	t.settle()
	return true
}

func (t *fixtureTable) countClick(id string) {
	c, err := commands.ParseComponentID(id)
	if err != nil {
		t.fatalf("%v", err)
	}
	verb := c.Verb
	if verb == "undo" || verb == "kick" {
		verb += " " + c.Arg
	}
	t.sent["click "+verb]++
}

// clickPlace places the tile through the private turn panel: Play my turn, the square in the
// menu, rotations, Confirm.
func (t *fixtureTable) clickPlace(tbl *table.Table, u *fakediscord.User, m game.Move) bool {
	t.h.t.Helper()
	play := commands.ComponentID(tbl, "play")
	msg, ok := t.post(play)
	if !ok {
		return false
	}
	panel := t.h.click(u, msg, play)
	sq, rot := m.Square.String(), m.Rotation.String()
	sel, ok := panel.FindComponent(commands.ComponentID(tbl, "sq"))
	if !ok || !slices.ContainsFunc(sel.Options, func(o fakediscord.SelectOption) bool { return o.Value == sq }) {
		return false // the menu holds the 25 squares nearest the last tile
	}
	panel = t.panelSelect(u, panel, sel.CustomID, sq, true)
	rots := tbl.Game.LegalRotations(tbl.Game.Drawn, m.Square)
	shown := rots[0]
	if len(rots) > 1 && m.Rotation == shown {
		panel = t.panelClick(u, panel, commands.ComponentID(tbl, "rot", sq, rots[1].String()))
		shown = rots[1]
	}
	if m.Rotation != shown {
		panel = t.panelClick(u, panel, commands.ComponentID(tbl, "rot", sq, rot))
	}
	if done := t.panelClick(u, panel, commands.ComponentID(tbl, "ok", sq, rot)); !strings.HasPrefix(done.Content, "Done") {
		t.fatalf("Confirm %s %s by %s: %q", sq, rot, u.Username, done.Content)
	}
	t.sent["click ok"]++
	t.settle()
	return true
}

func (t *fixtureTable) panelClick(u *fakediscord.User, panel *fakediscord.Message, id string) *fakediscord.Message {
	t.h.t.Helper()
	if _, ok := panel.FindComponent(id); !ok {
		t.fatalf("the panel %q has no button %s", firstLine(panel.Content), id)
	}
	in := t.h.f.SendButton(u, panel, id)
	got, err := in.WaitOriginal(t.h.ctx, func(m *fakediscord.Message) bool { return m.Version > panel.Version })
	if err != nil {
		t.fatalf("click %s: %v", id, err)
	}
	return got
}

func (t *fixtureTable) panelSelect(u *fakediscord.User, msg *fakediscord.Message, id, value string, private bool) *fakediscord.Message {
	t.h.t.Helper()
	in := t.h.f.SendSelect(u, msg, id, value)
	got, err := in.WaitOriginal(t.h.ctx, func(m *fakediscord.Message) bool {
		if private {
			return m.Version > msg.Version
		}
		return !m.Loading() && m.Version > 0
	})
	if err != nil {
		t.fatalf("select %s in %s: %v", value, id, err)
	}
	if !private {
		if !strings.HasPrefix(got.Content, "Done") {
			t.fatalf("select %s in %s: %q", value, id, got.Content)
		}
		t.sent["select act"]++
	}
	t.settle()
	return got
}

// vote clicks the button labelled label of the newest message offering it, and wants it counted.
func (t *fixtureTable) vote(u *fakediscord.User, verb, label string) {
	t.h.t.Helper()
	posts := t.h.posts(t.place.ID)
	for i := len(posts) - 1; i >= 0; i-- {
		for _, b := range posts[i].Buttons() {
			c, err := commands.ParseComponentID(b.CustomID)
			if err == nil && c.Verb == verb && strings.HasPrefix(b.Label, label) && !b.Disabled {
				if got := t.h.click(u, posts[i], b.CustomID); !contains(got.Content, "Done") {
					t.fatalf("%s clicks %q: %q", u.Username, label, got.Content)
				}
				t.countClick(b.CustomID)
				t.settle()
				return
			}
		}
	}
	t.fatalf("no %q button to click", label)
}

// missTurn lets the turn deadline of the person to move pass (a deadline of 1h): with reminders,
// at half, three quarters and nine tenths of it, then the deadline itself.
func (t *fixtureTable) missTurn(reminders bool) {
	t.h.t.Helper()
	h := t.h
	steps := []time.Duration{61 * time.Minute}
	if reminders {
		steps = []time.Duration{31 * time.Minute, 15 * time.Minute, 9 * time.Minute, 6 * time.Minute}
	}
	before := len(h.posts(t.place.ID))
	for _, d := range steps {
		h.clock.Add(d)
		h.b.FireTimers(h.clock.Now())
		t.settle()
	}
	passed := 0
	for _, m := range h.posts(t.place.ID)[before:] {
		if contains(m.Content, "let the turn deadline pass") {
			passed++
		}
	}
	if passed != 1 {
		t.fatalf("the deadline passed %d times", passed)
	}
}

// undo has the player who just moved ask to take the turn back, and the other answer by button.
func (t *fixtureTable) undo(answer string) {
	t.h.t.Helper()
	tbl := t.table()
	moves := len(tbl.Moves)
	asker := t.users[tbl.Seats[tbl.Moves[moves-1].Move.Player].ID]
	other := t.mover()
	t.carc(asker, "undo")
	t.vote(other, "undo", answer)
	if undone := len(t.table().Moves) < moves; undone != (answer == "Agree") {
		t.fatalf("%s to undo: %d moves, were %d", answer, len(t.table().Moves), moves)
	}
}

// readOnly asks the commands that change nothing, as players do.
func (t *fixtureTable) readOnly(u *fakediscord.User) {
	t.h.t.Helper()
	for _, sub := range []string{"status", "board", "tiles", "log", "history", "help", "rules", "export"} {
		t.ask(u, "carc", fakediscord.SubCommand(sub))
	}
	t.ask(u, "carc", fakediscord.SubCommand("replay", fakediscord.IntArg("move", 1)))
}

func (t *fixtureTable) export(u *fakediscord.User) []byte {
	t.h.t.Helper()
	m := t.h.slash(u, t.place, "carc", fakediscord.SubCommand("export"))
	if len(m.Attachments) != 1 {
		t.fatalf("/carc export: %q with %d files", m.Content, len(m.Attachments))
	}
	t.sent["carc export"]++
	return m.Attachments[0].Data
}

// idleLobbyExpires: a lobby nobody changes for eight days closes at its expiry timer. The first
// scenario: its clock move passes no other game's deadline.
func (f *fixture) idleLobbyExpires() {
	u := f.users("ivo", "jill")
	g := f.open("France lobby left idle: a join, then closed by its expiry timer after eight days", u[0], opt("map", "france"))
	g.join(u[1])
	f.h.clock.Add(8 * 24 * time.Hour)
	f.h.b.FireTimers(f.h.clock.Now())
	if g.table() != nil {
		g.fatalf("the idle lobby is still open")
	}
}

// ratedAdministeredByAModerator: a rated game of three administered by a moderator with Manage
// Channels who does not play: a skipped turn, a player who missed the limit removed, and the game
// abandoned.
func (f *fixture) ratedAdministeredByAModerator() {
	u := f.users("alice", "bob", "carl")
	alice, bob, carl := u[0], u[1], u[2]
	mod := f.h.f.AddUserWithPermissions("moderator", moderatorPermissions)
	g := f.open("Great Britain, rated, three players, policy:skip deadline:1h missed:1: a moderator with Manage Channels who does not "+
		"play skips bob's turn with /carc skip, bob misses a turn (three reminders, then the deadline), the moderator removes him with "+
		"/carc kick, two more turns, and the moderator abandons the game with /carc abandon", alice,
		opt("map", "greatbritain"), opt("policy", "skip"), opt("deadline", "1h"), fakediscord.IntArg("missed", 1), fakediscord.IntArg("tiles", 72))
	g.join(bob, carl)
	g.start()
	g.turns(3, mixed(styleSlash, styleWholeTurn))
	g.untilMover(bob)
	g.carc(mod, "skip")
	g.untilMover(bob)
	g.missTurn(true)
	g.carc(mod, "kick", opt("player", bob.Mention()))
	delete(g.users, bob.ID)
	g.turns(2, everyTurn(styleSlash))
	g.carc(mod, "abandon")
	if g.table() != nil {
		g.fatalf("the game goes on after /carc abandon")
	}
}

// friendlyAdministeredByItsPlayers: a friendly game of three (rated:false) under policy:auto whose
// creator skips a turn, and where a player opens a vote to remove one who missed turns, refused
// then passed by the other's buttons; the two left play to the end.
func (f *fixture) friendlyAdministeredByItsPlayers() {
	u := f.users("carol", "dave", "erin")
	carol, dave, erin := u[0], u[1], u[2]
	g := f.open("Iberia, rated:false, three players, policy:auto deadline:1h missed:1: the creator skips dave's turn, autopilot turns "+
		"at passed deadlines (with reminders), a player's /carc kick opens a vote, refused (Keep them) then passed (Agree to remove) "+
		"by the third player's buttons; the two left play to the end by commands, clicks and whole turns", carol,
		opt("map", "iberia"), opt("policy", "auto"), opt("deadline", "1h"), fakediscord.IntArg("missed", 1), fakediscord.IntArg("tiles", 72),
		fakediscord.BoolArg("rated", false))
	g.want, g.wantedBy = []string{"treat"}, styleSlash
	g.join(dave, erin)
	g.start()
	g.turns(3, everyTurn(styleSlash))
	g.untilMover(dave)
	g.carc(carol, "skip")
	g.untilMover(erin)
	g.missTurn(true)
	g.carc(dave, "kick", opt("player", erin.Mention()))
	g.vote(carol, "kick", "Keep them")
	g.untilMover(erin)
	g.missTurn(false)
	g.carc(dave, "kick", opt("player", erin.Mention()))
	g.vote(carol, "kick", "Agree to remove")
	if tbl := g.table(); !tbl.Game.Players[tbl.Seat(erin.ID)].Resigned {
		g.fatalf("erin is still playing after the vote")
	}
	delete(g.users, erin.ID)
	g.toEnd(mixed(styleSlash, styleClick, styleWholeTurn))
	f.records["record-"+g.id+".json"] = g.export(carol)
}

// league is a league of the fixture, driven by its members' commands in its channel.
type fixtureLeague struct {
	f       *fixture
	ch      *fakediscord.Channel
	id      string
	name    string
	members []*fakediscord.User
	users   map[string]*fakediscord.User
}

func (f *fixture) newLeague(channel string, deal int64, members []*fakediscord.User, args ...fakediscord.Arg) *fixtureLeague {
	h := f.h
	l := &fixtureLeague{f: f, ch: h.f.AddChannel(channel), members: members, users: map[string]*fakediscord.User{}}
	for _, u := range members {
		l.users[u.ID] = u
	}
	h.deal.Store(deal)
	before, err := h.store.Leagues(h.f.GuildID)
	if err != nil {
		h.t.Fatal(err)
	}
	l.cmd(members[0], "create", args...)
	after, err := h.store.Leagues(h.f.GuildID)
	if err != nil || len(after) != len(before)+1 {
		h.t.Fatalf("leagues %v: %v", after, err)
	}
	for _, x := range after {
		if !slices.ContainsFunc(before, func(y league.League) bool { return y.ID == x.ID }) {
			l.id, l.name = x.ID, x.Name
		}
	}
	f.leagues = append(f.leagues, l.id)
	for _, u := range members[1:] {
		l.cmd(u, "join")
	}
	return l
}

// cmd sends /league SUB in the league's channel; a change must be done.
func (l *fixtureLeague) cmd(u *fakediscord.User, sub string, args ...fakediscord.Arg) string {
	h := l.f.h
	h.t.Helper()
	if l.name != "" {
		// The league by its name: a server with several leagues needs it.
		args = append(args, opt("league", l.name))
	}
	var a fakediscord.Arg
	if sub == "season new" {
		a = fakediscord.SubCommandGroup("season", fakediscord.SubCommand("new", args...))
	} else {
		a = fakediscord.SubCommand(sub, args...)
	}
	m := h.slash(u, l.ch, "league", a)
	if m.Content == "" && len(m.Attachments) == 0 {
		h.t.Fatalf("/league %s has no answer", sub)
	}
	if changes := !slices.Contains([]string{"standings", "schedule", "export"}, sub); changes && !strings.HasPrefix(m.Content, "Done") {
		h.t.Fatalf("/league %s: %q", sub, m.Content)
	}
	l.f.sent["league "+sub]++
	return m.Content
}

// games are the season's games opened so far, in the fixtures' order.
func (l *fixtureLeague) games(season int) []league.Fixture {
	s, err := l.f.h.store.Season(l.id, season)
	if err != nil {
		l.f.h.t.Fatal(err)
	}
	var out []league.Fixture
	for _, fx := range s.Fixtures {
		if fx.GameID != "" {
			out = append(out, fx)
		}
	}
	return out
}

// table is a league game as a fixture's table.
func (l *fixtureLeague) table(fx league.Fixture, scenario string) *fixtureTable {
	h := l.f.h
	e := h.b.entryAt(fx.Thread)
	if e == nil || e.id != fx.GameID {
		h.t.Fatalf("league game %s is not running in %s", fx.GameID, fx.Thread)
	}
	e.mu.Lock()
	creator := l.users[e.table.Creator.ID]
	e.mu.Unlock()
	g := &fixtureTable{h: h, place: h.f.Channel(fx.Thread), id: fx.GameID, creator: creator, users: l.users, scenario: scenario,
		taken: map[string]int{}, sent: map[string]int{}, league: l.id}
	l.f.games = append(l.f.games, g)
	return g
}

// leagueMidSeason: a round-robin league of four on Taiwan (a fifth joins and leaves before it
// starts), paused and resumed; its first round's
// two games are played to the end and adjudicated at the round's deadline, which opens the second
// round, left running: the league mid-season, with ratings.
func (f *fixture) leagueMidSeason() {
	h := f.h
	members := f.users("gwen", "hugo", "ivy", "jack")
	l := f.newLeague("league", 7000, members, opt("name", "Fixture League"), opt("map", "taiwan"), opt("format", "round-robin"),
		fakediscord.IntArg("players", 2), opt("round", "1d"), opt("adjudicate", "score"), opt("deadline", "2d"), opt("policy", "skip"),
		fakediscord.IntArg("tiles", 72))
	undecided := f.users("kim-maybe")[0] // joins, and leaves before the season starts
	l.cmd(undecided, "join")
	l.cmd(undecided, "leave")
	l.cmd(members[0], "start")
	first := l.games(1)
	if len(first) != 2 {
		h.t.Fatalf("round 1 has %d games, want 2", len(first))
	}
	played := l.table(first[0], "league round 1, table 1 (Taiwan, in the thread the bot opened): played to its end, an upgrade clicked")
	played.want, played.wantedBy = []string{"upgrade"}, styleClick
	played.toEnd(mixed(styleSlash, styleWholeTurn, styleClick))
	adjudicated := l.table(first[1], "league round 1, table 2 (Taiwan, in a thread): four turns, then adjudicated at the round's "+
		"deadline (the store says finished, the table still playing)")
	adjudicated.turns(4, everyTurn(styleSlash))
	l.cmd(members[0], "pause")
	l.cmd(members[0], "resume")
	l.cmd(members[1], "standings")
	l.cmd(members[2], "schedule")
	l.cmd(members[3], "export")
	s, err := h.store.Season(l.id, 1)
	if err != nil {
		h.t.Fatal(err)
	}
	h.deal.Store(7100) // round 2's games, opened at the deadline
	h.clock.Add(s.Deadline.Sub(h.clock.Now()))
	h.b.FireTimers(h.clock.Now())
	round2 := l.games(1)[2:]
	if len(round2) != 2 {
		h.t.Fatalf("round 2 has %d games after the deadline", len(round2))
	}
	for i, fx := range round2 {
		g := l.table(fx, fmt.Sprintf("league round 2, table %d (Taiwan, in a thread): opened by the bot when round 1 ended, left running", i+1))
		if i == 0 {
			g.turns(3, everyTurn(styleSlash))
		}
	}
}

// leagueInItsSecondSeason: a France league of four whose administrator removes a member and ends
// the first season early; its second season, with the same members, runs its first round.
func (f *fixture) leagueInItsSecondSeason() {
	h := f.h
	members := f.users("kurt", "lena", "max", "nell")
	l := f.newLeague("league-2", 7200, members, opt("name", "Second Season League"), opt("map", "france"), opt("format", "round-robin"),
		fakediscord.IntArg("players", 2), opt("round", "7d"), opt("adjudicate", "forfeit"), opt("deadline", "2d"))
	l.cmd(members[0], "start")
	for _, fx := range l.games(1) {
		g := l.table(fx, "league season 1, round 1 (France): two turns, then a member is removed with /league kick and the season ended early with /league end (the game stays open)")
		g.turns(2, everyTurn(styleSlash))
	}
	l.cmd(members[0], "kick", fakediscord.UserArg("player", members[3]))
	delete(l.users, members[3].ID)
	l.cmd(members[0], "end")
	h.deal.Store(7300)
	l.cmd(members[0], "season new")
	l.cmd(members[0], "start")
	for _, fx := range l.games(2) {
		g := l.table(fx, "league season 2, round 1 (France): opened by /league start, left running")
		g.turns(1, everyTurn(styleSlash))
	}
	l.cmd(members[1], "standings", fakediscord.IntArg("season", 1))
}

// friendlyRunningAfterSkipAndKickVote: a friendly Benelux game of three whose creator skips a turn
// and votes with the other player to remove the third, who missed a turn; left running, its
// deadline set. The last scenario to move the clock.
func (f *fixture) friendlyRunningAfterSkipAndKickVote() {
	u := f.users("fay", "gus", "hal")
	fay, gus, hal := u[0], u[1], u[2]
	g := f.open("Benelux, rated:false, three players, policy:skip deadline:1h missed:1: the creator skips gus's turn, hal misses a turn, "+
		"gus opens a vote to remove him with /carc kick and the creator agrees by button; left running with its deadline and reminders", fay,
		opt("map", "benelux"), opt("policy", "skip"), opt("deadline", "1h"), fakediscord.IntArg("missed", 1), fakediscord.BoolArg("rated", false))
	g.join(gus, hal)
	g.start()
	g.turns(3, mixed(styleClick, styleSlash))
	g.untilMover(gus)
	g.carc(fay, "skip")
	g.untilMover(hal)
	g.missTurn(true)
	g.carc(gus, "kick", opt("player", hal.Mention()))
	g.vote(fay, "kick", "Agree to remove")
	delete(g.users, hal.ID)
	g.turns(2, everyTurn(styleSlash))
	f.exports = append(f.exports, g.id)
}

// playedToTheEnd: a rated game of two on a map, played to its end by commands (move by move and
// whole turns) and clicks, with the map's chip action.
func (f *fixture) playedToTheEnd(mapID, want string) {
	u := f.users(mapID+"-ann", mapID+"-ben")
	g := f.open(mapID+", rated, played to its end by commands (move by move and whole turns) and clicks, /chips "+want+" among them", u[0],
		opt("map", mapID), fakediscord.IntArg("tiles", 72))
	g.want, g.wantedBy = []string{want}, styleClick
	g.join(u[1])
	if mapID == "france" {
		extra := f.users("france-cat")[0]
		g.join(extra)
		g.carc(extra, "leave")
		delete(g.users, extra.ID)
		g.carc(u[0], "settings", opt("deadline", "72h"), opt("policy", "auto"))
	}
	g.start()
	styles := mixed(styleSlash, styleClick, styleSlash, styleWholeTurn)
	if mapID == "france" {
		g.turns(6, styles)
		g.undo("Refuse")
		g.turns(6, styles)
		g.undo("Agree")
	}
	g.toEnd(styles)
	if g.taken[want] == 0 {
		g.fatalf("/chips %s was never legal", want)
	}
}

// classicWithAnAISeat: /carc bot seats the AI at a hints:true table; the person asks for hints
// now and then; played to the end.
func (f *fixture) classicWithAnAISeat() {
	tom := f.users("tom")[0]
	g := f.open("classic, hints:true, an AI seat (/carc bot level:easy), played to its end; /carc hint asked", tom,
		opt("map", "classic"), fakediscord.BoolArg("hints", true), fakediscord.IntArg("tiles", 72))
	g.hasAI = true
	g.carc(tom, "bot", opt("level", "easy"))
	g.start()
	g.toEnd(func(i int) turnStyle {
		if i%3 == 0 {
			g.ask(tom, "carc", fakediscord.SubCommand("hint"))
		}
		return []turnStyle{styleSlash, styleClick}[i%2]
	})
}

// franceFollowedInAThread: a rated game of three in its own thread, followed by a member who does
// not play; a moderator skips a turn, a player resigns; left running, after every read-only
// command.
func (f *fixture) franceFollowedInAThread() {
	u := f.users("kate", "leo", "mia", "ned")
	kate, leo, mia, ned := u[0], u[1], u[2], u[3]
	mod := f.h.f.AddUserWithPermissions("moderator-2", moderatorPermissions)
	g := f.open("France, rated, thread:true, three players, followed by ned (/carc me follow): a moderator skips leo's turn, mia "+
		"resigns; left running in its thread after the read-only commands (status, board, tiles, log, history, replay, help, rules, "+
		"export, /carc me games)", kate, opt("map", "france"), fakediscord.BoolArg("thread", true))
	g.join(leo, mia)
	g.start()
	if m := f.h.slash(ned, g.place, "carc", fakediscord.SubCommandGroup("me", fakediscord.SubCommand("follow"))); m.Content == "" {
		g.fatalf("/carc me follow has no answer")
	}
	g.sent["carc me follow"]++
	g.turns(4, mixed(styleSlash, styleClick))
	g.untilMover(leo)
	g.carc(mod, "skip")
	g.turns(2, everyTurn(styleSlash))
	g.carc(mia, "resign")
	delete(g.users, mia.ID)
	g.turns(3, mixed(styleWholeTurn, styleSlash))
	g.readOnly(leo)
	if m := f.h.slash(kate, g.place, "carc", fakediscord.SubCommandGroup("me", fakediscord.SubCommand("games"))); m.Content == "" {
		g.fatalf("/carc me games has no answer")
	}
	g.sent["carc me games"]++
	f.exports = append(f.exports, g.id)
}

// classicAbandonedByItsCreator: a friendly game whose creator abandons it.
func (f *fixture) classicAbandonedByItsCreator() {
	u := f.users("walt", "xena")
	g := f.open("classic, rated:false: abandoned by its creator with /carc abandon after five turns", u[0], opt("map", "classic"),
		fakediscord.BoolArg("rated", false))
	g.join(u[1])
	g.start()
	g.turns(5, everyTurn(styleSlash))
	g.carc(u[0], "abandon")
}

// taiwanAdministeredByAModerator: a moderator with Manage Channels who does not play removes a
// player of a rated game of three, then skips a turn; left running.
func (f *fixture) taiwanAdministeredByAModerator() {
	u := f.users("nina", "omar", "pia")
	mod := f.h.f.AddUserWithPermissions("moderator-3", moderatorPermissions)
	g := f.open("Taiwan, rated, three players: a moderator with Manage Channels who does not play removes pia with /carc kick, "+
		"then skips omar's turn; left running", u[0], opt("map", "taiwan"))
	g.join(u[1], u[2])
	g.start()
	g.turns(4, mixed(styleSlash, styleWholeTurn))
	g.carc(mod, "kick", opt("player", u[2].Mention()))
	delete(g.users, u[2].ID)
	g.untilMover(u[1])
	g.carc(mod, "skip")
	g.turns(2, everyTurn(styleClick))
}

// iberiaOnATimeBank: a rated game on a time bank, in French, where a player books a vacation; left
// running.
func (f *fixture) iberiaOnATimeBank() {
	u := f.users("quin", "rhea")
	g := f.open("Iberia, rated, deadline:bank bank:1d increment:2h language:fr: rhea books a vacation with /carc me vacation; left "+
		"running mid-game with the banks in its record", u[0], opt("map", "iberia"), opt("deadline", "bank"), opt("bank", "1d"),
		opt("increment", "2h"), opt("language", "fr"))
	g.join(u[1])
	g.start()
	vacation := fakediscord.SubCommandGroup("me", fakediscord.SubCommand("vacation", opt("from", "2025-08-01"), opt("to", "2025-08-05")))
	if m := f.h.slash(u[1], g.place, "carc", vacation); m.Content == "" {
		g.fatalf("/carc me vacation has no answer")
	}
	g.sent["carc me vacation"]++
	g.turns(8, mixed(styleSlash, styleClick, styleWholeTurn))
}

// greatBritainResigned: a player resigns from a game of two, which ends it.
func (f *fixture) greatBritainResigned() {
	u := f.users("yara", "zed")
	g := f.open("Great Britain, rated: zed resigns after five turns (no leaving:ai), which ends the game", u[0], opt("map", "greatbritain"))
	g.join(u[1])
	g.start()
	g.turns(5, everyTurn(styleSlash))
	g.carc(u[1], "resign")
	if g.table() != nil {
		g.fatalf("the game goes on after the resignation")
	}
	f.exports = append(f.exports, g.id)
}

// beneluxLeavingToAnAI: a leaving:ai table where a player resigns and the easy AI plays the seat
// on to the end.
func (f *fixture) beneluxLeavingToAnAI() {
	u := f.users("uma", "vic")
	uma, vic := u[0], u[1]
	g := f.open("Benelux, leaving:ai: vic resigns mid-game and the easy AI plays his seat on to the end", uma,
		opt("map", "benelux"), opt("leaving", "ai"), fakediscord.IntArg("tiles", 72))
	g.hasAI = true
	g.join(vic)
	g.start()
	g.turns(6, everyTurn(styleSlash))
	g.untilMover(uma)
	g.carc(vic, "resign")
	delete(g.users, vic.ID)
	g.toEnd(mixed(styleSlash, styleClick))
}

// aloneWithTheAI: the only person at a table with two AI seats resigns, and the table ends, as no
// person plays there any more.
func (f *fixture) aloneWithTheAI() {
	kim := f.users("kim")[0]
	g := f.open("classic, two AI seats (/carc bot level:normal and easy); the only person resigns after four turns and the table ends unattended",
		kim, opt("map", "classic"), fakediscord.IntArg("tiles", 72))
	g.hasAI = true
	g.carc(kim, "bot", opt("level", "normal"))
	g.carc(kim, "bot", opt("level", "easy"))
	g.start()
	g.turns(4, everyTurn(styleSlash))
	g.untilMover(kim)
	g.carc(kim, "resign")
	if g.table() != nil {
		g.fatalf("the table goes on with no person at it")
	}
}

// lobbies: a Taiwan lobby with changed settings, and a Benelux lobby where one joins and leaves and
// the creator removes another with /carc kick; neither started.
func (f *fixture) lobbies() {
	u := f.users("cody", "dina", "eli", "fred")
	g := f.open("Taiwan lobby never started: a join and a /carc settings change", u[0], opt("map", "taiwan"))
	g.join(u[1])
	g.carc(u[0], "settings", opt("policy", "auto"), opt("deadline", "24h"), fakediscord.BoolArg("rated", false))
	b := f.open("Benelux lobby never started: one joins and leaves, the creator removes another with /carc kick", u[2], opt("map", "benelux"))
	b.join(u[3], u[1])
	b.carc(u[1], "leave")
	b.carc(u[2], "kick", opt("player", u[3].Mention()))
}

// playerSettings: players' own settings, a server's, and the rating commands.
func (f *fixture) playerSettings() {
	h := f.h
	ch := h.f.AddChannel("lounge")
	for i, u := range f.users("gina", "hank") {
		args := []fakediscord.Arg{opt("quiet", "22-8"), opt("timezone", "Europe/Paris"), opt("language", "de")}
		if i == 1 {
			args = []fakediscord.Arg{opt("timezone", "America/New_York"), opt("notify", "off"), opt("reminders", "off")}
		}
		if m := h.slash(u, ch, "carc", fakediscord.SubCommand("settings", args...)); m.Content == "" {
			h.t.Fatalf("/carc settings has no answer")
		}
		f.sent["carc settings (own)"]++
	}
	owner := h.f.AddUserWithPermissions("owner", moderatorPermissions)
	if m := h.slash(owner, ch, "carc", fakediscord.SubCommand("settings", fakediscord.IntArg("vacation-days", 20))); m.Content == "" {
		h.t.Fatalf("/carc settings vacation-days has no answer")
	}
	f.sent["carc settings (server)"]++
	asks := []fakediscord.Arg{fakediscord.SubCommandGroup("me", fakediscord.SubCommand("rating")), fakediscord.SubCommand("leaderboard")}
	for i, a := range asks {
		if m := h.slash(f.games[1].creator, ch, "carc", a); m.Content == "" && len(m.Attachments) == 0 {
			h.t.Fatalf("/carc %s has no answer", a.Name())
		}
		f.sent[[]string{"carc me rating", "carc leaderboard"}[i]]++
	}
}

// The manifest: what today's bot reads to check its upgrade of the database.

type manifest struct {
	Format    string    `json:"format"`
	Schema    int       `json:"schema"`
	Commit    string    `json:"commit"`
	Subject   string    `json:"subject"`
	Dirty     bool      `json:"dirty"`
	Generator string    `json:"generator"`
	Written   time.Time `json:"written"`
	// ClockStart and ClockEnd are the bot's clock at the first and the last step.
	ClockStart time.Time `json:"clock_start"`
	ClockEnd   time.Time `json:"clock_end"`
	Database   string    `json:"database"`
	// Exports are admin exports (bot export --admin GAME), Records /carc export documents and
	// LeagueExports bot export --league documents, by file name, with what each is of.
	Exports       map[string]string `json:"exports"`
	Records       map[string]string `json:"records,omitempty"`
	LeagueExports map[string]string `json:"league_exports,omitempty"`
	// Maps counts the games of each map; Actions the commands and clicks the bot accepted, and
	// the steps it took on its own, over the whole database.
	Maps    map[string]int   `json:"maps"`
	Actions map[string]int   `json:"actions"`
	Leagues []manifestLeague `json:"leagues,omitempty"`
	// Ratings counts the players of the server's overall leaderboard.
	Ratings int            `json:"ratings"`
	Games   []manifestGame `json:"games"`
}

type manifestLeague struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Season   int    `json:"season"`
	Games    int    `json:"games"`
	Done     int    `json:"done"`
	Running  int    `json:"running"`
	Complete bool   `json:"complete"`
}

type manifestGame struct {
	ID       string         `json:"id"`
	Scenario string         `json:"scenario"`
	Map      string         `json:"map"`
	Status   storage.Status `json:"status"` // the store's
	Table    string         `json:"table"`  // the snapshot's table's status
	Place    string         `json:"place"`
	Thread   bool           `json:"thread,omitempty"`
	League   string         `json:"league,omitempty"`
	Seq      uint64         `json:"seq"`
	Hash     string         `json:"hash"`
	Turn     int            `json:"turn,omitempty"`
	Seats    []string       `json:"seats"`
	Timers   []string       `json:"timers,omitempty"`
	Actions  map[string]int `json:"actions"`
}

func (f *fixture) write() {
	h := f.h
	t := h.t
	dir := *releaseFixtureOut
	clockEnd := h.clock.Now()
	h.stop()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	gzipFile(t, h.db, filepath.Join(dir, "carcassonne.db.gz"))
	store, err := storage.Open(h.db, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	commit, subject, dirty := gitState(t)
	m := manifest{Format: "carcassonne-maps-bot/release-fixture", Schema: *releaseFixtureSchema, Commit: commit, Subject: subject, Dirty: dirty,
		Generator: fmt.Sprintf("storage/releasetest/testdata/gen/generate.sh %d", *releaseFixtureSchema), Written: time.Now().UTC().Truncate(time.Second),
		ClockStart: fixtureEpoch, ClockEnd: clockEnd, Database: "carcassonne.db.gz", Exports: map[string]string{},
		Records: map[string]string{}, LeagueExports: map[string]string{}, Maps: map[string]int{}, Actions: map[string]int{}}
	maps.Copy(m.Actions, f.sent)
	for _, g := range f.games {
		mg := manifestEntry(t, store, g)
		m.Games = append(m.Games, mg)
		m.Maps[mg.Map]++
		for k, v := range mg.Actions {
			m.Actions[k] += v
		}
	}
	for _, id := range f.exports {
		resp := RunAdmin(store, AdminRequest{Op: "export", Game: id, Admin: true})
		if !resp.OK {
			t.Fatalf("export %s: %s", id, resp.Error)
		}
		name := "export-" + id + ".json"
		writeFile(t, filepath.Join(dir, name), append(resp.Export, '\n'))
		m.Exports[name] = id
	}
	for name, data := range f.records {
		r, err := record.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		writeFile(t, filepath.Join(dir, name), data)
		m.Records[name] = r.Game
	}
	for _, id := range f.leagues {
		resp := RunAdmin(store, AdminRequest{Op: "export-league", Game: id})
		if !resp.OK {
			t.Fatalf("export league %s: %s", id, resp.Error)
		}
		name := "league-" + id + ".json"
		writeFile(t, filepath.Join(dir, name), append(resp.Export, '\n'))
		m.LeagueExports[name] = id
		l, err := store.League(id)
		if err != nil {
			t.Fatal(err)
		}
		s, err := store.Season(id, l.Season)
		if err != nil {
			t.Fatal(err)
		}
		ml := manifestLeague{ID: id, Name: l.Name, Season: l.Season, Games: len(s.Fixtures), Complete: s.Over(&l)}
		for _, fx := range s.Fixtures {
			switch {
			case fx.Done():
				ml.Done++
			case fx.GameID != "":
				ml.Running++
			}
		}
		m.Leagues = append(m.Leagues, ml)
	}
	board, err := store.Leaderboard(f.h.f.GuildID, "")
	if err != nil {
		t.Fatal(err)
	}
	m.Ratings = len(board)
	if m.Ratings == 0 {
		t.Fatal("the fixture has no rating")
	}
	doc, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "manifest.json"), append(doc, '\n'))
	rep, err := store.Verify(Engine{})
	if err != nil || !rep.OK() || rep.Games != len(f.games) {
		t.Fatalf("verify: %d games (the manifest has %d), report %+v, %v", rep.Games, len(f.games), rep, err)
	}
}

func manifestEntry(t *testing.T, store *storage.Store, g *fixtureTable) manifestGame {
	t.Helper()
	rec, err := store.Game(g.id)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := store.Snapshot(g.id)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := table.Load(snap.State)
	if err != nil {
		t.Fatal(err)
	}
	mg := manifestGame{ID: g.id, Scenario: g.scenario, Map: tbl.Settings.Map, Status: rec.Status, Table: string(tbl.Status),
		Place: rec.Place(), Thread: rec.ThreadID != "", League: rec.League, Seq: rec.Seq, Hash: rec.Hash, Actions: map[string]int{}}
	if tbl.Game != nil {
		mg.Turn = tbl.Game.Turn
	}
	for _, s := range tbl.Seats {
		mg.Seats = append(mg.Seats, s.Name)
	}
	timers, err := store.DueTimers(fixtureEpoch.AddDate(100, 0, 0))
	if err != nil {
		t.Fatal(err)
	}
	for _, tm := range timers {
		if tm.GameID != g.id {
			continue
		}
		mg.Timers = append(mg.Timers, tm.Kind+" "+tm.At.UTC().Format(time.RFC3339))
	}
	maps.Copy(mg.Actions, g.sent)
	moves, err := store.Moves(g.id)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		var st table.Step
		if err := json.Unmarshal(mv.Data, &st); err != nil {
			t.Fatalf("game %s, step %d: %v", g.id, mv.Seq, err)
		}
		for _, ev := range st.Events {
			switch {
			case st.By == "bot":
				mg.Actions["step "+string(ev.Kind)+" by the bot"]++
			case isAI(st.By):
				mg.Actions["step "+string(ev.Kind)+" by an AI seat"]++
			}
		}
	}
	return mg
}

func isAI(id string) bool {
	_, ok := table.AILevel(table.User{ID: id})
	return ok
}

func gitState(t *testing.T) (commit, subject string, dirty bool) {
	t.Helper()
	out, err := exec.Command("git", "log", "-1", "--format=%H%n%s").Output()
	if err != nil {
		t.Fatalf("git log: %v", err)
	}
	lines := strings.SplitN(strings.TrimSpace(string(out)), "\n", 2)
	status, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output()
	if err != nil {
		t.Fatalf("git status: %v", err)
	}
	return lines[0], lines[1], len(strings.TrimSpace(string(status))) > 0
}

func gzipFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	zw, err := gzip.NewWriterLevel(out, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	zw.Name = "carcassonne.db"
	zw.ModTime = fixtureEpoch
	_, err = io.Copy(zw, in)
	if err == nil {
		err = zw.Close()
	}
	if err == nil {
		err = out.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
