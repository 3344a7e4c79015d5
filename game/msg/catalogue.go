// Package msg is what the engine, the maps and every part of the bot that writes words for
// players share of the message catalogues: the one typed message (Message: an id and its values,
// each with its kind) and the registry of catalogues; a leaf that game/ and variants/ may use. A part that writes its own words keeps them beside its code, one TOML file per language
// (en.toml the reference, as commands/lang describes them), and registers that folder here as it
// loads; commands/lang reads its own catalogues and every registered one as one, and checks the
// union at start-up (an id given twice, a language missing a message, a placeholder invented or
// dropped), naming each file by the name it was registered under. An owner registers from its
// init; commands/lang reads the catalogues when a message is first written, after every
// package's init. A catalogue registered after they were read (a message written by a
// package-level variable) stops the program as it starts.
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
	// read is set once the catalogues were read: a catalogue registered later would be missing
	// from them.
	read bool
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
	if read {
		panic(fmt.Sprintf("msg: the catalogue %s is registered after the catalogues were read: a package-level variable of a package loaded before it writes a message", name))
	}
	for _, c := range catalogues {
		if c.Name == name {
			panic(fmt.Sprintf("msg: the catalogue %s is registered twice", name))
		}
	}
	catalogues = append(catalogues, Catalogue{Name: name, FS: sub})
}

// Catalogues are the registered catalogues, by name. Reading them closes the registry.
func Catalogues() []Catalogue {
	mu.Lock()
	defer mu.Unlock()
	read = true
	out := slices.Clone(catalogues)
	slices.SortFunc(out, func(a, b Catalogue) int { return strings.Compare(a.Name, b.Name) })
	return out
}
