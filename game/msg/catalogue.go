// Package msg is what the engine, the maps and every part of the bot that writes words for
// players share of the message catalogues, and nothing else: a leaf that game/ and variants/ may
// use. A part that writes its own words keeps them beside its code, one TOML file per language
// (en.toml the reference, as commands/lang describes them), and registers that folder here as it
// loads; commands/lang reads its own catalogues and every registered one as one, and checks the
// union at start-up (an id given twice, a language missing a message, a placeholder invented or
// dropped), naming each file by the name it was registered under. An owner registers from its
// init; commands/lang reads the catalogues when they are first used, after every package's init,
// so a package that registers must not use commands/lang in its own package-level variables.
package msg

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
)

// Catalogue is the message files of one owner: NAME.toml for each language code, at the root of FS.
type Catalogue struct {
	// Name says whose words they are and where they live ("variants/france/catalog"): the files
	// are named by it in every error.
	Name string
	FS   fs.FS
}

var (
	mu         sync.Mutex
	catalogues []Catalogue
)

// Register adds an owner's catalogue, the folder dir of fsys (its embedded files); a name
// registered twice, or a folder fsys does not hold, is a programming error, which panics as the
// program starts.
func Register(name string, fsys fs.FS, dir string) {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(fmt.Sprintf("msg: the catalogue %s: %v", name, err))
	}
	mu.Lock()
	defer mu.Unlock()
	for _, c := range catalogues {
		if c.Name == name {
			panic(fmt.Sprintf("msg: the catalogue %s is registered twice", name))
		}
	}
	catalogues = append(catalogues, Catalogue{Name: name, FS: sub})
}

// Catalogues are the registered catalogues, by name.
func Catalogues() []Catalogue {
	mu.Lock()
	defer mu.Unlock()
	out := slices.Clone(catalogues)
	slices.SortFunc(out, func(a, b Catalogue) int { return strings.Compare(a.Name, b.Name) })
	return out
}
