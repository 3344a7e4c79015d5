// Package local is the local table: bot play and table scripts played on the same host as
// Discord's games (bot.Host, made with Config.Local), through the same routes, with the terminal
// as its chat (Port). Each line of a script, or of the terminal, is a person's command, which the
// table hands to Host.Command as Discord's adapter does; what the host posts, answers and sends
// is printed (JSON lines for a script, readable text at the hot-seat table). The ! lines are the
// local table's own: they fix a lobby's deal (Host.Arrange), show the state, check it (!expect),
// go to another game's place (!table) and move the host's clock (!clock), which fires the timers
// that come due as the timer loop would.
package local

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/script"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Guild and Home are the local table's server and the place its lines play at first.
const (
	Guild = "local"
	Home  = "local"
)

// Options say how a local table runs.
type Options struct {
	// Store keeps the games: a memory store (storage/memory) for a table script, the kept
	// database of the hot-seat table (whose games' places start with bot.TerminalPlace: Home
	// names one).
	Store storage.Database
	// Home is the place the lines play at first; Home (the constant) when empty.
	Home string
	// IDs begins the ids of the table's interactions, which name the games and leagues they open
	// (local-ID, LID): a kept database needs ids no earlier session used.
	IDs string
	// Out receives one JSON line per input (readable text when Human is set).
	Out   io.Writer
	Human bool
	// Start is the clock's first moment (a script's, so that it replays); zero follows the
	// computer's clock. !clock moves it on either way.
	Start time.Time
	// Pictures has the host draw what it posts (the board, and the chart and animation of a
	// game's end); a script that checks only its state goes faster without.
	Pictures bool
	// Draw, when set, draws a post's picture in place of the host's (tests make it fail).
	Draw func(t *table.Table, r commands.Reply) ([]byte, error)
	// DMs, when set, tells whether a direct message to a user goes (nil) or how the chat refuses
	// it (tests close a player's DMs: bot.ErrDMsClosed).
	DMs func(user string) error
	// OutDir receives every picture the host would post, numbered in order, and every file it
	// would attach under its own name; without it, BoardFile is the one picture a hot-seat table
	// draws over after every turn.
	OutDir, BoardFile string
	// NewSeed deals a game opened without a chosen seed (a hot-seat game), told to the players so
	// that the deal can be played again; without it such a game is dealt from seed 0.
	NewSeed func() uint64
	// Features are the host's features (bot/features.All()).
	Features []bot.Feature
	// Opened, when set, hears the id of each game that opens at the table's place (a hot-seat
	// table tells where it is kept).
	Opened func(id string)
	// Log receives the host's log and what a line that panicked left (nil: nowhere).
	Log io.Writer
}

// Table is a local table: a host, its port, and the lines played at it.
type Table struct {
	Host *bot.Host
	Port *Port
	opts Options

	clock  *clock
	place  string // where the lines play now
	home   string
	seed   *uint64
	last   *script.Answer
	langs  commands.Langs
	ids    int
	images int
	told   bool // the board file's path was told
	places []string
	line   int    // the line being run, which names the pictures it draws
	opened string // the game last heard of at the table's place (Opened)
	// Failed counts the !expect lines that did not hold, Panicked the lines that panicked.
	Failed, Panicked int
}

// New makes a local table on a host of its own, with the games of its store that are the
// terminal's loaded.
func New(o Options) (*Table, error) {
	if o.Home == "" {
		o.Home = Home
	}
	if o.Out == nil {
		o.Out = io.Discard
	}
	c := &clock{start: o.Start}
	var draw func(*table.Table, commands.Reply) ([]byte, error) // the host's own
	var endFiles func(*table.Table, string) []bot.File
	if !o.Pictures {
		draw = func(*table.Table, commands.Reply) ([]byte, error) { return nil, nil }
		endFiles = func(*table.Table, string) []bot.File { return nil }
	}
	if o.Draw != nil {
		draw = o.Draw
	}
	logOut := o.Log
	if logOut == nil {
		logOut = io.Discard
	}
	port := &Port{refuse: o.DMs}
	h, err := bot.New(bot.Config{Store: o.Store, Port: port, Local: true, Now: c.now, TimerEvery: -1, Draw: draw, EndFiles: endFiles,
		MaxTablesPerUser: -1, MaxTablesPerServer: -1, AIWorkers: 1, Features: o.Features, Logger: newLogger(logOut)})
	if err != nil {
		return nil, err
	}
	if err := h.Load(); err != nil {
		h.Close()
		return nil, err
	}
	h.Idle()
	port.take() // what loading said (moves a stopped session left unannounced) is old news
	return &Table{Host: h, Port: port, opts: o, clock: c, place: o.Home, home: o.Home, places: []string{o.Home}}, nil
}

