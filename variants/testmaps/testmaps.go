// Package testmaps holds the engine's test maps: test data, never offered to players. The
// synthetic map has every element of the map format, the Berlin map a printed 2x2 large city with
// four coats of arms, the practice map is a 15x15 open table for rule scenarios (the table scripts
// of the base game play on it), and the relay is a map whose rules use every hook of the engine's
// seam. Importing the package registers them in package variants as test maps: the tests import
// it, and so does local play (bot play), so that every table script of commands/script/testdata runs
// there too; nothing on Discord opens or lists them.
package testmaps

import (
	"embed"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

//go:embed *.map
var files embed.FS

var (
	syntheticMap = mustParse("synthetic.map")
	berlinMap    = mustParse("berlin.map")
	practiceMap  = mustParse("practice.map")
)

func mustParse(name string) *game.Map {
	b, err := files.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return game.MustParseMap("variants/testmaps/"+name, b)
}

// SyntheticMap is a small map with every element of the map format, for tests and benchmarks.
func SyntheticMap() *game.Map { return syntheticMap }

// BerlinMap is a small map around a printed 2x2 large city with four coats of arms.
func BerlinMap() *game.Map { return berlinMap }

// PracticeMap is a 15x15 open table with its start square in the middle, for rule scenarios.
func PracticeMap() *game.Map { return practiceMap }

func init() {
	variants.RegisterTest(variants.Entry{ID: "synthetic", Map: syntheticMap})
	variants.RegisterTest(variants.Entry{ID: "berlin", Map: berlinMap})
	variants.RegisterTest(variants.Entry{ID: "practice", Map: practiceMap})
	variants.RegisterTest(Relay())
}
