package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record/jcz"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/render"
)

// openGame checks a game page's link and reads the game and its page in the reader's language
// (languageOf, the table's language: setting its fallback); on a refusal it has answered already
// and returns ok false.
func (s *Server) openGame(w http.ResponseWriter, r *http.Request) (Game, *gamePage, reader, bool) {
	id, token := r.PathValue("id"), r.PathValue("token")
	if err := s.cfg.Signer.Check(KindGame, id, token); err != nil {
		s.refuse(w, r, err)
		return Game{}, nil, reader{}, false
	}
	g, err := s.cfg.Games.WebGame(id)
	if err != nil {
		s.refuse(w, r, err)
		return Game{}, nil, reader{}, false
	}
	fallback := ""
	if g.Table != nil {
		fallback = lang.Public(g.Table.Settings.Language, g.GuildLocale)
	}
	rd, err := languageOf(r, fallback)
	if err != nil {
		s.failIn(w, r, rd, http.StatusBadRequest, err.(msg.Message))
		return Game{}, nil, reader{}, false
	}
	if g.Table == nil || g.Table.Game == nil {
		s.failIn(w, r, rd, http.StatusNotFound, msg.Message{ID: "web_err_not_started"})
		return Game{}, nil, reader{}, false
	}
	key := id + "@" + strconv.FormatUint(g.Version, 10) + "/" + rd.Code()
	p, ok := s.pages.get(key)
	if !ok {
		p, err = draw(s.draw, r.Context(), "page "+key, func(pause func() error) (*gamePage, error) {
			p, err := buildGamePage(g, rd.Printer, pause)
			if err == nil {
				s.pages.put(key, p)
			}
			return p, err
		})
		if err != nil {
			s.drawFailed(w, r, rd, "web: game page", id, err, msg.Message{ID: "web_err_draw_page"})
			return Game{}, nil, reader{}, false
		}
	}
	return g, p, rd, true
}

// drawFailed answers a request whose drawing failed: the server is busy (503, to retry soon), the
// request is gone or past its deadline (nothing to answer), or the drawing failed (500, logged).
func (s *Server) drawFailed(w http.ResponseWriter, r *http.Request, rd reader, what, id string, err error, e msg.Message) {
	switch {
	case errors.Is(err, errBusy):
		w.Header().Set("Retry-After", "2")
		s.failIn(w, r, rd, http.StatusServiceUnavailable, msg.Message{ID: "web_err_busy"})
	case r.Context().Err() != nil:
		// The reader left, or the request's deadline answered it already.
	default:
		s.cfg.Logger.Error(what, "game", id, "err", err)
		s.failIn(w, r, rd, http.StatusInternalServerError, e)
	}
}

// refuse answers a link that does not open a page, and a source's failure.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, errBadLink), errors.Is(err, ErrNotFound):
		s.fail(w, r, http.StatusNotFound, msg.Message{ID: "web_err_bad_link"})
	default:
		s.cfg.Logger.Error("web: read", "path", r.URL.Path, "err", err)
		s.fail(w, r, http.StatusServiceUnavailable, msg.Message{ID: "web_err_unavailable"})
	}
}

