package leagueplay

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/leaguecmd"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/render"
)

// rating answers /player rating.
func (lp *Leagues) rating(req *bot.Request, in commands.Input) {
	lp.h.Answer(req.Interaction, bot.Message{Text: leaguecmd.RatingText(lp.h.LeagueStore(), req.Guild, in.User, in)})
}

// leaderboard answers /carc leaderboard.
func (lp *Leagues) leaderboard(req *bot.Request, in commands.Input) {
	lp.h.Answer(req.Interaction, bot.Message{Text: leaguecmd.LeaderboardText(lp.h.LeagueStore(), req.Guild, in.User, in)})
}

// league answers /league and /season; a command that starts a round opens its games.
func (lp *Leagues) league(req *bot.Request, in commands.Input) {
	c := leaguecmd.Context{Store: lp.h.LeagueStore(), Guild: req.Guild, Channel: req.Place, Now: lp.h.Now(), Manager: req.Manager, NewID: "L" + req.ID, Local: lp.h.Local(),
		GuildLocale: lp.h.GuildLocale(req.Guild)}
	// A season is scheduled before the lock is taken: the lock is every league's, and a
	// round-robin of a thousand members is the slowest part of any league command.
	c.Prepared = leaguecmd.PrepareStart(c, in)
	r := func() leaguecmd.Reply {
		lp.mu.Lock()
		defer lp.mu.Unlock()
		return leaguecmd.Handle(c, in)
	}()
	if r.OK && r.League != "" {
		if link := lp.h.LeagueLink(r.League); link != "" {
			r.Text += "\n" + leagueLinkLine(bot.Reader(in), link)
		}
	}
	if !r.OK || !r.Public {
		file := r.File
		if r.Standings != nil {
			file = lp.standingsFile(r.Standings, commands.OwnWords(in))
		}
		m := bot.Message{Text: r.Text, Refused: !r.OK}
		if file != nil {
			m.Files = []bot.File{{Name: file.Name, Data: file.Data, Description: file.Description}}
		}
		lp.h.Answer(req.Interaction, m)
		return
	}
	l := r.Start
	channel := req.Place
	if l != nil {
		channel = l.League.Channel
	}
	lp.postLeague(channel, bot.CauseOf("league", req.ID), r.Text, l)
	if l != nil {
		lp.openRound(*l)
	}
	lp.h.Answer(req.Interaction, bot.Message{Text: bot.Reader(in).T("league_done", nil)})
}

// leagueLinkLine links to a league's page (in angle brackets: Discord shows no preview).
func leagueLinkLine(p *lang.Printer, link string) string {
	return p.T("league_link", lang.A{"Link": link})
}

// standingsFile draws the picture of /league standings; nil when it cannot be drawn (the text
// still answers).
func (lp *Leagues) standingsFile(p *leaguecmd.StandingsPicture, w render.Words) *commands.File {
	data, err := StandingsPictureIn(p, w)
	if err != nil {
		lp.h.Log().Error("could not draw the standings", "err", err)
		return nil
	}
	return &commands.File{Name: "standings.png", Data: data, Description: p.Alt}
}
