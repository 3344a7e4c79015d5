// Package bench is the bench report of `go run ./cmd/bench`: one table of the figures that matter to a
// server admin and to the developers, all measured in the same run on the machine at hand, each
// repeated to give a median and a spread, next to its target.
package bench

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// Options choose how long the report runs.
type Options struct {
	// Quick runs fewer and shorter repetitions (about two minutes).
	Quick bool
	// Smoke measures every row of a quick run once, on the least work that still measures it:
	// CI's check that the report runs and prints every row, in seconds. Its figures mean nothing.
	Smoke bool
	// Dir holds the temporary databases (default: the system's temporary directory).
	Dir string
	// Log, if set, receives progress lines.
	Log io.Writer
	// Only, if not empty, runs only these parts of the report (StepNames), to measure one change.
	Only []string
	// Postgres is the URL of an empty PostgreSQL database for the PostgreSQL rows; without it
	// they say they were not measured.
	Postgres string
}

var stepNames = []string{"memory", "rss", "rss-postgres", "playouts", "engine", "autocomplete", "ai", "render", "storage", "postgres", "leagues", "discord", "metrics", "web", "pageload", "playpage"}

// StepNames are the parts of the report, in the order they run.
func StepNames() []string { return slices.Clone(stepNames) }

// Row is one measured figure.
type Row struct {
	Name   string
	Unit   string
	Values []float64
	// Target is the goal as text (">= 10000"), with Better telling which way is good.
	Target float64
	Better string // ">=", "<=" or "" for none
	// Note replaces the figures when the row could not be measured.
	Note string
	// Extra is printed after the figures (bytes of an image, latency of a throughput row).
	Extra string
}

