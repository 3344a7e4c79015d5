package script

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/leaguecmd"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// Runner plays a table script (README.md, "Table scripts"), or the lines typed in a terminal, through the same
// command layer Discord uses. It is local play: the ! directives work here and nowhere else.
type Runner struct {
	// Table is the table the lines play at: the one /carc new opened, or a league's game (!table).
	Table *table.Table
	// Out receives one JSON line per input (or readable text when Human is set).
	Out   io.Writer
	Human bool
	// Draw renders the picture of a reply, DrawStandings the picture of /league standings; with
	// OutDir set, every picture the bot would post is written there in order, and every file it
	// would attach (a game's record, a league's CSV) under its own name.
	Draw          func(t *table.Table, r commands.Reply) ([]byte, error)
	DrawStandings func(p *leaguecmd.StandingsPicture) ([]byte, error)
	OutDir        string
	// BoardFile, without OutDir, is the one picture file a hot-seat table draws over after every
	// turn; EndFiles, with OutDir, draws what the end of a game attaches beside its final board.
	BoardFile string
	EndFiles  func(t *table.Table) ([]commands.File, error)
	// NewSeed deals a game opened without a chosen seed (a hot-seat game); without it such a
	// game is dealt from seed 0, so that a script plays the same each run.
	NewSeed func() uint64
	// Keep, when set, stores every step a table takes as it is taken (a hot-seat table kept in a
	// database): a step it cannot keep ends the session with its error, nothing after it played.
	Keep func(t *table.Table, s table.Step) error
	// TableID, when set, names each table /carc new opens (a game kept in a database needs an id
	// of its own); without it the table is "local". !table local goes back to it either way.
	TableID func() string
	// Now is the clock of local leagues (their rounds' dates); time.Now when nil.
	Now func() time.Time
	// Failed counts the !expect lines that did not hold.
	Failed int
	// Log receives what a line that panicked left, its stack with it, as the bot logs a handler's
	// panic (nil: nowhere); Panicked counts those lines.
	Log      io.Writer
	Panicked int

	seed      *uint64
	boardTold bool
	localID   string // the id of the table /carc new opened last
	langs     commands.Langs
	last      *Answer
	images    int
	lineNum   int
	// tables are the tables of this runner by id: the one /carc new opened and the league games;
	// records their records, the steps that made them.
	tables  map[string]*table.Table
	records map[string][]record.Stored
	leagues localLeagues
}

func (r *Runner) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

// remember keeps a table among the runner's tables, with the step that changed it if any, and
// has Keep store the step.
func (r *Runner) remember(t *table.Table, step *table.Step) error {
	if t == nil {
		return nil
	}
	if r.tables == nil {
		r.tables, r.records = map[string]*table.Table{}, map[string][]record.Stored{}
	}
	r.tables[t.ID] = t
	if step != nil {
		// Local play stamps no time on its steps, so that a script writes the same record each run.
		r.records[t.ID] = append(r.records[t.ID], record.Stored{Step: *step})
		if r.Keep != nil {
			if err := r.Keep(t, *step); err != nil {
				return fmt.Errorf("%w: %w", ErrNotKept, err)
			}
		}
	}
	return nil
}

// ErrNotKept reports a step the runner's Keep could not store.
var ErrNotKept = errors.New("the game could not be saved")

// Open seats the runner at a table made elsewhere (a game record's, for what-if analysis, or a
// game of the database played on), with the steps of its record.
func (r *Runner) Open(t *table.Table, steps []table.Step) {
	r.Table, r.localID = t, t.ID
	_ = r.remember(t, nil) // no step: nothing to keep
	for _, s := range steps {
		r.records[t.ID] = append(r.records[t.ID], record.Stored{Step: s})
	}
}

// change applies a directive's events to the runner's table as a step of its own, by the script.
func (r *Runner) change(events ...table.Event) error {
	x := table.Begin(r.Table, "script")
	if err := x.Do(events...); err != nil {
		return err
	}
	x.Table.Local = true
	r.Table = x.Table
	return r.remember(r.Table, &x.Step)
}

// tables is where the runner's tables stand: what a line that panicked leaves them as (the
// leagues' store keeps what was saved before the panic, as the bot's store does).
type tables struct {
	table   *table.Table
	tables  map[string]*table.Table
	records map[string][]record.Stored
}

