// Package hosttest plays a feature of the host (bot.Feature) in a Go test, as the rules of the
// feature read: a local table (bot/local) on a store kept in memory (storage/memory), with only the
// features under test attached, whose lines the test plays one at a time (a person's command, or
// a ! line: !clock moves the host's clock and fires the timers that come due), and whose every
// word (the answer, the posts, the direct messages) the test reads back. It is the one fixture of
// the tests of bot/vacation, bot/follow, bot/leagueplay and bot/notify, so that each tests its
// feature on the host it runs on, with the rest of the host as it is, and none of them writes its
// own port, clock or store: test code only (its importers are tests).
package hosttest

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/local"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/memory"
)

// Start is the moment a table's clock starts at: a Monday, 2026-03-02 09:00 UTC.
var Start = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

// Table is a local table whose lines a test plays.
type Table struct {
	*local.Table
	t   testing.TB
	out bytes.Buffer
	n   int

	mu     sync.Mutex
	closed map[string]bool // the users whose DMs are closed (CloseDMs)
}

// New is a local table at Start on a memory store of its own, with only features attached; the
// test's end closes it.
func New(t testing.TB, features ...bot.Feature) *Table {
	t.Helper()
	st := memory.New(memory.Options{Name: t.Name(), Engine: bot.Engine{}})
	x := &Table{t: t, closed: map[string]bool{}}
	tb, err := local.New(local.Options{Store: st, Out: &x.out, Start: Start, Features: features, DMs: x.dms})
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	x.Table = tb
	t.Cleanup(func() { tb.Close(); st.Close() })
	return x
}

// CloseDMs has the chat refuse direct messages to user from now on, as Discord does for a member
// who closed their DMs to the bot.
func (x *Table) CloseDMs(user string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.closed[user] = true
}

// dms tells whether a direct message to user goes.
func (x *Table) dms(user string) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.closed[user] {
		return bot.ErrDMsClosed
	}
	return nil
}

// Store is the host's store.
func (x *Table) Store() storage.Database { return x.Host.Store() }

// Said is one thing the table printed for a line: the answer to its command (User its author), a
// post ("(post)" here, "(post in PLACE)" elsewhere), a direct message ("(DM to USER)"), or what
// !clock did; an AI's turn is "(AI turn)".
type Said struct {
	User  string `json:"user"`
	Input string `json:"input"`
	OK    bool   `json:"ok"`
	Reply string `json:"reply"`
}

// Lines are what a line made the table print, in order.
type Lines []Said

// Play plays one line and returns what it made the table print; a malformed line, or one that
// panicked, fails the test.
func (x *Table) Play(line string) Lines {
	x.t.Helper()
	x.n++
	x.out.Reset()
	panicked := x.Panicked
	if err := x.Line(x.n, line); err != nil {
		x.t.Fatalf("%s: %v", line, err)
	}
	if x.Panicked != panicked {
		x.t.Fatalf("%s panicked: %s", line, x.out.String())
	}
	var out Lines
	dec := json.NewDecoder(&x.out)
	for dec.More() {
		var s Said
		if err := dec.Decode(&s); err != nil {
			x.t.Fatalf("%s: the table printed a line that is not JSON: %v", line, err)
		}
		out = append(out, s)
	}
	return out
}

// Do plays a person's command ("ann: /carc new map:classic"), which must be accepted, and returns
// what it made the table print.
func (x *Table) Do(line string) Lines {
	x.t.Helper()
	out := x.Play(line)
	if a := out.Answer(); !a.OK {
		x.t.Fatalf("%s was refused: %s", line, a.Reply)
	}
	return out
}

// Refused plays a person's command, which must be refused, and returns its answer.
func (x *Table) Refused(line string) string {
	x.t.Helper()
	a := x.Play(line).Answer()
	if a.OK {
		x.t.Fatalf("%s was accepted: %s", line, a.Reply)
	}
	return a.Reply
}

// Clock moves the host's clock to at (like 2026-03-04T09:01Z) or on (like +2d), firing the
// timers that come due, and returns what they said.
func (x *Table) Clock(to string) Lines {
	x.t.Helper()
	return x.Play("!clock " + to)
}

// ShortGame opens a classic game at the table's place, dealt from seed 3 with a stack of three
// tiles (D, U, E: the first player places D on DK114 at 180, the second U on DK116 at 0, and the
// first ends the game with E on DK113 at 0), players seated in their order, the first opening and
// starting it; it returns what the start said (the first turn's deadline: 2 days).
func (x *Table) ShortGame(players ...string) Lines {
	x.t.Helper()
	x.Play("!seed 3")
	x.Do(players[0] + ": /carc new map:classic")
	for _, u := range players[1:] {
		x.Do(u + ": /carc join")
	}
	x.Play("!stack D U E")
	return x.Do(players[0] + ": /carc start")
}

// Now is the host's clock.
func (x *Table) Now() time.Time { return x.Host.Now() }

// Answer is the answer to the line's command: its first line.
func (l Lines) Answer() Said {
	if len(l) == 0 {
		return Said{}
	}
	return l[0]
}

// DMs are the texts of the direct messages sent to user.
func (l Lines) DMs(user string) []string { return l.texts("(DM to " + user + ")") }

// Posts are the texts posted at place: "" for the table's place, else its name.
func (l Lines) Posts(place string) []string {
	if place == "" {
		return l.texts("(post)")
	}
	return l.texts("(post in " + place + ")")
}

func (l Lines) texts(input string) []string {
	var out []string
	for _, s := range l {
		if s.User == "bot" && s.Input == input {
			out = append(out, s.Reply)
		}
	}
	return out
}

// Text is everything the line made the table print, one line each.
func (l Lines) Text() string {
	parts := make([]string, len(l))
	for i, s := range l {
		parts[i] = s.Input + ": " + s.Reply
	}
	return strings.Join(parts, "\n")
}

// Has tells whether anything printed contains want.
func (l Lines) Has(want string) bool { return strings.Contains(l.Text(), want) }
