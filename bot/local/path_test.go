package local

import (
	"bytes"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/pathcount"
)

// TestOnePlacePath measures the path of one /place at the local table (the files it enters, the
// calls that cross packages), from the coverage of that line alone; run it as bot/doc.go says.
func TestOnePlacePath(t *testing.T) {
	pathcount.Skip(t)
	var out bytes.Buffer
	var tb *Table
	setup := func() {
		tb = newTable(t, Options{Out: &out, Pictures: true})
		if err := tb.Run(strings.NewReader("!seed 3\nann: /carc new map:classic\nbob: /carc join\n!stack D U E\nann: /carc start\n")); err != nil {
			t.Fatalf("%v\n%s", err, out.String())
		}
		tb.Host.Idle()
	}
	place := func() {
		if err := tb.Run(strings.NewReader("ann: /place square:DK114 rotation:180 meeple:none\n")); err != nil || !strings.Contains(out.String(), "Next: bob") {
			t.Fatalf("the /place was not accepted: %v\n%s", err, out.String())
		}
		tb.Host.Idle()
	}
	if r, measured := pathcount.Measure(t, setup, place); measured {
		t.Logf("one /place at the local table:\n%s", r)
	}
}
