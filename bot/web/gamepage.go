package web

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/render"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// gamePage is everything a game's page shows. It is built from the table's redacted views only
// (game.Game.View(false)) and from what the history shows, so it holds nothing a player could not
// see at the table; the deal's key, the record and the hashes join it once the game is over.
type gamePage struct {
	// MapTitle is the map's name in the page's language; Map its id.
	ID, MapTitle, Map string
	Status            string
	Over              bool
	Players           []playerRow
	Turn              string // whose turn it is, while the game runs
	Deadline          time.Time
	TilesLeft         int
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
	Meeples  int
	Chips    string
	Resigned bool
	ToPlay   bool
}

// position is one board of the history: its number, what happened (the board's caption and the
// line of the history, as /carc history writes it) and the scores after it, written in the page's
// language.
type position struct {
	N      int
	Label  string
	Line   string
	Scores []string
	// drawn names the board of a finished turn (or of the deal) by its content: its kind and a
	// hash of the view it is drawn from. A later move leaves it as it was, so its picture is
	// cached under it, across versions; an undone turn changes it. Empty for the turn being
	// played, whose board changes with each step.
	drawn string
}

// Alt is the text of the position's board for a reader who cannot see it.
func (p position) Alt(pr *lang.Printer) string {
	return pr.T("web_board_alt", lang.A{"Position": p.Label})
}

// buildGamePage reads a game's page from its table, in language pr. Nothing here reads the full
// state: the players' rows and the history come from views and history lines. pause is called
// between the turns of the history's replay (draw.go); its error stops the replay.
func buildGamePage(g Game, pr *lang.Printer, pause func() error) (*gamePage, error) {
	t := g.Table
	if t.Game == nil {
		return nil, fmt.Errorf("game %s has not started", t.ID)
	}
	e := t.Entry()
	v := t.Game.View(false)
	p := &gamePage{ID: t.ID, MapTitle: commands.WordsFor(pr.Code()).MapTitle(e), Map: e.ID, Status: statusText(t, pr),
		Over: t.Status != table.Playing, TilesLeft: v.TilesLeft}
	letters := render.PlayerLetters(v.Players)
	for i, pl := range v.Players {
		row := playerRow{Letter: letters[i], Colour: i, Name: pl.Name, Meeples: pl.Meeples,
			Chips: chipsText(pl.Chips, pr), Resigned: pl.Resigned}
		if !p.Over && i == v.Current {
			row.ToPlay = true
			p.Turn = pl.Name
			p.Deadline = g.Deadline
		}
		p.Players = append(p.Players, row)
	}
	p.Positions = append(p.Positions, position{N: 0, Label: pr.T("web_pos_deal", nil), Line: pr.T("web_line_deal", nil),
		Scores: scores(make([]game.Player, len(v.Players)), pr), drawn: "deal"})
	err := commands.Turns(t, pr.Code(), func(turn int, line string, g *game.Game) error {
		if err := pause(); err != nil {
			return err
		}
		n := len(p.Positions)
		tv := g.View(false)
		drawn, err := viewKey(tv)
		if err != nil {
			return err
		}
		p.Positions = append(p.Positions, position{N: n, Label: pr.T("web_pos_after", lang.A{"Move": turn}), Line: line,
			Scores: scores(tv.Players, pr), drawn: drawn})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("replay game %s: %w", t.ID, err)
	}
	if p.Over {
		// The last board of a game that is over is drawn as its end (viewAt).
		last := &p.Positions[len(p.Positions)-1]
		last.drawn = "end-" + last.drawn
	}
	if !p.Over {
		n := len(p.Positions)
		p.Positions = append(p.Positions, position{N: n, Label: pr.T("web_pos_now", lang.A{"Move": v.Turn}),
			Line: pr.T("web_line_now", lang.A{"Move": v.Turn, "Player": p.Turn}), Scores: scores(v.Players, pr)})
	}
	if t.Settings.Key != "" {
		p.Commitment = table.DealCommitment(t.ID, t.Settings.Key)
		if p.Over {
			p.Key = t.Settings.Key
		}
	}
	p.JCZ = p.Over && t.Status == table.Finished && jczWritable(g)
	if p.Over {
		p.Result = result(v.Players, pr)
	}
	p.Chart = len(p.Positions) > 1
	return p, nil
}

// statusText says where the game is, in words.
func statusText(t *table.Table, pr *lang.Printer) string {
	if id := "web_status_" + string(t.Status); lang.Default.Has(id) {
		return pr.T(id, nil)
	}
	return string(t.Status)
}

// jczPossible says whether the finished game can be written as a JCloisterZone saved game (the
// classic table with the base tiles); the download itself says why when it cannot.
func jczPossible(t *table.Table) bool {
	e, err := variants.Lookup(t.Settings.Map)
	return err == nil && e.ID == "classic"
}

// jczWritable tells whether the page can offer a finished game's JCloisterZone file: the map is
// one JCloisterZone has, and the file of this very game can be written (its record read, and its
// tiles and rules all ones JCloisterZone knows), so that the link never leads to a refusal.
func jczWritable(g Game) bool {
	if !jczPossible(g.Table) {
		return false
	}
	var steps []record.Stored
	if g.Record != nil {
		var err error
		if steps, err = g.Record(); err != nil {
			return false
		}
	}
	d, err := record.Of(g.Table, steps)
	if err != nil {
		return false
	}
	_, err = record.JCloisterZone(d, time.Time{})
	return err == nil
}

// scores are the players' scores, written in the page's language.
func scores(players []game.Player, pr *lang.Printer) []string {
	s := make([]string, len(players))
	for i, p := range players {
		s[i] = pr.Number(p.Score)
	}
	return s
}

// chipsText names a player's chips by colour and value: "purple 2, orange 1".
func chipsText(chips []game.Chip, pr *lang.Printer) string {
	var parts []string
	for _, c := range chips {
		colour := c.Color
		if id := "colour_" + c.Color; lang.Default.Has(id) {
			colour = pr.T(id, nil)
		}
		parts = append(parts, pr.T("web_chip", lang.A{"Colour": colour, "Value": c.Value}))
	}
	return strings.Join(parts, pr.T("list_sep", nil))
}

// Last is the number of the last position, the one the page shows first.
func (p *gamePage) Last() int { return len(p.Positions) - 1 }

// result names the winners: the highest score among the players who did not resign (a tie for
// first is a shared victory).
func result(players []game.Player, pr *lang.Printer) string {
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
		return pr.N("web_result_win", best, lang.A{"Player": names[0]})
	}
	last := len(names) - 1
	both := pr.T("web_names_and", lang.A{"First": strings.Join(names[:last], pr.T("list_sep", nil)), "Last": names[last]})
	return pr.N("web_result_shared", best, lang.A{"Players": both})
}

// ChartWidth and ChartHeight let the page reserve the chart's place, so that nothing below it
// moves when the picture arrives (a reader about to click the key's check would miss the button).
func (gamePage) ChartWidth() int  { return render.ChartWidth }
func (gamePage) ChartHeight() int { return render.ChartHeight }

// viewKey names a finished turn's board by what it shows: the view it is drawn from.
func viewKey(v *game.View) (string, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return "turn-" + hex.EncodeToString(sum[:12]), nil
}
