package storage

import (
	"bytes"
	"path/filepath"
	"testing"
)

// The secret of the web pages' links and the pages' generations outlast a restart, so the links
// given out stay valid and the revoked ones stay revoked (the rest is storetest's webLinks case).
func TestWebLinksSecretLastsAcrossARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	first, err := s.WebSecret()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.RevokeWebLinks("g1"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if again, _ := s.WebSecret(); !bytes.Equal(again, first) {
		t.Error("the secret changed across a restart: every link given out would break")
	}
	if gen, _ := s.WebLinkGeneration("g1"); gen != 1 {
		t.Errorf("g1's generation after a restart: %d, want 1", gen)
	}
}
