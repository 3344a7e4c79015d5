package game

import (
	"bytes"
	"embed"
)

//go:embed data/*.map
var mapFiles embed.FS

var classicMap = func() *Map {
	b, err := mapFiles.ReadFile("data/classic.map")
	if err != nil {
		panic(err)
	}
	return MustParseMap("game/data/classic.map", b)
}()

// MustParseMap parses a map file built into the program (a map package embeds its file): file
// names it in errors, as its path in the repository. A map that does not parse is a bug of the
// build, so it panics with the parser's error.
func MustParseMap(file string, data []byte) *Map {
	m, err := ParseMap(file, bytes.NewReader(data))
	if err != nil {
		panic(err)
	}
	return m
}

// ClassicMap is the open table (map id classic): no printed elements, large enough that no tile
// set reaches its edge.
func ClassicMap() *Map { return classicMap }
