package metrics

import (
	"net/http"
	"strconv"
	"strings"
)

// Pages counts the requests to the web pages served by h, under base (the pages' path prefix,
// "" at the root), by page and status code. The page is named by the route (game, board, chart,
// record, jcz, league, static, other): never the game's id or its link's token, which are secret.
func (m *Metrics) Pages(base string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w, code: http.StatusOK}
		h.ServeHTTP(sw, r)
		m.pages.WithLabelValues(pageOf(strings.TrimPrefix(r.URL.Path, base)), strconv.Itoa(sw.code)).Inc()
	})
}

// pageOf names the page of a path of the pages' server (bot/web, server.go).
func pageOf(path string) string {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	switch {
	case len(parts) == 2 && parts[0] == "static":
		return "static"
	case len(parts) == 3 && parts[0] == "g":
		return "game"
	case len(parts) == 5 && parts[0] == "g" && parts[3] == "board":
		return "board"
	case len(parts) == 4 && parts[0] == "g":
		switch parts[3] {
		case "chart.png":
			return "chart"
		case "record.json":
			return "record"
		case "game.jcz":
			return "jcz"
		}
	case len(parts) == 3 && parts[0] == "l":
		return "league"
	}
	return "other"
}

// statusWriter keeps the status code written.
type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	w.code = code
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
