package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/postgres"
)

// rssSizes are the games of the RSS rows: the running ones the bot plays, and the stored ones
// (running and finished) of the two fills, the second ten times the first, to show that the
// process does not grow with what is stored.
type rssSizes struct {
	active, moves int
	stored        [2]int
}

func rssSizesFor(o Options) rssSizes {
	switch {
	case o.Smoke:
		return rssSizes{active: 10, moves: 1, stored: [2]int{20, 200}}
	case o.Quick:
		return rssSizes{active: 100, moves: 1, stored: [2]int{300, 3000}}
	}
	return rssSizes{active: 1000, moves: 2, stored: [2]int{10000, 100000}}
}

// rssTarget is issue 30's: 100,000 stored games of which 1,000 active, on both stores.
const rssTarget = 200

var rssStores = []string{"bbolt", "PostgreSQL"}

// rssRows are the names of the RSS rows of a run.
func rssRows(o Options) []string {
	z := rssSizesFor(o)
	var names []string
	for _, s := range rssStores {
		for _, stored := range z.stored {
			names = append(names, rssRow(z.active, stored, s))
		}
	}
	return names
}

func rssRow(active, stored int, store string) string {
	return fmt.Sprintf("RSS serving %s active of %s stored games (%s)", num(float64(active)), num(float64(stored)), store)
}

// rss fills a store with games (a few real ones cloned, mostly finished, z.active running), then
// measures a bot process that loads them and plays z.moves moves in each running game through its
// HTTP interactions handler (so the table cache, the pictures and the store's caches all work):
// its peak resident size, as the fill grows tenfold. rssBolt does it on the bbolt store,
// rssPostgres on PostgreSQL.
func (r *runner) rssBolt() error {
	z := rssSizesFor(r.o)
	r.logf("RSS on bbolt: %d active games of %d and %d stored", z.active, z.stored[0], z.stored[1])
	tp, err := makeTemplates(r.o.Dir, 3)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp(r.o.Dir, "carc-bench-rss-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "games.db")
	return r.rssRows(z, "bbolt", path, func(from, to int) error {
		store, err := storage.Open(path, storage.Options{NoSync: true})
		if err != nil {
			return err
		}
		running := 0
		if from == 0 {
			running = z.active
		}
		if err := fillBolt(store, tp, running, from, to); err != nil {
			store.Close()
			return err
		}
		return store.Close()
	})
}

func (r *runner) rssPostgres() error {
	z := rssSizesFor(r.o)
	if r.o.Postgres == "" {
		for _, stored := range z.stored {
			r.add(Row{Name: rssRow(z.active, stored, "PostgreSQL"), Unit: "MiB", Better: "<=", Target: rssTarget,
				Note: "not measured: give --pg URL (an empty PostgreSQL database)"})
		}
		return nil
	}
	r.logf("RSS on PostgreSQL: %d active games of %d and %d stored", z.active, z.stored[0], z.stored[1])
	tp, err := makeTemplates(r.o.Dir, 3)
	if err != nil {
		return err
	}
	dbURL, drop, err := scratchDatabase(r.o.Postgres)
	if err != nil {
		return err
	}
	defer drop()
	return r.rssRows(z, "PostgreSQL", dbURL, func(from, to int) error {
		store, err := postgres.Open(dbURL, postgres.Options{})
		if err != nil {
			return err
		}
		defer store.Close()
		running := 0
		if from == 0 {
			running = z.active
		}
		return fillPostgres(dbURL, store, tp, running, from, to)
	})
}

// rssRows fills the store at db in two steps and measures a child bot after each.
func (r *runner) rssRows(z rssSizes, kind, db string, fill func(from, to int) error) error {
	done := 0
	for _, stored := range z.stored {
		start := time.Now()
		// The finished games are numbered after the running ones' count, so that the second fill
		// adds to the first.
		if err := fill(done, stored-z.active); err != nil {
			return fmt.Errorf("%s: %w", kind, err)
		}
		r.logf("  %s: %d games stored in %s", kind, stored, time.Since(start).Round(time.Second))
		done = stored - z.active
		row := Row{Name: rssRow(z.active, stored, kind), Unit: "MiB", Better: "<=", Target: rssTarget}
		heap := filepath.Join(r.o.Dir, fmt.Sprintf("carc-bench-rss-%s-%d.pprof", strings.ToLower(kind), stored))
		// One child per row: a fill of 100,000 games takes minutes, and the figure moves little.
		res, err := runRSSChild(rssJob{DB: db, Running: z.active, Moves: z.moves, Heap: heap})
		if err != nil {
			return fmt.Errorf("%s, %d stored: %w", kind, stored, err)
		}
		if res.Loaded < z.active || res.Moves == 0 {
			return fmt.Errorf("%s, %d stored: the bot loaded %d games and played %d moves (%d refused: %s)",
				kind, stored, res.Loaded, res.Moves, res.Refused, res.FirstRefusal)
		}
		row.Values = []float64{mib(res.Peak)}
		row.Extra = fmt.Sprintf("(peak; at the end %s MiB: Go heap %s, files mapped %s; %d games loaded, %d moves played; one run)",
			num(mib(res.RSS)), num(mib(res.HeapInuse)), num(mib(res.File)), res.Loaded, res.Moves)
		if row.Holds() == "no" {
			row.Extra += " heap profile: go tool pprof -top " + heap
		} else {
			os.Remove(heap)
		}
		r.add(row)
	}
	return nil
}

func mib(b uint64) float64 { return float64(b) / (1 << 20) }

// runRSSChild runs job in a child process: this program again, which calls Child first.
func runRSSChild(job rssJob) (rssResult, error) {
	var res rssResult
	exe, err := os.Executable()
	if err != nil {
		return res, err
	}
	enc, err := json.Marshal(job)
	if err != nil {
		return res, err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), childEnv+"="+string(enc))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return res, fmt.Errorf("the measured bot process: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &res); err != nil {
		return res, fmt.Errorf("the measured bot process said %q: %v", stdout.String(), err)
	}
	return res, nil
}

// scratchDatabase creates a new database beside the one of base (the role of base must be
// allowed to create databases) and returns its URL and a function that drops it.
func scratchDatabase(base string) (string, func(), error) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		return "", nil, fmt.Errorf("the RSS rows' database: %w", err)
	}
	name := "carc_bench_rss_" + strconv.FormatInt(time.Now().UnixNano(), 36)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		conn.Close(ctx)
		return "", nil, fmt.Errorf("the RSS rows need a database of their own, and the role of --pg may not create one: %w", err)
	}
	u, err := url.Parse(base)
	if err != nil {
		conn.Close(ctx)
		return "", nil, err
	}
	u.Path = "/" + name
	drop := func() {
		_, _ = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
		conn.Close(ctx)
	}
	return u.String(), drop, nil
}
