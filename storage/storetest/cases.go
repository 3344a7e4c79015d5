package storetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

func newGame(t *testing.T, open Open) {
	s := open1(t, open)
	g := newTestGame("g1", "chan1")
	g.create(t, s)
	rec, err := s.Game("g1")
	if err != nil {
		t.Fatal(err)
	}
	want := g.record()
	want.Updated, want.Hash = t0, hashOf(state(g.seed, 0, 0))
	if !reflect.DeepEqual(rec, want) {
		t.Fatalf("record\n got %+v\nwant %+v", rec, want)
	}
	if id, ok, err := s.ActiveGame("chan1"); id != "g1" || !ok || err != nil {
		t.Fatalf("ActiveGame = %q %v %v", id, ok, err)
	}
	if _, ok, err := s.ActiveGame("elsewhere"); ok || err != nil {
		t.Fatalf("ActiveGame of an empty channel = %v %v", ok, err)
	}
	snap, err := s.Snapshot("g1")
	if err != nil || snap.Seq != 0 || !bytes.Equal(snap.State, state(g.seed, 0, 0)) {
		t.Fatalf("Snapshot = %+v, %v", snap, err)
	}
	recs, err := s.ActiveGames()
	if err != nil || len(recs) != 1 || recs[0].ID != "g1" {
		t.Fatalf("ActiveGames = %v, %v", recs, err)
	}
}

func onePerPlace(t *testing.T, open Open) {
	s := open1(t, open)
	newTestGame("g1", "chan1").create(t, s)
	snap := state(1, 0, 0)
	other := newTestGame("g2", "chan1").record()
	if err := s.CreateGame(other, snap, hashOf(snap)); !errors.Is(err, storage.ErrChannelBusy) {
		t.Fatalf("a second game in the channel: %v, want ErrChannelBusy", err)
	}
	again := newTestGame("g1", "chan2").record()
	if err := s.CreateGame(again, snap, hashOf(snap)); !errors.Is(err, storage.ErrExists) {
		t.Fatalf("a game id used twice: %v, want ErrExists", err)
	}
	bad := newTestGame("", "chan3").record()
	if err := s.CreateGame(bad, snap, hashOf(snap)); !errors.Is(err, storage.ErrInvalid) {
		t.Fatalf("an empty id: %v, want ErrInvalid", err)
	}
	thread := newTestGame("g3", "chan1").record()
	thread.ThreadID = "thread1"
	if err := s.CreateGame(thread, snap, hashOf(snap)); err != nil {
		t.Fatalf("a game in a thread of a busy channel: %v", err)
	}
}

func moveStored(t *testing.T, open Open) {
	s := open1(t, open)
	g := newTestGame("g1", "chan1")
	g.create(t, s)
	c := g.commit(5, "i1")
	c.Players = []string{"alice", "bob", "carol"}
	g.play(t, s, c)
	g.play(t, s, g.commit(2, "i2"))
	moves, err := s.Moves("g1")
	if err != nil || len(moves) != 2 {
		t.Fatalf("Moves = %v, %v", moves, err)
	}
	first := moves[0]
	if first.Seq != 1 || first.InteractionID != "i1" || first.Actor != "alice" || string(first.Data) != `{"add":5}` || !first.Time.Equal(c.Move.Time) || first.Time.Nanosecond() != c.Move.Time.Nanosecond() {
		t.Fatalf("first move %+v, committed %+v", first, c.Move)
	}
	snap, err := s.Snapshot("g1")
	if err != nil || snap.Seq != 2 || !bytes.Equal(snap.State, g.lastSnap) || snap.Hash != hashOf(g.lastSnap) {
		t.Fatalf("Snapshot = %+v, %v", snap, err)
	}
	rec, err := s.Game("g1")
	if err != nil || rec.Seq != 2 || len(rec.Players) != 3 || !rec.Updated.Equal(g.at.Add(2*time.Minute)) {
		t.Fatalf("record after two moves: %+v, %v", rec, err)
	}
}

func retriedInteraction(t *testing.T, open Open) {
	s := open1(t, open)
	g := newTestGame("g1", "chan1")
	g.create(t, s)
	c := g.commit(5, "i1")
	g.play(t, s, c)
	applied, err := s.AppendMove(c)
	if applied || err != nil {
		t.Fatalf("the same interaction again: applied %v, %v; want not applied, no error", applied, err)
	}
	if moves, _ := s.Moves("g1"); len(moves) != 1 {
		t.Fatalf("log has %d moves", len(moves))
	}
}

