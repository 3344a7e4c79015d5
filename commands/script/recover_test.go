package script

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestALocalTableRecoversFromAPanic: a line whose work panics (here the picture of /carc start)
// is answered as the bot answers a command that panics, and changes nothing: the table stays in
// its lobby. Its panic and stack go to the log, the script goes on with the next line, which
// starts the game, and the run ends with an internal error.
func TestALocalTableRecoversFromAPanic(t *testing.T) {
	var out, log bytes.Buffer
	drawn := 0
	r := &Runner{Out: &out, Log: &log, OutDir: t.TempDir(), Draw: func(*table.Table, commands.Reply) ([]byte, error) {
		if drawn++; drawn == 1 {
			panic("the board cannot be drawn")
		}
		return nil, nil
	}}
	err := r.Run(strings.NewReader("ann: /carc new map:classic\nbob: /carc join\nann: /carc start\nann: /carc start\n"))
	if !errors.Is(err, ErrInternal) || r.Panicked != 1 {
		t.Fatalf("run: %v, %d lines panicked; want one internal error", err, r.Panicked)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 || !strings.Contains(lines[2], `"line":3,"user":"ann","input":"/carc start","ok":false,"reply":"Something went wrong on our side`) ||
		!strings.Contains(lines[3], `"line":4,"user":"ann","input":"/carc start","ok":true,"reply":"The game begins`) {
		t.Fatalf("the script's lines:\n%s", out.String())
	}
	if !strings.Contains(log.String(), "line 3: panic: the board cannot be drawn") || !strings.Contains(log.String(), "goroutine") {
		t.Fatalf("the log: %s", log.String())
	}
}
