package bot

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/web"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
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
		ClientIP: web.ClientAddress(b.cfg.TrustedProxies), Busy: func() bool { return b.handling.Load() > 0 }, Plays: b,
		Rate: b.cfg.WebRate, Burst: b.cfg.WebBurst, PlayRate: b.cfg.WebPlayRate, PlayBurst: b.cfg.WebPlayBurst, PlayPoll: b.cfg.WebPlayPoll,
		GamePoll: b.cfg.WebGamePoll})
	if err != nil {
		return nil, err
	}
	b.mu.Lock()
	b.web, b.webURL = s, strings.TrimSuffix(publicURL, "/")
	b.mu.Unlock()
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

// gameLink is the address of a game's page for a message, or "" when the bot serves no pages or
// does not know their public address.
func (b *Host) gameLink(id string) string {
	return b.webLink(func(s *web.Server) (string, error) { return s.GamePath(id) })
}

// LeagueLink is the address of a league's page for a message, or "".
func (b *Host) LeagueLink(id string) string {
	return b.webLink(func(s *web.Server) (string, error) { return s.LeaguePath(id) })
}

func (b *Host) webLink(path func(*web.Server) (string, error)) string {
	b.mu.Lock()
	s, base := b.web, b.webURL
	b.mu.Unlock()
	if s == nil || base == "" {
		return ""
	}
	p, err := path(s)
	if err != nil {
		b.log.Error("could not sign a web page's link", "err", err)
		return ""
	}
	return base + p
}

// gameLinkLine is the line of a message that links to the game's page (in angle brackets, so
// that Discord shows no preview of it), in p's language, or "" before the game starts or without
// pages.
func (b *Host) gameLinkLine(p *lang.Printer, t *table.Table) string {
	if t == nil || t.Game == nil {
		return ""
	}
	if link := b.gameLink(t.ID); link != "" {
		return p.T("web_link_line", lang.A{"Link": link})
	}
	return ""
}

// revokeGameLinks stops the links given out to a game's page, for /carc board revoke:true (its
// administrators only, which the command checked), ends the follows made with them, and says
// what became of them.
func (b *Host) revokeGameLinks(p *lang.Printer, t *table.Table) string {
	id := t.ID
	b.mu.Lock()
	serving := b.web != nil
	b.mu.Unlock()
	if !serving {
		return p.T("web_revoke_no_pages", nil)
	}
	gen, err := b.store.RevokeWebLinks(id)
	if err != nil {
		b.log.Error("could not revoke a game's web links", "game", id, "err", err)
		return p.T("web_revoke_failed", lang.A{"Why": storeProblem(err)})
	}
	for _, fn := range b.hooks.revoked {
		fn(id, t, gen)
	}
	return p.T("web_revoked", nil)
}

// Pages is the server of the game and league pages, nil while the host serves none (Web).
func (b *Host) Pages() *web.Server {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.web
}

// PlayLinkVerb is the verb of the button "Play on the page" (commands.ComponentID): a click
// answers the player to move, privately, with their own link to play the turn on the game's page.
const PlayLinkVerb = "pagelink"

// pageMoves remembers what became of the moves the play pages sent, by their idempotency key, so
// that the same key sent twice (a double tap, a browser's retry) moves once and is told what the
// first made of it. A key being played makes its twin wait for it.
type pageMoves struct {
	mu    sync.Mutex
	moves map[string]*pageMove
}

type pageMove struct {
	done   chan struct{}
	answer web.PageAnswer
	at     time.Time
}

// keepPageMoves is how long a page move's answer is kept for a retry of it.
const keepPageMoves = 15 * time.Minute