func (r *Runner) tablesNow() tables {
	return tables{table: r.Table, tables: maps.Clone(r.tables), records: maps.Clone(r.records)}
}

// recovered answers line n, whose input panicked with rec: the panic and its stack go to the
// log, the line's answer is the bot's for a command that panicked.
func (r *Runner) recovered(n int, user, input string, rec any) error {
	r.Panicked++
	if r.Log != nil {
		fmt.Fprintf(r.Log, "line %d: panic: %v\n%s\n", n, rec, debug.Stack())
	}
	text := commands.WentWrong(commands.Input{Local: true, Langs: r.langs})
	r.last = &Answer{Reply: text}
	return r.emit(inputLine{Line: n, User: user, Input: strings.TrimSpace(input), Reply: text}, text)
}

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

// expectLine is the JSON line printed for an !expect.
type expectLine struct {
	Line   int    `json:"line"`
	Expect string `json:"expect"`
	OK     bool   `json:"ok"`
	Reply  string `json:"reply"`
}

// stateLine is the JSON line printed for !state.
type stateLine struct {
	Line  int            `json:"line"`
	State commands.State `json:"state"`
}

// ErrMalformed marks a script line that cannot be run.
var ErrMalformed = errors.New("malformed script")

// ErrInternal reports a script some of whose lines panicked: each was answered, as the bot answers
// a command that panics, and the script went on.
var ErrInternal = errors.New("internal error")

// Run reads and runs every line. It stops at the first malformed line or internal error.
func (r *Runner) Run(src io.Reader) error {
	in := NewLines(src)
	for n := 1; ; n++ {
		text, tooLong, err := in.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if tooLong {
			err = fmt.Errorf("line %d: %w: it is over 1 MiB (a command is a line of a few hundred characters)", n, ErrMalformed)
		} else {
			err = r.Line(n, text)
		}
		if err != nil && r.Human && errors.Is(err, ErrMalformed) {
			// At the hot-seat table a mistyped line is explained and the game goes on.
			fmt.Fprintf(r.Out, "%v\n", err)
			continue
		}
		if err != nil {
			return err
		}
	}
	if r.Panicked > 0 {
		return fmt.Errorf("%w: %d lines panicked (the log has their stacks)", ErrInternal, r.Panicked)
	}
	return nil
}

