package bot

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/web"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// WebPath is where the web pages live beside HTTP interactions, on the same listener.
const WebPath = "/web"

// Web makes the server of the game and league pages, under base ("" at the root of their own
// listener, WebPath beside HTTP interactions). publicURL is where readers reach that root through
// the host's reverse proxy (https://example.org): with it, /carc board, the turn messages and the
// league messages carry links to the pages.
func (b *Host) Web(base, publicURL string) (*web.Server, error) {
	secret, err := b.store.WebSecret()
	if err != nil {
		return nil, err
	}
	signer, err := web.NewSigner(secret, b.store)
	if err != nil {
		return nil, err
	}
	s, err := web.New(web.Config{Base: base, Games: b, Leagues: b, Signer: signer, Logger: b.log, Now: b.now,
		ClientIP: web.ClientAddress(b.cfg.TrustedProxies), Busy: func() bool { return b.handling.Load() > 0 }, Plays: b, PublicURL: strings.TrimSuffix(publicURL, "/"),
		Rate: b.cfg.WebRate, Burst: b.cfg.WebBurst, PlayRate: b.cfg.WebPlayRate, PlayBurst: b.cfg.WebPlayBurst, PlayPoll: b.cfg.WebPlayPoll,
		GamePoll: b.cfg.WebGamePoll})
	if err != nil {
		return nil, err
	}
	b.web.Store(s)
	return s, nil
}

// NewHTTPServer is a server for the chat's interactions endpoint or the pages, with timeouts so
// that slow or idle clients cannot hold connections (and their memory) open.
func NewHTTPServer(addr string, h http.Handler) *http.Server {
	return &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		WriteTimeout: 10 * time.Second, IdleTimeout: time.Minute, MaxHeaderBytes: 64 << 10}
}

// WithWeb serves the pages beside the HTTP interactions handler, under WebPath.
func WithWeb(interactions http.Handler, pages *web.Server) http.Handler {
	mux := http.NewServeMux()
	mux.Handle(WebPath+"/", pages.Handler())
	mux.Handle("/", interactions)
	return mux
}

// WebGame is a game as its page reads it: a copy of the table in memory (taken under the game's
// lock), or the stored snapshot of a game that has left memory.
func (b *Host) WebGame(id string) (web.Game, error) {
	if e := b.running(id); e != nil {
		e.mu.Lock()
		g := web.Game{Table: e.table.Clone(), Version: e.seq, Record: func() ([]record.Stored, error) { return b.record(id) },
			GuildLocale: b.GuildLocale(e.guild)}
		for _, tm := range e.timers {
			if tm.Kind == KindDeadline {
				g.Deadline = tm.At
			}
		}
		e.mu.Unlock()
		return g, nil
	}
	rec, err := b.store.Game(id)
	if errors.Is(err, storage.ErrNotFound) {
		return web.Game{}, web.ErrNotFound
	}
	if err != nil {
		return web.Game{}, err
	}
	snap, err := b.store.Snapshot(id)
	if err != nil {
		return web.Game{}, err
	}
	t, err := table.Load(snap.State)
	if err != nil {
		return web.Game{}, fmt.Errorf("load game %s: %w", id, err)
	}
	return web.Game{Table: t, Version: rec.Seq, Record: func() ([]record.Stored, error) { return b.record(id) },
		GuildLocale: b.GuildLocale(rec.Guild)}, nil
}

// WebVersion is a game's version as WebGame would give it, without the game being read or copied:
// a game page's script asks it every few seconds (web.Versions).
func (b *Host) WebVersion(id string) (uint64, error) {
	if e := b.running(id); e != nil {
		e.mu.Lock()
		defer e.mu.Unlock()
		return e.seq, nil
	}
	rec, err := b.store.Game(id)
	if errors.Is(err, storage.ErrNotFound) {
		return 0, web.ErrNotFound
	}
	return rec.Seq, err
}

// WebLeague is a league as its page reads it: the league, its current season and its members'
// ratings on its map.
func (b *Host) WebLeague(id string) (web.League, error) {
	l, err := b.store.League(id)
	if errors.Is(err, storage.ErrNotFound) {
		return web.League{}, web.ErrNotFound
	}
	if err != nil {
		return web.League{}, err
	}
	out := web.League{League: l}
	if l.Season > 0 {
		if out.Season, err = b.store.Season(id, l.Season); err != nil && !errors.Is(err, storage.ErrNotFound) {
			return web.League{}, err
		}
	}
	for _, m := range l.Members {
		r, err := b.store.Rating(l.Guild, l.Map, m.ID)
		if err != nil {
			return web.League{}, err
		}
		if r.Games > 0 {
			out.Ratings = append(out.Ratings, web.Rating{Name: m.Name, Rating: r.Shown(), Games: r.Games, Provisional: r.Provisional()})
		}
	}
	return out, nil
}

// Pages is the server of the game and league pages, nil while the host serves none (Web).
func (b *Host) Pages() *web.Server { return b.web.Load() }
