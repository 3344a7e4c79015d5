package local

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/script"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// FuzzScript runs arbitrary scripts at a local table: any input either runs or is reported as
// malformed; it never panics.
func FuzzScript(f *testing.F) {
	f.Add("alice: /carc new map:practice\nbob: /carc join\n!starts Centre=D@0\n!deck U\nalice: /carc start\nalice: /place square:I8 rotation:0\n!state\n!expect phase meeple\n")
	f.Add("!seed x\n")
	f.Add("!chips D5=orange:3\n")
	f.Add("alice /carc new\n")
	f.Add("!expect score alice=1\n")
	f.Add("!clock +2d\n!clock 2020-01-01\n!clock soon\n")
	f.Add("ann: /league create name:Cup map:classic players:2\nbob: /league join\ncid: /league join\nann: /season start\n!table\n" +
		"!table L1-s1-r1-t1\nbob: /carc resign\n!expect reply Winner\nann: /season new\n!state as:ann\n")
	f.Fuzz(func(t *testing.T, src string) {
		tb := newTable(t, Options{Out: io.Discard})
		if err := tb.Run(strings.NewReader(src)); errors.Is(err, ErrInternal) {
			t.Fatalf("a line panicked: %v", err)
		}
	})
}

// TestScriptsReportMalformedLines: a malformed line stops a script with its number.
func TestScriptsReportMalformedLines(t *testing.T) {
	for _, src := range []string{"alice /carc new\n", "!bogus\n", "!starts Nancy=D@0\n", "!seed x\n", "!chips D5=orange:3\n",
		"alice: /carc new map:practice\n!deck ZZ\n", "!expect score alice=1\n", "!clock yesterday\n", "!clock +2d\n!clock 2020-01-01T00:00Z\n"} {
		err := newTable(t, Options{Out: &bytes.Buffer{}}).Run(strings.NewReader(src))
		if !errors.Is(err, script.ErrMalformed) || !strings.Contains(err.Error(), "line ") {
			t.Errorf("%q: err = %v, want a malformed-line error naming the line", src, err)
		}
	}
}

// TestHotSeatForgivesMistypedLines: at the hot-seat table a misspelt or misplaced ! line is
// explained and the game goes on (a table script, by contrast, stops at it); !state shows what the
// players may see, and only !state full the stack and the face-down chips, saying it spoils.
func TestHotSeatForgivesMistypedLines(t *testing.T) {
	session := strings.Join([]string{"!state", "ann: /carc new map:france", "!stat", "bob: /carc join", "ann: /carc start", "!deck U",
		"!state", "!state full", "/carc status"}, "\n")
	var out bytes.Buffer
	if err := newTable(t, Options{Out: &out, Human: true}).Run(strings.NewReader(session)); err != nil {
		t.Fatalf("the session ended: %v\n%s", err, out.String())
	}
	text := out.String()
	for _, want := range []string{"!state: no table yet", "!stat: unknown directive", "!deck: comes after /carc new and before /carc start",
		"this spoils the game", "France, turn 1 (playing)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the session does not say %q:\n%s", want, text)
		}
	}
	_, full, _ := strings.Cut(text, "this spoils the game")
	if strings.Count(text, `"deck"`) != 1 || !strings.Contains(full, `"deck"`) {
		t.Errorf("only !state full may show the stack:\n%s", text)
	}
}

// TestALineOverAMebibyteIsLeftOut: at the hot-seat table a line over 1 MiB (a paste gone wrong) is
// explained and left out, and the game goes on with the next line; a table script stops at it as
// at any malformed line. Neither crashes nor loses what came before.
func TestALineOverAMebibyteIsLeftOut(t *testing.T) {
	session := "ann: /carc new map:france\n" + strings.Repeat("x", 3<<20) + "\nbob: /carc join\n"
	var out bytes.Buffer
	if err := newTable(t, Options{Out: &out, Human: true}).Run(strings.NewReader(session)); err != nil {
		t.Fatalf("the session ended: %v", err)
	}
	if !strings.Contains(out.String(), "line 2: malformed script: it is over 1 MiB") || !strings.Contains(out.String(), "bob joined") {
		t.Errorf("the session says:\n%.2000s", out.String())
	}
	if err := newTable(t, Options{Out: &bytes.Buffer{}}).Run(strings.NewReader(session)); !errors.Is(err, script.ErrMalformed) {
		t.Errorf("a script with a line over 1 MiB: %v", err)
	}
}

