package game

import (
	"bytes"
	"embed"
)

//go:embed data/*.map
var mapFiles embed.FS

var (
	classicMap   = mustParseMap("data/classic.map")
	syntheticMap = mustParseMap("data/synthetic.map")
	berlinMap    = mustParseMap("data/berlin.map")
	practiceMap  = mustParseMap("data/practice.map")
)

func mustParseMap(name string) *Map {
	b, err := mapFiles.ReadFile(name)
	if err != nil {
		panic(err)
	}
	m, err := ParseMap("game/"+name, bytes.NewReader(b))
	if err != nil {
		panic(err)
	}
	return m
}

// ClassicMap is the open table (map id classic): no printed elements, large enough that no tile
// set reaches its edge.
func ClassicMap() *Map { return classicMap }

// SyntheticMap is a small map with every element of the map format, for tests and benchmarks.
func SyntheticMap() *Map { return syntheticMap }

// BerlinMap is a small test map around a printed 2x2 large city with four coats of arms.
func BerlinMap() *Map { return berlinMap }

// PracticeMap is a 15x15 open table with its start square in the middle, for rule scenarios.
func PracticeMap() *Map { return practiceMap }
