package script

import (
	"bytes"
	"strings"
	"testing"
)

// TestHotSeatForgivesMistypedLines: at the hot-seat table a misspelt or misplaced ! line is
// explained and the game goes on (a table script, by contrast, stops at it); !state shows what the
// players may see, and only !state full the stack and the face-down chips, saying it spoils.
func TestHotSeatForgivesMistypedLines(t *testing.T) {
	session := strings.Join([]string{
		"!state",
		"ann: /carc new map:france",
		"!stat",
		"bob: /carc join",
		"ann: /carc start",
		"!deck U",
		"!state",
		"!state full",
		"/carc status",
	}, "\n")
	var out bytes.Buffer
	r := &Runner{Out: &out, Human: true}
	if err := r.Run(strings.NewReader(session)); err != nil {
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
	script := &Runner{Out: &bytes.Buffer{}}
	if err := script.Run(strings.NewReader("!stat\n")); err == nil {
		t.Error("a table script went on after a malformed line")
	}
}
