package postgres

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
)

// hashEngine replays a game whose snapshot is {"n":moves} and hash "h<moves>", as game() makes.
type hashEngine struct{}

func (hashEngine) Replay(_ []byte, moves []storage.Move) ([]byte, string, error) {
	return json.RawMessage(fmt.Sprintf(`{"n":%d}`, len(moves))), fmt.Sprintf("h%d", len(moves)), nil
}
func (hashEngine) Redact(s []byte) ([]byte, error) { return s, nil }
func (hashEngine) Legacy([]byte) bool              { return false }
func (hashEngine) Upgrade([]byte, []storage.Move) (storage.Upgraded, error) {
	return storage.Upgraded{}, fmt.Errorf("no older format")
}

// fill puts games (live, finished, with timers), players, a league and ratings into s.
func fill(t *testing.T, s interface {
	CreateGame(storage.GameRecord, []byte, string) error
	AppendMove(storage.Commit) (bool, error)
	SetTimers(string, []storage.Timer) error
	FinishWithResult(string, storage.Status, []storage.Standing, storage.Result) error
	SetPlayerSettings(string, storage.Settings) error
	WebSecret() ([]byte, error)
	SetGuildSettings(string, storage.GuildSettings) error
	RevokeWebLinks(string) (uint64, error)
	SaveLeague(league.League, ...league.Season) error
}) {
	t.Helper()
	for n := range 4 {
		id := fmt.Sprintf("g%d", n)
		if err := s.CreateGame(storage.GameRecord{ID: id, ChannelID: "chan-" + id, Guild: "guild1", Players: []string{"alice", "bob"}, Setup: json.RawMessage(`{"seed":1}`), Status: storage.StatusPlaying},
			json.RawMessage(`{"n":0}`), "h0"); err != nil {
			t.Fatal(err)
		}
		for seq := range n + 1 {
			c := storage.Commit{GameID: id, ExpectSeq: uint64(seq), Snapshot: json.RawMessage(fmt.Sprintf(`{"n":%d}`, seq+1)), Hash: fmt.Sprintf("h%d", seq+1),
				Move: storage.Move{Actor: "alice", Data: json.RawMessage(`{"add":1}`), InteractionID: fmt.Sprintf("i%d", seq), Time: time.Date(2026, 1, 1, 0, 0, seq, 7, time.UTC)}}
			if ok, err := s.AppendMove(c); !ok || err != nil {
				t.Fatal(ok, err)
			}
		}
		if n%2 == 1 {
			r := storage.Result{Guild: "guild1", Map: "france", GameID: id, Players: []string{"alice", "bob"}, Scores: []int{3, 1}, Places: []int{1, 2}, At: time.Date(2026, 1, 2, n, 0, 0, 0, time.UTC)}
			if err := s.FinishWithResult(id, storage.StatusFinished, []storage.Standing{{UserID: "alice", Score: 3, Rank: 1}, {UserID: "bob", Score: 1, Rank: 2}}, r); err != nil {
				t.Fatal(err)
			}
		} else if err := s.SetTimers(id, []storage.Timer{{Kind: "deadline", UserID: "bob", At: time.Date(2026, 1, 3, 0, 0, 0, 9, time.UTC)}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SetPlayerSettings("alice", storage.Settings{TimeZone: "Europe/Paris", Notify: "dm"}); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveLeague(league.League{ID: "l1", Guild: "guild1", Name: "Spring"}, league.Season{League: "l1", Number: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.WebSecret(); err != nil {
		t.Fatal(err)
	}
	if err := s.SetGuildSettings("guild1", storage.GuildSettings{VacationDays: 10}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RevokeWebLinks("g1"); err != nil {
		t.Fatal(err)
	}
}

// TestMigrateBboltToPostgreSQLAndBack: a bbolt database copied into PostgreSQL and from there
// into a second bbolt file keeps every game (each verified by its export) and everything else.
func TestMigrateBboltToPostgreSQLAndBack(t *testing.T) {
	dir := t.TempDir()
	src, err := storage.Open(filepath.Join(dir, "a.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	fill(t, src)
	pg, err := Open(pgtest.URL(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	if n, err := storage.Copy(src, pg, hashEngine{}, nil); err != nil || n != 4 {
		t.Fatalf("copy into PostgreSQL: %d games, %v", n, err)
	}
	back, err := storage.Open(filepath.Join(dir, "b.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	if n, err := storage.Copy(pg, back, hashEngine{}, nil); err != nil || n != 4 {
		t.Fatalf("copy back into bbolt: %d games, %v", n, err)
	}
	for _, id := range []string{"g0", "g1", "g2", "g3"} {
		a, _ := src.Export(id, true, hashEngine{})
		b, _ := back.Export(id, true, hashEngine{})
		if string(a) != string(b) {
			t.Fatalf("game %s differs after the round trip:\n%s\n%s", id, a, b)
		}
	}
	da, err := src.Dump()
	if err != nil {
		t.Fatal(err)
	}
	db, err := back.Dump()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(da, db) {
		t.Fatalf("players, leagues or ratings differ after the round trip:\n%+v\n%+v", da, db)
	}
	if len(da.Guilds) != 1 || da.Guilds[0].Settings.VacationDays != 10 {
		t.Fatalf("the servers' settings did not come through: %+v", da.Guilds)
	}
	if len(da.WebLinks.Secret) != 32 || da.WebLinks.Generations["g1"] != 1 {
		t.Fatalf("the web links did not come through: %+v", da.WebLinks)
	}
	if len(da.Players) != 2 || len(da.Ratings) != 4 || len(da.Rated) != 2 {
		t.Fatalf("the dump holds %d players, %d ratings, %d rated games", len(da.Players), len(da.Ratings), len(da.Rated))
	}
	if _, err := storage.Copy(src, pg, hashEngine{}, nil); err == nil {
		t.Fatal("a copy into a database that holds games was not refused")
	}
	if ts, _ := pg.Timers("g0"); len(ts) != 1 || ts[0].At.Nanosecond() != 9 {
		t.Fatalf("timers after the copy: %v", ts)
	}
}