// claim returns the move of key: first true when this caller is to make it (and close done).
func (pm *pageMoves) claim(key string, now time.Time) (*pageMove, bool) {
	pm.mu.Lock()
	defer pm.mu.Unlock()
	if pm.moves == nil {
		pm.moves = map[string]*pageMove{}
	}
	if m, ok := pm.moves[key]; ok {
		return m, false
	}
	for k, m := range pm.moves {
		if now.Sub(m.at) > keepPageMoves {
			delete(pm.moves, k)
		}
	}
	m := &pageMove{done: make(chan struct{}), at: now}
	pm.moves[key] = m
	return m, true
}

// PlayFromPage makes a move a player sent from their play page (web.Plays): the commands it
// stands for, or the turn message's button it clicked, each run as the chat's would be (the
// command layer judges it, the store keeps it under the page's key, the channel is told), on the
// position the page showed; a game that moved on since is told, and nothing is done.
func (b *Host) PlayFromPage(m web.PageMove) web.PageAnswer {
	pr := lang.For(m.Lang)
	done, open := b.Enter()
	if !open {
		return web.PageAnswer{Text: pr.T("bot_restarting", nil)}
	}
	defer done()
	pm, first := b.pageMoves.claim(m.Game+"/"+m.Key, b.now())
	if !first {
		<-pm.done
		return pm.answer
	}
	defer close(pm.done)
	pm.answer = b.playFromPage(m, pr)
	return pm.answer
}

func (b *Host) playFromPage(m web.PageMove, pr *lang.Printer) web.PageAnswer {
	e := b.running(m.Game)
	if e == nil {
		return web.PageAnswer{Text: pr.T("game_gone", nil)}
	}
	langs := commands.Langs{Language: m.Lang}
	steps := len(m.Inputs)
	if m.Click != "" {
		steps = 1
	}
	want := m.Version
	out := web.PageAnswer{}
	for i := range steps {
		var seqAt uint64
		stale := false
		do := func(t *table.Table) commands.Reply {
			seat := t.Seat(m.User)
			moved := e.seq != want || seat != m.Seat || t.Game == nil || t.Game.Current != seat
			if t == e.table {
				// The game's own table (a check whether the move was made before runs this on an
				// earlier one, which tells nothing of the page's position).
				seqAt, stale = e.seq, moved
			}
			if moved {
				return commands.Reply{Text: pr.T("web_err_play_stale", nil), Table: t}
			}
			user := t.Seats[seat]
			if m.Click != "" {
				return click(user, m.Click, m.Values, langs).do(t)
			}
			in := m.Inputs[i]
			in.User, in.Langs = user, langs
			return b.commandAction(e, in, tableCmd{}).do(t) // /place and /meeple: turn commands, no table command's extras
		}
		a := b.apply(e, action{do: do, reader: pr}, table.User{ID: m.User}, "web:"+m.Key+":"+strconv.Itoa(i))
		b.said(e.id, a.unsaid)
		e.mu.Lock()
		moved := e.seq > seqAt && seqAt == want
		if moved {
			want = e.seq
		}
		e.mu.Unlock()
		switch {
		case stale && i == 0:
			return web.PageAnswer{Stale: true, Text: a.text}
		case stale:
			return out // the rest of the turn waits for the page, which shows where it stands
		}
		out.Text = joinLines(out.Text, a.text)
		if !moved {
			return out
		}
		out.Moved = true
	}
	return out
}

func joinLines(a, b string) string {
	if a == "" {
		return b
	}
	if b == "" {
		return a
	}
	return a + "\n" + b
}

// PlayButton is the button "Play on the page" for a message that waits for the player to move
// (a turn DM), when the host serves the pages and says where.
func (b *Host) PlayButton(p *lang.Printer, t *table.Table) (commands.Button, bool) {
	b.mu.Lock()
	serving := b.web != nil && b.webURL != "" && b.web.Playing()
	b.mu.Unlock()
	if !serving || t == nil || t.Status != table.Playing || t.Game == nil {
		return commands.Button{}, false
	}
	if _, ai := t.AIToPlay(); ai || t.Local {
		return commands.Button{}, false // nobody to give a link to
	}
	return commands.Button{ID: commands.ComponentID(t, PlayLinkVerb), Label: p.T("btn_play_page", nil), Style: commands.Secondary}, true
}

