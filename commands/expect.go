package commands

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// expect checks one !expect line against the table: it returns what held, an error saying what
// did not, or an ErrMalformed error for a line that cannot be checked.
//
//	!expect ok | refused [TEXT]        the last input was accepted | refused (with TEXT in the reply)
//	!expect reply TEXT                 the last reply contains TEXT
//	!expect score NAME=N ...           scores
//	!expect meeples NAME=N ...         meeples in supply
//	!expect chips NAME=COLOUR:V,...    a player's chips in any order (NAME=none for none)
//	!expect tile SQ=ID@ROT | SQ=none   the tile on a square
//	!expect meeple NAME SQ SPOT        a meeple of NAME stands there (NAME=none: no meeple there)
//	!expect log NAME TEXT              NAME has a score entry with exactly this reason
//	!expect nolog NAME                 NAME has no score entry
//	!expect spots SPOT ...             the legal meeple spots now, in marker order (none for no spot)
//	!expect legal SQ ROT ...           the drawn tile's legal rotations on SQ (none for none)
//	!expect mapchip SQ=down|up|none    the chip on a square
//	!expect discarded ID ...           the tiles out of the game for want of a square
//	!expect phase P | current NAME | status S | turn N | tiles_left N | drawn ID
func (r *Runner) expect(args []string, raw string) (string, error) {
	kind, rest := args[0], args[1:]
	// Texts are compared as written, quotes included.
	_, text, _ := strings.Cut(raw, " ")
	text = strings.TrimSpace(text)
	malformed := func(format string, a ...any) error {
		return fmt.Errorf("%w: !expect %s: %s", ErrMalformed, kind, fmt.Sprintf(format, a...))
	}
	t := r.Table
	if t == nil {
		return "", malformed("no table yet")
	}
	st := StateOf(t, true)
	player := func(name string) (*PlayerState, error) {
		for i := range st.Players {
			if strings.EqualFold(st.Players[i].Name, name) {
				return &st.Players[i], nil
			}
		}
		return nil, malformed("%q is not a player", name)
	}
	pairs := func(each func(k, v string) error) error {
		if len(rest) == 0 {
			return malformed("write NAME=VALUE pairs")
		}
		for _, a := range rest {
			k, v, ok := strings.Cut(a, "=")
			if !ok {
				return malformed("%q is not NAME=VALUE", a)
			}
			if err := each(k, v); err != nil {
				return err
			}
		}
		return nil
	}
	joined := strings.Join(rest, " ")
	switch kind {
	case "ok", "refused":
		if r.last == nil {
			return "", malformed("no input before it")
		}
		if r.last.OK != (kind == "ok") {
			want := "refused"
			if kind == "ok" {
				want = "accepted"
			}
			return "", fmt.Errorf("expected the input to be %s, but it was not: %s", want, r.last.Text)
		}
		if kind == "refused" && text != "" && !strings.Contains(r.last.Text, text) {
			return "", fmt.Errorf("refused, but the reply %q does not say %q", r.last.Text, text)
		}
		return kind, nil
	case "reply":
		if r.last == nil {
			return "", malformed("no input before it")
		}
		if !strings.Contains(r.last.Text, text) {
			return "", fmt.Errorf("the reply %q does not contain %q", r.last.Text, text)
		}
		return "reply contains " + text, nil
	case "score", "meeples":
		return "", pairs(func(k, v string) error {
			p, err := player(k)
			if err != nil {
				return err
			}
			want, err := strconv.Atoi(v)
			if err != nil {
				return malformed("%q is not a number", v)
			}
			got := p.Score
			if kind == "meeples" {
				got = p.Meeples
			}
			if got != want {
				return fmt.Errorf("%s has %d %s, expected %d", p.Name, got, map[string]string{"score": "points", "meeples": "meeples in supply"}[kind], want)
			}
			return nil
		})
	case "chips":
		return "", pairs(func(k, v string) error {
			p, err := player(k)
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
	case "tile":
		return "", pairs(func(k, v string) error {
			sq := strings.ToUpper(k)
			for _, b := range st.Board {
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
	case "meeple":
		if len(rest) != 3 {
			return "", malformed("write !expect meeple NAME SQUARE SPOT")
		}
		spot, err := parseSpot(rest[2])
		if err != nil {
			return "", malformed("%v", err)
		}
		var found []string
		for _, m := range st.Meeples {
			if strings.EqualFold(m.Square, rest[1]) {
				found = append(found, m.Player+" "+m.Spot)
				if strings.EqualFold(m.Player, rest[0]) && sameSpot(t, m.Square, m.Spot, spot) {
					return "meeple found", nil
				}
			}
		}
		if rest[0] == "none" && len(found) == 0 {
			return "no meeple there", nil
		}
		return "", fmt.Errorf("no meeple of %s on %s %s; there: %v", rest[0], rest[1], spot, found)
	case "log", "nolog":
		if len(rest) < 1 {
			return "", malformed("write !expect %s NAME [REASON]", kind)
		}
		p, err := player(rest[0])
		if err != nil {
			return "", err
		}
		_, reason, _ := strings.Cut(text, " ")
		reason = strings.TrimSpace(reason)
		var mine []string
		for _, e := range st.Log {
			if e.Player == p.Name {
				mine = append(mine, e.Reason)
			}
		}
		if kind == "nolog" {
			if len(mine) > 0 {
				return "", fmt.Errorf("%s has score entries: %q", p.Name, mine)
			}
			return "no entries", nil
		}
		if !slices.Contains(mine, reason) {
			return "", fmt.Errorf("%s has no score entry %q; entries: %q", p.Name, reason, mine)
		}
		return "entry found", nil
	case "spots":
		want := rest
		if joined == "none" {
			want = nil
		}
		got := t.Game.MeepleSpots()
		if !slices.Equal(got, want) {
			return "", fmt.Errorf("legal spots are %v, expected %v", got, want)
		}
		return "spots match", nil
	case "legal":
		if len(rest) < 1 || t.Game == nil {
			return "", malformed("write !expect legal SQUARE ROTATION... during a game")
		}
		g := t.Game
		var got []string
		if sq, err := game.ParseSquare(rest[0]); err == nil && g.HasDrawn {
			for _, rot := range g.LegalRotations(g.Drawn, sq) {
				got = append(got, rot.String())
			}
		} else if err != nil {
			return "", malformed("%v", err)
		}
		want := rest[1:]
		if strings.Join(want, " ") == "none" {
			want = nil
		}
		if !slices.Equal(got, want) {
			return "", fmt.Errorf("legal rotations on %s are %v, expected %v", rest[0], got, want)
		}
		return "rotations match", nil
	case "mapchip":
		return "", pairs(func(k, v string) error {
			got := "none"
			for _, c := range st.MapChips {
				if strings.EqualFold(c.Square, k) {
					got = c.Face
				}
			}
			if got != v {
				return fmt.Errorf("the chip on %s is %s, expected %s", k, got, v)
			}
			return nil
		})
	case "discarded":
		if !slices.Equal(st.Discarded, rest) {
			return "", fmt.Errorf("discarded tiles are %v, expected %v", st.Discarded, rest)
		}
		return "discards match", nil
	case "phase", "current", "status", "turn", "tiles_left", "drawn":
		got := map[string]string{"phase": st.Phase, "current": st.Current, "status": string(st.Status),
			"turn": strconv.Itoa(st.Turn), "tiles_left": strconv.Itoa(st.TilesLeft), "drawn": st.Drawn}[kind]
		if !strings.EqualFold(got, joined) {
			return "", fmt.Errorf("%s is %q, expected %q", kind, got, joined)
		}
		return kind + " matches", nil
	}
	return "", malformed("unknown expectation (see the list in the README)")
}

// sameSpot reports whether two spot names name the same feature of the tile on a square.
func sameSpot(t *Table, square, a, b string) bool {
	if a == b {
		return true
	}
	sq, err := game.ParseSquare(square)
	if err != nil || t.Game == nil {
		return false
	}
	f, ok := t.Game.Face(sq)
	if !ok {
		return false
	}
	i, okA := f.SpotFeature(a)
	j, okB := f.SpotFeature(b)
	return okA && okB && i == j
}
