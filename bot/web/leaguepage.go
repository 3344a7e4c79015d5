package web

import (
	"cmp"
	"net/http"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// leaguePage is what a league's page shows, in the reader's language: the standings of its
// current season, the schedule with a link to each game's page, and the members' ratings.
type leaguePage struct {
	pageBase
	Name, Sub string
	Standings []standingRow
	Rounds    []roundRows
	// Brackets are a double elimination cup's games by bracket: winners', losers', grand final.
	Brackets []bracketRows
	Ratings  []ratingRow
}

type bracketRows struct {
	Name   string
	Rounds []roundRows
}

type standingRow struct {
	Rank                           string
	Name                           string
	Where                          string // a double elimination cup's bracket, or "out"
	Points, ScoreDiff, Wins, Games string
}

// roundRows is a round of the schedule: its heading (with its deadline while it runs) and games.
type roundRows struct {
	Heading string
	Games   []fixtureRow
}

type fixtureRow struct {
	Table   string
	Stage   string // a double elimination cup's bracket and round
	Players string
	Status  string
	Result  string
	Link    string
}

type ratingRow struct {
	Name, Rating, Games string
	Provisional         bool
}

func (s *Server) serveLeague(w http.ResponseWriter, r *http.Request) {
	id, token := r.PathValue("id"), r.PathValue("token")
	if err := s.cfg.Signer.Check(KindLeague, id, token); err != nil {
		s.refuse(w, r, err)
		return
	}
	rd, err := languageOf(r, "")
	if err != nil {
		s.failIn(w, r, rd, http.StatusBadRequest, err.(msg.Message))
		return
	}
	if _, err := query(r.URL.RawQuery); err != nil {
		s.failIn(w, r, rd, http.StatusBadRequest, err.(msg.Message))
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
	p, err := s.buildLeaguePage(l, rd)
	if err != nil {
		s.cfg.Logger.Error("web: league page", "league", id, "err", err)
		s.failIn(w, r, rd, http.StatusInternalServerError, msg.Message{ID: "web_err_draw_page"})
		return
	}
	p.pageBase = base(r, rd, rd.T("web_league_title", lang.A{"Name": l.League.Name}), nil)
	s.page(w, r, rd, "league.html", p)
}

// words is a league's word in the reader's language: message prefix+value, or the value itself
// where the catalogues have none.
func words(rd reader, prefix, value string) string {
	if lang.Default.Has(prefix + value) {
		return rd.T(prefix+value, nil)
	}
	return value
}

func (s *Server) buildLeaguePage(l League, rd reader) (*leaguePage, error) {
	se := &l.Season
	mapName := l.League.Map
	if e, err := variants.Lookup(l.League.Map); err == nil {
		mapName = commands.WordsFor(rd.Code()).MapTitle(e)
	}
	p := &leaguePage{Name: l.League.Name, Sub: rd.T("web_league_sub", lang.A{"Map": mapName,
		"Format": words(rd, "web_format_", string(l.League.Format)), "Season": se.Number,
		"Status": words(rd, "web_league_", string(l.League.Status))})}
	// The best rated first; equal ratings by name, so that the order never depends on the store's.
	ratings := slices.Clone(l.Ratings)
	slices.SortStableFunc(ratings, func(a, b Rating) int {
		if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	for _, r := range ratings {
		p.Ratings = append(p.Ratings, ratingRow{Name: r.Name, Rating: rd.Decimal(r.Rating, 1), Games: rd.Number(r.Games), Provisional: r.Provisional})
	}
	brackets := se.Brackets()
	for _, st := range se.Standings() {
		p.Standings = append(p.Standings, standingRow{Rank: rd.Number(st.Rank), Name: se.Name(st.Player), Where: where(rd, brackets, st.Player),
			Points: points(rd, st.Points), ScoreDiff: rd.Number(st.ScoreDiff), Wins: rd.Number(st.Wins), Games: rd.Number(st.Played)})
	}
	if se.Double {
		p.Brackets = []bracketRows{{Name: rd.T("web_bracket_winners", nil)}, {Name: rd.T("web_bracket_losers", nil)}, {Name: rd.T("web_bracket_final", nil)}}
	}
	for _, f := range se.Fixtures {
		for len(p.Rounds) < f.Round {
			n := len(p.Rounds) + 1
			h := rd.T("web_round", lang.A{"Round": n})
			if n == se.Started && se.Ended.IsZero() && !se.Deadline.IsZero() {
				h = rd.T("web_round_until", lang.A{"Round": n, "Date": rd.Date(se.Deadline)})
			}
			p.Rounds = append(p.Rounds, roundRows{Heading: h})
		}
		names := make([]string, len(f.Players))
		for i, id := range f.Players {
			names[i] = se.Name(id)
		}
		row := fixtureRow{Table: rd.T("web_table", lang.A{"Table": f.Table}), Players: strings.Join(names, rd.T("list_sep", nil)),
			Status: words(rd, "web_fixture_", string(f.Status))}
		if f.Done() && !f.Finished.IsZero() {
			row.Status = rd.T("web_fixture_dated", lang.A{"Status": row.Status, "Date": rd.Date(f.Finished)})
		}
		if len(f.Scores) == len(names) {
			parts := make([]string, len(names))
			for i := range names {
				parts[i] = names[i] + " " + rd.Number(f.Scores[i])
			}
			row.Result = strings.Join(parts, rd.T("list_sep", nil))
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
				b.Rounds = append(b.Rounds, roundRows{Heading: rd.T("web_round", lang.A{"Round": len(b.Rounds) + 1})})
			}
			in := row
			in.Stage = rd.T("web_season_round", lang.A{"Round": f.Round})
			b.Rounds[st.Round-1].Games = append(b.Rounds[st.Round-1].Games, in)
			row.Stage = stage(rd, *st)
		}
		p.Rounds[f.Round-1].Games = append(p.Rounds[f.Round-1].Games, row)
	}
	return p, nil
}

// stage is where a double elimination cup's game stands: "winners' bracket, round 2".
func stage(rd reader, st league.Stage) string {
	switch {
	case st.Bracket == league.WinnersBracket:
		return rd.T("web_stage_winners", lang.A{"Round": st.Round})
	case st.Bracket == league.LosersBracket:
		return rd.T("web_stage_losers", lang.A{"Round": st.Round})
	case st.Round == 1:
		return rd.T("web_stage_final", nil)
	}
	return rd.T("web_stage_decider", nil)
}

// where is a player's place in a double elimination cup ("" in other formats).
func where(rd reader, b map[string]league.BracketStanding, id string) string {
	st, ok := b[id]
	switch {
	case !ok:
		return ""
	case st.Bracket == league.WinnersBracket:
		return rd.T("web_where_winners", nil)
	case st.Bracket == league.LosersBracket:
		return rd.T("web_where_losers", nil)
	case st.Out > 0:
		return rd.T("web_where_out", lang.A{"Round": st.Out})
	}
	return rd.T("web_where_champion", nil)
}

// points writes league points with their half point: 2, 1.5 (1,5 in German).
func points(rd reader, v float64) string {
	if v == float64(int(v)) {
		return rd.Number(int(v))
	}
	return rd.Decimal(v, 1)
}
