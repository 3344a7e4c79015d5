package storage

import (
	"bytes"
	"path/filepath"
	"testing"
)

// The secret of the web pages' links is made once and kept across restarts, so links stay valid;
// a revocation raises a page's generation, and only that page's.
func TestWebLinksSecretLastsAndRevocationsCount(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	first, err := s.WebSecret()
	if err != nil || len(first) != 32 {
		t.Fatalf("secret %x, %v", first, err)
	}
	if again, _ := s.WebSecret(); !bytes.Equal(again, first) {
		t.Fatal("the secret changed within a run")
	}
	if gen, err := s.WebLinkGeneration("g1"); err != nil || gen != 0 {
		t.Fatalf("a page never revoked: generation %d, %v", gen, err)
	}
	for want := uint64(1); want <= 2; want++ {
		if gen, err := s.RevokeWebLinks("g1"); err != nil || gen != want {
			t.Fatalf("revocation %d: generation %d, %v", want, gen, err)
		}
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
	if gen, _ := s.WebLinkGeneration("g1"); gen != 2 {
		t.Errorf("g1's generation after a restart: %d, want 2", gen)
	}
	if gen, _ := s.WebLinkGeneration("g2"); gen != 0 {
		t.Errorf("another page's generation: %d", gen)
	}
}
