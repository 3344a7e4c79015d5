package leagues

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// pickSeason reads the season a command asks for: season:<n>, else the current one, else (between
// seasons, before the next has started) the last one played.
func pickSeason(c Context, l league.League, v string) (league.Season, error) {
	n := l.Season
	if v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 || n > l.Season {
			return league.Season{}, fmt.Errorf("season:%s: %s has seasons 1 to %d", game.Echo(v), l.Name, l.Season)
		}
	}
	s, err := c.Store.Season(l.ID, n)
	if c.Store.NotFound(err) && v == "" && n > 1 {
		s, err = c.Store.Season(l.ID, n-1)
	}
	if c.Store.NotFound(err) {
		return league.Season{}, fmt.Errorf("%s has not started season %d yet: /league start starts it", l.Name, n)
	}
	if err != nil {
		return league.Season{}, fmt.Errorf("the season could not be read: %s", c.Store.ForPlayers(err))
	}
	return s, nil
}

// standingsTitle heads the standings: the season and how far it has come.
func standingsTitle(l league.League, s league.Season) string {
	done := 0
	for _, f := range s.Fixtures {
		if f.Done() {
			done++
		}
	}
	return fmt.Sprintf("%s, season %d: standings after %s of %d (round %d of %d)", l.Name, s.Number,
		commands.Plural(done, "game", "games"), len(s.Fixtures), s.Started, s.TotalRounds(&l))
}

// StandingsText is the standings of a season as a monospaced table.
func StandingsText(l league.League, s league.Season) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n```\n", standingsTitle(l, s))
	fmt.Fprintf(&b, "%3s  %-20s %6s %6s %5s %4s %5s\n", "#", "player", "points", "diff", "h2h", "wins", "games")
	for _, st := range s.Standings() {
		fmt.Fprintf(&b, "%3d  %-20s %6s %+6d %5s %4d %5d\n", st.Rank, commands.Truncate(s.Name(st.Player), 20), num(st.Points), st.ScoreDiff,
			num(st.HeadToHead), st.Wins, st.Played)
	}
	b.WriteString("```\nPoints: 1 per opponent finished ahead of, ½ per shared place; a bye is worth 1. Ties: score difference, head-to-head, wins.")
	if br := bracketsText(s); br != "" {
		b.WriteString("\n" + br)
	}
	return b.String()
}

// num writes a league point count: halves as .5, whole numbers bare.
func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// StandingsPicture is what the picture of /league standings shows (the bot draws it with render/):
// the title of the text and its lines, numbers written as the text writes them.
type StandingsPicture struct {
	Title string
	Lines []StandingsLine
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

func standingsPicture(l league.League, s league.Season) *StandingsPicture {
	p := &StandingsPicture{Title: standingsTitle(l, s)}
	brackets := s.Brackets()
	for _, st := range s.Standings() {
		p.Lines = append(p.Lines, StandingsLine{Rank: st.Rank, Player: s.Name(st.Player) + bracketMark(brackets, st.Player), Points: num(st.Points), Diff: st.ScoreDiff,
			H2H: num(st.HeadToHead), Wins: st.Wins, Games: st.Played})
	}
	return p
}

func leagueStandings(c Context, l league.League, v string) Reply {
	s, err := pickSeason(c, l, v)
	if err != nil {
		return fail("%v", err)
	}
	return Reply{OK: true, Text: StandingsText(l, s), Standings: standingsPicture(l, s), League: l.ID}
}

func leagueSchedule(c Context, l league.League, v string) Reply {
	s, err := pickSeason(c, l, v)
	if err != nil {
		return fail("%v", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s, season %d: schedule (%s; league id %s)", l.Name, s.Number, formatText(l), l.ID)
	for r := 1; r <= max(s.Started, len(s.Rounds)); r++ {
		fmt.Fprintf(&b, "\nRound %d", r)
		switch {
		case r == s.Started && !s.RoundOver():
			fmt.Fprintf(&b, " (running, ends <t:%d:R>)", s.Deadline.Unix())
		case r == s.Started+1 && l.OnDates() && s.Started > 0:
			fmt.Fprintf(&b, " (to come, starts <t:%d:f>)", s.Deadline.Unix())
		case r > s.Started:
			b.WriteString(" (to come)")
		}
		if r > s.Started {
			for t, players := range s.Rounds[r-1].Tables {
				fmt.Fprintf(&b, "\n  Table %d: %s", t+1, names(s, players))
			}
			continue
		}
		for _, f := range s.Fixtures {
			if f.Round != r {
				continue
			}
			fmt.Fprintf(&b, "\n  Table %d%s: %s: %s", f.Table, stageText(f.Stage), names(s, f.Players), fixtureState(f))
			if f.Thread != "" {
				fmt.Fprintf(&b, " <#%s>", f.Thread)
			}
		}
		if r <= len(s.Rounds) && len(s.Rounds[r-1].Byes) > 0 {
			fmt.Fprintf(&b, "\n  Bye: %s", names(s, s.Rounds[r-1].Byes))
		}
	}
	return Reply{OK: true, Text: b.String(), League: l.ID}
}

func names(s league.Season, ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = s.Name(id)
	}
	return strings.Join(out, " vs ")
}

func fixtureState(f league.Fixture) string {
	if !f.Done() {
		return string(f.Status)
	}
	scores := make([]string, len(f.Scores))
	for i, sc := range f.Scores {
		scores[i] = strconv.Itoa(sc)
	}
	return string(f.Status) + " " + strings.Join(scores, "-")
}