// Close stops the host; the caller closes the store.
func (t *Table) Close() { t.Host.Close() }

// Place is where the lines play now.
func (t *Table) Place() string { return t.place }

// Go makes place the one the lines play at.
func (t *Table) Go(place string) {
	t.place = place
	t.remember(place)
}

func (t *Table) remember(place string) {
	for _, p := range t.places {
		if p == place {
			return
		}
	}
	t.places = append(t.places, place)
}

// Game is the game at the table's place: the one running there, else the last that ended
// there (nil for none).
func (t *Table) Game() *table.Table {
	if g, ok := t.Host.Inspect(t.place); ok {
		return g.Table
	}
	return t.Host.Finished(t.place)
}

// clock is the host's clock at the local table: a script's fixed start, or the computer's,
// moved on by !clock.
type clock struct {
	mu     sync.Mutex
	start  time.Time
	offset time.Duration
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.start.IsZero() {
		return time.Now().Add(c.offset)
	}
	return c.start.Add(c.offset)
}

func (c *clock) move(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset += d
}

// ErrInternal reports a script some of whose lines panicked: each was answered, as the bot
// answers a command that panics, and the script went on.
var ErrInternal = errors.New("internal error")

// Run reads and runs every line. It stops at the first malformed line of a script (the hot-seat
// table explains it and goes on) or at an error of the table itself.
func (t *Table) Run(src io.Reader) error {
	in := script.NewLines(src)
	for n := 1; ; n++ {
		text, tooLong, err := in.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if tooLong {
			err = fmt.Errorf("line %d: %w: it is over 1 MiB (a command is a line of a few hundred characters)", n, script.ErrMalformed)
		} else {
			err = t.Line(n, text)
		}
		if err != nil && t.opts.Human && errors.Is(err, script.ErrMalformed) {
			fmt.Fprintf(t.opts.Out, "%v\n", err)
			continue
		}
		if err != nil {
			return err
		}
	}
	if t.Panicked > 0 {
		return fmt.Errorf("%w: %d lines panicked (the log has their stacks)", ErrInternal, t.Panicked)
	}
	return nil
}

// Line runs one line. A line that panics is answered as the bot answers a command that panics,
// its panic and stack go to the log, and the table goes on with the next.
func (t *Table) Line(n int, raw string) (err error) {
	t.line = n
	text := strings.TrimSpace(script.StripComment(raw))
	if text == "" {
		return nil
	}
	user, cmd := "", text
	defer func() {
		if rec := recover(); rec != nil {
			t.Panicked++
			if t.opts.Log != nil {
				fmt.Fprintf(t.opts.Log, "line %d: panic: %v\n%s\n", n, rec, debug.Stack())
			}
			t.said()
			reply := commands.WentWrong(commands.Input{Local: true, Langs: t.langs})
			t.last = &script.Answer{Reply: reply}
			err = t.emit(inputLine{Line: n, User: user, Input: cmd, Reply: reply}, "(to "+user+") "+reply)
		}
	}()
	if strings.HasPrefix(text, "!") {
		return t.directive(n, text)
	}
	// The game at the place, read once for the line: a finished one comes from the store.
	g := t.Game()
	user, cmd, ok := strings.Cut(text, ":")
	if !ok || strings.HasPrefix(strings.TrimSpace(user), "/") {
		if !t.opts.Human {
			return fmt.Errorf("line %d: %w: write \"name: /command ...\", a ! directive or a # comment", n, script.ErrMalformed)
		}
		user, cmd = actingUser(g), text
	}
	user, cmd = script.TypedName(g, strings.TrimSpace(user)), strings.TrimSpace(cmd)
	return t.command(n, g, user, cmd)
}

// actingUser is who plays a bare command at game g in the terminal: the current player, else the
// creator.
func actingUser(g *table.Table) string {
	if g == nil {
		return "player1"
	}
	if u, ok := g.Current(); ok {
		return u.ID
	}
	return g.Creator.ID
}

// nextID is the id of the table's next interaction.
func (t *Table) nextID() string {
	t.ids++
	return t.opts.IDs + strconv.Itoa(t.ids)
}

