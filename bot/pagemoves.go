package bot

import (
	"strconv"
	"sync"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/web"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

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
