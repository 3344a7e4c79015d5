package leaguecmd

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// pickSeason reads the season a command asks for: season:<n>, else the current one, else (between
// seasons, before the next has started) the last one played.
func pickSeason(c Context, l league.League, v string) (league.Season, error) {
	n := l.Season
	if v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 || n > l.Season {
			return league.Season{}, refuse("league_bad_season", lang.A{"Value": game.Echo(v), "League": lang.Name(l.Name), "Last": l.Season})
		}
	}
	s, err := c.Store.Season(l.ID, n)
	if c.Store.NotFound(err) && v == "" && n > 1 {
		s, err = c.Store.Season(l.ID, n-1)
	}
	if c.Store.NotFound(err) {
		return league.Season{}, refuse("league_season_not_started", lang.A{"League": lang.Name(l.Name), "Season": n})
	}
	if err != nil {
		return league.Season{}, refuse("league_the_season_unread", lang.A{"Why": c.Store.ForPlayers(err)})
	}
	return s, nil
}

// standingsTitle heads the standings: the season and how far it has come.
func standingsTitle(p *lang.Printer, l league.League, s league.Season) string {
	done := 0
	for _, f := range s.Fixtures {
		if f.Done() {
			done++
		}
	}
	return p.N("league_standings_title", done, lang.A{"League": lang.Name(l.Name), "Season": s.Number, "Fixtures": len(s.Fixtures),
		"Round": s.Started, "Rounds": s.TotalRounds(&l)})
}

// StandingsText is the standings of a season as a monospaced table, in p's language.
func StandingsText(p *lang.Printer, l league.League, s league.Season) string {
	var b strings.Builder
	fence := "```\n" // Discord's monospaced block; where no markdown is read the table stands alone
	if p.IsPlain() {
		fence = ""
	}
	fmt.Fprintf(&b, "%s\n%s", standingsTitle(p, l, s), fence)
	head := []string{"#", p.T("league_col_player", nil), p.T("league_col_points", nil), p.T("league_col_diff", nil),
		p.T("league_col_h2h", nil), p.T("league_col_wins", nil), p.T("league_col_games", nil)}
	b.WriteString(row([]int{3, -20, 6, 6, 5, 4, 5}, head) + "\n")
	for _, st := range s.Standings() {
		fmt.Fprintf(&b, "%3d  %s %6s %+6d %5s %4d %5d\n", st.Rank, pad(commands.Truncate(inCode(s.Name(st.Player)), 20), -20), num(st.Points), st.ScoreDiff,
			num(st.HeadToHead), st.Wins, st.Played)
	}
	b.WriteString(fence + p.T("league_points_rule", nil))
	if br := bracketsText(p, s); br != "" {
		b.WriteString("\n" + br)
	}
	return b.String()
}

// row writes the heading of a monospaced table: each cell padded to its width (negative: on the
// left), two spaces after the first, one after the others.
func row(widths []int, cells []string) string {
	var b strings.Builder
	for i, c := range cells {
		switch i {
		case 0:
		case 1:
			b.WriteString("  ")
		default:
			b.WriteString(" ")
		}
		b.WriteString(pad(c, widths[i]))
	}
	return strings.TrimRight(b.String(), " ")
}

