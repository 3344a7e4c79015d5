package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestExportImportRoundTrip(t *testing.T) {
	src, _ := openTest(t)
	g := newGame(t, src, "g1")
	for i := range 10 {
		g.mustApply(t, src, int64(i), "i"+string(rune('a'+i)))
	}
	if err := src.SetTimers("g1", []Timer{{Kind: "deadline", UserID: "bob", At: t0}}); err != nil {
		t.Fatal(err)
	}
	data, err := src.Export("g1", true, counter{})
	if err != nil {
		t.Fatal(err)
	}

	dst, _ := openTest(t)
	rec, err := dst.Import(data, counter{})
	if err != nil {
		t.Fatalf("Import: %v", err)
	}
	want, _ := src.Game("g1")
	if !reflect.DeepEqual(rec, want) {
		t.Errorf("imported record\n%+v\nwant\n%+v", rec, want)
	}
	for _, check := range []func(*Store) (any, error){
		func(s *Store) (any, error) { return s.Game("g1") },
		func(s *Store) (any, error) { return s.Moves("g1") },
		func(s *Store) (any, error) { return s.Snapshot("g1") },
		func(s *Store) (any, error) { return s.DueTimers(t0) },
	} {
		a, errA := check(src)
		b, errB := check(dst)
		if errA != nil || errB != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("source and import differ:\n%+v (%v)\n%+v (%v)", a, errA, b, errB)
		}
	}
	if id, _, _ := dst.ActiveGame("chan-g1"); id != "g1" {
		t.Errorf("the imported game is not active in its channel")
	}
	// Retried interactions of the imported log are still recognised.
	if ok, err := dst.AppendMove(g.commit(1, "ia")); ok || err != nil {
		t.Errorf("retry after import: %v, %v", ok, err)
	}
	mustVerify(t, dst)

	if _, err := dst.Import(data, counter{}); !errors.Is(err, ErrExists) {
		t.Errorf("second import: %v, want ErrExists", err)
	}
}

func TestExportPlayersView(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(t, s, "g1")
	g.mustApply(t, s, 3, "secret-interaction")
	data, err := s.Export("g1", false, counter{})
	if err != nil {
		t.Fatal(err)
	}
	var doc GameExport
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.View != ViewPlayers || doc.Game.Setup != nil || doc.Game.Hash != "" || doc.Timers != nil ||
		len(doc.Moves) != 1 || doc.Moves[0].InteractionID != "" {
		t.Errorf("players' view leaks: %s", data)
	}
	for _, hidden := range []string{`"deck"`, `"seed"`, `"value"`, "secret-interaction"} {
		if bytes.Contains(data, []byte(hidden)) {
			t.Errorf("players' view contains %s", hidden)
		}
	}
	if !bytes.Contains(data, []byte(`"board"`)) {
		t.Errorf("players' view lost the board: %s", data)
	}
	if _, err := s.Import(data, counter{}); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "players") {
		t.Errorf("importing a players' view: %v, want ErrInvalid", err)
	}
}

func TestImportRefusesBadExports(t *testing.T) {
	src, _ := openTest(t)
	g := newGame(t, src, "g1")
	g.mustApply(t, src, 3, "m1")
	data, err := src.Export("g1", true, counter{})
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(*GameExport)) []byte {
		var doc GameExport
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		f(&doc)
		out, _ := json.Marshal(doc)
		return out
	}
	dst, _ := openTest(t)
	for name, bad := range map[string][]byte{
		"not JSON":         []byte("hello"),
		"other format":     edit(func(d *GameExport) { d.Format = "chess" }),
		"future version":   edit(func(d *GameExport) { d.Version = 99 }),
		"tampered move":    edit(func(d *GameExport) { d.Moves[0].Data = json.RawMessage(`{"add":4}`) }),
		"tampered hash":    edit(func(d *GameExport) { d.Game.Hash = "x" }),
		"missing move":     edit(func(d *GameExport) { d.Moves = nil }),
		"no interaction":   edit(func(d *GameExport) { d.Moves[0].InteractionID = "" }),
		"unreplayable log": edit(func(d *GameExport) { d.Moves[0].Data = json.RawMessage(`{"add":"x"}`) }),
	} {
		if _, err := dst.Import(bad, counter{}); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", name, err)
		}
	}
	if active, _ := dst.ActiveGames(); len(active) != 0 {
		t.Errorf("a refused import left games: %v", active)
	}
	// A channel that is busy refuses the import.
	newGame(t, dst, "other")
	busy := edit(func(d *GameExport) { d.Game.ChannelID = "chan-other" })
	if _, err := dst.Import(busy, counter{}); !errors.Is(err, ErrChannelBusy) {
		t.Errorf("busy channel: %v, want ErrChannelBusy", err)
	}
}

func TestImportFinishedGame(t *testing.T) {
	src, _ := openTest(t)
	g := newGame(t, src, "g1")
	g.mustApply(t, src, 3, "m1")
	if err := src.Finish("g1", StatusFinished, []Standing{{"alice", 3, 1}}); err != nil {
		t.Fatal(err)
	}
	if n, err := src.Compact(time.Now().Add(time.Hour)); n != 1 || err != nil {
		t.Fatalf("Compact = %d, %v", n, err)
	}
	data, err := src.Export("g1", true, counter{}) // from the archive
	if err != nil {
		t.Fatal(err)
	}
	dst, _ := openTest(t)
	if _, err := dst.Import(data, counter{}); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := dst.ActiveGame("chan-g1"); ok {
		t.Error("a finished game became active")
	}
	if st, _ := dst.PlayerStats("alice"); st != (Stats{}) {
		t.Errorf("import changed stats: %+v", st)
	}
	mustVerify(t, dst)
}