// TestHotSeatMarksEveryPrivateReply: at the hot-seat table a reply only its player would see on
// Discord is marked "(to NAME)", a line that does not parse as well as a refused command.
func TestHotSeatMarksEveryPrivateReply(t *testing.T) {
	var out bytes.Buffer
	if err := newTable(t, Options{Out: &out, Human: true}).Run(strings.NewReader("ann: /carc new map:\"france\nann: /carc nwe\n")); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines:\n%s", len(lines), out.String())
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "(to ann) ") {
			t.Errorf("a private reply without its marker: %s", l)
		}
	}
}

// TestALocalTableRecoversFromAPanic: a line whose work panics (here the picture of /carc start) is
// answered as the bot answers a command that panics. The host stored the start before it drew
// (as on Discord, a move is committed before it is announced), so the game has begun, and the next
// /carc start is refused. The panic and its stack go to the log, the script goes on with the next
// line, and the run ends with an internal error.
func TestALocalTableRecoversFromAPanic(t *testing.T) {
	var out, log bytes.Buffer
	drawn := 0
	tb := newTable(t, Options{Out: &out, Log: &log, Draw: func(*table.Table, commands.Reply) ([]byte, error) {
		if drawn++; drawn == 1 {
			panic("the board cannot be drawn")
		}
		return nil, nil
	}})
	err := tb.Run(strings.NewReader("ann: /carc new map:classic\nbob: /carc join\nann: /carc start\nann: /carc start\n!expect status playing\n"))
	if !errors.Is(err, ErrInternal) || tb.Panicked != 1 || tb.Failed != 0 {
		t.Fatalf("run: %v, %d lines panicked, %d expectations failed; want one internal error\n%s", err, tb.Panicked, tb.Failed, out.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 5 || !strings.Contains(lines[2], `"line":3,"user":"ann","input":"/carc start","ok":false,"reply":"Something went wrong on our side`) ||
		!strings.Contains(lines[3], `"line":4,"user":"ann","input":"/carc start","ok":false`) {
		t.Fatalf("the script's lines:\n%s", out.String())
	}
	if !strings.Contains(log.String(), "line 3: panic: ") || !strings.Contains(log.String(), "the board cannot be drawn") {
		t.Fatalf("the log: %s", log.String())
	}
}

// TestLocalLeagueStandingsHaveNoMarkdown: the terminal renders no markdown, so the standings of a
// local league, answered or posted by the league feature, are the bare table, without Discord's
// code fences.
func TestLocalLeagueStandingsHaveNoMarkdown(t *testing.T) {
	src, err := os.ReadFile("../../commands/script/testdata/league_a_season_is_played_at_the_local_table.carc")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := newTable(t, Options{Out: &out, Human: true}).Run(bytes.NewReader(src)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "wins") {
		t.Fatalf("no standings:\n%s", out.String())
	}
	if strings.Contains(out.String(), "```") {
		t.Errorf("the standings show Discord's code fences:\n%s", out.String())
	}
}

// TestTheTableDirectiveGoesToALeaguesGame: !table lists the table's games and goes to one; a game
// that is not there is a malformed line naming those that are.
func TestTheTableDirectiveGoesToALeaguesGame(t *testing.T) {
	var out bytes.Buffer
	tb := newTable(t, Options{Out: &out, Human: true})
	for i, l := range []string{"ref: /league create name:Cup map:classic", "ref: /league leave", "ann: /league join", "bob: /league join",
		"ref: /season start", "!expect current ann"} {
		if err := tb.Line(i+1, l); err != nil || tb.Failed > 0 {
			t.Fatalf("line %q: %v\n%s", l, err, out.String())
		}
	}
	out.Reset()
	if err := tb.Line(7, "!table"); err != nil || !strings.Contains(out.String(), "L1-s1-r1-t1 (Classic (open table), playing) [here]") {
		t.Fatalf("!table: %v\n%s", err, out.String())
	}
	if err := tb.Line(8, "!table local"); err != nil || tb.Game() != nil {
		t.Fatalf("!table local: %v, at %v", err, tb.Game())
	}
	err := tb.Line(9, "!table L9")
	if err == nil || !strings.Contains(err.Error(), "there is no game L9 here: the tables are L1-s1-r1-t1") {
		t.Fatalf("!table L9: %v", err)
	}
	if err := tb.Line(10, "!table L1-s1-r1-t1"); err != nil || tb.Game() == nil || tb.Game().ID != "L1-s1-r1-t1" {
		t.Fatalf("!table L1-s1-r1-t1: %v", err)
	}
}
