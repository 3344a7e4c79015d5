package commands

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record/jcz"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestExportWritesFinishedClassicGamesForJCloisterZone: /carc export format:jcloisterzone attaches
// a finished classic game as a JCloisterZone saved game, with the expansions' rules too (as
// JCloisterZone's elements); a running game, a printed map and an
// unknown format are refused with what would work, and nothing changes.
func TestExportWritesFinishedClassicGamesForJCloisterZone(t *testing.T) {
	export := func(tbl *table.Table, format string) Reply {
		return Handle(tbl, Input{User: tbl.Seats[0], Command: "carc", Sub: "export", Options: map[string]string{"format": format}})
	}
	done, err := AutoGame("classic", 3, 11, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := export(done, "jcloisterzone")
	if !r.OK || r.File == nil || r.File.Name != done.ID+".jcz" || !strings.Contains(r.Text, "JCloisterZone 5") {
		t.Fatalf("finished classic game: %s", r.Text)
	}
	var sg jcz.SavedGame
	if err := json.Unmarshal(r.File.Data, &sg); err != nil {
		t.Fatal(err)
	}
	if sg.AppVersion != jcz.AppVersion || len(sg.Players) != 3 || len(sg.GameAnnotations.DrawOrder) != 71 || len(sg.Replay) == 0 {
		t.Fatalf("saved game: version %s, %d players, %d tiles to draw, %d messages", sg.AppVersion, len(sg.Players), len(sg.GameAnnotations.DrawOrder), len(sg.Replay))
	}
	boxes, err := AutoGameInRules("classic", 3, 11, Langs{}, "all", nil)
	if err != nil {
		t.Fatal(err)
	}
	r = export(boxes, "jcloisterzone")
	if !r.OK || r.File == nil {
		t.Fatalf("finished classic game with rules:all: %s", r.Text)
	}
	if err := json.Unmarshal(r.File.Data, &sg); err != nil {
		t.Fatal(err)
	}
	if sg.Setup.Elements["big-follower"] != 1.0 || sg.Setup.Elements["builder"] != 1.0 || sg.Setup.Elements["traders"] != true {
		t.Fatalf("rules:all: the saved game's elements are %v", sg.Setup.Elements)
	}
	if r := export(done, "record"); !r.OK || !strings.HasSuffix(r.File.Name, ".json") {
		t.Fatalf("format:record: %s", r.Text)
	}

	running, err := Position("classic", 2, 5, 20)
	if err != nil {
		t.Fatal(err)
	}
	france, err := AutoGame("france", 2, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		tbl    *table.Table
		format string
		want   string
	}{
		"a running game":  {running, "jcloisterzone", "written once the game is over"},
		"a printed map":   {france, "jcloisterzone", "It replays only finished games of the classic table without a printed map"},
		"an unknown name": {done, "jcz", "There is no format jcz: choose record or jcloisterzone."},
	} {
		before := running.Game.Hash()
		r := export(c.tbl, c.format)
		if r.OK || r.File != nil || !strings.Contains(r.Text, c.want) {
			t.Errorf("%s: %s, want %q", name, r.Text, c.want)
		}
		if running.Game.Hash() != before {
			t.Errorf("%s changed the game", name)
		}
	}
}
