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
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
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
	Base string
	// PublicURL is where readers reach the root through the host's reverse proxy
	// (https://example.org, no trailing slash): with it, the bot's messages link to the pages
	// (messages.go); without it, they do not.
	PublicURL string
	Games     Games
	Leagues   Leagues
	Signer    *Signer
	Logger    *slog.Logger
	Now       func() time.Time
	// ClientIP tells clients apart for the rate limit; nil uses the connection's peer
	// (ClientAddress with the host's reverse proxies behind one).
	ClientIP func(*http.Request) string
	// Rate and Burst are each client's rate limit; 0 means DefaultRate and DefaultBurst.
	Rate  float64
	Burst int
	// Busy tells whether the bot is handling a player's command or click right now: the pages'
	// drawing waits for it (draw.go). Nil means never.
	Busy func() bool
	// Drawers is how many pictures and histories are drawn at once; 0 means DefaultDrawers.
	Drawers int
	// Plays makes the moves of the play pages (play.go); nil serves no play page.
	Plays Plays
	// PlayRate and PlayBurst bound each player's moves from the play pages; 0 means
	// DefaultPlayRate and DefaultPlayBurst.
	PlayRate  float64
	PlayBurst int
	// PlayPoll is how often a play page asks whether its game moved on; 0 means DefaultPlayPoll.
	PlayPoll time.Duration
	// GamePoll is how soon a game's page first asks whether its game moved on (follow.go); 0
	// means DefaultGamePoll.
	GamePoll time.Duration
}

// Server serves the read-only web pages of games and leagues.
type Server struct {
	cfg Config
	// tmpl are the page templates of each language (lang.Codes), whose functions write its
	// messages.
	tmpl   map[string]*template.Template
	static map[string]staticFile
	limit  *limiter
	// playLimit bounds each player's moves from the play pages, apart from the client's rate.
	playLimit *limiter
	pages     *cache[*gamePage]
	boards    *cache[[]byte]
	draw      *drawer // the pages' heavy work: histories replayed, pictures drawn
	mux       *http.ServeMux
}

// pageBase is what every page's head reads: the way back to the server's root (pages link
// relatively, so that they work below any prefix the host's reverse proxy adds), the title, the
// language and the language switcher.
type pageBase struct {
	Root, Title string
	// Lang is the page's language; Query keeps the reader's explicit choice of it in the page's
	// own links ("&lang=de", or "").
	Lang, Query string
	Switch      []languageLink
}

// QueryFirst is Query as the start of a query: "?lang=de", or "".
func (b pageBase) QueryFirst() string {
	if b.Query == "" {
		return ""
	}
	return "?" + b.Query[1:]
}

