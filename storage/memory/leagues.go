package memory

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

type seasonKey struct {
	league string
	number int
}

// ratingKey names a rating: a player's in one pool ("" overall, or a map) of a guild.
type ratingKey struct{ guild, pool, user string }

// ratedKey names a rated game, as the other stores key it.
type ratedKey struct {
	guild string
	at    int64 // Unix nanoseconds
	game  string
}

// SaveLeague stores a league and the given seasons. A season's stored results that the given one
// lacks (a game that ended after the caller read the season) are kept (storage.MergeResults).
func (s *Store) SaveLeague(l league.League, seasons ...league.Season) error {
	if err := storage.CheckSeasons(l, seasons); err != nil {
		return fmt.Errorf("save league %s: %w", l.ID, err)
	}
	kept, err := clone(l)
	if err != nil {
		return fmt.Errorf("save league %s: %w", l.ID, err)
	}
	given, err := clone(seasons)
	if err != nil {
		return fmt.Errorf("save league %s: %w", l.ID, err)
	}
	err = s.write(func() error {
		s.leagues[l.ID] = kept
		for _, season := range given {
			k := seasonKey{season.League, season.Number}
			if stored, ok := s.seasons[k]; ok {
				storage.MergeResults(&season, must(stored))
			}
			s.seasons[k] = season
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("save league %s: %w", l.ID, err)
	}
	return nil
}

// League returns a league.
func (s *Store) League(id string) (league.League, error) {
	var l league.League
	err := s.read(func() error {
		stored, ok := s.leagues[id]
		if !ok {
			return storage.ErrNotFound
		}
		l = must(stored)
		return nil
	})
	if err != nil {
		return league.League{}, fmt.Errorf("load league %s: %w", id, err)
	}
	return l, nil
}

// Leagues returns the leagues of a guild (every guild when guild is empty), by id.
func (s *Store) Leagues(guild string) ([]league.League, error) {
	var out []league.League
	err := s.read(func() error {
		for _, l := range s.leagues {
			if guild == "" || l.Guild == guild {
				out = append(out, must(l))
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list the leagues of %s: %w", guild, err)
	}
	slices.SortFunc(out, func(a, b league.League) int { return cmp.Compare(a.ID, b.ID) })
	return out, nil
}

// Season returns season n of a league.
func (s *Store) Season(leagueID string, n int) (league.Season, error) {
	var season league.Season
	err := s.read(func() error {
		stored, ok := s.seasons[seasonKey{leagueID, n}]
		if !ok {
			return storage.ErrNotFound
		}
		season = must(stored)
		return nil
	})
	if err != nil {
		return league.Season{}, fmt.Errorf("load season %d of league %s: %w", n, leagueID, err)
	}
	return season, nil
}

// Seasons returns every season of a league, oldest first.
func (s *Store) Seasons(leagueID string) ([]league.Season, error) {
	var out []league.Season
	err := s.read(func() error {
		out = s.seasonsOf(leagueID)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list the seasons of league %s: %w", leagueID, err)
	}
	return out, nil
}

func (s *Store) seasonsOf(leagueID string) []league.Season {
	var out []league.Season
	for k, season := range s.seasons {
		if k.league == leagueID {
			out = append(out, must(season))
		}
	}
	slices.SortFunc(out, func(a, b league.Season) int { return cmp.Compare(a.Number, b.Number) })
	return out
}

// resultChange is what a game's result changes, computed before anything changes.
type resultChange struct {
	season  *league.Season // the league season with its fixture recorded; nil for a friendly
	ratings map[ratingKey]league.Rating
	rated   *league.RatedGame // nil for an unrated game
}

// result computes what a game's result changes (storage.RecordFixture, storage.Rate), as the
// other stores apply it: the season's fixture, then, unless the game is unrated, the ratings of
// its players in each pool and the rated game.
func (s *Store) result(r league.GameResult) (*resultChange, error) {
	r, err := clone(r) // the season keeps its scores and places
	if err != nil {
		return nil, err
	}
	rc := &resultChange{ratings: map[ratingKey]league.Rating{}}
	if r.League != "" {
		stored, ok := s.seasons[seasonKey{r.League, r.Season}]
		if !ok {
			return nil, fmt.Errorf("season %d of league %s: %w", r.Season, r.League, storage.ErrNotFound)
		}
		season := must(stored)
		if err := storage.RecordFixture(&season, r); err != nil {
			return nil, err
		}
		rc.season = &season
	}
	if r.Unrated != "" {
		return rc, nil
	}
	return rc, s.rate(rc, r)
}

// rate computes what a rated game changes in rc: its players' ratings in each pool, on those
// stored, and the rated game.
func (s *Store) rate(rc *resultChange, r league.GameResult) error {
	kept, err := clone(r)
	if err != nil {
		return err
	}
	rated := league.RatedGame{GameResult: kept}
	for _, pool := range storage.RatingPools(r) {
		book := league.Book{}
		for _, p := range r.Players {
			if rt, ok := s.ratings[ratingKey{r.Guild, pool, p}]; ok {
				book[p] = rt
			}
		}
		if err := storage.Rate(book, r); err != nil {
			return err
		}
		for _, p := range r.Players {
			rc.ratings[ratingKey{r.Guild, pool, p}] = book[p]
			if pool == "" {
				rated.Shown = append(rated.Shown, book[p].Shown())
			}
		}
	}
	rc.rated = &rated
	return nil
}

func (s *Store) applyResult(rc *resultChange) {
	if rc.season != nil {
		s.seasons[seasonKey{rc.season.League, rc.season.Number}] = *rc.season
	}
	for k, rt := range rc.ratings {
		s.ratings[k] = rt
	}
	if g := rc.rated; g != nil {
		s.rated[ratedKey{g.Guild, g.At.UnixNano(), g.GameID}] = *g
	}
}

// Rating returns a player's rating in a guild's pool; a new rating for a player who has none.
func (s *Store) Rating(guild, mapID, user string) (league.Rating, error) {
	r := league.NewRating()
	err := s.read(func() error {
		if rt, ok := s.ratings[ratingKey{guild, mapID, user}]; ok {
			r = rt
		}
		return nil
	})
	if err != nil {
		return league.Rating{}, fmt.Errorf("load the rating of %s in %s: %w", user, guild, err)
	}
	return r, nil
}

// Leaderboard returns every rated player of a guild's pool, best shown rating first.
func (s *Store) Leaderboard(guild, mapID string) ([]league.RatingRow, error) {
	var out []league.RatingRow
	err := s.read(func() error {
		for k, rt := range s.ratings {
			if k.guild == guild && k.pool == mapID {
				out = append(out, league.RatingRow{UserID: k.user, Rating: rt})
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load the leaderboard of %s: %w", guild, err)
	}
	storage.SortLeaderboard(out)
	return out, nil
}

// RatedGames returns a guild's rated games, newest first: all, or those of user; at most limit
// (0: no limit).
func (s *Store) RatedGames(guild, user string, limit int) ([]league.RatedGame, error) {
	var keys []ratedKey
	var out []league.RatedGame
	err := s.read(func() error {
		for k, g := range s.rated {
			if k.guild == guild && (user == "" || slices.Contains(g.Players, user)) {
				keys = append(keys, k)
			}
		}
		slices.SortFunc(keys, func(a, b ratedKey) int { return cmp.Or(cmp.Compare(b.at, a.at), cmp.Compare(b.game, a.game)) })
		if limit > 0 && len(keys) > limit {
			keys = keys[:limit]
		}
		for _, k := range keys {
			out = append(out, must(s.rated[k]))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load the rated games of %s: %w", guild, err)
	}
	return out, nil
}

// ExportLeague returns a league as an indented JSON storage.LeagueExport: the league and its
// seasons.
func (s *Store) ExportLeague(id string) ([]byte, error) { return storage.EncodeLeague(s, id) }

// ImportLeague stores a league export once storage.VerifyLeagueImport has checked it against the
// games stored here: the league (storage.ErrExists if its id is taken), its seasons, and the
// ratings of its server recomputed from its games, each applied once, in the order they ended.
func (s *Store) ImportLeague(data []byte, o storage.Outcomes) (league.League, error) {
	var l league.League
	err := s.write(func() error {
		doc, results, err := storage.VerifyLeagueImport(data, func(id string) (storage.GameRecord, []byte, error) {
			g, err := s.lookup(id)
			if err != nil {
				return storage.GameRecord{}, nil, err
			}
			return must(g.rec), slices.Clone(g.snapshot), nil
		}, o)
		l = doc.League
		if err != nil {
			return err
		}
		if _, ok := s.leagues[l.ID]; ok {
			return storage.ErrExists
		}
		// The ratings change one result after the other: each is computed on the ratings the
		// one before left, and nothing is kept until all of them are.
		saved := maps(s.ratings, s.rated)
		for _, r := range results {
			if _, ok := s.rated[ratedKey{r.Guild, r.At.UnixNano(), r.GameID}]; ok {
				continue // rated here already
			}
			rc := &resultChange{ratings: map[ratingKey]league.Rating{}}
			if err := s.rate(rc, r); err != nil {
				s.ratings, s.rated = saved.ratings, saved.rated
				return err
			}
			s.applyResult(rc)
		}
		s.leagues[l.ID] = l
		for _, season := range doc.Seasons {
			s.seasons[seasonKey{season.League, season.Number}] = season
		}
		return nil
	})
	if err != nil {
		return l, fmt.Errorf("import league %s: %w", l.ID, err)
	}
	return l, nil
}

// ratingMaps is a copy of the ratings and rated games, to put back when an import fails.
type ratingMaps struct {
	ratings map[ratingKey]league.Rating
	rated   map[ratedKey]league.RatedGame
}

func maps(ratings map[ratingKey]league.Rating, rated map[ratedKey]league.RatedGame) ratingMaps {
	out := ratingMaps{ratings: make(map[ratingKey]league.Rating, len(ratings)), rated: make(map[ratedKey]league.RatedGame, len(rated))}
	for k, v := range ratings {
		out.ratings[k] = v
	}
	for k, v := range rated {
		out.rated[k] = v
	}
	return out
}