// command hands one person's command to the host as the chat would, and prints what the host
// said: the answer to the line with what was posted at its place, then everything else, then the
// turns of the AI seats it left to play. g is the game at the place before the command.
func (t *Table) command(n int, g *table.Table, user, cmd string) error {
	in, err := commands.ParseCommand(cmd)
	if err != nil {
		text := commands.ParseErrorIn(commands.Input{Local: true, Langs: t.langs}, err)
		t.last = &script.Answer{Reply: text}
		return t.emit(inputLine{Line: n, User: user, Input: cmd, Reply: text}, "(to "+user+") "+text)
	}
	in.User = table.User{ID: user, Name: user}
	if r, code, ok := commands.LocalLanguage(g, in); ok {
		// Everyone reads the same screen: what the table says follows too.
		if r.OK {
			t.langs.Language, t.langs.Locale, t.langs.GuildLocale = code, code, code
		}
		t.last = &script.Answer{Accepted: r.OK, Reply: r.Text}
		return t.emit(inputLine{Line: n, User: user, Input: cmd, OK: r.OK, Reply: r.Text}, privately(user, r.Text, !r.OK))
	}
	if in.Command == "player" && in.Sub == "rating" || in.Command == "carc" && in.Sub == "leaderboard" {
		// The terminal's games are never rated (table.Table.Rated): there is nothing to look up.
		r := commands.LocalRatings(commands.Input{User: in.User, Local: true, Langs: t.langs}, g)
		t.last = &script.Answer{Accepted: r.OK, Reply: r.Text}
		return t.emit(inputLine{Line: n, User: user, Input: cmd, OK: r.OK, Reply: r.Text}, privately(user, r.Text, !r.OK))
	}
	dealt := ""
	if in.Command == "carc" && in.Sub == "new" {
		if _, chosen := in.Options["seed"]; !chosen {
			switch {
			case t.seed != nil:
				in.Options = withOption(in.Options, "seed", strconv.FormatUint(*t.seed, 10))
				t.seed = nil
			case t.opts.NewSeed != nil:
				s := t.opts.NewSeed()
				in.Options = withOption(in.Options, "seed", strconv.FormatUint(s, 10))
				dealt = fmt.Sprintf("\n(Dealt from seed %d: !seed %d before /carc new deals this game again.)", s, s)
			}
		}
	}
	now := t.clock.now()
	req := &bot.Request{Interaction: &bot.Interaction{ID: t.nextID(), Place: t.place, Created: now, Received: now, Locale: t.langs.Locale},
		Guild: Guild, GuildLocale: t.langs.GuildLocale, User: in.User, Input: in, Where: where{t.place != t.home}}
	done, open := t.Host.Enter()
	if !open {
		return errors.New("the local table is closing")
	}
	defer done() // after a panic too: Close waits for every command
	t.Host.Command(req)
	said := t.said()
	a := t.answerOf(req.Interaction, said)
	if a.Accepted && dealt != "" {
		a.Reply, a.posted = a.Reply+dealt, a.posted+dealt
	}
	a.Said = t.everything(said)
	t.last = &a.Answer
	if err := t.emit(inputLine{Line: n, User: user, Input: cmd, OK: a.Accepted, Reply: a.Reply, Partial: a.partial},
		a.human(user)); err != nil {
		return err
	}
	if err := t.print(n, said, req.Interaction); err != nil {
		return err
	}
	if err := t.playAIs(n); err != nil {
		return err
	}
	if err := t.follow(n, said); err != nil {
		return err
	}
	if g, ok := t.Host.Inspect(t.place); ok && g.ID != t.opened {
		t.opened = g.ID
		if t.opts.Opened != nil {
			t.opts.Opened(g.ID)
		}
	}
	return nil
}

// follow goes to the place of a game that what the host said opened (a league round's), when no
// game runs at the table's place any more: the players move on to their next game.
func (t *Table) follow(n int, said []Said) error {
	if _, running := t.Host.Inspect(t.place); running {
		return nil
	}
	for _, s := range said {
		if s.Kind != Posted || s.Place == t.place {
			continue
		}
		if g, ok := t.Host.Inspect(s.Place); ok && g.Table.Status == table.Playing {
			t.Go(s.Place)
			if t.opts.Human {
				fmt.Fprintf(t.opts.Out, "(At the table of game %s.)\n", g.ID)
			}
			return t.playAIs(n)
		}
	}
	return nil
}

func withOption(opts map[string]string, k, v string) map[string]string {
	if opts == nil {
		opts = map[string]string{}
	}
	opts[k] = v
	return opts
}

