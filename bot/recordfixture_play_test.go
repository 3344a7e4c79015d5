package bot

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
)

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

// fixtureTable is one game of the record fixture, played by people through the fake Discord:
// every move is the easy AI's choice for the player to move (or a chip action the scenario wants),
// sent as the slash command a player would type for it or clicked through the buttons and menus a
// player would use.
type fixtureTable struct {
	h        *harness
	place    *fakediscord.Channel // the channel or thread the game lives in
	id       string
	creator  *fakediscord.User
	users    map[string]*fakediscord.User
	scenario string
	// want are chip actions to take the first time they are legal, whatever the AI would do, in
	// the style wantedBy; taken counts those taken.
	want     []string
	wantedBy turnStyle
	taken    map[string]int
	// hasAI is set for tables where AI seats play: every change waits for their turns.
	hasAI bool
	// wholeTurns counts the /place commands with their meeple, partials those that stood only up
	// to a reveal, rotations the rotation buttons clicked in a turn panel (a preview, which the
	// record does not keep).
	wholeTurns, partials, rotations int
}

func (t *fixtureTable) fatalf(format string, args ...any) {
	t.h.t.Helper()
	t.h.t.Fatalf("%s (%s): %s", t.scenario, t.id, fmt.Sprintf(format, args...))
}

// table is the game as the bot holds it (nil once it is over).
func (t *fixtureTable) table() *commands.Table { return t.h.table(t.place.ID) }

// slash sends a command in the game's place and wants it accepted.
func (t *fixtureTable) slash(u *fakediscord.User, name string, args ...fakediscord.Arg) string {
	t.h.t.Helper()
	m := t.h.slash(u, t.place, name, args...)
	if !strings.HasPrefix(m.Content, "Done") {
		t.fatalf("/%s by %s: %q", name, u.Username, m.Content)
	}
	t.settle()
	return m.Content
}

// carc sends /carc sub and wants it accepted.
func (t *fixtureTable) carc(u *fakediscord.User, sub string, args ...fakediscord.Arg) string {
	t.h.t.Helper()
	return t.slash(u, "carc", fakediscord.SubCommand(sub, args...))
}

// settle waits until the AI seats have played every turn that is theirs, so that the next
// interaction (and every id the fake hands out) comes in the same order on every run.
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

// join seats users in the lobby.
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

// easyAIMove is the move the easy AI chooses for the player to move, with the autopilot's seed and
// fallback (commands.AIMove plays only the turns of AI seats, so the AI is asked directly here).
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

// turn plays the current person's whole turn (it ends when another seat is to play, the same seat
// starts an extra turn, or the game ends).
func (t *fixtureTable) turn(s turnStyle) {
	t.h.t.Helper()
	tbl := t.table()
	start, seat := tbl.Game.Turn, tbl.Game.Current
	for {
		tbl = t.table()
		if tbl == nil || tbl.Game.Turn != start || tbl.Game.Current != seat {
			return
		}
		if _, aiTurn := tbl.AIToPlay(); aiTurn {
			t.fatalf("an AI seat is to play after settling")
		}
		t.move(tbl, s)
	}
}

// turns plays n turns (fewer if the game ends), the style of each chosen by its number.
func (t *fixtureTable) turns(n int, styleOf func(i int) turnStyle) {
	for i := 0; i < n && t.table() != nil; i++ {
		t.turn(styleOf(i))
	}
}

// toEnd plays turns until the game is over.
func (t *fixtureTable) toEnd(styleOf func(i int) turnStyle) {
	for i := 0; t.table() != nil; i++ {
		if i > 400 {
			t.fatalf("the game does not end")
		}
		t.turn(styleOf(i))
	}
}

func everyTurn(s turnStyle) func(int) turnStyle { return func(int) turnStyle { return s } }

// move plays one move (or, in styleWholeTurn, the tile and its meeple) of the person to move.
func (t *fixtureTable) move(tbl *commands.Table, s turnStyle) {
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

// sendMove sends one engine move as the command a player types for it (commands.InputFor).
func (t *fixtureTable) sendMove(u *fakediscord.User, m game.Move) {
	t.h.t.Helper()
	in := commands.InputFor(commands.User{}, m)
	args := inputArgs(in.Options)
	if in.Sub != "" {
		t.slash(u, in.Command, fakediscord.SubCommand(in.Sub, args...))
		return
	}
	t.slash(u, in.Command, args...)
}

func inputArgs(opts map[string]string) []fakediscord.Arg {
	var args []fakediscord.Arg
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		args = append(args, fakediscord.StringArg(k, opts[k]))
	}
	return args
}

