package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"time"
)

//go:embed assets
var assets embed.FS

// Limits on what a client may ask. A page's address with its query is far shorter than these.
const (
	maxURL      = 2048
	maxQuery    = 256
	renderLimit = 10 * time.Second
	// DefaultRate and DefaultBurst bound each client: a page and its pictures, then a few
	// pictures a second while stepping through the history.
	DefaultRate  = 10.0
	DefaultBurst = 60
)

// Config is what a Server reads games and leagues from, and how it is reached.
type Config struct {
	// Base is the path the pages live under ("" at the root, "/web" beside HTTP interactions).
	Base    string
	Games   Games
	Leagues Leagues
	Signer  *Signer
	Logger  *slog.Logger
	Now     func() time.Time
	// ClientIP tells clients apart for the rate limit; nil uses the connection's peer
	// (ForwardedFor behind a reverse proxy).
	ClientIP func(*http.Request) string
	// Rate and Burst are each client's rate limit; 0 means DefaultRate and DefaultBurst.
	Rate  float64
	Burst int
}

// Server serves the read-only web pages of games and leagues.
type Server struct {
	cfg     Config
	tmpl    *template.Template
	static  map[string]staticFile
	limit   *limiter
	pages   *cache[*gamePage]
	boards  *cache[[]byte]
	renders chan struct{} // bounds the pictures drawn at once
	mux     *http.ServeMux
}

// headData is what every page's head reads: the way back to the server's root (pages link
// relatively, so that they work below any prefix the host's reverse proxy adds) and the title.
type headData struct{ Root, Title string }

// root is the relative way from a request's page to the server's root: "../../../" from a game's
// page /g/ID/TOKEN/.
func root(r *http.Request) string {
	return strings.Repeat("../", max(0, strings.Count(r.URL.Path, "/")-1))
}

// staticFile is an embedded script or style sheet, served under its content's hash so that it
// can be cached for good.
type staticFile struct {
	data  []byte
	ctype string
	path  string // /static/NAME?v=HASH
}

// New makes a server.
func New(cfg Config) (*Server, error) {
	if cfg.Games == nil || cfg.Signer == nil {
		return nil, errors.New("web: no games or no signer")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.ClientIP == nil {
		cfg.ClientIP = remoteIP
	}
	if cfg.Rate <= 0 {
		cfg.Rate = DefaultRate
	}
	if cfg.Burst <= 0 {
		cfg.Burst = DefaultBurst
	}
	cfg.Base = strings.TrimSuffix(cfg.Base, "/")
	s := &Server{cfg: cfg, static: map[string]staticFile{}, limit: newLimiter(cfg.Rate, cfg.Burst, cfg.Now),
		pages:   newCache(4<<20, func(p *gamePage) int { return 1024 + 256*len(p.Positions) }),
		boards:  newCache(64<<20, func(b []byte) int { return len(b) }),
		renders: make(chan struct{}, max(1, runtime.NumCPU())), mux: http.NewServeMux()}
	for name, ctype := range map[string]string{"app.js": "text/javascript; charset=utf-8", "app.css": "text/css; charset=utf-8"} {
		data, err := fs.ReadFile(assets, "assets/"+name)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(data)
		s.static[name] = staticFile{data: data, ctype: ctype, path: "static/" + name + "?v=" + hex.EncodeToString(sum[:6])}
	}
	funcs := template.FuncMap{
		"static":  func(name string) string { return s.static[name].path },
		"colour":  func(i int) string { return playerCSS[i%len(playerCSS)] },
		"utc":     func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") },
		"iso":     func(t time.Time) string { return t.UTC().Format(time.RFC3339) },
		"join":    joinInts,
		"scoreOf": func(i int, scores []int) int { return scores[i] },
		"head":    func(root, title string) headData { return headData{Root: root, Title: title} },
	}
	tmpl, err := template.New("").Funcs(funcs).ParseFS(assets, "assets/*.html")
	if err != nil {
		return nil, err
	}
	s.tmpl = tmpl
	s.mux.HandleFunc("GET /static/{name}", s.serveStatic)
	s.mux.HandleFunc("GET /g/{id}/{token}/{$}", s.serveGame)
	s.mux.HandleFunc("GET /g/{id}/{token}/board/{file}", s.serveBoard)
	s.mux.HandleFunc("GET /g/{id}/{token}/chart.png", s.serveChart)
	s.mux.HandleFunc("GET /g/{id}/{token}/record.json", s.serveRecord)
	s.mux.HandleFunc("GET /g/{id}/{token}/game.jcz", s.serveJCZ)
	s.mux.HandleFunc("GET /l/{id}/{token}/{$}", s.serveLeague)
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			s.fail(w, r, http.StatusMethodNotAllowed, "These pages are read-only: only GET and HEAD are answered.")
			return
		}
		s.fail(w, r, http.StatusNotFound, "There is no page at this address. A game's or a league's page opens from the link the bot posts.")
	})
	return s, nil
}

