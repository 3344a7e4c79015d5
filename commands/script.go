package commands

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// Runner plays a table script (design §2.3), or the lines typed in a terminal, through the same
// command layer Discord uses. It is local play: the ! directives work here and nowhere else.
type Runner struct {
	Table *Table
	// Out receives one JSON line per input (or readable text when Human is set).
	Out   io.Writer
	Human bool
	// Draw renders the picture of a reply; with ImageDir set, every picture the bot would post is
	// written there in order.
	Draw     func(t *Table, r Reply) ([]byte, error)
	ImageDir string
	// Failed counts the !expect lines that did not hold.
	Failed int

	seed    *uint64
	last    *Reply
	images  int
	lineNum int
}

// inputLine is the JSON line printed for every input, keys in the order of design §2.3.
type inputLine struct {
	Line  int    `json:"line"`
	User  string `json:"user"`
	Input string `json:"input"`
	OK    bool   `json:"ok"`
	Reply string `json:"reply"`
}

// expectLine is the JSON line printed for an !expect.
type expectLine struct {
	Line   int    `json:"line"`
	Expect string `json:"expect"`
	OK     bool   `json:"ok"`
	Reply  string `json:"reply"`
}

// stateLine is the JSON line printed for !state.
type stateLine struct {
	Line  int   `json:"line"`
	State State `json:"state"`
}

// ErrMalformed marks a script line that cannot be run.
var ErrMalformed = errors.New("malformed script")

// Run reads and runs every line. It stops at the first malformed line or internal error.
func (r *Runner) Run(src io.Reader) error {
	sc := bufio.NewScanner(src)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	n := 0
	for sc.Scan() {
		n++
		if err := r.Line(n, sc.Text()); err != nil {
			return err
		}
	}
	return sc.Err()
}

// stripComment removes a # comment that is not inside quotes.
func stripComment(s string) string {
	quoted := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			quoted = !quoted
		case '#':
			if !quoted && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t') {
				return s[:i]
			}
		}
	}
	return s
}

// Line runs one script line.
func (r *Runner) Line(n int, raw string) error {
	r.lineNum = n
	text := strings.TrimSpace(stripComment(raw))
	if text == "" {
		return nil
	}
	if strings.HasPrefix(text, "!") {
		return r.directive(n, text)
	}
	user, cmd, ok := strings.Cut(text, ":")
	if !ok || strings.HasPrefix(strings.TrimSpace(user), "/") {
		// In the terminal a bare command is played by whoever is to act.
		if !r.Human {
			return fmt.Errorf("line %d: %w: write \"name: /command ...\", a ! directive or a # comment", n, ErrMalformed)
		}
		user, cmd = r.actingUser(), text
	}
	user = strings.TrimSpace(user)
	in, err := ParseCommand(cmd)
	if err != nil {
		return r.emit(inputLine{n, user, strings.TrimSpace(cmd), false, sentence(err.Error())}, sentence(err.Error()))
	}
	in.User = User{ID: user, Name: user}
	in.Local = true
	reply := Handle(r.Table, in)
	if reply.Table != nil {
		reply.Table.Local = true
	}
	if in.Command == "carc" && in.Sub == "new" && reply.OK && r.seed != nil {
		reply.Table.Settings.Seed, reply.Table.Settings.SeedSet = *r.seed, true
		r.seed = nil
	}
	r.Table = reply.Table
	r.last = &reply
	if err := r.image(n, reply); err != nil {
		return err
	}
	return r.emit(inputLine{n, user, strings.TrimSpace(cmd), reply.OK, reply.Text}, replyText(user, reply))
}

func replyText(user string, r Reply) string {
	if r.OK {
		return r.Text
	}
	return "(to " + user + ") " + r.Text
}

// actingUser is who plays a bare command in the terminal: the current player, else the creator.
func (r *Runner) actingUser() string {
	if r.Table == nil {
		return "player1"
	}
	if u, ok := r.Table.Current(); ok {
		return u.ID
	}
	return r.Table.Creator.ID
}