// withPlayButton adds "Play on the page" to a turn message's buttons (those that play the turn's
// step), in the first row with room; a menu under them (sel) takes a row of its own.
func (b *Host) withPlayButton(p *lang.Printer, t *table.Table, rows [][]commands.Button, sel *commands.Select) [][]commands.Button {
	if !turnMessage(rows, sel) {
		return rows
	}
	btn, ok := b.PlayButton(p, t)
	if !ok {
		return rows
	}
	out := make([][]commands.Button, len(rows))
	copy(out, rows)
	for i, row := range out {
		if len(row) < 5 {
			out[i] = append(append([]commands.Button(nil), row...), btn)
			return out
		}
	}
	if len(out)+selRows(sel) < 5 {
		out = append(out, []commands.Button{btn})
	}
	return out
}

// selRows is how many rows a message's menu takes.
func selRows(sel *commands.Select) int {
	if sel == nil {
		return 0
	}
	return 1
}

// turnMessage tells whether buttons and a menu are a turn message's: one of them plays the
// turn's step.
func turnMessage(rows [][]commands.Button, sel *commands.Select) bool {
	if sel != nil {
		rows = append(slices.Clone(rows), []commands.Button{{ID: sel.ID}})
	}
	for _, row := range rows {
		for _, btn := range row {
			if c, err := commands.ParseComponentID(btn.ID); err == nil {
				switch c.Verb {
				case "play", "draw", "spot", "pass", "act":
					return true
				}
			}
		}
	}
	return false
}

// answerPlayLink answers a click on "Play on the page": the player to move gets their own link,
// privately; anyone else is told whose turn it is.
func (b *Host) answerPlayLink(req *Request, c commands.Component, p *lang.Printer) {
	b.answer(req.Interaction, Message{Text: b.playLinkText(p, c.Table, req.User.ID)})
}

// playLinkText is the private answer with the player's link to play the turn of game id.
func (b *Host) playLinkText(p *lang.Printer, id, user string) string {
	b.mu.Lock()
	s, base := b.web, b.webURL
	b.mu.Unlock()
	if s == nil || base == "" || !s.Playing() {
		return p.T("play_link_no_pages", nil)
	}
	e := b.running(id)
	if e == nil || !b.lock(e) {
		return p.T("play_link_game_over", nil)
	}
	t := e.table
	if t.Status != table.Playing || t.Game == nil {
		b.release(e)
		return p.T("play_link_game_over", nil)
	}
	seat := t.Seat(user)
	if seat < 0 || seat != t.Game.Current {
		cur := t.SeatName(t.Game.Current)
		b.release(e)
		return p.T("play_link_not_your_turn", lang.A{"Player": lang.Name(cur)})
	}
	expires := b.now().Add(web.PlayLifetime).Truncate(time.Second)
	play := web.Play{Game: id, Seat: seat, User: user, Turn: t.Game.Turn, Expires: expires}
	b.release(e)
	path, err := s.PlayPath(play)
	if err != nil {
		b.log.Error("could not sign a play link", "game", id, "err", err)
		return p.T("play_link_no_pages", nil)
	}
	return p.T("play_link_answer", lang.A{"Link": base + path, "Time": Stamp(expires, "t")})
}

// withOwnPlayButton adds "Play on the page" to /carc status's answer for the player to move.
func (b *Host) withOwnPlayButton(p *lang.Printer, t *table.Table, u table.User, rows [][]commands.Button) [][]commands.Button {
	if t == nil || t.Game == nil || t.Status != table.Playing || t.Seat(u.ID) != t.Game.Current {
		return rows
	}
	btn, ok := b.PlayButton(p, t)
	if !ok || len(rows) >= 5 {
		return rows
	}
	return append(slices.Clone(rows), []commands.Button{btn})
}