func staleMove(t *testing.T, open Open) {
	s := open1(t, open)
	g := newTestGame("g1", "chan1")
	g.create(t, s)
	stale := g.commit(1, "i1")
	g.play(t, s, g.commit(2, "i2"))
	_, err := s.AppendMove(stale)
	var ce *storage.ConflictError
	if !errors.As(err, &ce) || !errors.Is(err, storage.ErrConflict) || ce.Expected != 0 || ce.Actual != 1 {
		t.Fatalf("a move on an old state: %v, want a ConflictError at 0 vs 1", err)
	}
}

func racingMoves(t *testing.T, open Open) {
	s := open1(t, open)
	g := newTestGame("g1", "chan1")
	g.create(t, s)
	const n = 8
	var wg sync.WaitGroup
	results := make([]error, n)
	applied := make([]bool, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			applied[i], results[i] = s.AppendMove(g.commit(int64(i+1), fmt.Sprintf("i%d", i)))
		}()
	}
	wg.Wait()
	won := 0
	for i := range n {
		switch {
		case applied[i] && results[i] == nil:
			won++
		case !errors.Is(results[i], storage.ErrConflict):
			t.Errorf("racer %d: applied %v, %v; want applied or a conflict", i, applied[i], results[i])
		}
	}
	if moves, _ := s.Moves("g1"); won != 1 || len(moves) != 1 {
		t.Fatalf("%d racers won, the log has %d moves; want exactly one", won, len(moves))
	}
}

func endingMove(t *testing.T, open Open) {
	s := open1(t, open)
	g := newTestGame("g1", "chan1")
	g.create(t, s)
	c := g.commit(3, "i1")
	c.Timers = []storage.Timer{{Kind: "deadline", UserID: "bob", At: t0.Add(time.Hour)}}
	g.play(t, s, c)
	end := g.commit(4, "i2")
	end.Status = storage.StatusFinished
	end.Standings = []storage.Standing{{UserID: "alice", Score: 40, Rank: 1}, {UserID: "bob", Score: 30, Rank: 2}}
	g.play(t, s, end)
	if _, ok, _ := s.ActiveGame("chan1"); ok {
		t.Fatal("the finished game still holds its channel")
	}
	if recs, _ := s.ActiveGames(); len(recs) != 0 {
		t.Fatalf("active games after the end: %v", recs)
	}
	if ts, err := s.Timers("g1"); err != nil || len(ts) != 0 {
		t.Fatalf("timers of a finished game: %v, %v", ts, err)
	}
	if due, _ := s.DueTimers(t0.Add(48 * time.Hour)); len(due) != 0 {
		t.Fatalf("a finished game's timer fell due: %v", due)
	}
	alice, err := s.PlayerStats("alice")
	if err != nil || alice != (storage.Stats{Played: 1, Won: 1, Points: 40, Best: 40}) {
		t.Fatalf("alice's stats %+v, %v", alice, err)
	}
	rec, snap, ok, err := s.LastFinished("chan1")
	if err != nil || !ok || rec.ID != "g1" || rec.Status != storage.StatusFinished || !bytes.Equal(snap, g.lastSnap) || len(rec.Standings) != 2 {
		t.Fatalf("LastFinished = %+v %v %v", rec, ok, err)
	}
	if _, err := s.AppendMove(g.commit(1, "i3")); !errors.Is(err, storage.ErrFinished) {
		t.Fatalf("a move after the end: %v, want ErrFinished", err)
	}
	if err := s.SetTimers("g1", nil); !errors.Is(err, storage.ErrFinished) {
		t.Fatalf("timers after the end: %v, want ErrFinished", err)
	}
	newTestGame("g2", "chan1").create(t, s) // the channel is free again
}

