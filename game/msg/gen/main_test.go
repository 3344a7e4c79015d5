package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestTheGeneratedIDsAreUpToDate: each package that keeps a catalogue beside its code has the
// constants of its English catalogue's ids as go generate writes them (go generate ./... after
// a catalogue changes).
func TestTheGeneratedIDsAreUpToDate(t *testing.T) {
	dirs, err := filepath.Glob("../../../variants/*/catalog/en.toml")
	dirs = append(dirs, "../../catalog/en.toml")
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) < 5 {
		t.Fatalf("only %d catalogues beside their code", len(dirs))
	}
	for _, en := range dirs {
		dir, err := filepath.Abs(filepath.Dir(filepath.Dir(en)))
		if err != nil {
			t.Fatal(err)
		}
		src, err := os.ReadFile(en)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Generate(filepath.Base(dir), src)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(dir, "msgids.go"))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s/msgids.go is not what go generate writes from its catalogue (%v): run go generate ./%s", dir, err, dir)
		}
	}
}

func TestConstName(t *testing.T) {
	if got := ConstName("france_sold_abroad"); got != "idFranceSoldAbroad" {
		t.Errorf("%q", got)
	}
}
