package leaguecmd

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// CSV is every game of every season: one row per player and game, with the game's state,
// score, place, league points and date.
func CSV(l league.League, seasons []league.Season) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{"league", "season", "round", "table", "game", "status", "date", "seat", "player_id", "player", "score", "place", "points"})
	for _, s := range seasons {
		for _, f := range s.Fixtures {
			var pts []float64
			if f.Done() {
				pts = league.Points(f.Places)
			}
			date := ""
			if !f.Finished.IsZero() {
				date = f.Finished.UTC().Format(time.RFC3339)
			}
			for i, p := range f.Players {
				row := []string{csvText(l.Name), strconv.Itoa(s.Number), strconv.Itoa(f.Round), strconv.Itoa(f.Table), csvText(f.GameID), string(f.Status), date,
					strconv.Itoa(i + 1), csvText(p), csvText(s.Name(p)), "", "", ""}
				if f.Done() {
					row[10], row[11], row[12] = strconv.Itoa(f.Scores[i]), strconv.Itoa(f.Places[i]), num(pts[i])
				}
				_ = w.Write(row)
			}
		}
	}
	w.Flush()
	return buf.Bytes()
}

// csvText keeps a text cell text when the file is opened in a spreadsheet: a cell that starts with
// = + - @, a tab or a carriage return could run as a formula (CSV injection), so it gets a leading
// apostrophe, as OWASP advises. League and player names are chosen by players. The fullwidth
// = + - @ are included: some spreadsheets read them as the ASCII ones.
func csvText(s string) string {
	r, _ := utf8.DecodeRuneInString(s)
	if strings.ContainsRune("=+-@\t\r＝＋－＠", r) {
		return "'" + s
	}
	return s
}

func leagueExport(p *lang.Printer, l league.League, seasons []league.Season) Reply {
	name := commands.FileName(l.Name, "league-"+commands.FileName(l.ID, "export"))
	return Reply{OK: true, Text: p.N("league_export", len(seasons), lang.A{"League": lang.Name(l.Name)}),
		File: &commands.File{Name: name + ".csv", Data: CSV(l, seasons)}}
}
