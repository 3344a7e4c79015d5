package script

import (
	"bytes"
	"strings"
	"testing"
)

// TestHotSeatMarksEveryPrivateReply: at the hot-seat table a reply only its player would see on
// Discord is marked "(to NAME)", a line that does not parse as well as a refused command.
func TestHotSeatMarksEveryPrivateReply(t *testing.T) {
	var out bytes.Buffer
	r := &Runner{Out: &out, Human: true}
	if err := r.Run(strings.NewReader("ann: /carc new map:\"france\nann: /carc nwe\n")); err != nil {
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