func abandoned(t *testing.T, open Open) {
	s := open1(t, open)
	g := newTestGame("g1", "chan1")
	g.create(t, s)
	if err := s.Finish("g1", storage.StatusAbandoned, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish("g1", storage.StatusAbandoned, nil); !errors.Is(err, storage.ErrFinished) {
		t.Fatalf("finishing twice: %v, want ErrFinished", err)
	}
	if err := s.Finish("g1", storage.StatusPlaying, nil); !errors.Is(err, storage.ErrInvalid) {
		t.Fatalf("finishing as playing: %v, want ErrInvalid", err)
	}
	bob, _ := s.PlayerStats("bob")
	if bob != (storage.Stats{Abandoned: 1}) {
		t.Fatalf("bob's stats %+v", bob)
	}
}

func timersDue(t *testing.T, open Open) {
	s := open1(t, open)
	a, b := newTestGame("a", "chan1"), newTestGame("b", "chan2")
	a.create(t, s)
	b.create(t, s)
	ca := a.commit(1, "ia")
	ca.Timers = []storage.Timer{{Kind: "deadline", UserID: "bob", At: t0.Add(3 * time.Hour)}, {Kind: "reminder1", UserID: "bob", At: t0.Add(time.Hour)}}
	a.play(t, s, ca)
	if err := s.SetTimers("b", []storage.Timer{{Kind: "deadline", UserID: "alice", At: t0.Add(2 * time.Hour)}}); err != nil {
		t.Fatal(err)
	}
	ts, err := s.Timers("a")
	if err != nil || len(ts) != 2 {
		t.Fatalf("Timers(a) = %v, %v", ts, err)
	}
	due, err := s.DueTimers(t0.Add(2 * time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tm := range due {
		got = append(got, tm.GameID+"/"+tm.Kind)
	}
	if want := []string{"a/reminder1", "b/deadline"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("due at +2h: %v, want %v", got, want)
	}
	if due[0].Seq != 1 || due[0].At.Nanosecond() != t0.Nanosecond() || due[0].UserID != "bob" {
		t.Fatalf("due timer %+v: want seq 1, the time to the nanosecond, user bob", due[0])
	}
	dup := []storage.Timer{{Kind: "deadline", At: t0}, {Kind: "deadline", At: t0}}
	if err := s.SetTimers("b", dup); !errors.Is(err, storage.ErrInvalid) {
		t.Fatalf("two equal timers: %v, want ErrInvalid", err)
	}
}

func completeTimer(t *testing.T, open Open) {
	s := open1(t, open)
	g := newTestGame("g1", "chan1")
	g.create(t, s)
	if err := s.SetTimers("g1", []storage.Timer{{Kind: "reminder1", UserID: "bob", At: t0}}); err != nil {
		t.Fatal(err)
	}
	due, err := s.DueTimers(t0)
	if err != nil || len(due) != 1 {
		t.Fatalf("due: %v, %v", due, err)
	}
	old := due[0]
	// A move replaces the set with an equal timer: completing the one read before keeps it.
	c := g.commit(1, "i1")
	c.Timers = []storage.Timer{{Kind: "reminder1", UserID: "bob", At: t0}}
	g.play(t, s, c)
	if err := s.CompleteTimer(old); err != nil {
		t.Fatal(err)
	}
	if ts, _ := s.Timers("g1"); len(ts) != 1 || ts[0].Seq != 1 {
		t.Fatalf("a timer replaced since it was read was completed: %v", ts)
	}
	ts, _ := s.Timers("g1")
	if err := s.CompleteTimer(ts[0]); err != nil {
		t.Fatal(err)
	}
	if err := s.CompleteTimer(ts[0]); err != nil {
		t.Fatalf("completing twice: %v", err)
	}
	if ts, _ := s.Timers("g1"); len(ts) != 0 {
		t.Fatalf("timers after completing: %v", ts)
	}
	if due, _ := s.DueTimers(t0.Add(time.Hour)); len(due) != 0 {
		t.Fatalf("a completed timer fell due: %v", due)
	}
}

func hold(t *testing.T, open Open) {
	s := open1(t, open)
	newTestGame("g1", "chan1").create(t, s)
	if err := s.SetHold("g1", "the AI crashed"); err != nil {
		t.Fatal(err)
	}
	if rec, _ := s.Game("g1"); rec.Hold != "the AI crashed" {
		t.Fatalf("hold %q", rec.Hold)
	}
	if err := s.SetHold("g1", ""); err != nil {
		t.Fatal(err)
	}
	if rec, _ := s.Game("g1"); rec.Hold != "" {
		t.Fatalf("hold %q after resuming", rec.Hold)
	}
}

func settings(t *testing.T, open Open) {
	s := open1(t, open)
	if got, err := s.PlayerSettings("nobody"); err != nil || !reflect.DeepEqual(got, storage.Settings{}) {
		t.Fatalf("settings of a new player: %+v, %v", got, err)
	}
	want := storage.Settings{TimeZone: "Europe/Paris", QuietStart: "22:00", QuietEnd: "07:30", Notify: "dm", NoReminders: true,
		Language: "de", Locale: "fr",
		Vacations: []storage.Vacation{{From: time.Date(2026, 12, 20, 0, 0, 0, 0, time.UTC), To: time.Date(2026, 12, 27, 0, 0, 0, 0, time.UTC)}},
		Follows:   []storage.Follow{{GameID: "g7", Place: "chan7", Guild: "guild1", Title: "France", EndOnly: true}}}
	if err := s.SetPlayerSettings("alice", want); err != nil {
		t.Fatal(err)
	}
	g := newTestGame("g1", "chan1")
	g.create(t, s)
	if err := s.Finish("g1", storage.StatusFinished, []storage.Standing{{UserID: "alice", Score: 10, Rank: 1}}); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.PlayerSettings("alice"); !reflect.DeepEqual(got, want) {
		t.Fatalf("settings after a game's end: %+v, want %+v", got, want)
	}
	if err := s.SetPlayerSettings("alice", storage.Settings{Notify: "off"}); err != nil {
		t.Fatal(err)
	}
	if st, _ := s.PlayerStats("alice"); st.Played != 1 {
		t.Fatalf("stats after new settings: %+v", st)
	}
	if err := s.SetPlayerSettings("", want); !errors.Is(err, storage.ErrInvalid) {
		t.Fatalf("settings of an empty user id: %v", err)
	}
}

func leagues(t *testing.T, open Open) {
	s := open1(t, open)
	l := league.League{ID: "l1", Guild: "guild1", Name: "Spring", Map: "france", TableSize: 2}
	season := league.Season{League: "l1", Number: 1, Fixtures: []league.Fixture{{Round: 1, Table: 1, Players: []string{"alice", "bob"}, GameID: "g1"}}}
	if err := s.SaveLeague(l, season); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveLeague(league.League{ID: "l2", Guild: "guild2"}); err != nil {
		t.Fatal(err)
	}
	if got, err := s.League("l1"); err != nil || !reflect.DeepEqual(got, l) {
		t.Fatalf("League = %+v, %v", got, err)
	}
	if ls, err := s.Leagues("guild1"); err != nil || len(ls) != 1 || ls[0].ID != "l1" {
		t.Fatalf("Leagues(guild1) = %v, %v", ls, err)
	}
	if ls, _ := s.Leagues(""); len(ls) != 2 {
		t.Fatalf("every league: %v", ls)
	}
	// The league game ends with its result; a caller that read the season before saves it.
	g := newTestGame("g1", "thread1")
	g.create(t, s)
	at := t0.Add(time.Hour)
	r := league.GameResult{Guild: "guild1", Map: "france", GameID: "g1", Players: []string{"alice", "bob"}, Scores: []int{50, 20}, Places: []int{1, 2}, League: "l1", Season: 1, At: at}
	if err := s.FinishWithResult("g1", storage.StatusFinished, []storage.Standing{{UserID: "alice", Score: 50, Rank: 1}, {UserID: "bob", Score: 20, Rank: 2}}, r); err != nil {
		t.Fatal(err)
	}
	stale := season
	stale.Started = 1
	if err := s.SaveLeague(l, stale); err != nil {
		t.Fatal(err)
	}
	got, err := s.Season("l1", 1)
	if err != nil || got.Started != 1 || !got.Fixtures[0].Done() || got.Fixtures[0].Scores[0] != 50 {
		t.Fatalf("season after a stale save: %+v, %v", got, err)
	}
	if all, err := s.Seasons("l1"); err != nil || len(all) != 1 {
		t.Fatalf("Seasons = %v, %v", all, err)
	}
	if _, err := s.Season("l1", 2); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("a missing season: %v", err)
	}
	if err := s.SaveLeague(l, league.Season{League: "other", Number: 1}); !errors.Is(err, storage.ErrInvalid) {
		t.Fatalf("a season of another league: %v", err)
	}
}

func ratings(t *testing.T, open Open) {
	s := open1(t, open)
	for i, winner := range []string{"alice", "alice", "bob"} {
		g := newTestGame(fmt.Sprintf("g%d", i), fmt.Sprintf("chan%d", i))
		g.create(t, s)
		places := []int{1, 2}
		if winner == "bob" {
			places = []int{2, 1}
		}
		r := league.GameResult{Guild: "guild1", Map: "france", GameID: g.id, Players: []string{"alice", "bob"}, Scores: []int{1, 1}, Places: places, At: t0.Add(time.Duration(i) * time.Hour)}
		if err := s.FinishWithResult(g.id, storage.StatusFinished, nil, r); err != nil {
			t.Fatal(err)
		}
	}
	alice, _ := s.Rating("guild1", "", "alice")
	bob, _ := s.Rating("guild1", "france", "bob")
	if alice.Shown() <= bob.Shown() || alice == league.NewRating() {
		t.Fatalf("alice (2 wins) %v, bob (1 win) %v", alice, bob)
	}
	if fresh, _ := s.Rating("guild2", "", "alice"); fresh != league.NewRating() {
		t.Fatalf("a rating in another guild: %v", fresh)
	}
	board, err := s.Leaderboard("guild1", "")
	if err != nil || len(board) != 2 || board[0].UserID != "alice" {
		t.Fatalf("Leaderboard = %v, %v", board, err)
	}
	games, err := s.RatedGames("guild1", "bob", 2)
	if err != nil || len(games) != 2 || games[0].GameID != "g2" || len(games[0].Shown) != 2 {
		t.Fatalf("RatedGames = %+v, %v", games, err)
	}
	if games, _ := s.RatedGames("guild1", "carol", 0); len(games) != 0 {
		t.Fatalf("rated games of a stranger: %v", games)
	}
}

func exportImport(t *testing.T, open Open) {
	s := open1(t, open)
	g := newTestGame("g1", "chan1")
	g.create(t, s)
	g.play(t, s, g.commit(3, "i1"))
	c := g.commit(4, "i2")
	c.Timers = []storage.Timer{{Kind: "deadline", UserID: "bob", At: t0.Add(time.Hour)}}
	g.play(t, s, c)
	doc, err := s.Export("g1", true, counter{})
	if err != nil {
		t.Fatal(err)
	}
	other := open1(t, open)
	rec, err := other.Import(doc, counter{})
	if err != nil {
		t.Fatal(err)
	}
	again, err := other.Export("g1", true, counter{})
	if err != nil || !bytes.Equal(again, doc) {
		t.Fatalf("export after import differs (%v):\n%s\n%s", err, again, doc)
	}
	if rec.Seq != 2 {
		t.Fatalf("imported record %+v", rec)
	}
	if _, err := other.Import(doc, counter{}); !errors.Is(err, storage.ErrExists) {
		t.Fatalf("importing twice: %v", err)
	}
	rep, err := other.Verify(counter{})
	if err != nil || !rep.OK() || rep.Games != 1 {
		t.Fatalf("Verify = %+v, %v", rep, err)
	}
	var bad storage.GameExport
	_ = json.Unmarshal(doc, &bad)
	bad.Game.ID, bad.Game.ChannelID, bad.Moves[0].Data = "g2", "chan9", json.RawMessage(`{"add":9}`)
	tampered, _ := json.Marshal(bad)
	if _, err := other.Import(tampered, counter{}); !errors.Is(err, storage.ErrInvalid) {
		t.Fatalf("a log that does not replay to its snapshot: %v", err)
	}
}

func playersExport(t *testing.T, open Open) {
	s := open1(t, open)
	g := newTestGame("g1", "chan1")
	g.create(t, s)
	g.play(t, s, g.commit(3, "i1"))
	doc, err := s.Export("g1", false, counter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{`"seed"`, `"deck"`, `"i1"`} {
		if bytes.Contains(doc, []byte(secret)) {
			t.Errorf("the players' export shows %s:\n%s", secret, doc)
		}
	}
}

func notFound(t *testing.T, open Open) {
	s := open1(t, open)
	for name, err := range map[string]error{
		"Game":     func() error { _, err := s.Game("nope"); return err }(),
		"Snapshot": func() error { _, err := s.Snapshot("nope"); return err }(),
		"Moves":    func() error { _, err := s.Moves("nope"); return err }(),
		"Timers":   func() error { _, err := s.Timers("nope"); return err }(),
		"Append":   func() error { _, err := s.AppendMove(newTestGame("nope", "c").commit(1, "i")); return err }(),
		"League":   func() error { _, err := s.League("nope"); return err }(),
		"Hold":     s.SetHold("nope", "x"),
	} {
		if !errors.Is(err, storage.ErrNotFound) {
			t.Errorf("%s of an unknown game: %v, want ErrNotFound", name, err)
		}
	}
}

func leagueExport(t *testing.T, open Open) {
	s := open1(t, open)
	l := league.League{ID: "l1", Guild: "guild1", Name: "Spring", Creator: "carol", Map: "france", Format: league.RoundRobin, TableSize: 2,
		Policy: league.PolicyScoreStands, RoundDeadline: 24 * time.Hour, Status: league.Running, Season: 1,
		Members: []league.Member{{ID: "alice", Name: "Alice"}, {ID: "bob", Name: "Bob"}}}
	season := league.Season{League: "l1", Number: 1, Members: l.Members, Started: 1, Rounds: []league.Round{{Tables: [][]string{{"alice", "bob"}}}},
		Fixtures: []league.Fixture{{Round: 1, Table: 1, Players: []string{"alice", "bob"}, Status: league.Playing, GameID: "g1"}}}
	if err := s.SaveLeague(l, season); err != nil {
		t.Fatal(err)
	}
	g := newTestGame("g1", "chan1")
	rec := g.record()
	rec.League, rec.Season = "l1", 1
	snap := state(g.seed, 0, 0)
	if err := s.CreateGame(rec, snap, hashOf(snap)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AppendMove(g.commit(5, "i1")); err != nil {
		t.Fatal(err)
	}
	r := league.GameResult{Guild: "guild1", Map: "france", GameID: "g1", Players: []string{"alice", "bob"}, Scores: []int{5, 0}, Places: []int{1, 2},
		League: "l1", Season: 1, At: t0}
	if err := s.FinishWithResult("g1", storage.StatusFinished, nil, r); err != nil {
		t.Fatal(err)
	}
	doc, err := s.ExportLeague("l1")
	if err != nil {
		t.Fatal(err)
	}
	game, err := s.Export("g1", true, counter{})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := s.Rating("guild1", "", "alice")

	other := open1(t, open)
	if _, err := other.ImportLeague(doc, sumOutcome{}); !errors.Is(err, storage.ErrInvalid) || !strings.Contains(err.Error(), "game g1 is not in this database") {
		t.Fatalf("a league imported before its game: %v", err)
	}
	if _, err := other.Import(game, counter{}); err != nil {
		t.Fatal(err)
	}
	if _, err := other.ImportLeague(doc, sumOutcome{}); err != nil {
		t.Fatal(err)
	}
	again, err := other.ExportLeague("l1")
	if err != nil || !bytes.Equal(again, doc) {
		t.Fatalf("the league exported after its import differs (%v):\n%s\n%s", err, again, doc)
	}
	if got, _ := other.Rating("guild1", "", "alice"); got != want {
		t.Fatalf("alice's rating recomputed from the league's game: %+v, want %+v", got, want)
	}
	if _, err := other.ImportLeague(doc, sumOutcome{}); !errors.Is(err, storage.ErrExists) {
		t.Fatalf("importing a league twice: %v", err)
	}
}

// leagueImportVerifies: a league's file brings nothing the games do not say. Its ratings and rated
// games are never read (ratings come from the games); a fixture naming a game of another league or
// server, one claiming a result its game does not have, or a name with NUL is refused, and a
// refused import leaves the store as it was.
func leagueImportVerifies(t *testing.T, open Open) {
	s := open1(t, open)
	l := league.League{ID: "l1", Guild: "guild1", Name: "Spring", Creator: "carol", Map: "france", Format: league.RoundRobin, TableSize: 2,
		Policy: league.PolicyScoreStands, RoundDeadline: 24 * time.Hour, Status: league.Running, Season: 1,
		Members: []league.Member{{ID: "alice", Name: "Alice"}, {ID: "bob", Name: "Bob"}}}
	for _, c := range []struct {
		id, league, guild string
		season            int
	}{{"g1", "l1", "guild1", 1}, {"other", "l2", "guild1", 1}, {"elsewhere", "l1", "guild2", 1}, {"friendly", "", "guild1", 0}} {
		g := newTestGame(c.id, "chan-"+c.id)
		rec := g.record()
		rec.League, rec.Guild, rec.Season = c.league, c.guild, c.season
		snap := state(g.seed, 0, 0)
		if err := s.CreateGame(rec, snap, hashOf(snap)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AppendMove(g.commit(5, "i-"+c.id)); err != nil {
			t.Fatal(err)
		}
		if err := s.Finish(c.id, storage.StatusFinished, nil); err != nil {
			t.Fatal(err)
		}
	}
	fixture := func(id string, scores, places []int) league.Fixture {
		return league.Fixture{Round: 1, Table: 1, Players: []string{"alice", "bob"}, Status: league.Finished, GameID: id, Scores: scores, Places: places, Finished: t0}
	}
	file := func(f league.Fixture, mutate func(*storage.LeagueExport)) []byte {
		lc := l
		lc.Members = slices.Clone(l.Members) // a case's changes stay its own
		doc := storage.LeagueExport{Format: storage.LeagueExportFormat, Version: 1, League: lc,
			Seasons: []league.Season{{League: "l1", Number: 1, Members: l.Members, Started: 1, Fixtures: []league.Fixture{f},
				Rounds: []league.Round{{Tables: [][]string{{"alice", "bob"}}}}}}}
		if mutate != nil {
			mutate(&doc)
		}
		b, _ := json.Marshal(doc)
		return b
	}
	crafted := league.NewRating()
	crafted.Mu = 99
	for name, c := range map[string]struct {
		doc  []byte
		want string
	}{
		"a game of another league":        {file(fixture("other", []int{5, 0}, []int{1, 2}), nil), `game other is a game of league "l2"`},
		"a game of another server":        {file(fixture("elsewhere", []int{5, 0}, []int{1, 2}), nil), `server "guild2"`},
		"a friendly game":                 {file(fixture("friendly", []int{5, 0}, []int{1, 2}), nil), `game friendly is a game of league ""`},
		"a result the game does not have": {file(fixture("g1", []int{0, 5}, []int{2, 1}), nil), "the file's result of game g1 is not the game's"},
		"a name with NUL": {file(fixture("g1", []int{5, 0}, []int{1, 2}), func(d *storage.LeagueExport) { d.League.Members[1].Name = "B\x00b" }),
			"holds U+0000"},
	} {
		_, err := s.ImportLeague(c.doc, sumOutcome{})
		if !errors.Is(err, storage.ErrInvalid) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a refusal saying %q", name, err, c.want)
		}
	}
	if _, err := s.League("l1"); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("a refused import stored the league: %v", err)
	}
	if board, _ := s.Leaderboard("guild1", ""); len(board) != 0 {
		t.Fatalf("a refused import rated %+v", board)
	}
	// The file's own ratings and rated games are never read.
	doc := file(fixture("g1", []int{5, 0}, []int{1, 2}), func(d *storage.LeagueExport) {
		d.Ratings = []storage.PoolRating{{UserID: "bob", Rating: crafted}, {UserID: "mallory", Rating: crafted}}
		d.Rated = []league.RatedGame{{GameResult: league.GameResult{Guild: "guild1", GameID: "fake", Players: []string{"bob", "alice"}, Scores: []int{9, 0},
			Places: []int{1, 2}, At: t0}}}
	})
	if _, err := s.ImportLeague(doc, sumOutcome{}); err != nil {
		t.Fatal(err)
	}
	board, _ := s.Leaderboard("guild1", "")
	rated, _ := s.RatedGames("guild1", "", 0)
	if len(board) != 2 || board[0].UserID != "alice" || board[0].Rating.Games != 1 || board[1].Rating.Mu == 99 || len(rated) != 1 || rated[0].GameID != "g1" {
		t.Fatalf("the ratings after the import: %+v, rated %+v", board, rated)
	}
}

func webLinks(t *testing.T, open Open) {
	s := open(t)
	first, err := s.WebSecret()
	if err != nil || len(first) != 32 {
		t.Fatalf("secret %x, %v", first, err)
	}
	if again, err := s.WebSecret(); err != nil || string(again) != string(first) {
		t.Fatalf("the secret changed: every link given out would break (%v)", err)
	}
	if gen, err := s.WebLinkGeneration("g1"); err != nil || gen != 0 {
		t.Fatalf("a page never revoked: generation %d, %v", gen, err)
	}
	for want := uint64(1); want <= 2; want++ {
		if gen, err := s.RevokeWebLinks("g1"); err != nil || gen != want {
			t.Fatalf("revocation %d: generation %d, %v", want, gen, err)
		}
	}
	if gen, _ := s.WebLinkGeneration("g1"); gen != 2 {
		t.Errorf("g1's generation: %d, want 2", gen)
	}
	if gen, _ := s.WebLinkGeneration("g2"); gen != 0 {
		t.Errorf("another page's generation: %d, want 0", gen)
	}
}

func guildSettings(t *testing.T, open Open) {
	s := open1(t, open)
	if got, err := s.GuildSettings("guild1"); err != nil || !reflect.DeepEqual(got, storage.GuildSettings{}) {
		t.Fatalf("settings of a server that set none: %+v, %v", got, err)
	}
	saved := storage.GuildSettings{VacationDays: 12, Locale: "es-ES", FollowThreads: map[string]string{"g1 c1": "t1"}}
	if err := s.SetGuildSettings("guild1", saved); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.GuildSettings("guild1"); !reflect.DeepEqual(got, saved) {
		t.Fatalf("settings after saving: %+v", got)
	}
	if got, _ := s.GuildSettings("guild2"); !reflect.DeepEqual(got, storage.GuildSettings{}) {
		t.Fatalf("another server's settings: %+v", got)
	}
}

func everyPlayersSettings(t *testing.T, open Open) {
	s := open1(t, open)
	for _, id := range []string{"carol", "alice", "bob"} {
		if err := s.SetPlayerSettings(id, storage.Settings{TimeZone: "Europe/Paris", Notify: id}); err != nil {
			t.Fatal(err)
		}
	}
	var seen []string
	err := s.EachPlayerSettings(func(id string, st storage.Settings) error {
		if st.Notify != id {
			return fmt.Errorf("%s's settings are %+v", id, st)
		}
		seen = append(seen, id)
		return nil
	})
	if err != nil || !reflect.DeepEqual(seen, []string{"alice", "bob", "carol"}) {
		t.Fatalf("every player's settings: %v, %v", seen, err)
	}
	stop := errors.New("stop")
	if err := s.EachPlayerSettings(func(string, storage.Settings) error { return stop }); !errors.Is(err, stop) {
		t.Fatalf("an error of fn: %v, want it returned", err)
	}
}

func aside(t *testing.T, open Open) {
	s := open1(t, open)
	g := newTestGame("g1", "chan1")
	g.create(t, s)
	c := g.commit(3, "i1")
	c.Timers = []storage.Timer{{Kind: "deadline", UserID: "bob", At: t0.Add(time.Hour)}}
	g.play(t, s, c)
	newTestGame("g2", "chan2").create(t, s)
	before, err := s.Export("g1", true, counter{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetAside("g1", "its record does not upgrade: entry 12 is refused"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetAside("g1", "a second reason"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetAside("nope", "why"); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("setting an unknown game aside: %v", err)
	}
	rec, err := s.Game("g1")
	if err != nil || rec.Aside == nil || rec.Aside.Reason != "its record does not upgrade: entry 12 is refused" || rec.Seq != 1 {
		t.Fatalf("the game set aside: %+v, %v", rec, err)
	}
	// Read-only: no move, timer, hold or end; its timers fall due for nobody.
	for what, err := range map[string]error{
		"a move":   func() error { _, err := s.AppendMove(g.commit(1, "i2")); return err }(),
		"timers":   s.SetTimers("g1", nil),
		"a hold":   s.SetHold("g1", "held"),
		"its end":  s.Finish("g1", storage.StatusAbandoned, nil),
		"a result": s.FinishWithResult("g1", storage.StatusFinished, nil, league.GameResult{Guild: "guild1", Map: "m", GameID: "g1", Players: []string{"alice", "bob"}, Scores: []int{3, 0}, Places: []int{1, 2}}),
	} {
		if !errors.Is(err, storage.ErrAside) {
			t.Errorf("%s on a game set aside: %v", what, err)
		}
	}
	if due, err := s.DueTimers(t0.Add(48 * time.Hour)); err != nil || len(due) != 0 {
		t.Fatalf("due timers of a game set aside: %v, %v", due, err)
	}
	recs, err := s.ActiveGames()
	if err != nil || len(recs) != 2 {
		t.Fatalf("ActiveGames = %v, %v", recs, err)
	}
	for _, r := range recs {
		if (r.ID == "g1") != (r.Aside != nil) {
			t.Fatalf("ActiveGames lists %s with the mark %+v", r.ID, r.Aside)
		}
	}
	list, err := s.AsideGames()
	if err != nil || len(list) != 1 || list["g1"].Reason != rec.Aside.Reason {
		t.Fatalf("AsideGames = %v, %v", list, err)
	}
	rep, err := s.Verify(counter{})
	if err != nil || !rep.OK() || rep.Games != 1 || len(rep.Aside) != 1 || rep.Aside[0].GameID != "g1" {
		t.Fatalf("Verify = %+v, %v", rep, err)
	}
	for want := range []bool{true, false} {
		if told, err := s.ClaimAsideNotice("g1"); err != nil || told != (want == 0) {
			t.Fatalf("claim %d: %v, %v", want+1, told, err)
		}
	}
	if _, err := s.ClaimAsideNotice("g2"); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("claiming the notice of a game not set aside: %v", err)
	}
	if _, err := s.Export("g1", false, counter{}); !errors.Is(err, storage.ErrInvalid) || !strings.Contains(err.Error(), "bot export --admin") {
		t.Fatalf("a players' export of a game set aside: %v", err)
	}
	// Untouched: the same game, and its mark, in its admin export; another store takes it as it is.
	doc, err := s.Export("g1", true, counter{})
	if err != nil {
		t.Fatal(err)
	}
	var was, is storage.GameExport
	_ = json.Unmarshal(before, &was)
	_ = json.Unmarshal(doc, &is)
	if is.Game.Aside == nil || !is.Game.Aside.Told || !reflect.DeepEqual(is.Moves, was.Moves) || !bytes.Equal(is.Snapshot, was.Snapshot) ||
		is.Game.Hash != was.Game.Hash || !reflect.DeepEqual(is.Timers, was.Timers) {
		t.Fatalf("the game set aside changed:\n%s\n%s", before, doc)
	}
	other := open1(t, open)
	if _, err := other.Import(doc, counter{}); err != nil {
		t.Fatal(err)
	}
	again, err := other.Export("g1", true, counter{})
	if err != nil || !bytes.Equal(again, doc) {
		t.Fatalf("a game set aside exports differently after an import (%v):\n%s\n%s", err, again, doc)
	}
	if list, err := other.AsideGames(); err != nil || !list["g1"].Told {
		t.Fatalf("the copy's games set aside: %v, %v", list, err)
	}
}
