package web

import (
	"net/http"
	"strconv"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// DefaultGamePoll is how soon an open game page first asks whether its game moved on. Each
// answer that nothing changed doubles the wait, up to followMaxWait: a page left open on a slow
// game costs a request a minute or so, one watched during a quick game sees a move within seconds.
const DefaultGamePoll = 2 * time.Second

// followMaxWait bounds the page's wait between two questions, as a multiple of the first.
const followMaxWait = 15

// serveGameVersion tells a game page's script the game's version (the store's sequence number,
// which every change raises): the page asks it now and then, and when it differs from the
// version it shows, it reads the page again and shows what changed (app.js, follow). It is
// cheap: no page is built and, where the source knows versions (Versions), no game is read. The
// version says only that something changed, which the page itself would show.
func (s *Server) serveGameVersion(w http.ResponseWriter, r *http.Request) {
	id, token := r.PathValue("id"), r.PathValue("token")
	if err := s.cfg.Signer.Check(KindGame, id, token); err != nil {
		s.refuse(w, r, err)
		return
	}
	if _, err := query(r.URL.RawQuery); err != nil {
		s.fail(w, r, http.StatusBadRequest, err.(msg.Message))
		return
	}
	var version uint64
	if vs, ok := s.cfg.Games.(Versions); ok {
		v, err := vs.WebVersion(id)
		if err != nil {
			s.refuse(w, r, err)
			return
		}
		version = v
	} else {
		g, err := s.cfg.Games.WebGame(id)
		if err != nil {
			s.refuse(w, r, err)
			return
		}
		version = g.Version
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if r.Method != http.MethodHead {
		w.Write([]byte(strconv.FormatUint(version, 10)))
	}
}
