package script

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// expectation is one kind of !expect line: how to write it and how to check it against the table
// (st is the full state) and the last reply. It returns what held, an error saying what did not,
// or an ErrMalformed error for a line that cannot be checked.
type expectation struct {
	usage string
	check func(x *expectCtx) (string, error)
}

// Scene is what an !expect line checks: the table a script plays at (nil before any) and the
// answer to its last input (nil before any).
type Scene struct {
	Table *table.Table
	Last  *Answer
}

// Answer is the answer to an input as a script reads it: whether it was accepted whole,
// everything it was answered with (what was posted at its place, and what was refused), and all
// the host said meanwhile anywhere (posts in other places, direct messages).
type Answer struct {
	Accepted bool
	Reply    string
	Said     string
}

// expectCtx is what an expectation checks: the scene, the full state, the words after its kind,
// and the same as text (quotes kept).
type expectCtx struct {
	r     Scene
	st    commands.State
	kind  string
	usage string
	args  []string
	text  string
}

func (x *expectCtx) malformed(format string, a ...any) error {
	return fmt.Errorf("%w: !expect %s: %s (write %s)", ErrMalformed, x.kind, fmt.Sprintf(format, a...), x.usage)
}

// expectations are the !expect lines of table scripts. A map needs none of its own: state PATH
// reaches any value of the state JSON, the map's own keys included.
var expectations = map[string]expectation{
	"ok":         {"!expect ok", expectAccepted},
	"refused":    {"!expect refused [TEXT]", expectAccepted},
	"reply":      {"!expect reply TEXT", expectReply},
	"said":       {"!expect said TEXT (all the host said on the last line: (DM to NAME) ..., (in PLACE) ...)", expectReply},
	"score":      {"!expect score NAME=N ...", expectCounts},
	"meeples":    {"!expect meeples NAME=N ...", expectCounts},
	"chips":      {"!expect chips NAME=COLOUR:V,... (NAME=none)", expectChips},
	"tile":       {"!expect tile SQ=ID@ROT (SQ=none)", expectTile},
	"meeple":     {"!expect meeple NAME SQ SPOT (none SQ - for no meeple there)", expectMeeple},
	"log":        {"!expect log NAME REASON", expectLog},
	"nolog":      {"!expect nolog NAME", expectLog},
	"spots":      {"!expect spots SPOT ... (none)", expectSpots},
	"legal":      {"!expect legal SQ ROT ... (none)", expectLegal},
	"mapchip":    {"!expect mapchip SQ=down|up|none", expectMapChip},
	"discarded":  {"!expect discarded ID ...", expectDiscarded},
	"phase":      {"!expect phase P", expectField},
	"current":    {"!expect current NAME", expectField},
	"status":     {"!expect status S", expectField},
	"turn":       {"!expect turn N", expectField},
	"tiles_left": {"!expect tiles_left N", expectField},
	"drawn":      {"!expect drawn ID", expectField},
	"state":      {"!expect state [as:NAME] PATH=VALUE ... (PATH into the state JSON: isle_of_man.ann, players.0.score; as:NAME, what NAME may see)", expectState},
}

// Expectations lists how to write every !expect line, for help texts and the README check.
func Expectations() []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(expectations)) {
		out = append(out, expectations[k].usage)
	}
	return out
}

// Expect checks one !expect line (args its words, raw its text after "expect") against the
// scene: what held, an error saying what did not, or an ErrMalformed error for a line that
// cannot be checked.
func Expect(r Scene, args []string, raw string) (string, error) {
	kind := args[0]
	e, ok := expectations[kind]
	if !ok {
		return "", fmt.Errorf("%w: !expect %s: unknown expectation: use %s", ErrMalformed, kind, strings.Join(slices.Sorted(maps.Keys(expectations)), ", "))
	}
	// The reply's expectations need a reply (a /league command may come before any table); the
	// others a table.
	var st commands.State
	switch {
	case kind == "ok" || kind == "refused" || kind == "reply" || kind == "said":
		if r.Last == nil {
			return "", fmt.Errorf("%w: !expect %s: no reply yet", ErrMalformed, kind)
		}
	case r.Table == nil:
		return "", fmt.Errorf("%w: !expect %s: no table yet", ErrMalformed, kind)
	default:
		st = commands.StateOf(r.Table, true)
	}
	// Texts are compared as written, quotes included.
	_, text, _ := strings.Cut(raw, " ")
	return e.check(&expectCtx{r: r, st: st, kind: kind, usage: e.usage, args: args[1:], text: strings.TrimSpace(text)})
}