// base is the head of a page in the reader's language, with a switcher keeping the query keep.
func base(r *http.Request, rd reader, title string, keep url.Values) pageBase {
	return pageBase{Root: root(r), Title: title, Lang: rd.Code(), Query: rd.Query(), Switch: rd.switcher(keep)}
}

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
	if cfg.PlayRate <= 0 {
		cfg.PlayRate = DefaultPlayRate
	}
	if cfg.PlayBurst <= 0 {
		cfg.PlayBurst = DefaultPlayBurst
	}
	if cfg.PlayPoll <= 0 {
		cfg.PlayPoll = DefaultPlayPoll
	}
	if cfg.GamePoll <= 0 {
		cfg.GamePoll = DefaultGamePoll
	}
	if cfg.Drawers <= 0 {
		cfg.Drawers = DefaultDrawers
	}
	if cfg.Busy == nil {
		cfg.Busy = func() bool { return false }
	}
	cfg.Base = strings.TrimSuffix(cfg.Base, "/")
	s := &Server{cfg: cfg, static: map[string]staticFile{}, limit: newLimiter(cfg.Rate, cfg.Burst, cfg.Now),
		playLimit: newLimiter(cfg.PlayRate, cfg.PlayBurst, cfg.Now),
		pages:     newCache(4<<20, func(p *gamePage) int { return 1024 + 256*len(p.Positions) }),
		boards:    newCache(64<<20, func(b []byte) int { return len(b) }),
		draw:      newDrawer(cfg.Drawers, cfg.Busy), mux: http.NewServeMux()}
	for name, ctype := range map[string]string{"app.js": "text/javascript; charset=utf-8", "app.css": "text/css; charset=utf-8",
		"play.js": "text/javascript; charset=utf-8", "play.css": "text/css; charset=utf-8"} {
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
		"iso":     func(t time.Time) string { return t.UTC().Format(time.RFC3339) },
		"scoreOf": func(i int, scores []string) string { return scores[i] },
		// join writes the scores of a position for the page's script, which splits them at |
		// (a number in the reader's convention may hold a comma or a space).
		"join": func(v []string) string { return strings.Join(v, "|") },
		// moveLink is the page's own address at position n, keeping the reader's choice of
		// language (query, "&lang=de" or ""): a whole address, so that the template leaves its
		// query as it is.
		"moveLink": func(n int, query string) template.URL { return template.URL("?move=" + strconv.Itoa(n) + query) },
		// bold, code and codeID are elements a message's named value may be (see reader.HTML).
		"bold": func(s string) template.HTML {
			return template.HTML("<b><bdi>" + template.HTMLEscapeString(s) + "</bdi></b>")
		},
		"code": func(s string) template.HTML {
			return template.HTML("<code>" + template.HTMLEscapeString(s) + "</code>")
		},
		// typed is a value to type, with the reader's words for it beside it where they differ.
		"typed": func(s, words string) template.HTML {
			c := "<code>" + template.HTMLEscapeString(s) + "</code>"
			if _, v, _ := strings.Cut(s, ":"); words == "" || words == v {
				return template.HTML(c)
			}
			return template.HTML(c + " (" + template.HTMLEscapeString(words) + ")")
		},
		"codeID": func(id, s string) template.HTML {
			return template.HTML(`<code id="` + template.HTMLEscapeString(id) + `">` + template.HTMLEscapeString(s) + "</code>")
		},
	}
	for name, f := range messageFuncs(lang.For(lang.English)) {
		funcs[name] = f
	}
	tmpl, err := template.New("").Funcs(funcs).ParseFS(assets, "assets/*.html")
	if err != nil {
		return nil, err
	}
	s.tmpl = map[string]*template.Template{}
	for _, code := range lang.Codes() {
		t, err := tmpl.Clone()
		if err != nil {
			return nil, err
		}
		s.tmpl[code] = t.Funcs(messageFuncs(lang.For(code)))
	}
	s.mux.HandleFunc("GET /static/{name}", s.serveStatic)
	s.mux.HandleFunc("GET /g/{id}/{token}/{$}", s.serveGame)
	s.mux.HandleFunc("GET /g/{id}/{token}/board/{file}", s.serveBoard)
	s.mux.HandleFunc("GET /g/{id}/{token}/chart.png", s.serveChart)
	s.mux.HandleFunc("GET /g/{id}/{token}/record.json", s.serveRecord)
	s.mux.HandleFunc("GET /g/{id}/{token}/game.jcz", s.serveJCZ)
	s.mux.HandleFunc("GET /g/{id}/{token}/version", s.serveGameVersion)
	s.mux.HandleFunc("GET /l/{id}/{token}/{$}", s.serveLeague)
	if cfg.Plays != nil {
		s.mux.HandleFunc("GET /p/{id}/{token}/{$}", s.servePlay)
		s.mux.HandleFunc("GET /p/{id}/{token}/board.png", s.servePlayBoard)
		s.mux.HandleFunc("GET /p/{id}/{token}/tile.png", s.servePlayTile)
		s.mux.HandleFunc("GET /p/{id}/{token}/placement", s.servePlacement)
		s.mux.HandleFunc("GET /p/{id}/{token}/preview/{file}", s.servePreview)
		s.mux.HandleFunc("POST /p/{id}/{token}/move", s.serveMove)
		s.mux.HandleFunc("GET /p/{id}/{token}/version", s.serveVersion)
	}
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			s.fail(w, r, http.StatusMethodNotAllowed, msg.Message{ID: "web_err_read_only"})
			return
		}
		s.fail(w, r, http.StatusNotFound, msg.Message{ID: "web_err_no_page"})
	})
	return s, nil
}

// playerCSS are the Okabe-Ito colours of the players' meeples in seat order, as the pictures draw
// them.
var playerCSS = []string{"#0072b2", "#d55e00", "#f0e442", "#009e73", "#cc79a7", "#000000"}

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

// ServeHTTP checks what every request must satisfy (rate, size, method) and sets the headers
// every answer carries, then routes it.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.admit(w, r) {
		s.route(w, r)
	}
}