// wholePlace sends the placement with the meeple the AI would put on the tile as one /place (the
// whole-turn form, which also closes the optional steps after the meeple).
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
	// A placement that turns over something hidden stands even when the rest of the command is
	// refused (the turn goes on by the next moves): the record keeps such partial inputs too.
	before := len(t.table().Moves)
	answer := t.h.slash(u, t.place, "place", args...).Content
	switch {
	case strings.HasPrefix(answer, "Done"):
		t.wholeTurns++
	case contains(answer, "your turn stands up to there") && len(t.table().Moves) > before:
		t.partials++
	default:
		t.fatalf("/place by %s: %q", u.Username, answer)
	}
	t.settle()
}

// click plays m with the components a player would use; false when no component offers it (a
// square beyond the menu's 25, a choice only /chips reaches), and the caller types it instead.
func (t *fixtureTable) click(tbl *commands.Table, u *fakediscord.User, m game.Move) bool {
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

// clickButton clicks a button of the game's messages, if one offers id, and wants the move done.
func (t *fixtureTable) clickButton(u *fakediscord.User, id string) bool {
	t.h.t.Helper()
	msg, ok := t.post(id)
	if !ok {
		return false
	}
	if got := t.h.click(u, msg, id); !strings.HasPrefix(got.Content, "Done") {
		t.fatalf("click %s by %s: %q", id, u.Username, got.Content)
	}
	t.settle()
	return true
}

// clickPlace places the tile through the private turn panel: Play my turn, the square in the menu,
// rotations, Confirm.
func (t *fixtureTable) clickPlace(tbl *commands.Table, u *fakediscord.User, m game.Move) bool {
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
	// The preview shows the first legal rotation; a player looks at another before confirming
	// the chosen one.
	rots := tbl.Game.LegalRotations(tbl.Game.Drawn, m.Square)
	shown := rots[0]
	if len(rots) > 1 && m.Rotation == shown {
		panel = t.panelClick(u, panel, commands.ComponentID(tbl, "rot", sq, rots[1].String()))
		shown = rots[1]
		t.rotations++
	}
	if m.Rotation != shown {
		panel = t.panelClick(u, panel, commands.ComponentID(tbl, "rot", sq, rot))
		t.rotations++
	}
	if done := t.panelClick(u, panel, commands.ComponentID(tbl, "ok", sq, rot)); !strings.HasPrefix(done.Content, "Done") {
		t.fatalf("Confirm %s %s by %s: %q", sq, rot, u.Username, done.Content)
	}
	t.settle()
	return true
}

// panelClick clicks a button of a private panel and returns the panel as the bot updated it.
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

// panelSelect chooses a value in a menu: of a private panel (the panel is updated) or of a
// public message (a private answer comes). A public menu's choice is a move, and must be done.
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
	if !private && !strings.HasPrefix(got.Content, "Done") {
		t.fatalf("select %s in %s: %q", value, id, got.Content)
	}
	t.settle()
	return got
}

// vote clicks the button labelled label (Agree, Refuse, Agree to remove …) of the newest message
// offering it.
func (t *fixtureTable) vote(u *fakediscord.User, verb, label string) string {
	t.h.t.Helper()
	posts := t.h.posts(t.place.ID)
	for i := len(posts) - 1; i >= 0; i-- {
		for _, b := range posts[i].Buttons() {
			c, err := commands.ParseComponentID(b.CustomID)
			if err == nil && c.Verb == verb && strings.HasPrefix(b.Label, label) && !b.Disabled {
				got := t.h.click(u, posts[i], b.CustomID)
				t.settle()
				return got.Content
			}
		}
	}
	t.fatalf("no %q button to click", label)
	return ""
}

// export is the /carc export attachment of the game (complete once it is over).
func (t *fixtureTable) export(u *fakediscord.User) []byte {
	t.h.t.Helper()
	m := t.h.slash(u, t.place, "carc", fakediscord.SubCommand("export"))
	if len(m.Attachments) != 1 {
		t.fatalf("/carc export: %q with %d files", m.Content, len(m.Attachments))
	}
	return m.Attachments[0].Data
}

// entries counts the game's stored log by kind.
func (t *fixtureTable) entries() entryCounts {
	t.h.t.Helper()
	moves, err := t.h.store.Moves(t.id)
	if err != nil {
		t.fatalf("%v", err)
	}
	return countRecordEntries(t.h.t, t.id, moves)
}

// expect fails the scenario when its record lacks what the scenario says it holds.
func (t *fixtureTable) expect(what string, ok bool) {
	t.h.t.Helper()
	if !ok {
		t.fatalf("the record lacks %s: %+v", what, t.entries())
	}
}
