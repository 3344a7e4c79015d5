package variants_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// TestSnapshotsKeepTheirHashes: the engine's state hash is published (a complete record carries
// it after every move, and bot replay and bot verify check it), so every state an earlier engine
// reached must keep its snapshot's bytes. The fixture's games, on every map, replay to the hash
// the earlier engine computed after every move, and every state restores from its snapshot to the
// same bytes. Among them are meeples that count 2 (upgrades), extra turns and extra turns owed,
// which the snapshot writes in keys of their own (u, extra, extra_next).
func TestSnapshotsKeepTheirHashes(t *testing.T) {
	f, err := os.Open(snapshotFixture)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	var doc snapshotGames
	if err := json.Unmarshal(data, &doc); err != nil || doc.Format != snapshotFormat {
		t.Fatalf("%s: format %q, %v", snapshotFixture, doc.Format, err)
	}
	maps := map[string]bool{}
	weighed, extra := 0, 0
	for i, sg := range doc.Games {
		e, err := variants.Lookup(sg.Map)
		if err != nil {
			t.Fatal(err)
		}
		maps[sg.Map] = true
		g, err := game.NewGame(e.Map, e.Variant, sg.Setup)
		if err != nil {
			t.Fatalf("game %d (%s): %v", i, sg.Map, err)
		}
		check := func(n int, what string) {
			t.Helper()
			snap, err := g.Snapshot()
			if err != nil {
				t.Fatal(err)
			}
			if h := g.Hash(); h[:16] != sg.Hashes[n] {
				t.Fatalf("game %d (%s), %s: the hash is %s..., the engine of %s computed %s...\nsnapshot %s", i, sg.Map, what, h[:16], doc.Commit, sg.Hashes[n], snap)
			}
			r, err := game.Restore(e.Map, e.Variant, snap)
			if err != nil {
				t.Fatalf("game %d (%s), %s: %v", i, sg.Map, what, err)
			}
			if again, _ := r.Snapshot(); !bytes.Equal(again, snap) {
				t.Fatalf("game %d (%s), %s: the snapshot restores to another one:\n%s\n%s", i, sg.Map, what, snap, again)
			}
		}
		check(0, "after setup")
		for n, m := range sg.Moves {
			if err := g.Play(m); err != nil {
				t.Fatalf("game %d (%s), move %d: %v", i, sg.Map, n+1, err)
			}
			check(n+1, fmt.Sprintf("after move %d", n+1))
			if g.ExtraTurn() {
				extra++
			}
			for _, mp := range g.Meeples {
				if mp.Weight == 2 {
					weighed++
				}
			}
		}
	}
	if len(maps) != len(variants.All(true)) || weighed == 0 || extra == 0 {
		t.Fatalf("the fixture plays %d of %d maps, %d states with a meeple counting 2, %d extra turns: it should cover them all",
			len(maps), len(variants.All(true)), weighed, extra)
	}
}