// pad fills s with spaces to width columns (negative: s on the left), counting a wide character
// (Chinese) as the two columns a monospaced font gives it.
func pad(s string, width int) string {
	w := 0
	for _, r := range s {
		w++
		if unicode.Is(unicode.Han, r) || unicode.In(r, unicode.Hangul, unicode.Hiragana, unicode.Katakana) || r >= 0xFF00 && r <= 0xFF60 {
			w++
		}
	}
	fill := strings.Repeat(" ", max(0, abs(width)-w))
	if width < 0 {
		return s + fill
	}
	return fill + s
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// num writes a league point count: halves as .5, whole numbers bare.
func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// inCode is a name written inside a code block, where Discord renders no markdown and a name
// only has to keep the block closed: its backquotes become the look-alike U+02CB.
func inCode(name string) string { return strings.ReplaceAll(name, "`", "ˋ") }

// StandingsPicture is what the picture of /league standings shows (the bot draws it with render/):
// the title of the text and its lines, numbers written as the text writes them.
type StandingsPicture struct {
	Title string
	Lines []StandingsLine
	// Alt is what the picture shows, for a screen reader, in the picture's language.
	Alt string
}

// StandingsLine is one player's line of the standings picture.
type StandingsLine struct {
	Rank   int
	Player string
	Points string
	Diff   int
	H2H    string
	Wins   int
	Games  int
}

func standingsPicture(pr *lang.Printer, l league.League, s league.Season) *StandingsPicture {
	p := &StandingsPicture{Title: standingsTitle(pr.Plain(), l, s)} // a picture renders no markdown
	brackets := s.Brackets()
	for _, st := range s.Standings() {
		p.Lines = append(p.Lines, StandingsLine{Rank: st.Rank, Player: s.Name(st.Player) + bracketMark(pr, brackets, st.Player), Points: num(st.Points), Diff: st.ScoreDiff,
			H2H: num(st.HeadToHead), Wins: st.Wins, Games: st.Played})
	}
	plain := pr.Plain()
	rows := make([]string, len(p.Lines))
	for i, l := range p.Lines {
		rows[i] = plain.T("alt_standings_row", lang.A{"Place": l.Rank, "Player": lang.Name(l.Player), "Points": l.Points})
	}
	p.Alt = commands.AltText(plain.T("alt_standings", lang.A{"Title": p.Title, "Rows": strings.Join(rows, plain.T("points_players_sep", nil))}))
	return p
}

func leagueStandings(c Context, l league.League, v string) Reply {
	s, err := pickSeason(c, l, v)
	if err != nil {
		return failErr(c, err)
	}
	return Reply{OK: true, Text: StandingsText(c.own, l, s), Standings: standingsPicture(c.own, l, s), League: l.ID}
}

func leagueSchedule(c Context, l league.League, v string) Reply {
	s, err := pickSeason(c, l, v)
	if err != nil {
		return failErr(c, err)
	}
	p := c.own
	var b strings.Builder
	b.WriteString(p.T("league_schedule_title", lang.A{"League": lang.Name(l.Name), "Season": s.Number, "Format": formatText(p, l), "ID": l.ID}))
	for r := 1; r <= max(s.Started, len(s.Rounds)); r++ {
		a := lang.A{"Round": r}
		switch {
		case r == s.Started && !s.RoundOver():
			a["When"] = fmt.Sprintf("<t:%d:R>", s.Deadline.Unix())
			b.WriteString("\n" + p.T("league_schedule_running", a))
		case r == s.Started+1 && l.OnDates() && s.Started > 0:
			a["When"] = fmt.Sprintf("<t:%d:f>", s.Deadline.Unix())
			b.WriteString("\n" + p.T("league_schedule_starts", a))
		case r > s.Started:
			b.WriteString("\n" + p.T("league_schedule_to_come", a))
		default:
			b.WriteString("\n" + p.T("league_schedule_round", a))
		}
		if r > s.Started {
			for t, players := range s.Rounds[r-1].Tables {
				b.WriteString("\n  " + p.T("league_table", lang.A{"Table": t + 1, "Stage": "", "Players": names(p, s, players)}))
			}
			continue
		}
		for _, f := range s.Fixtures {
			if f.Round != r {
				continue
			}
			b.WriteString("\n  " + p.T("league_table_state", lang.A{"Table": f.Table, "Stage": stageText(p, f.Stage), "Players": names(p, s, f.Players),
				"State": fixtureState(p, s, f)}))
			if f.Thread != "" {
				fmt.Fprintf(&b, " <#%s>", f.Thread)
			}
		}
		if r <= len(s.Rounds) && len(s.Rounds[r-1].Byes) > 0 {
			b.WriteString("\n  " + p.T("league_schedule_bye", lang.A{"Players": names(p, s, s.Rounds[r-1].Byes)}))
		}
	}
	return Reply{OK: true, Text: b.String(), League: l.ID}
}

func names(p *lang.Printer, s league.Season, ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = p.Shown(s.Name(id))
	}
	return strings.Join(out, p.T("league_versus", nil))
}

// fixtureState is where a fixture stands; once it has its result, its scores and who came first,
// which the scores alone do not tell when a player resigned.
func fixtureState(p *lang.Printer, s league.Season, f league.Fixture) string {
	state := p.T("league_fixture_"+string(f.Status), nil)
	if !f.Done() {
		return state
	}
	scores := make([]string, len(f.Scores))
	for i, sc := range f.Scores {
		scores[i] = strconv.Itoa(sc)
	}
	var first []string
	for i, place := range f.Places {
		if place == 1 && i < len(f.Players) {
			first = append(first, p.Shown(s.Name(f.Players[i])))
		}
	}
	state += " " + strings.Join(scores, "-")
	if len(first) > 0 && len(first) < len(f.Players) {
		state += " (" + p.T("league_fixture_first", lang.A{"Players": strings.Join(first, ", ")}) + ")"
	}
	return state
}
