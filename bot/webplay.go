package bot

import (
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/web"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

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
