package commands

import (
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestDeadlinesStayInRange: a deadline is 10 minutes to 30 days; a number of days too large to
// count with is refused, not wrapped around into a short deadline.
func TestDeadlinesStayInRange(t *testing.T) {
	for text, want := range map[string]time.Duration{"48h": 48 * time.Hour, "2d": 48 * time.Hour, "1d12h": 36 * time.Hour, "10m": 10 * time.Minute, "30d": 30 * 24 * time.Hour} {
		if d, err := ParseDuration(text); err != nil || d != want {
			t.Errorf("deadline:%s = %v, %v; want %v", text, d, err, want)
		}
	}
	for _, bad := range []string{"281474976710656d1h", "9223372036854775807d", "106751d", "31d", "9m", "-1h", "1d-23h", "2562047h", "x", "", "1d1d"} {
		if d, err := ParseDuration(bad); err == nil || !strings.Contains(err.Error(), "between 10 minutes and 30 days") {
			t.Errorf("deadline:%s = %v, %v; want the range refusal", bad, d, err)
		}
	}
}

// TestSquaresAndRotationsAreReadAsDocumented: /place takes exactly the squares and rotations the
// help documents, and refuses the rest with the same message; tables opened before the syntax was
// strict keep the forms they were played with.
func TestSquaresAndRotationsAreReadAsDocumented(t *testing.T) {
	tbl, err := Position("classic", 2, 5, 3)
	if err != nil {
		t.Fatal(err)
	}
	g := tbl.Game
	p := g.LegalPlacements(g.Drawn)[0]
	place := func(tbl *table.Table, sq, rot string) Reply {
		return Handle(tbl, Input{User: tbl.Seats[g.Current], Command: "place", Options: map[string]string{"square": sq, "rotation": rot, "meeple": "none"}})
	}
	if r := place(tbl, strings.ToLower(p.Square.String()), p.Rotation.String()); !r.OK {
		t.Fatalf("the documented form was refused: %s", r.Text)
	}
	col := strings.TrimRight(p.Square.String(), "0123456789")
	row := strings.TrimLeft(p.Square.String(), "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
	for _, rot := range []string{"360", "450", "-0", "90.0", "90deg", "270°"} {
		if r := place(tbl, p.Square.String(), rot); r.OK || !strings.Contains(r.Text, "use 0, 90, 180 or 270") {
			t.Errorf("rotation:%s: %v %s", rot, r.OK, r.Text)
		}
	}
	if r := place(tbl, col+"+"+row, p.Rotation.String()); r.OK || !strings.Contains(r.Text, "write a column letter and a row number") {
		t.Errorf("square %s+%s: %v %s", col, row, r.OK, r.Text)
	}
	old := tbl.Clone()
	old.Settings.Options.Legacy = true
	legacyRot := map[string]string{"0": "360", "90": "90deg", "180": "180°", "270": "270 deg"}[p.Rotation.String()]
	if r := place(old, col+"+"+row, legacyRot); !r.OK {
		t.Errorf("a game stored before strict syntax no longer replays %s+%s %s: %s", col, row, legacyRot, r.Text)
	}
}
