package bot

import (
	"slices"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/web"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// The bot's messages lead to the pages it serves (web.go); what a message carries of them, its
// links and the button "Play on the page", is the page server's to say (bot/web, messages.go).
// Here is what needs the host: a player's own play link, which the game in memory grants, and the
// revocation of a game's links.

// LeagueLink is the address of a league's page for a message, or "".
func (b *Host) LeagueLink(id string) string { return b.web.Load().LeagueLink(id) }

// PlayButton is the button "Play on the page" for a message that waits for the player to move
// (a turn DM), when the host serves the play pages and says where.
func (b *Host) PlayButton(p *lang.Printer, t *table.Table) (commands.Button, bool) {
	return b.web.Load().PlayButton(p, t)
}

// revokeGameLinks stops the links given out to a game's page, for /carc board revoke:true (its
// administrators only, which the command checked), ends the follows made with them, and says
// what became of them.
func (b *Host) revokeGameLinks(p *lang.Printer, t *table.Table) string {
	id := t.ID
	if b.web.Load() == nil {
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

// answerPlayLink answers a click on "Play on the page": the player to move gets their own link,
// privately; anyone else is told whose turn it is.
func (b *Host) answerPlayLink(req *Request, c commands.Component, p *lang.Printer) {
	b.answer(req.Interaction, Message{Text: b.playLinkText(p, c.Table, req.User.ID)})
}

// playLinkText is the private answer with the player's link to play the turn of game id.
func (b *Host) playLinkText(p *lang.Printer, id, user string) string {
	s := b.web.Load()
	if !s.Linking() || !s.Playing() {
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
	link := s.PlayLink(play) // "" when it could not be signed: logged by the page server
	if link == "" {
		return p.T("play_link_no_pages", nil)
	}
	return p.T("play_link_answer", lang.A{"Link": link, "Time": Stamp(expires, "t")})
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
