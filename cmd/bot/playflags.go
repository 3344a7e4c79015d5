package main

import (
	"crypto/rand"
	"encoding/binary"
	"flag"
	"fmt"
	"strings"
)

// autoFlags are the flags of bot play that only random or AI games (--auto) read.
var autoFlags = []string{"map", "players", "seed", "ai"}

// autoOnly refuses a flag of --auto given without it, rather than ignore it: at the hot-seat table
// or in a script the map, the players and the seed are chosen by commands.
func autoOnly(fs *flag.FlagSet, auto bool) error {
	if auto {
		return nil
	}
	var set []string
	fs.Visit(func(f *flag.Flag) {
		for _, a := range autoFlags {
			if f.Name == a {
				set = append(set, "--"+a)
			}
		}
	})
	if len(set) == 0 {
		return nil
	}
	return fmt.Errorf("%s only set up random games (--auto N); at the table the game is chosen by commands: "+
		"ann: /carc new map:taiwan seed:7, bob: /carc join, /table bot level:normal", strings.Join(set, ", "))
}

// randomSeed is the seed of a hot-seat game opened without one: from the operating system's
// random source, so that no two games are dealt alike.
func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:]) // never fails: crypto/rand crashes the program rather than return less
	return binary.LittleEndian.Uint64(b[:])
}