func (r *Runner) emit(v any, human string) error {
	if r.Human {
		_, err := fmt.Fprintln(r.Out, human)
		return err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(r.Out, "%s\n", b)
	return err
}

func (r *Runner) image(n int, reply Reply) error {
	if r.Draw == nil || r.ImageDir == "" || reply.Image == NoImage || reply.Table == nil {
		return nil
	}
	png, err := r.Draw(reply.Table, reply)
	if err != nil {
		return fmt.Errorf("line %d: draw: %w", n, err)
	}
	r.images++
	name := filepath.Join(r.ImageDir, fmt.Sprintf("%04d-line%d.png", r.images, n))
	return os.WriteFile(name, png, 0o644)
}

func (r *Runner) directive(n int, text string) error {
	words, err := splitWords(text[1:])
	if err != nil || len(words) == 0 {
		return fmt.Errorf("line %d: %w: %q", n, ErrMalformed, text)
	}
	bad := func(format string, a ...any) error {
		return fmt.Errorf("line %d: %w: !%s: %s", n, ErrMalformed, words[0], fmt.Sprintf(format, a...))
	}
	name, args := words[0], words[1:]
	lobby := func() error {
		if r.Table == nil || r.Table.Status != Lobby {
			return bad("comes after /carc new and before /carc start")
		}
		return nil
	}
	switch name {
	case "seed":
		if len(args) != 1 {
			return bad("write !seed NUMBER")
		}
		v, err := strconv.ParseUint(args[0], 10, 64)
		if err != nil {
			return bad("%q is not a whole number", args[0])
		}
		if r.Table != nil && r.Table.Status == Lobby {
			r.Table.Settings.Seed, r.Table.Settings.SeedSet = v, true
		} else {
			r.seed = &v
		}
	case "starts":
		if err := lobby(); err != nil {
			return err
		}
		var starts []game.StartTile
		for _, a := range args {
			where, spec, ok := strings.Cut(a, "=")
			tileText, rotText, ok2 := strings.Cut(spec, "@")
			if !ok || !ok2 {
				return bad("%q: write START=TILE@ROTATION, like Nancy=D@0", a)
			}
			var id game.TileID
			if err := id.UnmarshalText([]byte(tileText)); err != nil {
				return bad("%v", err)
			}
			rot, err := game.ParseRotation(rotText)
			if err != nil {
				return bad("%v", err)
			}
			starts = append(starts, game.StartTile{Start: where, Tile: id, Rotation: rot})
		}
		r.Table.overrides.Starts = starts
	case "deck", "stack":
		if err := lobby(); err != nil {
			return err
		}
		var ids []game.TileID
		for _, a := range args {
			var id game.TileID
			if err := id.UnmarshalText([]byte(a)); err != nil {
				return bad("%v", err)
			}
			ids = append(ids, id)
		}
		if name == "deck" {
			r.Table.overrides.DeckTop = ids
		} else {
			if ids == nil {
				ids = []game.TileID{}
			}
			r.Table.overrides.Stack = ids
		}
	case "chips":
		if err := lobby(); err != nil {
			return err
		}
		chips := []game.MapChip{}
		for _, a := range args {
			sqText, spec, ok := strings.Cut(a, "=")
			colorText, valueText, ok2 := strings.Cut(spec, ":")
			if !ok || !ok2 {
				return bad("%q: write SQUARE=COLOUR:VALUE, like D5=orange:2", a)
			}
			sq, err := game.ParseSquare(sqText)
			if err != nil {
				return bad("%v", err)
			}
			color, err := game.ParseColor(colorText)
			if err != nil {
				return bad("%v", err)
			}
			v, err := strconv.Atoi(valueText)
			if err != nil || v < 1 || v > 2 {
				return bad("%q: a chip is worth 1 or 2", valueText)
			}
			chips = append(chips, game.MapChip{Square: sq, Chip: game.Chip{Color: color, Value: v}})
		}
		r.Table.overrides.Chips = chips
	case "state":
		if r.Table == nil {
			return bad("no table yet")
		}
		if r.Human {
			b, _ := json.MarshalIndent(StateOf(r.Table, true), "", "  ")
			_, err := fmt.Fprintln(r.Out, string(b))
			return err
		}
		b, err := json.Marshal(stateLine{n, StateOf(r.Table, true)})
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(r.Out, "%s\n", b)
		return err
	case "expect":
		if len(args) == 0 {
			return bad("write what to expect, like !expect score alice=8")
		}
		raw := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(text[1:]), "expect"))
		msg, err := r.expect(args, raw)
		if errors.Is(err, ErrMalformed) {
			return fmt.Errorf("line %d: %w", n, err)
		}
		if err != nil {
			r.Failed++
			return r.emit(expectLine{n, strings.Join(args, " "), false, err.Error()},
				fmt.Sprintf("line %d: expectation failed: %v", n, err))
		}
		if r.Human {
			return nil
		}
		return r.emit(expectLine{n, strings.Join(args, " "), true, msg}, msg)
	default:
		return bad("unknown directive: use !seed, !starts, !deck, !stack, !chips, !state or !expect")
	}
	return nil
}
