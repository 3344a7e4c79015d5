package leagueplay

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/leaguecmd"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/render"
)

// StandingsPicture draws the picture of /league standings as a PNG, in English.
func StandingsPicture(p *leaguecmd.StandingsPicture) ([]byte, error) {
	return StandingsPictureIn(p, commands.WordsFor(""))
}

// StandingsPictureIn draws the picture of /league standings as a PNG in the words of w, as the bot
// attaches it.
func StandingsPictureIn(p *leaguecmd.StandingsPicture, w render.Words) ([]byte, error) {
	s := render.Standings{Title: p.Title, Words: w}
	for _, l := range p.Lines {
		s.Rows = append(s.Rows, render.StandingsRow(l))
	}
	return render.StandingsPNG(s)
}
