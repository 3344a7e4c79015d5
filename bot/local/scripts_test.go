package local

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/features"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/memory"

	// The table scripts of the base rules play on the practice map, and those of the engine's seam
	// on the relay: test maps, which only tests and local play register.
	_ "github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/testmaps"
)

// scriptStart is the moment a test's table scripts begin at: a script replays the same each run.
var scriptStart = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

// newTable is a local table on a store of its own kept in memory, with every feature of the host.
func newTable(t testing.TB, o Options) *Table {
	t.Helper()
	st := memory.New(memory.Options{Name: t.Name(), Engine: bot.Engine{}})
	o.Store, o.Features = st, features.All()
	if o.Start.IsZero() {
		o.Start = scriptStart
	}
	tb, err := New(o)
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { tb.Close(); st.Close() })
	return tb
}

// runScript runs one table script at a local table and fails the test with the expectations
// that did not hold.
func runScript(t *testing.T, file string) {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(src, []byte("!expect")) {
		t.Fatalf("%s checks nothing: a scenario needs !expect lines", file)
	}
	var out bytes.Buffer
	tb := newTable(t, Options{Out: &out})
	if err := tb.Run(bytes.NewReader(src)); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if tb.Failed > 0 {
		var failed []string
		for _, line := range strings.Split(out.String(), "\n") {
			if strings.Contains(line, `"expect"`) && strings.Contains(line, `"ok":false`) {
				failed = append(failed, line)
			}
		}
		t.Fatalf("%d expectations failed:\n%s\n\nwhole output:\n%s", tb.Failed, strings.Join(failed, "\n"), out.String())
	}
}

// TestTableScripts runs every table script of the rules (commands/script/testdata) at the local
// table, on the host: each is a rule scenario whose !expect lines state the outcome the rules
// require. The script's name says which rule it checks.
func TestTableScripts(t *testing.T) { runScripts(t, "../../commands/script/testdata/*.carc") }

// TestFeatureScripts runs the table scripts of the host's features (testdata): a vacation that
// stops a clock, a follow, a league round whose deadline passes by !clock.
func TestFeatureScripts(t *testing.T) { runScripts(t, "testdata/*.carc") }

// runScripts runs each script of pattern as a subtest named after its file, in parallel.
func runScripts(t *testing.T, pattern string) {
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no table scripts match %s: %v", pattern, err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".carc"), func(t *testing.T) {
			t.Parallel()
			runScript(t, f)
		})
	}
}

// BenchmarkTableScriptStore plays one table script (a league's season, the longest) on each store
// a script could run on: the memory store it runs on, and the BoltDB file without fsync in a
// temporary folder it ran on before.
func BenchmarkTableScriptStore(b *testing.B) {
	src, err := os.ReadFile("../../commands/script/testdata/league_a_season_is_played_at_the_local_table.carc")
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		open func(b *testing.B) storage.Database
	}{
		{"memory", func(*testing.B) storage.Database { return memory.New(memory.Options{Engine: bot.Engine{}}) }},
		{"bbolt", func(b *testing.B) storage.Database {
			st, err := storage.Open(filepath.Join(b.TempDir(), "local.db"), storage.Options{NoSync: true})
			if err != nil {
				b.Fatal(err)
			}
			return st
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				st := c.open(b)
				tb, err := New(Options{Store: st, Features: features.All(), Start: scriptStart, Out: io.Discard})
				if err != nil {
					b.Fatal(err)
				}
				if err := tb.Run(bytes.NewReader(src)); err != nil || tb.Failed > 0 {
					b.Fatalf("the script: %v, %d expectations failed", err, tb.Failed)
				}
				tb.Close()
				st.Close()
			}
		})
	}
}

// TestAScriptsStoreBacksUpToABoltDBFile: the memory store a script plays on writes, when asked, a
// BoltDB file the bot opens, whose games (a league's whole season: finished and abandoned) replay
// to their snapshots and whose league, season and players are the script's.
func TestAScriptsStoreBacksUpToABoltDBFile(t *testing.T) {
	src, err := os.ReadFile("../../commands/script/testdata/league_a_season_is_played_at_the_local_table.carc")
	if err != nil {
		t.Fatal(err)
	}
	st := memory.New(memory.Options{Engine: bot.Engine{}})
	defer st.Close()
	tb, err := New(Options{Store: st, Features: features.All(), Start: scriptStart, Out: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Run(bytes.NewReader(src)); err != nil || tb.Failed > 0 {
		t.Fatalf("the script: %v, %d expectations failed", err, tb.Failed)
	}
	tb.Close()
	path := filepath.Join(t.TempDir(), "season.db")
	if err := st.BackupFile(path); err != nil {
		t.Fatal(err)
	}
	b, err := storage.Open(path, storage.Options{Engine: bot.Engine{}})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	rep, err := b.Verify(bot.Engine{})
	ids, _ := st.GameIDs()
	if err != nil || !rep.OK() || rep.Games != len(ids) || len(ids) == 0 {
		t.Fatalf("the backup verifies as %+v, %v; the script played %d games", rep, err, len(ids))
	}
	want, _ := st.Dump()
	got, err := b.Dump()
	if err != nil || len(want.Leagues) == 0 || len(want.Seasons) == 0 || len(want.Players) == 0 {
		t.Fatalf("the script's dump holds %d leagues, %d seasons and %d players; the backup's: %v", len(want.Leagues), len(want.Seasons), len(want.Players), err)
	}
	if err := storage.SameDump(want, got); err != nil {
		t.Fatal(err)
	}
}
