package script

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// FuzzScript runs arbitrary scripts: any input either runs or is reported as malformed; it never
// panics.
func FuzzScript(f *testing.F) {
	f.Add("alice: /carc new map:practice\nbob: /carc join\n!starts Centre=D@0\n!deck U\nalice: /carc start\nalice: /place square:I8 rotation:0\n!state\n!expect phase meeple\n")
	f.Add("!seed x\n")
	f.Add("!chips D5=orange:3\n")
	f.Add("alice /carc new\n")
	f.Add("!expect score alice=1\n")
	f.Add("ann: /league create name:Cup map:classic players:2\nbob: /league join\ncid: /league join\nann: /season start\n!table\n" +
		"!table L1-s1-r1-t1\nbob: /carc resign\n!expect reply Winner\nann: /season new\n!state as:ann\n")
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
