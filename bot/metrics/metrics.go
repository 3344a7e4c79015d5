package metrics

import (
	"maps"
	"net/http"
	"runtime"
	"slices"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// namespace prefixes every metric of the bot.
const namespace = "carcassonne"

// Latency buckets, in seconds. An answer must come within Discord's three seconds; a commit is one
// fsync or one round trip to PostgreSQL; an AI search may take several seconds at its top levels.
var (
	answerBuckets = []float64{.01, .025, .05, .1, .25, .5, 1, 1.5, 2, 2.5, 3, 5, 10}
	commitBuckets = []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5}
	aiBuckets     = []float64{.01, .05, .1, .25, .5, 1, 2, 3, 5, 10, 20, 30, 60}
	lateBuckets   = []float64{1, 5, 15, 30, 60, 120, 300, 900, 3600}
	drawBuckets   = []float64{.01, .025, .05, .1, .25, .5, 1, 2.5, 5}
)

// Metrics are the bot's metrics in a registry of their own, served by Handler. Every label has a
// bounded set of values: maps, sources, AI levels, routes with their ids taken out, status codes,
// kinds of store errors; never a game, a user, a guild or a channel.
type Metrics struct {
	reg *prometheus.Registry
	// catalogue is every metric of the bot's own, as made.
	catalogue []Metric

	moves     *prometheus.CounterVec
	commit    prometheus.Histogram
	answer    prometheus.Histogram
	discord   *prometheus.CounterVec
	retries   *prometheus.CounterVec
	aiWait    *prometheus.HistogramVec
	aiSearch  *prometheus.HistogramVec
	timersDue prometheus.Counter
	timersRun prometheus.Counter
	timerLate prometheus.Counter
	lateness  prometheus.Histogram
	storeErrs *prometheus.CounterVec
	takenOver prometheus.Counter
	pages     *prometheus.CounterVec
	drawings  prometheus.Counter
	drawTime  prometheus.Histogram
}

// New makes the metrics. info are the process's own labels (its mode, its shards, its version),
// reported by carcassonne_build_info.
func New(info map[string]string) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	f := factory{m}
	m.moves = f.counterVec("moves_committed_total", "Turns committed to the store (a move, or a deadline's timeout; not a lobby's changes nor votes), by map and by who made them (player, ai, deadline, bot).", "map", "source")
	m.commit = f.histogram("commit_seconds", "Time to commit a change of a game (a move, a lobby's change, a vote) to the store, its transaction with fsync or round trip included.", commitBuckets)
	m.answer = f.histogram("interaction_answer_seconds", "Time from a person's command or click reaching the bot to its answer (Discord allows 3 s for the first, 15 min for the last).", answerBuckets)
	m.discord = f.counterVec("discord_requests_total", "Discord REST requests, by method, route (ids and tokens taken out) and status code (error: no response).", "method", "route", "status")
	m.retries = f.counterVec("discord_retries_total", "Discord REST requests sent again: after a 429 (rate limited) or a 502, by the status that caused it.", "status")
	m.aiWait = f.histogramVec("ai_wait_seconds", "Time an AI turn waited in the queue once its delay had passed, by AI level.", aiBuckets, "level")
	m.aiSearch = f.histogramVec("ai_search_seconds", "Time an AI took to choose its turn, by AI level.", aiBuckets, "level")
	m.timersDue = f.counter("timers_due_total", "Timers (deadlines, reminders, AI turns, lobby expiry, features' timers) handed to the timer loop as due.")
	m.timersRun = f.counter("timers_fired_total", "Timers done: a reminder sent, or a deadline's move committed.")
	m.timerLate = f.counter("timers_late_total", "Timers handed to the timer loop more than two minutes after they were due.")
	m.lateness = f.histogram("timer_lateness_seconds", "How long after its time a due timer was handed to the timer loop.", lateBuckets)
	m.storeErrs = f.counterVec("store_errors_total", "Failed calls of the store, by operation and by kind (storage.ProblemOf).", "op", "kind")
	m.takenOver = f.counter("announcements_taken_over_total", "Announcements of moves whose process died before saying them, taken over by this one.")
	m.pages = f.counterVec("page_views_total", "Requests to the web pages, by page and status code.", "page", "code")
	m.drawings = f.counter("board_drawings_total", "Board pictures drawn for the chat (the pages' pictures are their page views: page board or chart).")
	m.drawTime = f.histogram("board_draw_seconds", "Time to draw a board picture for the chat.", drawBuckets)
	labels := prometheus.Labels{"goversion": runtime.Version()}
	for k, v := range info {
		labels[k] = v
	}
	build := prometheus.NewGauge(prometheus.GaugeOpts{Namespace: namespace, Name: "build_info",
		Help: "The process: its mode (gateway or http) and the Go version; always 1.", ConstLabels: labels})
	f.add("build_info", "gauge", "The process: its mode (gateway or http) and the Go version; always 1.", slices.Sorted(maps.Keys(labels)))
	build.Set(1)
	m.reg.MustRegister(build, collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the metrics in Prometheus' text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Gauge reports fn's value when scraped: a state the host keeps (its games in memory, its AI
// queue), read only when asked.
func (m *Metrics) Gauge(name, help string, fn func() float64) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Namespace: namespace, Name: name, Help: help}, fn))
	factory{m}.add(name, "gauge", help, nil)
}

// Metric is one of the bot's metrics: its full name, its type, its labels and what it measures.
type Metric struct {
	Name, Type, Help string
	Labels           []string
}

// Catalogue lists the bot's own metrics made so far (New's, and Watch's once called), in the
// order they were made; Go's and the process's standard ones (go_*, process_*) come beside them.
func (m *Metrics) Catalogue() []Metric { return slices.Clone(m.catalogue) }

// Counter reports fn's value, a count the host keeps, when scraped.
func (m *Metrics) Counter(name, help string, fn func() float64) {
	m.reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Namespace: namespace, Name: name, Help: help}, fn))
	factory{m}.add(name, "counter", help, nil)
}

// AIWaited records the time an AI turn of level waited for a worker.
func (m *Metrics) AIWaited(level string, waited time.Duration) {
	m.aiWait.WithLabelValues(level).Observe(waited.Seconds())
}

// factory registers the metrics it makes, under the bot's namespace, and lists them.
type factory struct{ m *Metrics }

func (f factory) add(name, kind, help string, labels []string) {
	f.m.catalogue = append(f.m.catalogue, Metric{Name: namespace + "_" + name, Type: kind, Help: help, Labels: labels})
}

func (f factory) counter(name, help string) prometheus.Counter {
	c := prometheus.NewCounter(prometheus.CounterOpts{Namespace: namespace, Name: name, Help: help})
	f.m.reg.MustRegister(c)
	f.add(name, "counter", help, nil)
	return c
}

func (f factory) counterVec(name, help string, labels ...string) *prometheus.CounterVec {
	c := prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: name, Help: help}, labels)
	f.m.reg.MustRegister(c)
	f.add(name, "counter", help, labels)
	return c
}

func (f factory) histogram(name, help string, buckets []float64) prometheus.Histogram {
	h := prometheus.NewHistogram(prometheus.HistogramOpts{Namespace: namespace, Name: name, Help: help, Buckets: buckets})
	f.m.reg.MustRegister(h)
	f.add(name, "histogram", help, nil)
	return h
}

func (f factory) histogramVec(name, help string, buckets []float64, labels ...string) *prometheus.HistogramVec {
	h := prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Name: name, Help: help, Buckets: buckets}, labels)
	f.m.reg.MustRegister(h)
	f.add(name, "histogram", help, labels)
	return h
}
