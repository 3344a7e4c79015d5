package postgres

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
)

// rowGame is a game of these tests: its moves each carry an announcement.
type rowGame struct {
	id  string
	seq uint64
}

func newRowGame(t *testing.T, s *Store, id string) *rowGame {
	t.Helper()
	snap := []byte(`{"sum":0}`)
	if err := s.CreateGame(storage.GameRecord{ID: id, ChannelID: "chan-" + id, Status: storage.StatusPlaying,
		Setup: json.RawMessage(`{}`)}, snap, hash(snap)); err != nil {
		t.Fatal(err)
	}
	return &rowGame{id: id}
}

// move commits the game's next move on s, with its announcement.
func (g *rowGame) move(t *testing.T, s *Store) {
	t.Helper()
	next := []byte(`{"sum":` + strconv.FormatUint(g.seq+1, 10) + `}`)
	applied, err := s.AppendMove(storage.Commit{GameID: g.id, ExpectSeq: g.seq, Snapshot: next, Hash: hash(next),
		Move:     storage.Move{Actor: "alice", Data: json.RawMessage(`{}`), InteractionID: g.id + "-" + strconv.FormatUint(g.seq, 10)},
		Announce: &storage.Announcement{Channel: "chan-" + g.id, Message: json.RawMessage(`{"move":` + strconv.FormatUint(g.seq+1, 10) + `}`)}})
	if err != nil || !applied {
		t.Fatalf("move %d of %s: %v, %v", g.seq+1, g.id, applied, err)
	}
	g.seq++
}

// waiting lists the seqs of the announcements still to make, in game and move order.
func waiting(t *testing.T, s *Store) []string {
	t.Helper()
	list, err := s.Announcements()
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, a := range list {
		out = append(out, a.GameID+"/"+strconv.FormatUint(a.Seq, 10))
	}
	return out
}

