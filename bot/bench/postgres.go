package bench

import (
	"fmt"
	"strconv"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/postgres"
)

// The PostgreSQL rows (issue 30's targets). They need a database: Options.Postgres, the URL of an
// empty database the bench may fill (each run adds its games under a new prefix).
var postgresRows = []string{
	"PostgreSQL durable moves/s, 64 games",
	"PostgreSQL commit latency p99, 64 games at 1,000 moves/s",
	"PostgreSQL durable moves/s, 64 games, 3 processes",
}

// pgStates is how many of a real game's snapshots the PostgreSQL rows commit in turn.
const pgStates = 150

// postgres measures durable moves on PostgreSQL: one store (one process's connection pool)
// playing 64 games back to back, the same at a steady 1,000 moves/s, and three processes on the
// same database (this program again, each with its own store: processes.go) sharing the 64
// games, their moves at once.
func (r *runner) postgres() error {
	rows := []Row{{Name: postgresRows[0], Unit: "moves/s", Better: ">=", Target: 2000},
		{Name: postgresRows[1], Unit: "ms", Better: "<=", Target: 20},
		{Name: postgresRows[2], Unit: "moves/s"}}
	if r.o.Postgres == "" {
		for _, row := range rows {
			row.Note = "not measured: give --pg URL (an empty PostgreSQL database)"
			r.add(row)
		}
		return nil
	}
	r.logf("storage: PostgreSQL")
	many, rate := 200, 30
	switch {
	case r.o.Smoke:
		many, rate = 5, 3
	case r.o.Quick:
		many, rate = 40, 10
	}
	states, err := engineStates(pgStates)
	if err != nil {
		return err
	}
	store, err := postgres.Open(r.o.Postgres, postgres.Options{})
	if err != nil {
		return err
	}
	defer store.Close()
	one := []storage.Appender{store}
	run := strconv.FormatInt(time.Now().UnixNano(), 36)
	for rep := range r.reps {
		prefix := fmt.Sprintf("bench-%s-%d", run, rep)
		t1, err := storage.MeasureOn(one, prefix+"-one", 64, many, 0, states)
		if err != nil {
			return err
		}
		lat, err := storage.MeasureOn(one, prefix+"-rate", 64, rate, time.Duration(float64(64)/1000*float64(time.Second)), states)
		if err != nil {
			return err
		}
		t3, err := measureProcesses(r.o.Postgres, prefix+"-three", 3, 64, many, pgStates)
		if err != nil {
			return err
		}
		rows[0].Values = append(rows[0].Values, t1.MovesPerSec)
		rows[1].Values = append(rows[1].Values, ms(lat.P99))
		rows[2].Values = append(rows[2].Values, t3.MovesPerSec)
		rows[0].Extra = fmt.Sprintf("(saturated: p50 %s ms, p99 %s ms)", num(ms(t1.P50)), num(ms(t1.P99)))
		rows[1].Extra = fmt.Sprintf("(p50 %s ms)", num(ms(lat.P50)))
		rows[2].Extra = fmt.Sprintf("(three processes of this program, their moves at once; commit p50 %s ms, p99 %s ms)", num(ms(t3.P50)), num(ms(t3.P99)))
	}
	for _, row := range rows {
		r.add(row)
	}
	return nil
}
