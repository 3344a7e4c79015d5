package web

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/render"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// gamePage is everything a game's page shows. It is built from the table's redacted views only
// (game.Game.View(false)) and from what the history shows, so it holds nothing a player could not
// see at the table; the deal's key, the record and the hashes join it once the game is over.
type gamePage struct {
	ID, Title, Map string
	Status         string
	Over           bool
	Players        []playerRow
	Turn           string // whose turn it is, while the game runs
	Deadline       time.Time
	TilesLeft      int
	// Positions are the boards the history steps through: 0 the deal, then the board after each
	// finished turn, and while the game runs the turn being played ("now").
	Positions []position
	// Commitment is the deal's commitment (posted at the start); Key the deal's key, revealed at
	// the end, with the JCloisterZone download when the game can be written as one.
	Commitment, Key string
	JCZ             bool
	Chart           bool
	// Result names the winners once the game is over.
	Result string
}

// playerRow is one player as every player sees them.
type playerRow struct {
	Letter   string
	Colour   int // index of the Okabe-Ito colour the pictures give the player's meeples
	Name     string
	Score    int
	Meeples  int
	Chips    string
	Resigned bool
	ToPlay   bool
}

// position is one board of the history: its number, what happened and the scores after it.
type position struct {
	N      int
	Label  string
	Line   string
	Scores []int
}

// buildGamePage reads a game's page from its table. Nothing here reads the full state: the
// players' rows and the history come from views and history lines.
func buildGamePage(g Game) (*gamePage, error) {
	t := g.Table
	if t.Game == nil {
		return nil, fmt.Errorf("game %s has not started", t.ID)
	}
	e := t.Entry()
	v := t.Game.View(false)
	p := &gamePage{ID: t.ID, Title: e.Title, Map: e.ID, Status: statusText(t), Over: t.Status != table.Playing,
		TilesLeft: v.TilesLeft}
	letters := render.PlayerLetters(v.Players)
	for i, pl := range v.Players {
		row := playerRow{Letter: letters[i], Colour: i, Name: pl.Name, Score: pl.Score, Meeples: pl.Meeples,
			Chips: chipsText(pl.Chips), Resigned: pl.Resigned}
		if !p.Over && i == v.Current {
			row.ToPlay = true
			p.Turn = pl.Name
			p.Deadline = g.Deadline
		}
		p.Players = append(p.Players, row)
	}
	p.Positions = append(p.Positions, position{N: 0, Label: "the deal", Line: "The deal: the start tiles are placed.",
		Scores: make([]int, len(v.Players))})
	err := commands.Turns(t, func(turn int, line string, g *game.Game) error {
		n := len(p.Positions)
		p.Positions = append(p.Positions, position{N: n, Label: "after move " + strconv.Itoa(turn), Line: line,
			Scores: scores(g.View(false))})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("replay game %s: %w", t.ID, err)
	}
	if !p.Over {
		n := len(p.Positions)
		p.Positions = append(p.Positions, position{N: n, Label: "now: move " + strconv.Itoa(v.Turn) + " is being played",
			Line: fmt.Sprintf("Move %d: %s is to play.", v.Turn, p.Turn), Scores: scores(v)})
	}
	if t.Settings.Key != "" {
		p.Commitment = table.DealCommitment(t.ID, t.Settings.Key)
		if p.Over {
			p.Key = t.Settings.Key
		}
	}
	p.JCZ = p.Over && t.Status == table.Finished && jczPossible(t)
	if p.Over {
		p.Result = result(v.Players)
	}
	p.Chart = len(p.Positions) > 1
	return p, nil
}

// statusText says where the game is, in words.
func statusText(t *table.Table) string {
	switch t.Status {
	case table.Playing:
		return "running"
	case table.Finished:
		return "finished"
	case table.Abandoned:
		return "abandoned"
	}
	return string(t.Status)
}

// jczPossible says whether the finished game can be written as a JCloisterZone saved game (the
// classic table with the base tiles); the download itself says why when it cannot.
func jczPossible(t *table.Table) bool {
	e, err := variants.Lookup(t.Settings.Map)
	return err == nil && e.ID == "classic"
}

func scores(v *game.View) []int {
	s := make([]int, len(v.Players))
	for i, p := range v.Players {
		s[i] = p.Score
	}
	return s
}

func chipsText(chips []game.Chip) string {
	var parts []string
	for _, c := range chips {
		parts = append(parts, c.String())
	}
	return strings.Join(parts, ", ")
}

// Last is the number of the last position, the one the page shows first.
func (p *gamePage) Last() int { return len(p.Positions) - 1 }

// result names the winners: the highest score among the players who did not resign (a tie for
// first is a shared victory).
func result(players []game.Player) string {
	best, names := -1, []string(nil)
	for _, pl := range players {
		switch {
		case pl.Resigned:
		case pl.Score > best:
			best, names = pl.Score, []string{pl.Name}
		case pl.Score == best:
			names = append(names, pl.Name)
		}
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("%s wins with %d points.", names[0], best)
	}
	return fmt.Sprintf("%s share the victory with %d points.", strings.Join(names, " and "), best)
}

// ChartWidth and ChartHeight let the page reserve the chart's place, so that nothing below it
// moves when the picture arrives (a reader about to click the key's check would miss the button).
func (gamePage) ChartWidth() int  { return render.ChartWidth }
func (gamePage) ChartHeight() int { return render.ChartHeight }
