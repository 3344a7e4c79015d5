package commands

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"/place square:F7 rotation:90 meeple:city:N", `/carc new map:france rules:"a=b, c=d"`,
		"/chips sell wine:orange to:abroad", "/", `/x "unclosed`, "/place square:", "/place a:b a:c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		in, err := ParseCommand(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty error message")
			}
			return
		}
		// What parses must run without panicking, with or without a table.
		in.User = table.User{ID: "u", Name: "u"}
		r := Handle(nil, in)
		if r.Text == "" {
			t.Fatalf("no reply to %q", s)
		}
	})
}

func FuzzParseSpotAndAction(f *testing.F) {
	for _, s := range []string{"city:N", "road:e", "field:NL", "field:inner", "cloister", "none", "city:", ":", "field:XX", "sell wine:orange to:abroad"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if spot, err := parseSpot(s); err == nil {
			if again, err := parseSpot(spot); err != nil || again != spot {
				t.Fatalf("spot %q normalises to %q, which reads back as %q, %v", s, spot, again, err)
			}
		}
		_, _ = parseAction(s)
		if sq, err := game.ParseSquare(s); err == nil {
			if back, err := game.ParseSquare(sq.String()); err != nil || back != sq {
				t.Fatalf("square %q round-trips to %v", s, back)
			}
		}
		_, _ = game.ParseRotation(s)
	})
}

// FuzzScript runs arbitrary scripts: any input either runs or is reported as malformed; it never
// panics.
func FuzzScript(f *testing.F) {
	f.Add("alice: /carc new map:practice\nbob: /carc join\n!starts Centre=D@0\n!deck U\nalice: /carc start\nalice: /place square:I8 rotation:0\n!state\n!expect phase meeple\n")
	f.Add("!seed x\n")
	f.Add("!chips D5=orange:3\n")
	f.Add("alice /carc new\n")
	f.Add("!expect score alice=1\n")
	f.Add("ann: /league create name:Cup map:classic players:2\nbob: /league join\ncid: /league join\nann: /league start\n!table\n" +
		"!table L1-s1-r1-t1\nbob: /carc resign\n!expect reply Winner\nann: /league season new\n!state as:ann\n")
	f.Fuzz(func(t *testing.T, script string) {
		r := &Runner{Out: io.Discard}
		_ = r.Run(strings.NewReader(script))
	})
}

// TestScriptsReportMalformedLines checks that a malformed line stops the script with its number.
func TestScriptsReportMalformedLines(t *testing.T) {
	for _, script := range []string{"alice /carc new\n", "!bogus\n", "!starts Nancy=D@0\n", "!seed x\n", "!chips D5=orange:3\n",
		"alice: /carc new map:practice\n!deck ZZ\n", "!expect score alice=1\n"} {
		var out bytes.Buffer
		err := (&Runner{Out: &out}).Run(strings.NewReader(script))
		if err == nil || !strings.Contains(err.Error(), "line ") {
			t.Errorf("%q: err = %v, want a malformed-line error naming the line", script, err)
		}
	}
}

// FuzzReadSpot reads meeple spots as typed in the meeple step: a number is one of the tile's
// spots on the board or refused naming them, and a name reads as parseSpot reads it.
func FuzzReadSpot(f *testing.F) {
	for _, s := range []string{"1", "3", "4", "0", "#2", " 2 ", "02", "-1", "1.5", "city:N", "none", "99999999999999999999"} {
		f.Add(s)
	}
	r := &Runner{Out: io.Discard}
	for i, l := range []string{"alice: /carc new map:practice", "bob: /carc join", "!starts Centre=D@0", "!deck U", "alice: /carc start",
		"alice: /place square:I8 rotation:0"} {
		if err := r.Line(i+1, l); err != nil {
			f.Fatal(err)
		}
	}
	g := r.Table.Game
	spots := g.MeepleSpots()
	f.Fuzz(func(t *testing.T, s string) {
		spot, err := readSpot(g, s)
		n, numbered := spotNumber(s)
		switch {
		case numbered && err == nil && spot != spots[n-1]:
			t.Fatalf("spot %q read as %q, the board's number %d is %q", s, spot, n, spots[n-1])
		case numbered && err != nil && (n >= 1 && n <= len(spots) || !strings.Contains(err.Error(), "1 = "+spots[0])):
			t.Fatalf("spot %q refused: %v", s, err)
		case !numbered:
			want, werr := parseSpot(s)
			if spot != want || (err == nil) != (werr == nil) {
				t.Fatalf("spot %q read as %q, %v; parseSpot says %q, %v", s, spot, err, want, werr)
			}
		}
	})
}