func (x *expectCtx) player(name string) (*commands.PlayerState, error) {
	for i := range x.st.Players {
		if strings.EqualFold(x.st.Players[i].Name, name) {
			return &x.st.Players[i], nil
		}
	}
	return nil, x.malformed("%q is not a player", name)
}

func (x *expectCtx) pairs(each func(k, v string) error) error {
	if len(x.args) == 0 {
		return x.malformed("write NAME=VALUE pairs")
	}
	for _, a := range x.args {
		k, v, ok := strings.Cut(a, "=")
		if !ok {
			return x.malformed("%q is not NAME=VALUE", a)
		}
		if err := each(k, v); err != nil {
			return err
		}
	}
	return nil
}

// expectAccepted: the last input was accepted (ok) or refused, wholly or in part (refused, with
// TEXT in the reply when given).
func expectAccepted(x *expectCtx) (string, error) {
	last := x.r.Last
	if last == nil {
		return "", x.malformed("no input before it")
	}
	if last.Accepted != (x.kind == "ok") {
		if x.kind == "ok" {
			return "", fmt.Errorf("expected the input to be accepted, but it was not: %s", last.Reply)
		}
		return "", fmt.Errorf("expected the input to be refused, but it was accepted: %s", last.Reply)
	}
	if x.kind == "refused" && x.text != "" && !strings.Contains(last.Reply, x.text) {
		return "", fmt.Errorf("refused, but the reply %q does not say %q", last.Reply, x.text)
	}
	return x.kind, nil
}

func expectReply(x *expectCtx) (string, error) {
	if x.r.Last == nil {
		return "", x.malformed("no input before it")
	}
	reply := x.r.Last.Reply
	if x.kind == "said" {
		reply = x.r.Last.Said
	}
	if !strings.Contains(reply, x.text) {
		return "", fmt.Errorf("the %s %q does not contain %q", x.kind, reply, x.text)
	}
	return x.kind + " contains " + x.text, nil
}

func expectCounts(x *expectCtx) (string, error) {
	return "", x.pairs(func(k, v string) error {
		p, err := x.player(k)
		if err != nil {
			return err
		}
		want, err := strconv.Atoi(v)
		if err != nil {
			return x.malformed("%q is not a number", v)
		}
		got, what := p.Score, "points"
		if x.kind == "meeples" {
			got, what = p.Meeples, "meeples in supply"
		}
		if got != want {
			return fmt.Errorf("%s has %d %s, expected %d", p.Name, got, what, want)
		}
		return nil
	})
}

func expectChips(x *expectCtx) (string, error) {
	return "", x.pairs(func(k, v string) error {
		p, err := x.player(k)
		if err != nil {
			return err
		}
		var got, want []string
		for _, c := range p.Chips {
			got = append(got, fmt.Sprintf("%s:%d", c.Color, c.Value))
		}
		if v != "none" {
			want = strings.Split(v, ",")
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			return fmt.Errorf("%s holds %v, expected %v", p.Name, got, want)
		}
		return nil
	})
}

func expectTile(x *expectCtx) (string, error) {
	return "", x.pairs(func(k, v string) error {
		sq := strings.ToUpper(k)
		for _, b := range x.st.Board {
			if b.Square == sq {
				if got := fmt.Sprintf("%s@%d", b.Tile, b.Rotation); !strings.EqualFold(got, v) {
					return fmt.Errorf("%s holds %s, expected %s", sq, got, v)
				}
				return nil
			}
		}
		if v != "none" {
			return fmt.Errorf("%s holds no tile, expected %s", sq, v)
		}
		return nil
	})
}

func expectMeeple(x *expectCtx) (string, error) {
	if len(x.args) != 3 {
		return "", x.malformed("write NAME SQUARE SPOT")
	}
	name, square := x.args[0], x.args[1]
	var found []string
	for _, m := range x.st.Meeples {
		if strings.EqualFold(m.Square, square) {
			found = append(found, m.Player+" "+m.Spot)
		}
	}
	if name == "none" {
		if len(found) == 0 {
			return "no meeple there", nil
		}
		return "", fmt.Errorf("meeples on %s: %v, expected none", square, found)
	}
	spot, err := commands.ParseSpot(x.args[2])
	if err != nil {
		return "", x.malformed("%v", err)
	}
	for _, m := range x.st.Meeples {
		if strings.EqualFold(m.Square, square) && strings.EqualFold(m.Player, name) && commands.SameSpot(x.r.Table, m.Square, m.Spot, spot) {
			return "meeple found", nil
		}
	}
	return "", fmt.Errorf("no meeple of %s on %s %s; there: %v", name, square, spot, found)
}