// tableRows counts the announcements kept in the table rather than in their game's row.
func tableRows(t *testing.T, s *Store) int {
	t.Helper()
	var n int
	if err := s.pool.QueryRow(context.Background(), `SELECT count(*) FROM announcements`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestAMoveReplacesItsGamesSaidAnnouncementAndKeepsOneNotSaid: a game's latest announcement
// lives in its row. The next move overwrites it if this process said it (no row of the table is
// written, and its clear is dropped), and keeps it in the table if not, to be said later.
func TestAMoveReplacesItsGamesSaidAnnouncementAndKeepsOneNotSaid(t *testing.T) {
	s, err := Open(pgtest.URL(t), Options{clearEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g := newRowGame(t, s, "g")
	g.move(t, s)
	if got := waiting(t, s); !slices.Equal(got, []string{"g/1"}) || tableRows(t, s) != 0 {
		t.Fatalf("after one move: waiting %v, %d in the table; want g/1 in its row", got, tableRows(t, s))
	}
	g.move(t, s) // move 1 not said yet: it must stay
	if got := waiting(t, s); !slices.Equal(got, []string{"g/1", "g/2"}) || tableRows(t, s) != 1 {
		t.Fatalf("a move over one not said: waiting %v, %d in the table; want g/1 kept in the table and g/2 in the row", got, tableRows(t, s))
	}
	for _, seq := range []uint64{1, 2} {
		if err := s.Announced("g", seq); err != nil {
			t.Fatal(err)
		}
	}
	if got := waiting(t, s); len(got) != 0 {
		t.Fatalf("both said and cleared, yet waiting %v", got)
	}
	g.move(t, s)
	if err := s.Announced("g", 3); err != nil {
		t.Fatal(err)
	}
	g.move(t, s) // move 3 said, its clear not written yet: overwritten
	if s.clears.Said("g", 3) {
		t.Error("the clear of the announcement a move overwrote is still pending")
	}
	if got := waiting(t, s); !slices.Equal(got, []string{"g/4"}) || tableRows(t, s) != 0 {
		t.Fatalf("a move over one said: waiting %v, %d in the table; want g/4 alone, in its row", got, tableRows(t, s))
	}
	late := time.Now().Add(storage.AnnounceGrace + time.Minute)
	var said []uint64
	if _, err := s.ClaimAnnouncements(late, func(a storage.Announcement) error {
		said = append(said, a.Seq)
		if string(a.Message) != `{"move":4}` || a.Channel != "chan-g" {
			t.Errorf("claimed %+v", a)
		}
		return nil
	}); err != nil || len(said) != 1 || said[0] != 4 {
		t.Fatalf("past its grace, claimed %v (%v); want move 4 once", said, err)
	}
	if got := waiting(t, s); len(got) != 0 {
		t.Fatalf("claimed and said, yet waiting %v", got)
	}
}

// TestAnAnnouncementSaidByOneProcessAndKeptByAnothersMoveIsClearedOnce: process A says its move;
// before its clear reaches the server, process B makes the next move, knows nothing of A's
// saying, and keeps A's announcement in the table. A's clear deletes it there: nobody says it
// again. A move holding the row while A clears makes A try again at its next batch.
func TestAnAnnouncementSaidByOneProcessAndKeptByAnothersMoveIsClearedOnce(t *testing.T) {
	url := pgtest.URL(t)
	a, err := Open(url, Options{clearEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(url, Options{clearEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	g := newRowGame(t, a, "g")
	g.move(t, a)
	if err := a.Announced("g", 1); err != nil {
		t.Fatal(err)
	}
	g.move(t, b)
	if got := waiting(t, b); !slices.Equal(got, []string{"g/1", "g/2"}) {
		t.Fatalf("B's move over A's said announcement: waiting %v", got)
	}
	if err := a.clears.Flush(); err != nil {
		t.Fatal(err)
	}
	if got := waiting(t, b); !slices.Equal(got, []string{"g/2"}) {
		t.Fatalf("after A's clear: waiting %v; want B's move alone", got)
	}

	// A move of B holds the row (its transaction open) while A clears move 2, which A said.
	if err := a.Announced("g", 2); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	tx, err := b.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, `SELECT 1 FROM games WHERE id = 'g' FOR UPDATE`); err != nil {
		t.Fatal(err)
	}
	if err := a.clears.Flush(); err != nil {
		t.Fatalf("a clear must not wait for a move: %v", err)
	}
	if !a.clears.Said("g", 2) {
		t.Fatal("the clear of a row held by a move was dropped instead of kept for the next batch")
	}
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if err := a.clears.Flush(); err != nil {
		t.Fatal(err)
	}
	if a.clears.Said("g", 2) {
		t.Error("cleared, yet still pending")
	}
	if got := waiting(t, b); len(got) != 0 {
		t.Fatalf("every move said and cleared, yet waiting %v", got)
	}
}

// TestASchema3DatabaseKeepsItsAnnouncements: a database of schema 3, whose announcements all
// live in the table, gains the rows' columns and still says what it had to say.
func TestASchema3DatabaseKeepsItsAnnouncements(t *testing.T) {
	url := pgtest.URL(t)
	old, err := Open(url, Options{migrations: migrations[:3], clearEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	// The game as a bot of schema 3 wrote it: the row of that schema's columns.
	snap := []byte(`{"sum":0}`)
	doc, _, err := recordColumns(storage.GameRecord{ID: "g", ChannelID: "chan-g", Status: storage.StatusPlaying, Setup: json.RawMessage(`{}`)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.pool.Exec(context.Background(), `INSERT INTO games (id, record, status, place, active, guild, seq, hash, updated_ns, snapshot)
		VALUES ('g', $1, 'playing', 'chan-g', true, '', 0, $2, 0, $3)`, doc, hash(snap), snap); err != nil {
		t.Fatal(err)
	}
	// What a bot of schema 3 wrote with its move: the announcement as a row of the table.
	if _, err := old.pool.Exec(context.Background(), insertAnnouncement,
		announceArgs(&storage.Announcement{GameID: "g", Channel: "chan-g", Message: json.RawMessage(`{"old":true}`), Created: time.Now()}, 1, 7)...); err != nil {
		t.Fatal(err)
	}
	old.Close()
	s, err := Open(url, Options{clearEvery: -1})
	if err != nil {
		t.Fatalf("migrating schema 3: %v", err)
	}
	defer s.Close()
	if got := waiting(t, s); !slices.Equal(got, []string{"g/1"}) {
		t.Fatalf("after the migration: waiting %v", got)
	}
	var said []string
	if _, err := s.ClaimAnnouncements(time.Now(), func(a storage.Announcement) error {
		said = append(said, string(a.Message))
		return nil
	}); err != nil || !slices.Equal(said, []string{`{"old":true}`}) {
		t.Fatalf("the old process is gone, so its announcement is due: said %v (%v)", said, err)
	}
}
