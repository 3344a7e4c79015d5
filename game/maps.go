package game

import (
	"bytes"
	"embed"
)

//go:embed data/*.map
var mapFiles embed.FS

var classicMap = mustParseMap("data/classic.map")

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