// Median is the middle value of the repetitions.
func (r Row) Median() float64 {
	v := append([]float64(nil), r.Values...)
	sort.Float64s(v)
	if len(v) == 0 {
		return 0
	}
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

// Holds says whether the median meets the target ("" when there is none).
func (r Row) Holds() string {
	if r.Better == "" || len(r.Values) == 0 {
		return ""
	}
	m := r.Median()
	if (r.Better == ">=" && m >= r.Target) || (r.Better == "<=" && m <= r.Target) {
		return "yes"
	}
	return "no"
}

type runner struct {
	o    Options
	reps int
	rows []Row
}

func (r *runner) logf(format string, a ...any) {
	if r.o.Log != nil {
		fmt.Fprintf(r.o.Log, format+"\n", a...)
	}
}

// Run measures every row.
func Run(o Options) ([]Row, error) {
	if o.Dir == "" {
		o.Dir = os.TempDir()
	}
	r := &runner{o: o, reps: 5}
	switch {
	case o.Smoke:
		r.o.Quick, r.reps = true, 1
	case o.Quick:
		r.reps = 3
	}
	// Memory first: later rows fill caches that would blur the process size.
	steps := []func() error{r.memory, r.rssBolt, r.rssPostgres, r.playouts, r.engine, r.autocomplete, r.aiMoves, r.render, r.storage, r.postgres, r.leagues, r.discord, r.metricsCost, r.web, r.pageLoad, r.playPage}
	for _, name := range o.Only {
		if !slices.Contains(stepNames, name) {
			return nil, fmt.Errorf("no part %q of the report: choose among %s", name, strings.Join(stepNames, ", "))
		}
	}
	for i, step := range steps {
		if len(o.Only) > 0 && !slices.Contains(o.Only, stepNames[i]) {
			continue
		}
		if err := step(); err != nil {
			return r.rows, err
		}
	}
	order := map[string]int{}
	for i, name := range rowOrder(r.o) {
		order[name] = i
	}
	sort.SliceStable(r.rows, func(a, b int) bool { return order[r.rows[a].Name] < order[r.rows[b].Name] })
	return r.rows, nil
}

// rowOrder is the order of the printed table of a run (quick or full): a playout row for every map
// players can choose, then the rest.
func rowOrder(o Options) []string {
	var names []string
	for _, e := range variants.All(false) {
		names = append(names, playoutRow(e).Name, rulesPlayoutRow(e).Name)
	}
	names = append(names, fixedRows...)
	for _, mapID := range aiMaps() {
		for _, l := range aiLevels {
			for _, row := range aiRows(l, mapID) {
				names = append(names, row.Name)
			}
		}
	}
	return append(append(append(append(append(append(names, rssRows(o)...), postgresRows...), leagueRows...), metricsRows...), webRows...), playPageRow)
}

var fixedRows = []string{
	"legal placements, mid-game (France)",
	"autocomplete answer, mid-game (slowest option)",
	"full-map render + PNG (France, 114 tiles)",
	"crop view render + PNG",
	"zoom view render + PNG",
	"durable moves/s, 1 game",
	"durable moves/s, 64 games",
	"commit latency p50, 64 games at 1,000 moves/s",
	"commit latency p99, 64 games at 1,000 moves/s",
	"interaction to image, p50 (fake Discord)",
	"interaction to image, p99 (fake Discord)",
	"interaction to image, p99 (fake Discord, PostgreSQL)",
	"memory per game state",
	"RSS with 1,000 active games loaded",
}

// Print writes the report: a header naming the machine, then one line per row.
func Print(w io.Writer, rows []Row, o Options) {
	mode := "full run, 5 repetitions"
	switch {
	case o.Smoke:
		mode = "smoke run, 1 repetition on the least work: the figures mean nothing"
	case o.Quick:
		mode = "quick run, 3 repetitions"
	}
	fmt.Fprintf(w, "bench report, %s, %s\n", time.Now().UTC().Format("2006-01-02 15:04 MST"), mode)
	fmt.Fprintf(w, "machine: %s\n\n", Machine())
	fmt.Fprintf(w, "| %-56s | %17s | %17s | %10s | %-5s |\n", "measure", "median", "spread (min-max)", "target", "holds")
	fmt.Fprintf(w, "|%s|%s|%s|%s|%s|\n", strings.Repeat("-", 58), strings.Repeat("-", 19), strings.Repeat("-", 19), strings.Repeat("-", 12), strings.Repeat("-", 7))
	for _, r := range rows {
		median, spread, target := r.Note, "", ""
		if r.Note == "" {
			lo, hi := minMax(r.Values)
			median = num(r.Median()) + " " + r.Unit
			spread = num(lo) + "-" + num(hi)
		}
		if r.Better != "" {
			target = r.Better + " " + num(r.Target)
		}
		line := fmt.Sprintf("| %-56s | %17s | %17s | %10s | %-5s |", r.Name, median, spread, target, r.Holds())
		if r.Extra != "" {
			line += " " + r.Extra
		}
		fmt.Fprintln(w, line)
	}
}

func minMax(v []float64) (float64, float64) {
	if len(v) == 0 {
		return 0, 0
	}
	lo, hi := v[0], v[0]
	for _, x := range v {
		lo, hi = min(lo, x), max(hi, x)
	}
	return lo, hi
}

// num writes a figure with three significant digits and thousands separators.
func num(x float64) string {
	switch {
	case x >= 100:
		s := fmt.Sprintf("%.0f", x)
		var b strings.Builder
		for i, c := range s {
			if i > 0 && (len(s)-i)%3 == 0 {
				b.WriteByte(',')
			}
			b.WriteRune(c)
		}
		return b.String()
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	}
	return fmt.Sprintf("%.2f", x)
}

// Machine describes the computer the report runs on.
func Machine() string {
	cpu := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				cpu = strings.TrimSpace(v)
				break
			}
		}
	}
	mem := ""
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		var kb int
		if _, err := fmt.Sscanf(string(b), "MemTotal: %d kB", &kb); err == nil {
			mem = fmt.Sprintf(", %.0f GiB", float64(kb)/(1<<20))
		}
	}
	return fmt.Sprintf("%s, %d cores%s, %s %s/%s", cpu, runtime.NumCPU(), mem, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// timed repeats fn for about d and returns the rate per second of the units fn reports.
func timed(d time.Duration, fn func() int) float64 {
	start := time.Now()
	units := 0
	for time.Since(start) < d {
		units += fn()
	}
	return float64(units) / time.Since(start).Seconds()
}
