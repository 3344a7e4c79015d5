package web

import (
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// The bot's messages lead to the pages: a line with the game's link, a league's link, and on a
// turn message the button "Play on the page", whose click answers the player to move with their
// own play link. They need the address readers reach the pages at (Config.PublicURL). A nil
// *Server is a bot that serves no pages: its messages carry none of them.

// PlayLinkVerb is the verb of the button "Play on the page" (commands.ComponentID).
const PlayLinkVerb = "pagelink"

// Linking tells whether messages can carry links to the pages: the server knows where readers
// reach them.
func (s *Server) Linking() bool { return s != nil && s.cfg.PublicURL != "" }

// GameLink is the address of a game's page for a message, or "".
func (s *Server) GameLink(id string) string {
	return s.public(func() (string, error) { return s.GamePath(id) })
}

// LeagueLink is the address of a league's page for a message, or "".
func (s *Server) LeagueLink(id string) string {
	return s.public(func() (string, error) { return s.LeaguePath(id) })
}

// PlayLink is the address of a player's play link for their private answer, or "".
func (s *Server) PlayLink(p Play) string {
	return s.public(func() (string, error) { return s.PlayPath(p) })
}

// public is the address readers reach a signed path at, or "" when messages carry no links or
// the path could not be signed (the store holding the links' generations failed).
func (s *Server) public(path func() (string, error)) string {
	if !s.Linking() {
		return ""
	}
	p, err := path()
	if err != nil {
		s.cfg.Logger.Error("could not sign a web page's link", "err", err)
		return ""
	}
	return s.cfg.PublicURL + p
}

// GameLinkLine is the line of a message that links to the game's page (in angle brackets, so
// that Discord shows no preview of it), in p's language, or "" before the game starts or without
// links.
func (s *Server) GameLinkLine(p *lang.Printer, t *table.Table) string {
	if t == nil || t.Game == nil {
		return ""
	}
	if link := s.GameLink(t.ID); link != "" {
		return p.T("web_link_line", lang.A{"Link": link})
	}
	return ""
}

// PlayButton is the button "Play on the page" for a message that waits for the player to move,
// when the server serves play pages and messages carry links.
func (s *Server) PlayButton(p *lang.Printer, t *table.Table) (commands.Button, bool) {
	if !s.Linking() || !s.Playing() || t == nil || t.Status != table.Playing || t.Game == nil {
		return commands.Button{}, false
	}
	if _, ai := t.AIToPlay(); ai || t.Local {
		return commands.Button{}, false // nobody to give a link to
	}
	return commands.Button{ID: commands.ComponentID(t, PlayLinkVerb), Label: p.T("btn_play_page", nil), Style: commands.Secondary}, true
}

// WithPlayButton adds "Play on the page" to a turn message's buttons (those that play the turn's
// step), in the first row with room; a menu under them (sel) takes a row of its own.
func (s *Server) WithPlayButton(p *lang.Printer, t *table.Table, rows [][]commands.Button, sel *commands.Select) [][]commands.Button {
	if !turnMessage(rows, sel) {
		return rows
	}
	btn, ok := s.PlayButton(p, t)
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
