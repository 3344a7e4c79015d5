package game

import (
	"slices"
	"testing"
)

func dealWith(t *testing.T, key string) *Game {
	t.Helper()
	g, err := NewGame(syntheticMap(), nil, Setup{Players: []string{"a", "b"}, Generator: GeneratorChaCha8, Key: key})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestSecretDealsRepeatFromTheirKeyOnly: a ChaCha8 deal is the same for the same key and differs
// for another key; the seed plays no part in it.
func TestSecretDealsRepeatFromTheirKeyOnly(t *testing.T) {
	k1 := "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
	k2 := "ff112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
	a, b, c := dealWith(t, k1), dealWith(t, k1), dealWith(t, k2)
	if !slices.Equal(a.Deck, b.Deck) || a.Hash() != b.Hash() {
		t.Fatal("two deals with one key differ")
	}
	if slices.Equal(a.Deck, c.Deck) {
		t.Fatal("deals with different keys are the same")
	}
	pcg, err := NewGame(syntheticMap(), nil, Setup{Players: []string{"a", "b"}})
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(pcg.Deck, a.Deck) {
		t.Fatal("a secret deal equals the seed-0 deal")
	}
	for _, bad := range []string{"", "00", "zz112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"} {
		if _, err := NewGame(syntheticMap(), nil, Setup{Players: []string{"a", "b"}, Generator: GeneratorChaCha8, Key: bad}); err == nil {
			t.Errorf("key %q accepted", bad)
		}
	}
	if _, err := NewGame(syntheticMap(), nil, Setup{Players: []string{"a", "b"}, Generator: "mt19937"}); err == nil {
		t.Error("an unknown generator was accepted")
	}
}

// TestSecretGeneratorSurvivesSnapshots: a skip puts the tile back into the stack with the game's
// generator, so a restored secret game must go on drawing exactly as the original.
func TestSecretGeneratorSurvivesSnapshots(t *testing.T) {
	g := dealWith(t, "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef")
	rng := NewRNG(3)
	for range 30 {
		m, _ := g.RandomMove(&rng, nil)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := g.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	r, err := Restore(g.Map, g.Variant, snap)
	if err != nil {
		t.Fatal(err)
	}
	for range 10 {
		if g.Phase == PhaseOver {
			break
		}
		for _, x := range []*Game{g, r} {
			if err := x.Play(Move{Kind: MoveSkip, Player: x.Current}); err != nil {
				t.Fatal(err)
			}
		}
		if !slices.Equal(g.Deck, r.Deck) || g.Hash() != r.Hash() {
			t.Fatal("the restored secret game puts skipped tiles back elsewhere")
		}
	}
}