// playerCSS are the Okabe-Ito colours of the players' meeples in seat order, as the pictures draw
// them.
var playerCSS = []string{"#0072b2", "#d55e00", "#f0e442", "#009e73", "#cc79a7", "#000000"}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

// GamePath is the signed address of a game's page, below the host's root (Base included).
func (s *Server) GamePath(id string) (string, error) {
	p, err := s.cfg.Signer.Path(KindGame, id)
	return s.cfg.Base + p, err
}

// LeaguePath is the signed address of a league's page.
func (s *Server) LeaguePath(id string) (string, error) {
	p, err := s.cfg.Signer.Path(KindLeague, id)
	return s.cfg.Base + p, err
}

// ServeHTTP checks what every request must satisfy (size, rate, method) and sets the headers
// every answer carries, then routes it.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "+
		"base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	if ok, wait := s.limit.allow(s.cfg.ClientIP(r)); !ok {
		h.Set("Retry-After", strconv.Itoa(int(wait/time.Second)+1))
		s.fail(w, r, http.StatusTooManyRequests, "Too many requests from your address: wait a few seconds and reload.")
		return
	}
	if len(r.RequestURI) > maxURL || len(r.URL.RawQuery) > maxQuery {
		s.fail(w, r, http.StatusRequestURITooLong, fmt.Sprintf("This address is too long: a page takes at most a short query such as ?move=12 (%d characters).", maxQuery))
		return
	}
	if r.ContentLength != 0 || len(r.TransferEncoding) > 0 {
		s.fail(w, r, http.StatusRequestEntityTooLarge, "These pages take no request body.")
		return
	}
	path := r.URL.Path
	if s.cfg.Base != "" {
		rest, ok := strings.CutPrefix(path, s.cfg.Base)
		if !ok || (rest != "" && rest[0] != '/') {
			s.fail(w, r, http.StatusNotFound, "There is no page at this address.")
			return
		}
		r2 := r.Clone(r.Context())
		r2.URL.Path, r2.URL.RawPath = rest, ""
		r = r2
	}
	s.mux.ServeHTTP(w, r)
}

// Handler is the server under its base path, with a deadline on every request's work.
func (s *Server) Handler() http.Handler {
	return http.TimeoutHandler(s, renderLimit, "The page took too long to draw: reload it in a moment.")
}

func (s *Server) serveStatic(w http.ResponseWriter, r *http.Request) {
	f, ok := s.static[r.PathValue("name")]
	if !ok {
		s.fail(w, r, http.StatusNotFound, "There is no such file.")
		return
	}
	w.Header().Set("Content-Type", f.ctype)
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	w.Write(f.data)
}

// errorPage is the page of a refusal: what was wrong and what would be right.
type errorPage struct {
	Root    string
	Status  int
	Title   string
	Message string
}

// fail answers a request it refuses with a page saying why; nothing was changed.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, status int, msg string) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	var buf bytes.Buffer
	if err := s.tmpl.ExecuteTemplate(&buf, "error.html", errorPage{Root: root(r), Status: status, Title: http.StatusText(status), Message: msg}); err != nil {
		s.cfg.Logger.Error("web: error page", "err", err)
	}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(buf.Bytes())
	}
}

// page writes an HTML page with an entity tag, answering 304 when the client has it.
func (s *Server) page(w http.ResponseWriter, r *http.Request, name string, data any) {
	var buf bytes.Buffer
	if err := s.tmpl.ExecuteTemplate(&buf, name, data); err != nil {
		s.cfg.Logger.Error("web: page", "page", name, "err", err)
		s.fail(w, r, http.StatusInternalServerError, "The page could not be drawn; the bot's log says why.")
		return
	}
	sum := sha256.Sum256(buf.Bytes())
	etag := `"` + hex.EncodeToString(sum[:12]) + `"`
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "private, no-cache")
	h.Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if r.Method != http.MethodHead {
		w.Write(buf.Bytes())
	}
}

// blob writes a picture or a download. An immutable one is addressed by the game's version, so
// it is cached for good.
func blob(w http.ResponseWriter, r *http.Request, ctype string, data []byte, immutable bool) {
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("Content-Length", strconv.Itoa(len(data)))
	if immutable {
		h.Set("Cache-Control", "private, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "private, no-cache")
	}
	if r.Method != http.MethodHead {
		w.Write(data)
	}
}