// query reads a page's query: only the names given (and lang, the page's language, which
// languageOf reads) are allowed, each at most once.
func query(raw string, allowed ...string) (url.Values, error) {
	q, err := url.ParseQuery(raw)
	if err != nil {
		return nil, msg.Message{ID: "web_err_query_malformed"}
	}
	allowed = append(allowed, "lang")
	for k, v := range q {
		if !slices.Contains(allowed, k) {
			return nil, msg.Message{ID: "web_err_query_unknown", Args: lang.A{"Name": quoted(k), "Allowed": strings.Join(allowed, ", ")}}
		}
		if len(v) > 1 {
			return nil, msg.Message{ID: "web_err_query_twice", Args: lang.A{"Name": quoted(k), "Count": len(v)}}
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
		return 0, msg.Message{ID: "web_err_move", Args: lang.A{"Value": quoted(v), "Last": last, "LastLabel": p.Positions[last].Label}}
	}
	return n, nil
}

// gameView is what the game page's template reads.
type gameView struct {
	pageBase
	*gamePage
	At      int
	Version uint64
	Now     time.Time
	// Poll and PollMax are the page script's first and longest wait, in milliseconds, between two
	// questions whether the game moved on (follow.go).
	Poll, PollMax int64
	// Follow is the command that follows the game in Discord, with this page's address (the
	// page's script makes it a whole link), FollowPrefix the command before the address, both
	// named as the reader's Discord shows them, and FollowEnd and FollowThread its options for
	// the end only and a thread; "" once the game is over.
	Follow, FollowPrefix    string
	FollowEnd, FollowThread string
	// FollowEndLabel and FollowThreadLabel are those options' values in the reader's words, which
	// the page shows beside the values to type (Discord's menu of the option shows them so).
	FollowEndLabel, FollowThreadLabel string
	// League is the path of the page of the league the game belongs to ("" for a friendly), and
	// LeagueName and LeagueSeason what its link says.
	League, LeagueName string
	LeagueSeason       int
}

func (s *Server) serveGame(w http.ResponseWriter, r *http.Request) {
	g, p, rd, ok := s.openGame(w, r)
	if !ok {
		return
	}
	q, err := query(r.URL.RawQuery, "move")
	if err != nil {
		s.failIn(w, r, rd, http.StatusBadRequest, err.(msg.Message))
		return
	}
	at := len(p.Positions) - 1
	if q.Has("move") {
		if at, err = p.position(q.Get("move")); err != nil {
			s.failIn(w, r, rd, http.StatusBadRequest, err.(msg.Message))
			return
		}
	}
	keep := url.Values{}
	if q.Has("move") {
		keep.Set("move", q.Get("move"))
	}
	title := rd.T("web_game_title", lang.A{"Map": p.MapTitle, "Game": p.ID})
	v := gameView{pageBase: base(r, rd, title, keep), gamePage: p, At: at, Version: g.Version, Now: s.cfg.Now(),
		Poll: s.cfg.GamePoll.Milliseconds(), PollMax: followMaxWait * s.cfg.GamePoll.Milliseconds()}
	if link, err := s.GamePath(p.ID); err == nil && !p.Over {
		v.FollowPrefix = rd.Command("player follow") + " " + rd.Option("player follow game") + ":"
		v.Follow = v.FollowPrefix + link
		v.FollowEnd, v.FollowEndLabel = rd.Option("player follow when")+":end", choiceName(rd.Printer, "player follow when", "end")
		v.FollowThread, v.FollowThreadLabel = rd.Option("player follow to")+":thread", choiceName(rd.Printer, "player follow to", "thread")
	}
	if l := g.Table.League; l != nil {
		if path, err := s.LeaguePath(l.ID); err == nil {
			v.League, v.LeagueName, v.LeagueSeason = path, l.Name, l.Season
		}
	}
	s.page(w, r, rd, "game.html", v)
}

// choiceName is a choice of an option as the reader's Discord lists it, its value where the
// catalogues name it no other way.
func choiceName(pr *lang.Printer, option, value string) string {
	if id := lang.Default.First(lang.ChoiceIDs(strings.Fields(option), value)); id != "" {
		return pr.T(id, nil)
	}
	return value
}

// serveBoard draws a position's board in the page's language (cached by game, version, position
// and language).
func (s *Server) serveBoard(w http.ResponseWriter, r *http.Request) {
	g, p, rd, ok := s.openGame(w, r)
	if !ok {
		return
	}
	if _, err := query(r.URL.RawQuery, "v"); err != nil {
		s.failIn(w, r, rd, http.StatusBadRequest, err.(msg.Message))
		return
	}
	name, ok := strings.CutSuffix(r.PathValue("file"), ".png")
	if !ok {
		s.failIn(w, r, rd, http.StatusNotFound, msg.Message{ID: "web_err_board_name"})
		return
	}
	n, err := p.position(name)
	if err != nil {
		s.failIn(w, r, rd, http.StatusNotFound, err.(msg.Message))
		return
	}
	data, err := s.board(r.Context(), g, p, n, rd.Code())
	if err != nil {
		s.drawFailed(w, r, rd, "web: board", g.Table.ID, err, msg.Message{ID: "web_err_draw_board"})
		return
	}
	rd.vary(w)
	blob(w, r, "image/png", data, r.URL.Query().Get("v") == strconv.FormatUint(g.Version, 10))
}

// board is position n's picture in language code, drawn by the drawer (draw.go). A finished
// turn's picture is cached by the game, the move, the language and what it shows (position.drawn),
// so the game's later moves leave it cached; the turn being played, by the game's version.
func (s *Server) board(ctx context.Context, g Game, p *gamePage, n int, code string) ([]byte, error) {
	key := fmt.Sprintf("%s/%d/%s/%s", g.Table.ID, n, code, p.Positions[n].drawn)
	if p.Positions[n].drawn == "" {
		key = fmt.Sprintf("%s@%d/%d/%s", g.Table.ID, g.Version, n, code)
	}
	if b, ok := s.boards.get(key); ok {
		return b, nil
	}
	return draw(s.draw, ctx, "board "+key, func(pause func() error) ([]byte, error) {
		b, err := boardPNG(g.Table, n, len(p.Positions), code, pause)
		if err == nil {
			s.boards.put(key, b)
		}
		return b, err
	})
}

// serveChart draws the score chart in the page's language.
func (s *Server) serveChart(w http.ResponseWriter, r *http.Request) {
	g, _, rd, ok := s.openGame(w, r)
	if !ok {
		return
	}
	if _, err := query(r.URL.RawQuery, "v"); err != nil {
		s.failIn(w, r, rd, http.StatusBadRequest, err.(msg.Message))
		return
	}
	key := fmt.Sprintf("%s@%d/chart/%s", g.Table.ID, g.Version, rd.Code())
	data, ok := s.boards.get(key)
	if !ok {
		var err error
		data, err = draw(s.draw, r.Context(), "chart "+key, func(func() error) ([]byte, error) {
			data, err := render.ScoreChart(g.Table.Game.View(false), commands.WordsFor(rd.Code()))
			if err == nil {
				s.boards.put(key, data)
			}
			return data, err
		})
		if err != nil {
			s.drawFailed(w, r, rd, "web: chart", g.Table.ID, err, msg.Message{ID: "web_err_draw_chart"})
			return
		}
	}
	rd.vary(w)
	blob(w, r, "image/png", data, r.URL.Query().Get("v") == strconv.FormatUint(g.Version, 10))
}

// document is the game's complete record, once it is over: before, the page offers no download
// (the record of a running game is /carc export's, for the players).
func (s *Server) document(w http.ResponseWriter, r *http.Request) (Game, record.Document, reader, bool) {
	g, p, rd, ok := s.openGame(w, r)
	if !ok {
		return g, record.Document{}, rd, false
	}
	if _, err := query(r.URL.RawQuery); err != nil {
		s.failIn(w, r, rd, http.StatusBadRequest, err.(msg.Message))
		return g, record.Document{}, rd, false
	}
	if !p.Over {
		s.failIn(w, r, rd, http.StatusNotFound, msg.Message{ID: "web_err_record_running"})
		return g, record.Document{}, rd, false
	}
	var steps []record.Stored
	if g.Record != nil {
		var err error
		if steps, err = g.Record(); err != nil {
			s.refuse(w, r, err)
			return g, record.Document{}, rd, false
		}
	}
	d, err := record.Of(g.Table, steps)
	if err != nil {
		s.failIn(w, r, rd, http.StatusNotFound, msg.Message{ID: "web_err_no_record", Args: lang.A{"Why": msg.Message{ID: "why_not_replayable"}}})
		return g, record.Document{}, rd, false
	}
	return g, d, rd, true
}

func (s *Server) serveRecord(w http.ResponseWriter, r *http.Request) {
	g, d, rd, ok := s.document(w, r)
	if !ok {
		return
	}
	data, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		s.failIn(w, r, rd, http.StatusInternalServerError, msg.Message{ID: "web_err_record_write"})
		return
	}
	w.Header().Set("Content-Disposition", `attachment; filename="`+fileName(g.Table.ID)+`.json"`)
	blob(w, r, "application/json", data, false)
}

func (s *Server) serveJCZ(w http.ResponseWriter, r *http.Request) {
	g, d, rd, ok := s.document(w, r)
	if !ok {
		return
	}
	data, err := record.JCloisterZone(d, time.Time{})
	if err != nil {
		why := msg.Message{ID: "why_not_replayable"}
		if errors.Is(err, jcz.ErrUnsupported) {
			why = msg.Message{ID: "why_jcz_unsupported"}
		}
		s.failIn(w, r, rd, http.StatusNotFound, msg.Message{ID: "web_err_no_jcz", Args: lang.A{"Why": why}})
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