// StripComment removes a # comment that is not inside quotes.
func StripComment(s string) string {
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

// Line runs one script line. A line that panics is answered as the bot answers a command that
// panics (bot_went_wrong), its panic and stack go to Log, and the runner goes on with the next.
func (r *Runner) Line(n int, raw string) (err error) {
	r.lineNum = n
	text := strings.TrimSpace(StripComment(raw))
	if text == "" {
		return nil
	}
	user, cmd := "", text
	before := r.tablesNow()
	defer func() {
		if rec := recover(); rec != nil {
			r.Table, r.tables, r.records = before.table, before.tables, before.records
			err = r.recovered(n, user, cmd, rec)
		}
	}()
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
	user = TypedName(r.Table, strings.TrimSpace(user))
	in, err := commands.ParseCommand(cmd)
	if err != nil {
		text := commands.ParseErrorIn(commands.Input{Local: true, Langs: r.langs}, err)
		r.last = &Answer{Reply: text} // refused: an !expect reads it
		return r.emit(inputLine{Line: n, User: user, Input: strings.TrimSpace(cmd), Reply: text}, replyText(user, commands.Reply{Text: text}))
	}
	in.User = table.User{ID: user, Name: user}
	in.Local = true
	in.Langs = r.langs
	if in.Command == "carc" && in.Sub == "new" && r.TableID != nil {
		in.Table = r.TableID()
	}
	if in.Command == "league" || in.Command == "season" {
		return r.leagueLine(n, user, cmd, in)
	}
	var reply commands.Reply
	if lr, code, ok := commands.LocalLanguage(r.Table, in); ok {
		reply = lr
		if lr.OK {
			// Everyone reads the same screen: what the table says follows too.
			r.langs.Language, r.langs.GuildLocale = code, code
		}
	} else if in.Command == "player" && in.Sub == "rating" || in.Command == "carc" && in.Sub == "leaderboard" {
		reply = commands.LocalRatings(in, r.Table)
	} else {
		if r.Table != nil {
			in.Record = r.records[r.Table.ID]
		}
		reply = commands.Handle(r.Table, leaguecmd.InLeague(&r.leagues.store, localGuild, r.Table, in))
	}
	if reply.Table != nil {
		reply.Table.Local = true
	}
	if reply.File != nil {
		reply.Text += "\n" + r.writeFile(reply.File)
	}
	if reply.Changed {
		// Only a change moves the table on, as in the bot, which keeps only what it commits: a
		// read-only answer may show another position (a replayed turn), never becomes the game.
		r.Table = reply.Table
		if err := r.remember(r.Table, reply.Step); err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
	}
	if in.Command == "carc" && in.Sub == "new" && reply.OK && r.seed != nil {
		s := r.Table.Settings
		s.Seed, s.SeedSet = *r.seed, true
		r.seed = nil
		if err := r.change(table.ChangeSettings(s)); err != nil {
			return fmt.Errorf("line %d: the seed: %w", n, err)
		}
	}
	dealt := ""
	if in.Command == "carc" && in.Sub == "new" && reply.OK {
		r.localID = r.Table.ID
		if dealt, err = r.dealSeed(n); err != nil {
			return err
		}
	}
	r.last = &Answer{Accepted: reply.OK && reply.Refused == "", Reply: joinReply(reply)}
	if err := r.image(n, reply); err != nil {
		return err
	}
	if err := r.emit(inputLine{Line: n, User: user, Input: strings.TrimSpace(cmd), OK: reply.OK && reply.Refused == "",
		Reply: joinReply(reply), Partial: reply.Refused != ""}, replyText(user, reply)+dealt); err != nil {
		return err
	}
	if err := r.playAISeats(n); err != nil {
		return err
	}
	return r.leagueGameOver(n, r.Table)
}

// playAISeats plays the turns of AI seats (/table bot, or a seat handed over with leaving:) as soon
// as one is to play, each printed as a line of its own: at the local table there is no pool and no
// delay, but the same turn as on Discord. !expect reply still reads the answer to the line typed.
func (r *Runner) playAISeats(n int) error {
	for r.Table != nil && r.Table.Status == table.Playing {
		if _, ok := r.Table.AIToPlay(); !ok {
			return nil
		}
		name := r.Table.SeatName(r.Table.Game.Current)
		reply := commands.AIMove(r.Table)
		if !reply.OK {
			return r.emit(inputLine{Line: n, User: name, Input: aiTurnInput, Reply: reply.Text}, replyText(name, reply))
		}
		reply.Table.Local = true
		r.Table = reply.Table
		if err := r.remember(r.Table, reply.Step); err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		if err := r.image(n, reply); err != nil {
			return err
		}
		if err := r.emit(inputLine{Line: n, User: name, Input: aiTurnInput, OK: true, Reply: reply.Text}, reply.Text); err != nil {
			return err
		}
	}
	return nil
}

// aiTurnInput stands for the input of an AI's turn in the lines a script prints.
const aiTurnInput = "(AI turn)"

// joinReply is the whole answer to an input: the public text and, for a command that stood only in
// part, what was refused.
func joinReply(r commands.Reply) string {
	if r.Refused == "" {
		return r.Text
	}
	return r.Text + "\n" + r.Refused
}

func replyText(user string, r commands.Reply) string {
	switch {
	case !r.OK:
		return "(to " + user + ") " + r.Text
	case r.Refused != "":
		return r.Text + "\n(to " + user + ") " + r.Refused
	}
	return r.Text
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

func (r *Runner) image(n int, reply commands.Reply) error {
	if r.Draw == nil || r.OutDir == "" && r.BoardFile == "" || reply.Image == commands.NoImage || reply.Table == nil {
		return nil
	}
	png, err := r.Draw(reply.Pictured(), reply)
	if err != nil {
		return fmt.Errorf("line %d: draw: %w", n, err)
	}
	if png == nil {
		return nil
	}
	return r.picture(n, reply.Pictured(), reply, png)
}

// writeImage writes a picture the bot would post into OutDir, numbered in order.
func (r *Runner) writeImage(n int, png []byte) error {
	r.images++
	name := filepath.Join(r.OutDir, fmt.Sprintf("%04d-line%d.png", r.images, n))
	return os.WriteFile(name, png, 0o644)
}

// writeFile writes a file the bot would attach (a game's record, a league's CSV) into OutDir
// under its own name, and says where it went; without OutDir it says how to have it written.
func (r *Runner) writeFile(f *commands.File) string {
	if r.OutDir == "" {
		return fmt.Sprintf("(Local play writes the file %s when bot play runs with --out DIR.)", f.Name)
	}
	path := filepath.Join(r.OutDir, filepath.Base(f.Name))
	if err := os.WriteFile(path, f.Data, 0o644); err != nil {
		return fmt.Sprintf("(The file %s could not be written: %v.)", f.Name, err)
	}
	return fmt.Sprintf("(Written to %s.)", path)
}

// directive is one ! line of a table script: how to write it, whether it sets up the lobby (after
// /carc new, before /carc start), and what it does.
type directive struct {
	usage string
	lobby bool
	run   func(r *Runner, n int, args []string, raw string) error
}

// directives are the ! lines of table scripts. A map needs none of its own: !setup
// fixes any hidden part of its deal and !expect state any value of its state.
var directives = map[string]directive{
	"seed":   {usage: "!seed NUMBER", run: (*Runner).seedDirective},
	"locale": {usage: "!locale LOCALE", run: (*Runner).localeDirective},
	"starts": {usage: "!starts START=TILE@ROTATION ...", lobby: true, run: (*Runner).arrange},
	"deck":   {usage: "!deck TILE ...", lobby: true, run: (*Runner).arrange},
	"stack":  {usage: "!stack TILE ...", lobby: true, run: (*Runner).arrange},
	"chips":  {usage: "!chips SQUARE=COLOUR:VALUE ...", lobby: true, run: (*Runner).arrange},
	"setup":  {usage: "!setup NAME VALUE", lobby: true, run: (*Runner).arrange},
	"state":  {usage: "!state [full | as:NAME]", run: (*Runner).stateDirective},
	"table":  {usage: "!table [GAME-ID]", run: (*Runner).tableDirective},
	"expect": {usage: "!expect WHAT ...", run: (*Runner).expectDirective},
}

// Directives lists how to write every ! line, for help texts.
func Directives() []string {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(directives)) {
		out = append(out, directives[name].usage)
	}
	return out
}

// malformed is a script line that cannot be run, naming its line and how to write it.
func malformed(n int, name, format string, a ...any) error {
	return fmt.Errorf("line %d: %w: !%s: %s", n, ErrMalformed, name, fmt.Sprintf(format, a...))
}

func (r *Runner) directive(n int, text string) error {
	words, err := commands.SplitWords(text[1:])
	if err != nil || len(words) == 0 {
		return fmt.Errorf("line %d: %w: %q", n, ErrMalformed, game.Echo(text))
	}
	name, args := words[0], words[1:]
	d, ok := directives[name]
	if !ok {
		return malformed(n, name, "unknown directive: use %s", strings.Join(Directives(), ", "))
	}
	if d.lobby && (r.Table == nil || r.Table.Status != table.Lobby) {
		return malformed(n, name, "comes after /carc new and before /carc start (%s)", d.usage)
	}
	return d.run(r, n, args, strings.TrimSpace(text[1:]))
}

// localeDirective sets the Discord locale of the players and the server from here on, as Discord
// tells it on each interaction: the replies follow it (a table's language: still wins for what the
// channel reads).
func (r *Runner) localeDirective(n int, args []string, _ string) error {
	if len(args) != 1 {
		return malformed(n, "locale", "write !locale LOCALE, like de, fr, es-ES or zh-TW")
	}
	r.langs = commands.Langs{Locale: args[0], GuildLocale: args[0]}
	return nil
}

func (r *Runner) seedDirective(n int, args []string, _ string) error {
	if len(args) != 1 {
		return malformed(n, "seed", "write !seed NUMBER")
	}
	v, err := strconv.ParseUint(args[0], 10, 64)
	if err != nil {
		return malformed(n, "seed", "%q is not a whole number", game.Echo(args[0]))
	}
	if r.Table != nil && r.Table.Status == table.Lobby {
		return r.change(SeedEvent(r.Table, v))
	}
	r.seed = &v
	return nil
}

// arrange applies what a ! line that fixes the lobby's deal makes of its words (Arrangement).
func (r *Runner) arrange(n int, args []string, raw string) error {
	name, _, _ := strings.Cut(raw, " ")
	ev, err := Arrangement(r.Table, name, args)
	if err != nil {
		return fmt.Errorf("line %d: %w", n, err)
	}
	return r.change(ev)
}

// stateDirective prints the state as JSON. A table script sees everything (it is how rules are
// checked); at the hot-seat table !state shows what the players may see, and !state full, which
// spoils the game, shows the stack and the face-down chips too. !state as:NAME is what that
// player may see, in a script too.
func (r *Runner) stateDirective(n int, args []string, _ string) error {
	if r.Table == nil {
		return malformed(n, "state", "no table yet: open one with /carc new")
	}
	full := !r.Human
	var as *commands.State
	switch arg := strings.Join(args, " "); {
	case arg == "":
	case arg == "full":
		full = true
	case strings.HasPrefix(arg, "as:"):
		st, err := commands.StateAs(r.Table, strings.TrimPrefix(arg, "as:"))
		if err != nil {
			return malformed(n, "state", "%v", err)
		}
		as = &st
	default:
		return malformed(n, "state", "write !state, !state full for the hidden parts too, or !state as:NAME for what NAME may see")
	}
	state := func() commands.State {
		if as != nil {
			return *as
		}
		return commands.StateOf(r.Table, full)
	}
	if r.Human {
		b, err := json.MarshalIndent(state(), "", "  ")
		if err != nil {
			return err
		}
		if full {
			fmt.Fprintln(r.Out, "The full state, with the order of the stack and every face-down chip: this spoils the game.")
		}
		_, err = fmt.Fprintln(r.Out, string(b))
		return err
	}
	b, err := json.Marshal(stateLine{n, state()})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(r.Out, "%s\n", b)
	return err
}

func (r *Runner) expectDirective(n int, args []string, raw string) error {
	if len(args) == 0 {
		return malformed(n, "expect", "write what to expect, like !expect score alice=8")
	}
	rest := strings.TrimSpace(strings.TrimPrefix(raw, "expect"))
	msg, err := Expect(Scene{Table: r.Table, Last: r.last}, args, rest)
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
}

// tableDirective goes to another of the runner's tables, as a player goes to another channel or
// thread: a league's game, or back to the table /carc new opened ("local"). Without an id it lists
// the tables.
func (r *Runner) tableDirective(n int, args []string, _ string) error {
	if len(args) > 1 {
		return malformed(n, "table", "write !table GAME-ID, or !table for the list")
	}
	if len(args) == 0 {
		text := "Tables: " + r.tableList() + "."
		if r.Human {
			_, err := fmt.Fprintln(r.Out, text)
			return err
		}
		return nil
	}
	return r.goTo(n, args[0])
}

// goTo makes the table of a game id the runner's table. "local", the table /carc new opens, may
// be empty.
func (r *Runner) goTo(n int, id string) error {
	if id == "local" && r.localID != "" {
		id = r.localID
	}
	t, ok := r.tables[id]
	if !ok && id != "local" {
		return malformed(n, "table", "there is no game %s here: the tables are %s", game.Echo(id), r.tableList())
	}
	r.Table = t
	if r.Human {
		fmt.Fprintf(r.Out, "(At the table of game %s.)\n", id)
	}
	return nil
}

// tableList names the runner's tables with their state, the one it plays at first.
func (r *Runner) tableList() string {
	if len(r.tables) == 0 {
		return "none yet (/carc new opens one)"
	}
	var out []string
	for _, id := range slices.Sorted(maps.Keys(r.tables)) {
		t := r.tables[id]
		entry := fmt.Sprintf("%s (%s, %s)", id, t.Entry().Title, t.Status)
		if r.Table != nil && r.Table.ID == id {
			entry += " [here]"
		}
		out = append(out, entry)
	}
	return strings.Join(out, ", ")
}
