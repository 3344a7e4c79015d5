package script

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestALineOverAMebibyteIsLeftOut: at the hot-seat table a line over 1 MiB (a paste gone wrong) is
// explained and left out, and the game goes on with the next line; a table script stops at it as
// at any malformed line. Neither crashes nor loses what came before.
func TestALineOverAMebibyteIsLeftOut(t *testing.T) {
	session := "ann: /carc new map:france\n" + strings.Repeat("x", 3<<20) + "\nbob: /carc join\n"
	var out bytes.Buffer
	r := &Runner{Out: &out, Human: true}
	if err := r.Run(strings.NewReader(session)); err != nil {
		t.Fatalf("the session ended: %v", err)
	}
	if !strings.Contains(out.String(), "line 2: malformed script: it is over 1 MiB") || !strings.Contains(out.String(), "bob joined") {
		t.Errorf("the session says:\n%.2000s", out.String())
	}
	script := &Runner{Out: &bytes.Buffer{}}
	if err := script.Run(strings.NewReader(session)); !errors.Is(err, ErrMalformed) {
		t.Errorf("a script with a line over 1 MiB: %v", err)
	}
}
