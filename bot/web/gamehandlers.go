package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/render"
)

// openGame checks a game page's link and reads the game and its page; on a refusal it has
// answered already and returns ok false.
func (s *Server) openGame(w http.ResponseWriter, r *http.Request) (Game, *gamePage, bool) {
	id, token := r.PathValue("id"), r.PathValue("token")
	if err := s.cfg.Signer.Check(KindGame, id, token); err != nil {
		s.refuse(w, r, err)
		return Game{}, nil, false
	}
	g, err := s.cfg.Games.WebGame(id)
	if err != nil {
		s.refuse(w, r, err)
		return Game{}, nil, false
	}
	if g.Table == nil || g.Table.Game == nil {
		s.fail(w, r, http.StatusNotFound, "This game has not started yet: its page opens with its first move.")
		return Game{}, nil, false
	}
	key := id + "@" + strconv.FormatUint(g.Version, 10)
	p, ok := s.pages.get(key)
	if !ok {
		if p, err = buildGamePage(g); err != nil {
			s.cfg.Logger.Error("web: game page", "game", id, "err", err)
			s.fail(w, r, http.StatusInternalServerError, "This game's page could not be drawn; the bot's log says why.")
			return Game{}, nil, false
		}
		s.pages.put(key, p)
	}
	return g, p, true
}

// refuse answers a link that does not open a page, and a source's failure.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, errBadLink), errors.Is(err, ErrNotFound):
		s.fail(w, r, http.StatusNotFound, errBadLink.Error()+". Ask for a fresh one with /carc board in the game's channel.")
	default:
		s.cfg.Logger.Error("web: read", "path", r.URL.Path, "err", err)
		s.fail(w, r, http.StatusServiceUnavailable, "The game could not be read just now; try again in a moment.")
	}
}

// query reads a page's query: only the names given are allowed, each at most once.
func query(raw string, allowed ...string) (url.Values, error) {
	q, err := url.ParseQuery(raw)
	if err != nil {
		return nil, errors.New("the address's query is malformed")
	}
	for k, v := range q {
		known := false
		for _, a := range allowed {
			known = known || a == k
		}
		if !known {
			if len(allowed) == 0 {
				return nil, fmt.Errorf("this address takes no query, and %s is not known", quoted(k))
			}
			return nil, fmt.Errorf("%s is not a parameter of this page: it takes %s", quoted(k), strings.Join(allowed, ", "))
		}
		if len(v) > 1 {
			return nil, fmt.Errorf("%s is given %d times: give it once", quoted(k), len(v))
		}
	}
	return q, nil
}

// quoted shows a client's text in a message, shortened; the template escapes it.
func quoted(s string) string {
	if len(s) > 24 {
		s = s[:24] + "..."
	}
	return strconv.Quote(s)
}

// position reads ?move=N (or the board's file name N.png): a position of the history.
func (p *gamePage) position(v string) (int, error) {
	last := len(p.Positions) - 1
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > last || strings.TrimSpace(v) != v || strings.HasPrefix(v, "+") {
		return 0, fmt.Errorf("move %s is not a position of this game: choose 0 (the deal) to %d (%s)", quoted(v), last, p.Positions[last].Label)
	}
	return n, nil
}

// gameView is what the game page's template reads.
type gameView struct {
	*gamePage
	Root    string
	At      int
	Version uint64
	Now     time.Time
	// Follow is the command that follows the game in Discord, with this page's address (the
	// page's script makes it a whole link); "" once the game is over.
	Follow string
}

func (s *Server) serveGame(w http.ResponseWriter, r *http.Request) {
	g, p, ok := s.openGame(w, r)
	if !ok {
		return
	}
	q, err := query(r.URL.RawQuery, "move")
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, err.Error()+".")
		return
	}
	at := len(p.Positions) - 1
	if q.Has("move") {
		if at, err = p.position(q.Get("move")); err != nil {
			s.fail(w, r, http.StatusBadRequest, err.Error()+".")
			return
		}
	}
	v := gameView{gamePage: p, Root: root(r), At: at, Version: g.Version, Now: s.cfg.Now()}
	if link, err := s.GamePath(p.ID); err == nil && !p.Over {
		v.Follow = "/carc me follow game:" + link
	}
	s.page(w, r, "game.html", v)
}

