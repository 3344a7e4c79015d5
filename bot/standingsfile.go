package bot

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/render"
)

// standingsFile draws the picture of /league standings; nil when it cannot be drawn (the text
// still answers).
func (b *Bot) standingsFile(p *commands.StandingsPicture) *commands.File {
	s := render.Standings{Title: p.Title}
	for _, l := range p.Lines {
		s.Rows = append(s.Rows, render.StandingsRow(l))
	}
	data, err := render.StandingsPNG(s)
	if err != nil {
		b.log.Error("could not draw the standings", "err", err)
		return nil
	}
	return &commands.File{Name: "standings.png", Data: data}
}