// where is what the local table tells the host of a place: every permission is the bot's, and a
// place other than the table's first is a thread (a league game's).
type where struct{ thread bool }

func (w where) Thread() bool        { return w.thread }
func (w where) Missing(bool) string { return "" }

// answer is the answer to a line as the table prints it.
type answer struct {
	script.Answer
	posted  string // what was posted at the line's place
	private string // the private answer, when it says more than the post
	refused bool
	partial bool
}

// answerOf gathers the answer to the interaction to from what the host said: the posts at its
// place while it ran, and its private answer. An accepted change's answer only repeats the first
// line of its post, which it leaves out; a refusal, or the answer to a command that changes
// nothing, is the reply.
func (t *Table) answerOf(to *bot.Interaction, said []Said) answer {
	var a answer
	var posts []string
	for _, s := range said {
		switch {
		case s.Kind == Posted && s.Place == to.Place:
			posts = append(posts, t.text(s.Message))
			t.files(s.Message)
		case s.Kind == Answered && s.To == to:
			a.refused = s.Message.Refused
			if a.refused || len(posts) == 0 {
				a.private = t.text(s.Message)
				if note := t.files(s.Message); note != "" {
					a.private += "\n" + note
				}
			}
		}
	}
	a.posted = strings.Join(posts, "\n")
	a.Accepted = !a.refused
	a.partial = a.refused && len(posts) > 0
	a.Reply = strings.TrimPrefix(strings.Join([]string{a.posted, a.private}, "\n"), "\n")
	a.Reply = strings.TrimSuffix(a.Reply, "\n")
	return a
}

// human is the answer as the hot-seat table prints it: the post, and a refusal, which only user
// would see on the chat, marked as theirs.
func (a answer) human(user string) string {
	switch {
	case a.private == "":
		return a.posted
	case a.posted == "":
		return privately(user, a.private, a.refused)
	}
	return a.posted + "\n" + privately(user, a.private, a.refused)
}

func privately(user, text string, private bool) string {
	if !private {
		return text
	}
	return "(to " + user + ") " + text
}

// print prints what the host said besides the answer to the line (posts in other places, direct
// messages), each as a line of its own.
func (t *Table) print(n int, said []Said, to *bot.Interaction) error {
	for _, s := range said {
		switch {
		case s.Kind == Posted && (to == nil || s.Place != to.Place):
			t.remember(s.Place)
			t.files(s.Message)
			text, input, human := t.text(s.Message), "(post)", ""
			if s.Place != t.place {
				input, human = "(post in "+s.Place+")", "(in "+s.Place+") "
			}
			if err := t.emit(inputLine{Line: n, User: "bot", Input: input, OK: true, Reply: text}, human+text); err != nil {
				return err
			}
		case s.Kind == DMed:
			text := t.text(s.Message)
			if err := t.emit(inputLine{Line: n, User: "bot", Input: "(DM to " + s.User + ")", OK: true, Reply: text},
				"(DM to "+s.User+") "+text); err != nil {
				return err
			}
		case s.Kind == Answered && (to == nil || s.To != to):
			text := t.text(s.Message)
			if err := t.emit(inputLine{Line: n, User: "bot", Input: "(answer in " + s.Place + ")", OK: !s.Message.Refused, Reply: text},
				text); err != nil {
				return err
			}
		}
	}
	return nil
}

// playAIs plays the turns of the AI seats at the table's place as soon as one is to play, each
// printed as a line of its own, as the AI workers play them on Discord (without their delay).
func (t *Table) playAIs(n int) error {
	for {
		g := t.Game()
		if g == nil || g.Status != table.Playing {
			return nil
		}
		if _, ok := g.AIToPlay(); !ok {
			return nil
		}
		name := g.SeatName(g.Game.Current)
		played, err := t.Host.PlayAI(t.place)
		if err != nil {
			return err
		}
		said := t.said()
		var posts []string
		for _, s := range said {
			if s.Kind == Posted && s.Place == t.place {
				posts = append(posts, t.text(s.Message))
				t.files(s.Message)
			}
		}
		text := strings.Join(posts, "\n")
		if err := t.emit(inputLine{Line: n, User: name, Input: aiTurnInput, OK: played, Reply: text}, text); err != nil {
			return err
		}
		var rest []Said
		for _, s := range said {
			if !(s.Kind == Posted && s.Place == t.place) {
				rest = append(rest, s)
			}
		}
		if err := t.print(n, rest, nil); err != nil {
			return err
		}
		if !played {
			return nil // held: the host logged why, and /carc status tells it
		}
	}
}

