package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// leaguePage is what a league's page shows: the standings of its current season, the schedule
// with a link to each game's page, and the members' ratings.
type leaguePage struct {
	Root                      string
	Name, Map, Format, Status string
	Season                    int
	Standings                 []standingRow
	Rounds                    []roundRows
	// Brackets are a double elimination cup's games by bracket: winners', losers', grand final.
	Brackets []bracketRows
	Ratings  []Rating
}

type bracketRows struct {
	Name   string
	Rounds []roundRows
}

type standingRow struct {
	Rank                   int
	Name                   string
	Where                  string // a double elimination cup's bracket, or "out"
	Points                 string
	ScoreDiff, Wins, Games int
}

type roundRows struct {
	N     int
	Games []fixtureRow
}

type fixtureRow struct {
	Table   int
	Stage   string // a double elimination cup's bracket and round
	Players string
	Status  string
	Result  string
	Link    string
}

func (s *Server) serveLeague(w http.ResponseWriter, r *http.Request) {
	id, token := r.PathValue("id"), r.PathValue("token")
	if err := s.cfg.Signer.Check(KindLeague, id, token); err != nil {
		s.refuse(w, r, err)
		return
	}
	if _, err := query(r.URL.RawQuery); err != nil {
		s.fail(w, r, http.StatusBadRequest, err.Error()+".")
		return
	}
	if s.cfg.Leagues == nil {
		s.refuse(w, r, ErrNotFound)
		return
	}
	l, err := s.cfg.Leagues.WebLeague(id)
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	p, err := s.buildLeaguePage(l, root(r))
	if err != nil {
		s.cfg.Logger.Error("web: league page", "league", id, "err", err)
		s.fail(w, r, http.StatusInternalServerError, "This league's page could not be drawn; the bot's log says why.")
		return
	}
	s.page(w, r, "league.html", p)
}

func (s *Server) buildLeaguePage(l League, root string) (*leaguePage, error) {
	se := &l.Season
	p := &leaguePage{Root: root, Name: l.League.Name, Map: l.League.Map, Format: string(l.League.Format), Status: string(l.League.Status),
		Season: se.Number, Ratings: l.Ratings}
	if e, err := variants.Lookup(l.League.Map); err == nil {
		p.Map = e.Title
	}
	brackets := se.Brackets()
	for _, st := range se.Standings() {
		p.Standings = append(p.Standings, standingRow{Rank: st.Rank, Name: se.Name(st.Player), Where: where(brackets, st.Player),
			Points: points(st.Points), ScoreDiff: st.ScoreDiff, Wins: st.Wins, Games: st.Played})
	}
	if se.Double {
		p.Brackets = []bracketRows{{Name: "Winners' bracket"}, {Name: "Losers' bracket"}, {Name: "Grand final"}}
	}
	for _, f := range se.Fixtures {
		for len(p.Rounds) < f.Round {
			p.Rounds = append(p.Rounds, roundRows{N: len(p.Rounds) + 1})
		}
		names := make([]string, len(f.Players))
		for i, id := range f.Players {
			names[i] = se.Name(id)
		}
		row := fixtureRow{Table: f.Table, Players: strings.Join(names, ", "), Status: string(f.Status)}
		if len(f.Scores) == len(names) {
			parts := make([]string, len(names))
			for i := range names {
				parts[i] = fmt.Sprintf("%s %d", names[i], f.Scores[i])
			}
			row.Result = strings.Join(parts, ", ")
		}
		if f.GameID != "" {
			link, err := s.cfg.Signer.Path(KindGame, f.GameID)
			if err != nil {
				return nil, err
			}
			row.Link = strings.TrimPrefix(link, "/")
		}
		if st := f.Stage; st != nil && p.Brackets != nil {
			b := &p.Brackets[map[league.Bracket]int{league.WinnersBracket: 0, league.LosersBracket: 1, league.GrandFinal: 2}[st.Bracket]]
			for len(b.Rounds) < st.Round {
				b.Rounds = append(b.Rounds, roundRows{N: len(b.Rounds) + 1})
			}
			in := row
			in.Stage = fmt.Sprintf("season round %d", f.Round)
			b.Rounds[st.Round-1].Games = append(b.Rounds[st.Round-1].Games, in)
			row.Stage = st.String()
		}
		p.Rounds[f.Round-1].Games = append(p.Rounds[f.Round-1].Games, row)
	}
	return p, nil
}

// where is a player's place in a double elimination cup ("" in other formats).
func where(b map[string]league.BracketStanding, id string) string {
	st, ok := b[id]
	switch {
	case !ok:
		return ""
	case st.Bracket == league.WinnersBracket:
		return "winners' bracket"
	case st.Bracket == league.LosersBracket:
		return "losers' bracket"
	case st.Out > 0:
		return fmt.Sprintf("out in round %d", st.Out)
	}
	return "champion"
}

// points writes league points with their half point: 2, 1.5.
func points(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
