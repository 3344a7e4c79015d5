package discord

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/logbuf"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/postgres"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/releasetest"
)

// TestEveryEarlierReleasesDatabaseUpgrades: today's bot opens the database of every earlier
// release, one for each schema so far, written by that release's own code (storage/releasetest):
// each game keeps what the old bot stored (its status, log length and hash) and replays to it,
// each running game keeps its timers and plays on, the leagues keep their seasons and the server
// its ratings, and the old exports and records still import and replay.
func TestEveryEarlierReleasesDatabaseUpgrades(t *testing.T) {
	t.Parallel()
	for _, fx := range releasetest.All(t) {
		t.Run(fmt.Sprintf("schema-%d", fx.Schema), func(t *testing.T) {
			t.Parallel()
			upgradeRelease(t, fx)
		})
	}
}

func upgradeRelease(t *testing.T, fx releasetest.Fixture) {
	path := fx.Unpack(t, t.TempDir())
	store, err := storage.Open(path, storage.Options{NoSync: true, Engine: bot.Engine{}})
	if err != nil {
		t.Fatalf("open the database of %s (schema %d): %v", fx.Commit[:7], fx.Schema, err)
	}
	defer store.Close()
	if _, err := os.Stat(fmt.Sprintf("%s.schema-v%d.bak", path, fx.Schema)); err != nil && fx.Schema < storage.SchemaVersion {
		t.Errorf("no backup of the database before its migration: %v", err)
	}
	rep, err := store.Verify(bot.Engine{})
	if err != nil || !rep.OK() || rep.Games != len(fx.Games) || len(rep.Aside) > 0 {
		t.Fatalf("verify: %d games of %d, report %+v, %v", rep.Games, len(fx.Games), rep, err)
	}
	for _, g := range fx.Games {
		rec, err := store.Game(g.ID)
		if err != nil {
			t.Fatalf("%s: %v", g.ID, err)
		}
		if rec.Status != g.Status || rec.Seq != g.Seq || rec.Hash != g.Hash {
			t.Errorf("%s (%s): status %s, %d steps, hash %s; the old bot stored %s, %d, %s", g.ID, g.Scenario,
				rec.Status, rec.Seq, rec.Hash, g.Status, g.Seq, g.Hash)
		}
		moves, err := store.Moves(g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if commands.IsLegacy(rec.Setup) {
			t.Fatalf("%s: the record was not upgraded to steps", g.ID)
		}
		if _, err := bot.DecodeRecord(rec.Setup, moves); err != nil {
			t.Fatalf("%s: %v", g.ID, err)
		}
		timers, err := store.Timers(g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(timers) != len(g.Timers) {
			t.Errorf("%s (%s): %d timers, the old bot set %d", g.ID, g.Scenario, len(timers), len(g.Timers))
		}
	}
	if fx.Schema == 2 {
		checkHistoryIsKept(t, store, fx)
	}
	checkLeaguesAndRatings(t, store, fx)
	checkExportsAndRecords(t, store, fx)
	if played := playOnEveryRunningGame(t, store, fx); played == 0 {
		t.Fatal("no game of the fixture runs")
	}
	if rep, err := store.Verify(bot.Engine{}); err != nil || !rep.OK() {
		t.Fatalf("verify after playing on: %+v, %v", rep, err)
	}
	active, err := store.ActiveGames()
	if err != nil {
		t.Fatal(err)
	}
	store.Close()
	// Today's bot starts on it with every game that runs.
	h := newHarness(t)
	var logs logbuf.Buffer
	h.db, h.configure = path, func(c *bot.Config) { c.Logger = slog.New(slog.NewTextHandler(&logs, nil)) }
	h.clock.now = fx.ClockEnd
	h.start()
	if n := h.b.Games(); n != len(active) || !strings.Contains(logs.String(), fmt.Sprintf("count=%d set_aside=0", n)) {
		t.Fatalf("the bot loaded %d games of %d running:\n%s", n, len(active), logs.String())
	}
}

// TestEveryEarlierPostgreSQLReleasesDatabaseUpgrades: today's bot opens the PostgreSQL database of
// every earlier release, one for each schema of storage/postgres so far, written by that release's
// own stores (storage/releasetest, PGFixture): the schema is brought up to today's, every game
// keeps what the old bot stored and replays to it, the leagues keep their seasons and the server
// its ratings, and every running game plays on.
func TestEveryEarlierPostgreSQLReleasesDatabaseUpgrades(t *testing.T) {
	t.Parallel()
	if pgtest.Bin() == "" {
		t.Skip("PostgreSQL is not installed (.ci/run installs it)")
	}
	for _, fx := range releasetest.PG(t) {
		t.Run(fmt.Sprintf("schema-%d", fx.Schema), func(t *testing.T) {
			t.Parallel()
			url := pgtest.URL(t)
			if _, err := pgtest.Admin(t, url).Exec(context.Background(), fx.SQL(t)); err != nil {
				t.Fatalf("load the database of %s: %v", fx.Commit[:7], err)
			}
			store, err := postgres.Open(url, postgres.Options{})
			if err != nil {
				t.Fatalf("open the database of %s (PostgreSQL schema %d): %v", fx.Commit[:7], fx.Schema, err)
			}
			defer store.Close()
			rep, err := store.Verify(bot.Engine{})
			if err != nil || !rep.OK() || rep.Games != len(fx.Copied.Games) || len(rep.Aside) > 0 {
				t.Fatalf("verify: %d games of %d, report %+v, %v", rep.Games, len(fx.Copied.Games), rep, err)
			}
			for _, g := range fx.Copied.Games {
				rec, err := store.Game(g.ID)
				if err != nil {
					t.Fatalf("%s: %v", g.ID, err)
				}
				timers, err := store.Timers(g.ID)
				if err != nil {
					t.Fatal(err)
				}
				if rec.Status != g.Status || rec.Seq != g.Seq || rec.Hash != g.Hash || len(timers) != g.Timers {
					t.Errorf("%s: status %s, %d steps, hash %s, %d timers; the old bot stored %s, %d, %s, %d", g.ID,
						rec.Status, rec.Seq, rec.Hash, len(timers), g.Status, g.Seq, g.Hash, g.Timers)
				}
			}
			src := fx.Source(t)
			checkLeaguesAndRatings(t, store, src)
			if played := playOnEveryRunningGame(t, store, src); played == 0 {
				t.Fatal("no game of the fixture runs")
			}
			if rep, err := store.Verify(bot.Engine{}); err != nil || !rep.OK() {
				t.Fatalf("verify after playing on: %+v, %v", rep, err)
			}
		})
	}
}

// checkHistoryIsKept: the release of schema 2 let the players of a rated game skip a turn, remove
// a player, vote to remove one and abandon the game, which today's rules refuse them; those steps
// are kept as the facts they are, each by a player of a rated table.
func checkHistoryIsKept(t *testing.T, store storage.Database, fx releasetest.Fixture) {
	t.Helper()
	kept := map[string]int{}
	for _, g := range fx.Games {
		rec, _ := store.Game(g.ID)
		moves, _ := store.Moves(g.ID)
		steps, err := bot.DecodeRecord(rec.Setup, moves)
		if err != nil {
			t.Fatal(err)
		}
		var tbl *table.Table
		for _, s := range steps {
			if tbl != nil && tbl.Status == table.Playing && tbl.Rated() && tbl.PlayedBy(s.By) {
				words := strings.Fields(s.Input)
				what := strings.Join(words[:min(2, len(words))], " ")
				switch {
				case slices.Contains([]string{"/carc skip", "/carc kick", "/carc abandon"}, what):
					kept[what]++
				case strings.HasPrefix(s.Input, "(click") && strings.Contains(s.Input, ":kick:"):
					kept["kick vote"]++
				}
			}
			for _, ev := range s.Events {
				if tbl, _, err = table.Apply(tbl, s.By, ev); err != nil {
					t.Fatalf("%s: %v", g.ID, err)
				}
			}
		}
	}
	for _, what := range []string{"/carc skip", "/carc kick", "/carc abandon", "kick vote"} {
		if kept[what] == 0 {
			t.Errorf("no %s by a player of a rated game is kept: %v", what, kept)
		}
	}
}

// checkLeaguesAndRatings: every league keeps its season and its games' results, the server its
// ratings.
func checkLeaguesAndRatings(t *testing.T, store storage.Database, fx releasetest.Fixture) {
	t.Helper()
	guild := ""
	for _, ml := range fx.Leagues {
		l, err := store.League(ml.ID)
		if err != nil {
			t.Fatalf("league %s: %v", ml.ID, err)
		}
		guild = l.Guild
		s, err := store.Season(ml.ID, ml.Season)
		if err != nil {
			t.Fatalf("league %s: %v", ml.ID, err)
		}
		done := 0
		for _, f := range s.Fixtures {
			if f.Done() {
				done++
			}
		}
		if l.Name != ml.Name || l.Season != ml.Season || len(s.Fixtures) != ml.Games || done != ml.Done {
			t.Errorf("league %s: %s season %d, %d games (%d done); the old bot stored %+v", ml.ID, l.Name, l.Season, len(s.Fixtures), done, ml)
		}
	}
	if fx.Ratings == 0 {
		return
	}
	board, err := store.Leaderboard(guild, "")
	if err != nil || len(board) != fx.Ratings {
		t.Errorf("the leaderboard has %d players, the old bot's %d: %v", len(board), fx.Ratings, err)
	}
}

// checkExportsAndRecords: the old admin exports import into a new database with the state the old
// bot exported, the league exports import once their games are there (each game's admin export
// from the upgraded database: a league's import verifies its games and rates them, never taking
// the file's ratings), and the complete /carc export records replay.
func checkExportsAndRecords(t *testing.T, store storage.Database, fx releasetest.Fixture) {
	t.Helper()
	fresh, err := storage.Open(t.TempDir()+"/imports.db", storage.Options{NoSync: true, Engine: bot.Engine{}})
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	for file, id := range fx.Exports {
		rec, err := fresh.Import(fx.File(t, file), bot.Engine{})
		g, _ := fx.Game(id)
		if err != nil || rec.ID != id || rec.Hash != g.Hash {
			t.Errorf("import %s: %s with hash %s (the old bot's %s): %v", file, rec.ID, rec.Hash, g.Hash, err)
		}
	}
	for file, id := range fx.LeagueExports {
		seasons, err := store.Seasons(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range seasons {
			for _, f := range s.Fixtures {
				if _, err := fresh.Game(f.GameID); f.GameID == "" || err == nil {
					continue
				}
				doc, err := store.Export(f.GameID, true, bot.Engine{})
				if err != nil {
					t.Fatalf("export %s: %v", f.GameID, err)
				}
				if _, err := fresh.Import(doc, bot.Engine{}); err != nil {
					t.Fatalf("import %s: %v", f.GameID, err)
				}
			}
		}
		if l, err := fresh.ImportLeague(fx.File(t, file), bot.Engine{}); err != nil || l.ID != id {
			t.Errorf("import %s: %v", file, err)
		}
	}
	for file := range fx.Records {
		d, err := record.Parse(fx.File(t, file))
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		if _, err := record.Replay(d); d.Complete && err != nil {
			t.Errorf("%s does not replay: %v", file, err)
		}
	}
}

// playOnEveryRunningGame plays on in every game the old bot left open (playOnGame); it returns how
// many.
func playOnEveryRunningGame(t *testing.T, store storage.Database, fx releasetest.Fixture) int {
	t.Helper()
	played := 0
	for _, g := range fx.Games {
		if g.Running() {
			playOnGame(t, store, g.ID, g.Scenario)
			played++
		}
	}
	return played
}

// playOnGame plays on in a stored game that is not over, as today's bot does: in a lobby a
// newcomer joins and the creator starts it; in a running game the person to move plays a whole
// turn by commands, then the next turn's deadline passes under the table's policy. Each change is
// committed as the bot commits it.
func playOnGame(t *testing.T, store storage.Database, id, scenario string) {
	t.Helper()
	snap, err := store.Snapshot(id)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := table.Load(snap.State)
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	seq := snap.Seq
	do := func(r commands.Reply) {
		t.Helper()
		if !r.OK || r.Step == nil {
			t.Fatalf("%s (%s): %s", id, scenario, r.Text)
		}
		c, err := bot.StepCommit(r.Table, *r.Step)
		if err != nil {
			t.Fatal(err)
		}
		c.GameID, c.ExpectSeq, c.Move.InteractionID = id, seq, fmt.Sprintf("today-%s-%d", id, seq)
		if _, err := store.AppendMove(c); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		seq++
		tbl = r.Table
	}
	switch tbl.Status {
	case table.Lobby:
		do(commands.Handle(tbl, commands.Input{User: table.User{ID: "999", Name: "newcomer"}, Command: "carc", Sub: "join"}))
		do(commands.Handle(tbl, commands.Input{User: tbl.Creator, Command: "carc", Sub: "start"}))
	case table.Playing:
		cur, _ := tbl.Current()
		for turn := tbl.Game.Turn; tbl.Status == table.Playing && tbl.Game.Turn == turn; {
			in := commands.InputFor(cur, tbl.Game.SimplestMove())
			in.Local = false
			do(commands.Handle(tbl, in))
		}
		if tbl.Status == table.Playing {
			do(commands.Timeout(tbl, tbl.Settings.Policy))
		}
	default:
		t.Fatalf("%s (%s): the store says it runs but the table is %s", id, scenario, tbl.Status)
	}
}
