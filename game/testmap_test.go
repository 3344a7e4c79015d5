package game

import (
	"os"
	"path/filepath"
	"sync"
)

// syntheticMap is the small map with every element of the map format. Like the other test maps
// it is test data, kept with them in variants/testmaps; the engine's own tests read its file.
var syntheticMap = sync.OnceValue(func() *Map {
	name := filepath.Join("..", "variants", "testmaps", "synthetic.map")
	f, err := os.Open(name)
	if err != nil {
		panic(err)
	}
	defer f.Close()
	m, err := ParseMap(name, f)
	if err != nil {
		panic(err)
	}
	return m
})