// serveBoard draws a position's board (cached by game, version and position).
func (s *Server) serveBoard(w http.ResponseWriter, r *http.Request) {
	g, p, ok := s.openGame(w, r)
	if !ok {
		return
	}
	if _, err := query(r.URL.RawQuery, "v"); err != nil {
		s.fail(w, r, http.StatusBadRequest, err.Error()+".")
		return
	}
	name, ok := strings.CutSuffix(r.PathValue("file"), ".png")
	if !ok {
		s.fail(w, r, http.StatusNotFound, "A board is a picture named after its move: board/12.png.")
		return
	}
	n, err := p.position(name)
	if err != nil {
		s.fail(w, r, http.StatusNotFound, err.Error()+".")
		return
	}
	data, err := s.board(g, n, len(p.Positions))
	if err != nil {
		s.cfg.Logger.Error("web: board", "game", g.Table.ID, "move", n, "err", err)
		s.fail(w, r, http.StatusInternalServerError, "This board could not be drawn; the bot's log says why.")
		return
	}
	blob(w, r, "image/png", data, r.URL.Query().Get("v") == strconv.FormatUint(g.Version, 10))
}

// board is position n's picture, drawn once per version of the game, a few at a time.
func (s *Server) board(g Game, n, positions int) ([]byte, error) {
	key := fmt.Sprintf("%s@%d/%d", g.Table.ID, g.Version, n)
	if b, ok := s.boards.get(key); ok {
		return b, nil
	}
	s.renders <- struct{}{}
	defer func() { <-s.renders }()
	if b, ok := s.boards.get(key); ok {
		return b, nil
	}
	b, err := boardPNG(g, n, positions)
	if err != nil {
		return nil, err
	}
	s.boards.put(key, b)
	return b, nil
}

func (s *Server) serveChart(w http.ResponseWriter, r *http.Request) {
	g, _, ok := s.openGame(w, r)
	if !ok {
		return
	}
	if _, err := query(r.URL.RawQuery, "v"); err != nil {
		s.fail(w, r, http.StatusBadRequest, err.Error()+".")
		return
	}
	key := fmt.Sprintf("%s@%d/chart", g.Table.ID, g.Version)
	data, ok := s.boards.get(key)
	if !ok {
		var err error
		if data, err = render.ScoreChart(g.Table.Game.View(false), g.pictureWords()); err != nil {
			s.cfg.Logger.Error("web: chart", "game", g.Table.ID, "err", err)
			s.fail(w, r, http.StatusInternalServerError, "The chart could not be drawn; the bot's log says why.")
			return
		}
		s.boards.put(key, data)
	}
	blob(w, r, "image/png", data, r.URL.Query().Get("v") == strconv.FormatUint(g.Version, 10))
}

// document is the game's complete record, once it is over: before, the page offers no download
// (the record of a running game is /carc export's, for the players).
func (s *Server) document(w http.ResponseWriter, r *http.Request) (Game, record.Document, bool) {
	g, p, ok := s.openGame(w, r)
	if !ok {
		return g, record.Document{}, false
	}
	if _, err := query(r.URL.RawQuery); err != nil {
		s.fail(w, r, http.StatusBadRequest, err.Error()+".")
		return g, record.Document{}, false
	}
	if !p.Over {
		s.fail(w, r, http.StatusNotFound, "The record is offered here once the game is over; the players get it meanwhile with /carc export.")
		return g, record.Document{}, false
	}
	var steps []record.Stored
	if g.Record != nil {
		var err error
		if steps, err = g.Record(); err != nil {
			s.refuse(w, r, err)
			return g, record.Document{}, false
		}
	}
	d, err := record.Of(g.Table, steps)
	if err != nil {
		s.fail(w, r, http.StatusNotFound, "There is no record of this game: "+err.Error()+".")
		return g, record.Document{}, false
	}
	return g, d, true
}

func (s *Server) serveRecord(w http.ResponseWriter, r *http.Request) {
	g, d, ok := s.document(w, r)
	if !ok {
		return
	}
	data, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, "The record could not be written.")
		return
	}
	w.Header().Set("Content-Disposition", `attachment; filename="`+fileName(g.Table.ID)+`.json"`)
	blob(w, r, "application/json", data, false)
}

func (s *Server) serveJCZ(w http.ResponseWriter, r *http.Request) {
	g, d, ok := s.document(w, r)
	if !ok {
		return
	}
	data, err := record.JCloisterZone(d, time.Time{})
	if err != nil {
		s.fail(w, r, http.StatusNotFound, "No JCloisterZone file for this game: "+err.Error()+".")
		return
	}
	w.Header().Set("Content-Disposition", `attachment; filename="`+fileName(g.Table.ID)+`.jcz"`)
	blob(w, r, "application/octet-stream", data, false)
}

// fileName is a game's id as a download's name: letters, digits, - and _ only, so that no id can
// break out of the header.
func fileName(id string) string {
	name := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') {
			return r
		}
		return -1
	}, id)
	if name == "" {
		return "game"
	}
	return name
}
