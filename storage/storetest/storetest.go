// Package storetest is the test suite every store implementation passes: the bbolt file of
// package storage, the PostgreSQL store of storage/postgres and the memory store of
// storage/memory run the same tests, so the bot gets the same answers from each.
package storetest

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Open opens a new, empty store for one test: the whole store (storage.Database), as the bot uses
// it.
type Open func(t *testing.T) storage.Database

// Run runs the whole suite against the stores open makes.
func Run(t *testing.T, open Open) {
	for _, tc := range []struct {
		name string
		test func(*testing.T, Open)
	}{
		{"a new game is stored with its record, its snapshot and its place", newGame},
		{"a place hosts one active game and an id is used once", onePerPlace},
		{"an accepted move is in the log, the snapshot and the record", moveStored},
		{"a retried interaction is applied once", retriedInteraction},
		{"a move computed on an old state is refused as a conflict", staleMove},
		{"racing moves on one game apply exactly one", racingMoves},
		{"the move that ends a game frees its place and counts in the stats", endingMove},
		{"an abandoned game counts as abandoned", abandoned},
		{"timers are kept with the game and fall due in time order", timersDue},
		{"a completed timer is gone; one replaced since it was read stays", completeTimer},
		{"a hold is kept in the record", hold},
		{"a game set aside is kept untouched, read-only, listed, told once and exported", aside},
		{"settings and stats are kept apart", settings},
		{"every player's settings are walked in user id order", everyPlayersSettings},
		{"a server's settings are its own", guildSettings},
		{"leagues and seasons round-trip and a saved season keeps later results", leagues},
		{"a rated game moves the ratings of its players", ratings},
		{"an admin export imports into another store, which verifies", exportImport},
		{"a league export imports into another store", leagueExport},
		{"a league's import verifies its games and rates them, never reading the file's ratings", leagueImportVerifies},
		{"a players' export hides the setup and the hidden state", playersExport},
		{"unknown games are not found", notFound},
		{"a move's announcement is kept with it and said once", announcementKept},
		{"a said announcement is cleared and never said again", announcementCleared},
		{"the web links' secret is made once and a revocation raises one page's generation", webLinks},
		{"an interaction is acted on once and a later delivery gets its first answer", interactionsOnce},
		{"a backup is a database file the bot opens, or a refusal that says how to back up", backupFile},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.test(t, open) })
	}
}

// counter is the suite's engine: a game's state is the sum of its moves' {"add":n}.
type counter struct{}

// Engine is the suite's rules engine, for a store that needs one to be opened (a memory store
// backs up through it).
var Engine storage.Engine = counter{}

type counterState struct {
	Seed  int64 `json:"table"`
	Moves int   `json:"moves"`
	Sum   int64 `json:"sum"`
	Deck  []int `json:"deck,omitempty"` // hidden: the players' view drops it
}

func state(seed int64, moves int, sum int64) []byte {
	b, _ := json.Marshal(counterState{seed, moves, sum, []int{3, 1, 2}})
	return b
}

func hashOf(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func (counter) Replay(setup []byte, moves []storage.Move) ([]byte, string, error) {
	var st struct {
		Seed int64 `json:"seed"`
	}
	if err := json.Unmarshal(setup, &st); err != nil {
		return nil, "", err
	}
	var sum int64
	for _, m := range moves {
		var mv struct {
			Add int64 `json:"add"`
		}
		if err := json.Unmarshal(m.Data, &mv); err != nil {
			return nil, "", err
		}
		sum += mv.Add
	}
	s := state(st.Seed, len(moves), sum)
	return s, hashOf(s), nil
}

func (counter) Redact(snapshot []byte) ([]byte, error) {
	var st counterState
	if err := json.Unmarshal(snapshot, &st); err != nil {
		return nil, err
	}
	st.Deck = nil
	return json.Marshal(st)
}

func (counter) Legacy([]byte) bool { return false }

func (counter) Upgrade([]byte, []storage.Move) (storage.Upgraded, error) {
	return storage.Upgraded{}, errors.New("no older format")
}

// sumOutcome is the suite's outcome of a game: alice scored the counter's sum, bob nothing.
type sumOutcome struct{}

func (sumOutcome) Outcome(snapshot []byte, _ league.Policy) (league.Outcome, error) {
	var st counterState
	if err := json.Unmarshal(snapshot, &st); err != nil {
		return league.Outcome{}, err
	}
	scores := []int{int(st.Sum), 0}
	return league.Outcome{Map: "france", Players: []string{"alice", "bob"}, Scores: scores, Places: league.Places(scores)}, nil
}

// game tracks a game on the test's side, building commits as the bot would.
type game struct {
	id       string
	seed     int64
	seq      uint64
	sum      int64
	channel  string
	players  []string
	guild    string
	at       time.Time
	lastSnap []byte
}

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 123456789, time.UTC) // nanoseconds: the stores keep them

func newTestGame(id, channel string) *game {
	return &game{id: id, seed: 7, channel: channel, players: []string{"alice", "bob"}, guild: "guild1", at: t0}
}

func (g *game) record() storage.GameRecord {
	return storage.GameRecord{ID: g.id, ChannelID: g.channel, Status: storage.StatusPlaying, Players: g.players, Guild: g.guild,
		Setup: json.RawMessage(fmt.Sprintf(`{"seed":%d}`, g.seed)), Options: json.RawMessage(`{"deadline":"24h"}`), Created: g.at}
}

func (g *game) create(t *testing.T, s storage.Database) {
	t.Helper()
	snap := state(g.seed, 0, 0)
	if err := s.CreateGame(g.record(), snap, hashOf(snap)); err != nil {
		t.Fatalf("create %s: %v", g.id, err)
	}
}

// commit is the commit of move {"add":add} on the game's current state.
func (g *game) commit(add int64, iid string) storage.Commit {
	snap := state(g.seed, int(g.seq)+1, g.sum+add)
	return storage.Commit{GameID: g.id, ExpectSeq: g.seq, Snapshot: snap, Hash: hashOf(snap),
		Move: storage.Move{Actor: "alice", Data: json.RawMessage(fmt.Sprintf(`{"add":%d}`, add)), InteractionID: iid,
			Time: g.at.Add(time.Duration(g.seq+1) * time.Minute)}}
}

// play commits c, built by commit, and fails the test unless it is applied.
func (g *game) play(t *testing.T, s storage.Database, c storage.Commit) {
	t.Helper()
	applied, err := s.AppendMove(c)
	if err != nil || !applied {
		t.Fatalf("move %s: applied %v, %v", c.Move.InteractionID, applied, err)
	}
	var mv struct {
		Add int64 `json:"add"`
	}
	_ = json.Unmarshal(c.Move.Data, &mv)
	g.seq++
	g.sum += mv.Add
	g.lastSnap = c.Snapshot
}

func open1(t *testing.T, open Open) storage.Database {
	s := open(t)
	t.Cleanup(func() { _ = s.Close() })
	return s
}