func expectLog(x *expectCtx) (string, error) {
	if len(x.args) < 1 {
		return "", x.malformed("name a player")
	}
	p, err := x.player(x.args[0])
	if err != nil {
		return "", err
	}
	_, reason, _ := strings.Cut(x.text, " ")
	reason = strings.TrimSpace(reason)
	var mine []string
	for _, e := range x.st.Log {
		if e.Player == p.Name {
			mine = append(mine, e.Reason)
		}
	}
	if x.kind == "nolog" {
		if len(mine) > 0 {
			return "", fmt.Errorf("%s has score entries: %q", p.Name, mine)
		}
		return "no entries", nil
	}
	if !slices.Contains(mine, reason) {
		return "", fmt.Errorf("%s has no score entry %q; entries: %q", p.Name, reason, mine)
	}
	return "entry found", nil
}

func expectSpots(x *expectCtx) (string, error) {
	want := x.args
	if strings.Join(x.args, " ") == "none" {
		want = nil
	}
	var got []string
	if x.r.Table.Game != nil {
		got = x.r.Table.Game.MeepleSpots()
	}
	if !slices.Equal(got, want) {
		return "", fmt.Errorf("legal spots are %v, expected %v", got, want)
	}
	return "spots match", nil
}

func expectLegal(x *expectCtx) (string, error) {
	g := x.r.Table.Game
	if len(x.args) < 1 || g == nil {
		return "", x.malformed("during a game, name a square")
	}
	sq, err := game.ParseSquare(x.args[0])
	if err != nil {
		return "", x.malformed("%v", err)
	}
	var got []string
	if g.HasDrawn() {
		for _, rot := range g.LegalRotations(g.Drawn, sq) {
			got = append(got, rot.String())
		}
	}
	want := x.args[1:]
	if strings.Join(want, " ") == "none" {
		want = nil
	}
	if !slices.Equal(got, want) {
		return "", fmt.Errorf("legal rotations on %s are %v, expected %v", x.args[0], got, want)
	}
	return "rotations match", nil
}

func expectMapChip(x *expectCtx) (string, error) {
	return "", x.pairs(func(k, v string) error {
		got := "none"
		for _, c := range x.st.MapChips {
			if strings.EqualFold(c.Square, k) {
				got = c.Face
			}
		}
		if got != v {
			return fmt.Errorf("the chip on %s is %s, expected %s", k, got, v)
		}
		return nil
	})
}

func expectDiscarded(x *expectCtx) (string, error) {
	if !slices.Equal(x.st.Discarded, x.args) {
		return "", fmt.Errorf("discarded tiles are %v, expected %v", x.st.Discarded, x.args)
	}
	return "discards match", nil
}

func expectField(x *expectCtx) (string, error) {
	st := x.st
	got := map[string]string{"phase": st.Phase, "current": st.Current, "status": string(st.Status),
		"turn": strconv.Itoa(st.Turn), "tiles_left": strconv.Itoa(st.TilesLeft), "drawn": st.Drawn}[x.kind]
	if want := strings.Join(x.args, " "); !strings.EqualFold(got, want) {
		return "", fmt.Errorf("%s is %q, expected %q", x.kind, got, want)
	}
	return x.kind + " matches", nil
}

// expectState checks values anywhere in the full state JSON by a dotted path: object keys, and
// list positions from 0 (players.1.score, isle_of_man.ann, islands.purple.stacks.0.top). A value is
// compared as written: a number, true or false, a string, or null for a missing one.
func expectState(x *expectCtx) (string, error) {
	st := x.st
	if len(x.args) > 0 && strings.HasPrefix(x.args[0], "as:") {
		var err error
		if st, err = commands.StateAs(x.r.Table, strings.TrimPrefix(x.args[0], "as:")); err != nil {
			return "", x.malformed("%v", err)
		}
		x.args = x.args[1:]
	}
	b, err := json.Marshal(st)
	if err != nil {
		return "", err
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		return "", err
	}
	return "", x.pairs(func(path, want string) error {
		cur := doc
		for _, part := range strings.Split(path, ".") {
			switch v := cur.(type) {
			case map[string]any:
				cur = v[part]
			case []any:
				i, err := strconv.Atoi(part)
				if err != nil || i < 0 || i >= len(v) {
					cur = nil
				} else {
					cur = v[i]
				}
			default:
				cur = nil
			}
		}
		got := "null"
		switch v := cur.(type) {
		case nil:
		case string:
			got = v
		default:
			raw, _ := json.Marshal(v)
			got = string(raw)
		}
		if got != want {
			return fmt.Errorf("state %s is %s, expected %s", path, got, want)
		}
		return nil
	})
}