// aiTurnInput stands for the input of an AI's turn in the lines a script prints.
const aiTurnInput = "(AI turn)"

// inputLine is the JSON line printed for every input, its keys in the order README.md shows.
type inputLine struct {
	Line  int    `json:"line"`
	User  string `json:"user"`
	Input string `json:"input"`
	OK    bool   `json:"ok"`
	Reply string `json:"reply"`
	// Partial marks a command that stands only up to a reveal: ok is false, the reply tells what
	// stands and what was refused.
	Partial bool `json:"partial,omitempty"`
}

func (t *Table) emit(v any, human string) error {
	if t.opts.Human {
		if human == "" {
			return nil
		}
		_, err := fmt.Fprintln(t.opts.Out, human)
		return err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(t.opts.Out, "%s\n", b)
	return err
}

// files writes the pictures and files of a message where the player can see them, and returns
// what to tell of a file that had nowhere to go.
func (t *Table) files(m bot.Message) string {
	var notes []string
	for _, f := range m.Files {
		if pictures[f.Name] {
			t.picture(f)
			continue
		}
		if note := t.file(f); note != "" {
			notes = append(notes, note)
		}
	}
	return strings.Join(notes, "\n")
}

// picture puts a picture the host would post numbered into OutDir (0001-line3.png: the first,
// after line 3), or over the one BoardFile.
func (t *Table) picture(f bot.File) {
	switch {
	case t.opts.OutDir != "":
		t.images++
		name := filepath.Join(t.opts.OutDir, fmt.Sprintf("%04d-line%d.png", t.images, t.line))
		if err := os.WriteFile(name, f.Data, 0o644); err != nil {
			fmt.Fprintf(t.opts.Out, "(The picture %s could not be written: %v.)\n", name, err)
		}
	case t.opts.BoardFile != "":
		if err := os.WriteFile(t.opts.BoardFile, f.Data, 0o644); err != nil {
			fmt.Fprintf(t.opts.Out, "(The board's picture could not be written: %v.)\n", err)
			return
		}
		if !t.told {
			t.told = true
			abs, err := filepath.Abs(t.opts.BoardFile)
			if err != nil {
				abs = t.opts.BoardFile
			}
			fmt.Fprintf(t.opts.Out, "(The board is drawn to %s after every turn: open it in an image viewer that reloads.)\n", abs)
		}
	}
}

// pictures are the files that show a place as it stands (the board, a league's standings): the
// hot-seat table draws the board over one file, and OutDir numbers them in order.
var pictures = map[string]bool{"board.png": true, "standings.png": true}

// endFiles are what a game's end attaches beside its final board (the chart, the animation):
// written into OutDir under their own names, and only there.
var endFiles = map[string]bool{"scores.png": true, "game.gif": true}

// file writes a file the host would attach (a game's record, a league's CSV) into OutDir under
// its own name, and says where it went; without OutDir it says how to have it written.
func (t *Table) file(f bot.File) string {
	if endFiles[f.Name] {
		if t.opts.OutDir != "" {
			_ = os.WriteFile(filepath.Join(t.opts.OutDir, f.Name), f.Data, 0o644)
		}
		return ""
	}
	if t.opts.OutDir == "" {
		return fmt.Sprintf("(Local play writes the file %s when bot play runs with --out DIR.)", f.Name)
	}
	path := filepath.Join(t.opts.OutDir, filepath.Base(f.Name))
	if err := os.WriteFile(path, f.Data, 0o644); err != nil {
		return fmt.Sprintf("(The file %s could not be written: %v.)", f.Name, err)
	}
	return fmt.Sprintf("(Written to %s.)", path)
}

// text is m's text as the terminal shows it, at the table's clock.
func (t *Table) text(m bot.Message) string { return text(m) }

// said is what the host said since it was last asked, once its background work is done.
func (t *Table) said() []Said {
	t.Host.Idle()
	return t.Port.take()
}

// everything is all that was said, as the hot-seat table shows it (a direct message marked
// "(DM to NAME)", a post in another place "(in PLACE)"): what an !expect said reads.
func (t *Table) everything(said []Said) string {
	texts := make([]string, len(said))
	for i, s := range said {
		texts[i] = t.text(s.Message)
		switch {
		case s.Kind == DMed:
			texts[i] = "(DM to " + s.User + ") " + texts[i]
		case s.Kind == Posted && s.Place != t.place:
			texts[i] = "(in " + s.Place + ") " + texts[i]
		}
	}
	return strings.Join(texts, "\n")
}