// admit sets the headers every answer carries and takes a token of the client's rate limit. A
// client over its limit is refused before anything of its request that costs work is read (the
// refusal is written in the language of its ?lang=, else English: not its Accept-Language).
func (s *Server) admit(w http.ResponseWriter, r *http.Request) bool {
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "+
		"base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	ok, wait := s.limit.allow(s.cfg.ClientIP(r))
	if ok {
		return true
	}
	h.Set("Retry-After", strconv.Itoa(int(wait/time.Second)+1))
	rd := reader{Printer: lang.For(lang.English)}
	if len(r.URL.RawQuery) <= maxQuery {
		if v, ok := r.URL.Query()["lang"]; ok && len(v) > 0 {
			if code, known := lang.Known(v[0]); known {
				rd = reader{Printer: lang.For(code), explicit: true}
			}
		}
	}
	s.failIn(w, r, rd, http.StatusTooManyRequests, msg.Message{ID: "web_err_rate"})
	return false
}

// route checks a request's size and method, and serves it.
func (s *Server) route(w http.ResponseWriter, r *http.Request) {
	if len(r.RequestURI) > maxURL || len(r.URL.RawQuery) > maxQuery {
		s.fail(w, r, http.StatusRequestURITooLong, msg.Message{ID: "web_err_too_long", Args: lang.A{"Max": maxQuery}})
		return
	}
	if (r.ContentLength != 0 || len(r.TransferEncoding) > 0) && !s.isMove(r) {
		s.fail(w, r, http.StatusRequestEntityTooLarge, msg.Message{ID: "web_err_body"})
		return
	}
	path := r.URL.Path
	if s.cfg.Base != "" {
		rest, ok := strings.CutPrefix(path, s.cfg.Base)
		if !ok || (rest != "" && rest[0] != '/') {
			s.fail(w, r, http.StatusNotFound, msg.Message{ID: "web_err_no_page"})
			return
		}
		r2 := r.Clone(r.Context())
		r2.URL.Path, r2.URL.RawPath = rest, ""
		r = r2
	}
	s.mux.ServeHTTP(w, r)
}

// Handler is the server under its base path, with a deadline on every admitted request's work;
// the page that says so is in the reader's language. A request whose client has gone, or whose
// deadline passed, stops its drawing (draw.go).
func (s *Server) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.admit(w, r) {
			return
		}
		rd, _ := languageOf(r, "")
		msg := template.HTMLEscapeString(rd.T("web_err_timeout", nil))
		http.TimeoutHandler(http.HandlerFunc(s.route), renderLimit, msg).ServeHTTP(w, r)
	})
}

func (s *Server) serveStatic(w http.ResponseWriter, r *http.Request) {
	f, ok := s.static[r.PathValue("name")]
	if !ok {
		s.fail(w, r, http.StatusNotFound, msg.Message{ID: "web_err_no_file"})
		return
	}
	w.Header().Set("Content-Type", f.ctype)
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	w.Write(f.data)
}

// errorPage is the page of a refusal: what was wrong and what would be right.
type errorPage struct {
	pageBase
	Status  int
	Message string
}

// fail answers a request it refuses with a page saying why, in the language the request asks
// for (see languageOf); nothing was changed.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, status int, e msg.Message) {
	rd, _ := languageOf(r, "")
	s.failIn(w, r, rd, status, e)
}

// failIn answers a refusal in a language already chosen (a game's, whose table's language: setting
// joins the choice).
func (s *Server) failIn(w http.ResponseWriter, r *http.Request, rd reader, status int, e msg.Message) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Language", rd.Code())
	rd.vary(w)
	title := rd.T(fmt.Sprintf("web_status_%d", status), nil)
	p := errorPage{pageBase: base(r, rd, fmt.Sprintf("%d %s", status, title), nil), Status: status, Message: rd.Message(e)}
	var buf bytes.Buffer
	if err := s.tmpl[rd.Code()].ExecuteTemplate(&buf, "error.html", p); err != nil {
		s.cfg.Logger.Error("web: error page", "err", err)
	}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(buf.Bytes())
	}
}

// page writes an HTML page in the reader's language with an entity tag, answering 304 when the
// client has it.
func (s *Server) page(w http.ResponseWriter, r *http.Request, rd reader, name string, data any) {
	var buf bytes.Buffer
	if err := s.tmpl[rd.Code()].ExecuteTemplate(&buf, name, data); err != nil {
		s.cfg.Logger.Error("web: page", "page", name, "err", err)
		s.failIn(w, r, rd, http.StatusInternalServerError, msg.Message{ID: "web_err_draw_page"})
		return
	}
	sum := sha256.Sum256(buf.Bytes())
	etag := `"` + hex.EncodeToString(sum[:12]) + `"`
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Language", rd.Code())
	h.Set("Cache-Control", "private, no-cache")
	h.Set("ETag", etag)
	rd.vary(w)
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
