package postgres

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
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
func fill(t *testing.T, s storage.Database) {
	t.Helper()
	for n := range 4 {
		id := fmt.Sprintf("g%d", n)
		if err := s.CreateGame(storage.GameRecord{ID: id, ChannelID: "chan-" + id, Guild: "guild1", Players: []string{"alice", "bob"}, Setup: json.RawMessage(`{"seed":1}`), Status: storage.StatusPlaying},
			json.RawMessage(`{"n":0}`), "h0"); err != nil {
			t.Fatal(err)
		}
		for seq := range n + 1 {
			c := storage.Commit{GameID: id, ExpectSeq: uint64(seq), Snapshot: json.RawMessage(fmt.Sprintf(`{"n":%d}`, seq+1)), Hash: fmt.Sprintf("h%d", seq+1),
				Move: storage.Move{Actor: "alice", Data: json.RawMessage(`{"add":1}`), InteractionID: fmt.Sprintf("i%d", seq), Time: time.Date(2026, 1, 1, 0, 0, seq, 7, time.UTC)},
				// Every move is announced, none said: a game's earlier ones wait beside its last.
				Announce: &storage.Announcement{Channel: "chan-" + id, Message: json.RawMessage(fmt.Sprintf(`{"text":"move %d"}`, seq+1)),
					AppID: "app", Token: fmt.Sprintf("token-%s-%d", id, seq), TokenTime: time.Date(2026, 1, 1, 0, 0, seq, 3, time.UTC)}}
			if ok, err := s.AppendMove(c); !ok || err != nil {
				t.Fatal(ok, err)
			}
		}
		if n%2 == 1 {
			r := league.GameResult{Guild: "guild1", Map: "france", GameID: id, Players: []string{"alice", "bob"}, Scores: []int{3, 1}, Places: []int{1, 2}, At: time.Date(2026, 1, 2, n, 0, 0, 0, time.UTC)}
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

// openBolt opens a new bbolt file named name in dir, closed at the end of the test.
func openBolt(t *testing.T, dir, name string) *storage.Store {
	t.Helper()
	s, err := storage.Open(filepath.Join(dir, name), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// openPostgreSQL opens a new PostgreSQL database, closed at the end of the test.
func openPostgreSQL(t *testing.T) *Store {
	t.Helper()
	s, err := Open(pgtest.URL(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
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
	if rep, err := storage.Copy(src, pg, "a.db", hashEngine{}, nil); err != nil || rep.Games != 4 {
		t.Fatalf("copy into PostgreSQL: %d games, %v", rep.Games, err)
	}
	back, err := storage.Open(filepath.Join(dir, "b.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	if rep, err := storage.Copy(pg, back, "pg", hashEngine{}, nil); err != nil || rep.Games != 4 {
		t.Fatalf("copy back into bbolt: %d games, %v", rep.Games, err)
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
	if len(da.Announcements) != 10 || len(db.Announcements) != 10 {
		t.Fatalf("the moves still to announce: %d in the original, %d after the round trip; want 10", len(da.Announcements), len(db.Announcements))
	}
	for _, d := range []*storage.Dump{&da, &db} {
		for i := range d.Announcements {
			d.Announcements[i].Owner = "" // each store names its own writers
		}
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
	if _, err := storage.Copy(src, pg, "a.db", hashEngine{}, nil); err == nil {
		t.Fatal("a copy into a database that holds games was not refused")
	}
	if ts, _ := pg.Timers("g0"); len(ts) != 1 || ts[0].At.Nanosecond() != 9 {
		t.Fatalf("timers after the copy: %v", ts)
	}
}

// announcedMoves lists the announcements of a store as game/seq: what, from its channel and
// message, must be said.
func announcedMoves(t *testing.T, s interface {
	Announcements() ([]storage.Announcement, error)
}) map[string]string {
	t.Helper()
	list, err := s.Announcements()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, a := range list {
		out[fmt.Sprintf("%s/%d", a.GameID, a.Seq)] = a.Channel + " " + string(a.Message) + " " + a.Token
	}
	return out
}

// claimedMoves claims every announcement due now on s, as a bot that just opened it.
func claimedMoves(t *testing.T, s interface {
	ClaimAnnouncements(time.Time, func(storage.Announcement) error) (int, error)
}) map[string]int {
	t.Helper()
	said := map[string]int{}
	if _, err := s.ClaimAnnouncements(time.Now(), func(a storage.Announcement) error {
		said[fmt.Sprintf("%s/%d", a.GameID, a.Seq)]++
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return said
}

// TestMigrateKeepsTheMovesStillToAnnounce: moves committed and not announced before bot migrate
// are announced after it, once, by the first bot that opens the copy, in both directions (on
// PostgreSQL a game's latest announcement is in its row, the earlier ones in the table).
func TestMigrateKeepsTheMovesStillToAnnounce(t *testing.T) {
	dir := t.TempDir()
	bolt, err := storage.Open(filepath.Join(dir, "a.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer bolt.Close()
	fill(t, bolt)
	pg, err := Open(pgtest.URL(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	want := announcedMoves(t, bolt)
	if len(want) != 10 {
		t.Fatalf("the original holds %d announcements, want 10", len(want))
	}
	if _, err := storage.Copy(bolt, pg, "bolt", hashEngine{}, nil); err != nil {
		t.Fatalf("copy into PostgreSQL: %v", err)
	}
	if got := announcedMoves(t, pg); !reflect.DeepEqual(got, want) {
		t.Fatalf("announcements in PostgreSQL:\n%v\nwant\n%v", got, want)
	}

	pgSrc, err := Open(pgtest.URL(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer pgSrc.Close()
	fill(t, pgSrc)
	if got := announcedMoves(t, pgSrc); !reflect.DeepEqual(got, want) {
		t.Fatalf("the same moves made on PostgreSQL announce\n%v\nwant\n%v", got, want)
	}
	back, err := storage.Open(filepath.Join(dir, "b.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	if _, err := storage.Copy(pgSrc, back, "pg", hashEngine{}, nil); err != nil {
		t.Fatalf("copy into bbolt: %v", err)
	}
	if got := announcedMoves(t, back); !reflect.DeepEqual(got, want) {
		t.Fatalf("announcements in bbolt:\n%v\nwant\n%v", got, want)
	}

	for name, s := range map[string]interface {
		ClaimAnnouncements(time.Time, func(storage.Announcement) error) (int, error)
	}{"PostgreSQL": pg, "bbolt": back} {
		said := claimedMoves(t, s)
		if len(said) != len(want) {
			t.Errorf("%s: the first claim said %d moves, want %d: %v", name, len(said), len(want), said)
		}
		for k, n := range said {
			if n != 1 || want[k] == "" {
				t.Errorf("%s: %s said %d times", name, k, n)
			}
		}
		if again := claimedMoves(t, s); len(again) != 0 {
			t.Errorf("%s: said again %v", name, again)
		}
	}
}

// runningGameWithReminders stores a running game whose timers are set as the bot sets them: the
// deadline first, then its reminders, which fall due before it.
func runningGameWithReminders(t *testing.T, s *storage.Store, id string) {
	t.Helper()
	if err := s.CreateGame(storage.GameRecord{ID: id, ChannelID: "chan-" + id, Guild: "guild1", Players: []string{"alice", "bob"},
		Setup: json.RawMessage(`{"seed":1}`), Status: storage.StatusPlaying}, json.RawMessage(`{"n":0}`), "h0"); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 1, 3, 0, 0, 0, 0, time.UTC)
	if err := s.SetTimers(id, []storage.Timer{{Kind: "deadline", UserID: "bob", At: at.Add(48 * time.Hour)},
		{Kind: "reminder1", UserID: "bob", At: at.Add(24 * time.Hour)}, {Kind: "reminder2", UserID: "bob", At: at.Add(36 * time.Hour)},
		{Kind: "reminder3", UserID: "bob", At: at.Add(43 * time.Hour)}}); err != nil {
		t.Fatal(err)
	}
}

// TestACopyComparesTheTimersAsASet: a running game with its reminders copies into PostgreSQL and
// back, although the two stores list its timers in different orders: the check compares what the
// stores mean, not the order they list it in.
func TestACopyComparesTheTimersAsASet(t *testing.T) {
	dir := t.TempDir()
	src := openBolt(t, dir, "a.db")
	runningGameWithReminders(t, src, "g1")
	pg := openPostgreSQL(t)
	if rep, err := storage.Copy(src, pg, "a.db", hashEngine{}, nil); err != nil || rep.Games != 1 {
		t.Fatalf("copy into PostgreSQL: %+v, %v", rep, err)
	}
	a, _ := src.Timers("g1")
	b, _ := pg.Timers("g1")
	if reflect.DeepEqual(a, b) || len(a) != 4 || len(b) != 4 {
		t.Fatalf("the stores list the timers %v and %v: the test no longer tells what it should", a, b)
	}
	back := openBolt(t, dir, "b.db")
	if _, err := storage.Copy(pg, back, "pg", hashEngine{}, nil); err != nil {
		t.Fatalf("copy back into bbolt: %v", err)
	}
}

// stopsAfter is a destination that stops (an error, as a killed process or a lost connection
// would) before its n+1-th import.
type stopsAfter struct {
	*Store
	n int
}

func (s *stopsAfter) Import(data []byte, e storage.Engine) (storage.GameRecord, error) {
	if s.n == 0 {
		return storage.GameRecord{}, fmt.Errorf("the connection to the server was lost")
	}
	s.n--
	return s.Store.Import(data, e)
}

// TestACopyStoppedHalfWayIsFinishedByARerun: a copy that stops after two of its four games leaves
// a database marked as an unfinished copy, which no bot opens; the same copy run again finishes
// it, copying only what was missing, so that nothing is doubled; a copy of another source into it
// is refused.
func TestACopyStoppedHalfWayIsFinishedByARerun(t *testing.T) {
	dir := t.TempDir()
	src := openBolt(t, dir, "a.db")
	fill(t, src)
	url := pgtest.URL(t)
	pg, err := Open(url, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := storage.Copy(src, &stopsAfter{pg, 2}, "a.db", hashEngine{}, nil); err == nil {
		t.Fatal("the stopped copy succeeded")
	}
	pg.Close()
	if _, err := Open(url, Options{}); !errors.Is(err, storage.ErrUnfinishedCopy) || !strings.Contains(err.Error(), "a copy of a.db that bot migrate started") {
		t.Fatalf("opening the unfinished copy: %v", err)
	}
	pg, err = Open(url, Options{Copying: true})
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	if _, err := storage.Copy(src, pg, "other.db", hashEngine{}, nil); err == nil || !strings.Contains(err.Error(), "unfinished copy of a.db, not of other.db") {
		t.Fatalf("a copy of another source into the unfinished one: %v", err)
	}
	rep, err := storage.Copy(src, pg, "a.db", hashEngine{}, nil)
	if err != nil || rep.Games != 4 || rep.Resumed != 2 {
		t.Fatalf("the rerun: %+v, %v", rep, err)
	}
	if mark, err := pg.CopyMark(); mark != nil || err != nil {
		t.Fatalf("the finished copy is still marked: %+v, %v", mark, err)
	}
	want, _ := src.Dump()
	got, _ := pg.Dump()
	if err := storage.SameDump(want, got); err != nil || len(got.Ratings) != len(want.Ratings) || len(got.Announcements) != len(want.Announcements) {
		t.Fatalf("after the rerun: %v (ratings %d of %d, announcements %d of %d)", err, len(got.Ratings), len(want.Ratings), len(got.Announcements), len(want.Announcements))
	}
	if ids, _ := pg.GameIDs(); len(ids) != 4 {
		t.Fatalf("the copy holds %d games", len(ids))
	}
}

// TestATextPostgreSQLCannotKeepIsCarriedOver: a league name holding U+0000 (which PostgreSQL's
// jsonb refuses) written by an earlier release no longer stops a copy half-way: it is carried over
// as U+FFFD, and the copy says so.
func TestATextPostgreSQLCannotKeepIsCarriedOver(t *testing.T) {
	src := openBolt(t, t.TempDir(), "a.db")
	fill(t, src)
	if err := src.SaveLeague(league.League{ID: "l2", Guild: "guild1", Name: "Spring\x00Cup"}, league.Season{League: "l2", Number: 1}); err != nil {
		t.Fatal(err)
	}
	pg := openPostgreSQL(t)
	rep, err := storage.Copy(src, pg, "a.db", hashEngine{}, nil)
	if err != nil || len(rep.Kept) != 1 || !strings.Contains(rep.Kept[0], ".leagues[") || !strings.HasSuffix(rep.Kept[0], ".name") {
		t.Fatalf("copy: %+v, %v", rep, err)
	}
	if l, err := pg.League("l2"); err != nil || l.Name != "Spring\uFFFDCup" {
		t.Fatalf("the league in PostgreSQL: %q, %v", l.Name, err)
	}
}

// TestAGameWithU0000AndAGameSetAsideCopyAsTheyAre: a game's record is kept byte for byte in
// PostgreSQL (json, which keeps U+0000), and its timers still fall due; a game set aside is copied
// with its mark and its data untouched, and its timers fall due for nobody there either.
func TestAGameWithU0000AndAGameSetAsideCopyAsTheyAre(t *testing.T) {
	dir := t.TempDir()
	src := openBolt(t, dir, "a.db")
	for _, id := range []string{"named", "aside"} {
		if err := src.CreateGame(storage.GameRecord{ID: id, ChannelID: "chan-" + id, Players: []string{"alice"}, Status: storage.StatusPlaying,
			Setup: json.RawMessage(`{"seat":"al\u0000ice"}`)}, json.RawMessage(`{"n":0}`), "h0"); err != nil {
			t.Fatal(err)
		}
		if err := src.SetTimers(id, []storage.Timer{{Kind: "deadline", UserID: "alice", At: time.Date(2026, 1, 3, 0, 0, 0, 0, time.UTC)}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := src.SetAside("aside", "its record does not upgrade"); err != nil {
		t.Fatal(err)
	}
	pg := openPostgreSQL(t)
	if rep, err := storage.Copy(src, pg, "a.db", hashEngine{}, nil); err != nil || rep.Games != 2 {
		t.Fatalf("copy: %+v, %v", rep, err)
	}
	due, err := pg.DueTimers(time.Date(2026, 1, 4, 0, 0, 0, 0, time.UTC))
	if err != nil || len(due) != 1 || due[0].GameID != "named" {
		t.Fatalf("due timers in PostgreSQL: %v, %v", due, err)
	}
	if list, err := pg.AsideGames(); err != nil || len(list) != 1 || list["aside"].Reason != "its record does not upgrade" {
		t.Fatalf("games set aside in PostgreSQL: %v, %v", list, err)
	}
	if rec, err := pg.Game("named"); err != nil || string(rec.Setup) != `{"seat":"al\u0000ice"}` {
		t.Fatalf("the record in PostgreSQL: %s, %v", rec.Setup, err)
	}
}
