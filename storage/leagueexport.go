package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	bolt "go.etcd.io/bbolt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// LeagueExportFormat names the document ExportLeague writes.
const LeagueExportFormat = "carcassonne-maps-bot/league"

// LeagueExport is a league with all its seasons. Its games are exported one by one (Export) and
// imported before it; the ratings an import gives come from those games. Ratings and Rated are
// what exports before this version carried of the server's ratings: an import never reads them.
type LeagueExport struct {
	Format  string             `json:"format"`
	Version int                `json:"version"`
	League  league.League      `json:"league"`
	Seasons []league.Season    `json:"seasons"`
	Ratings []PoolRating       `json:"ratings,omitempty"`
	Rated   []league.RatedGame `json:"rated,omitempty"`
}

// PoolRating is one stored rating: a player's in one pool (Map "" for overall) of a guild.
type PoolRating struct {
	Map    string        `json:"map"`
	UserID string        `json:"user_id"`
	Rating league.Rating `json:"rating"`
}

// ExportLeague returns a league as an indented JSON LeagueExport: the league and its seasons.
func (s *Store) ExportLeague(id string) ([]byte, error) { return EncodeLeague(s, id) }

// EncodeLeague is every store's ExportLeague: league id of r and its seasons as an indented JSON
// LeagueExport.
func EncodeLeague(r Leagues, id string) ([]byte, error) {
	doc := LeagueExport{Format: LeagueExportFormat, Version: 1}
	var err error
	if doc.League, err = r.League(id); err != nil {
		return nil, fmt.Errorf("export league %s: %w", id, err)
	}
	if doc.Seasons, err = r.Seasons(id); err != nil {
		return nil, fmt.Errorf("export league %s: %w", id, err)
	}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("export league %s: %w", id, err)
	}
	return data, nil
}

// Outcomes reads what the end of a league's stored game made of it (commands.OutcomeOf, from its
// snapshot; the bot's Engine), policy being the league's rule for a game stopped before its end,
// so that an imported league's results and ratings come from its games, never from its file.
type Outcomes interface {
	Outcome(snapshot []byte, policy league.Policy) (league.Outcome, error)
}

// ImportGame is what a league import reads of a game of this database: its record and snapshot.
type ImportGame func(id string) (rec GameRecord, snapshot []byte, err error)

// VerifyLeagueImport reads a league export for ImportLeague and checks it against this database:
// the league's and its members' names pass the door of stored text (game.UnfitRune); every season
// is the league's; every fixture's game is stored here (bot import each game's admin export first),
// is a game of this league, season and server, and is over exactly when the fixture has its result,
// which must be the game's own (its players, scores and places as OutcomeOf makes them). It
// returns the export and the rated results of its games, oldest first: what an import recomputes
// the server's ratings from. The file's ratings and rated games are never read: a league's file
// brings no result of its own, and touches no other league's or server's data.
func VerifyLeagueImport(data []byte, games ImportGame, o Outcomes) (LeagueExport, []league.GameResult, error) {
	var doc LeagueExport
	if err := json.Unmarshal(data, &doc); err != nil {
		return doc, nil, invalidf("not a JSON league export: %v", err)
	}
	l := doc.League
	if doc.Format != LeagueExportFormat || doc.Version != 1 {
		return doc, nil, invalidf("format %q version %d is not %q version 1", doc.Format, doc.Version, LeagueExportFormat)
	}
	if err := CheckSeasons(l, doc.Seasons); err != nil {
		return doc, nil, err
	}
	if err := checkID("league guild", l.Guild); err != nil {
		return doc, nil, err
	}
	if err := l.Check(); err != nil {
		return doc, nil, invalidf("league %s: %v", l.ID, err)
	}
	names := []string{l.Name}
	for _, m := range l.Members {
		names = append(names, m.Name)
	}
	for _, s := range doc.Seasons {
		for _, m := range s.Members {
			names = append(names, m.Name)
		}
	}
	for _, n := range names {
		if r, bad := game.UnfitRune(n); bad {
			return doc, nil, invalidf("the name %q holds %U, which no stored name may hold", n, r)
		}
	}
	var results []league.GameResult
	seen := map[string]bool{}
	for _, s := range doc.Seasons {
		for _, f := range s.Fixtures {
			where := fmt.Sprintf("season %d, round %d, table %d", s.Number, f.Round, f.Table)
			if f.GameID == "" {
				if f.Done() {
					return doc, nil, invalidf("%s has a result and no game", where)
				}
				continue
			}
			if seen[f.GameID] {
				return doc, nil, invalidf("%s: game %s is another fixture's too", where, f.GameID)
			}
			seen[f.GameID] = true
			r, err := fixtureResult(l, s, f, games, o)
			if err != nil {
				return doc, nil, fmt.Errorf("%s: %w", where, err)
			}
			if r != nil && r.Unrated == "" {
				results = append(results, *r)
			}
		}
	}
	slices.SortStableFunc(results, func(a, b league.GameResult) int { return a.At.Compare(b.At) })
	return doc, results, nil
}

// fixtureResult checks a fixture of season s of l against its game and returns the game's result
// (nil while it runs).
func fixtureResult(l league.League, s league.Season, f league.Fixture, games ImportGame, o Outcomes) (*league.GameResult, error) {
	rec, snapshot, err := games(f.GameID)
	if errors.Is(err, ErrNotFound) {
		return nil, invalidf("game %s is not in this database: bot import its admin export before the league's", f.GameID)
	}
	if err != nil {
		return nil, err
	}
	if rec.League != l.ID || rec.Season != s.Number || rec.Guild != l.Guild {
		return nil, invalidf("game %s is a game of league %q, season %d, server %q, not of this league's season %d in server %q",
			f.GameID, rec.League, rec.Season, rec.Guild, s.Number, l.Guild)
	}
	if !rec.Status.Terminal() {
		if f.Done() {
			return nil, invalidf("game %s still runs, but the file gives it a result", f.GameID)
		}
		return nil, nil
	}
	if !f.Done() {
		return nil, invalidf("game %s is over, but the file gives it no result", f.GameID)
	}
	out, err := o.Outcome(snapshot, l.Policy)
	if err != nil {
		return nil, invalidf("game %s: its outcome cannot be read: %v", f.GameID, err)
	}
	if len(out.Players) != len(f.Players) || out.Adjudicated != (f.Status == league.Adjudicated) {
		return nil, invalidf("game %s was played by %v (adjudicated: %v), not as the file says", f.GameID, out.Players, out.Adjudicated)
	}
	for j, p := range f.Players {
		i := slices.Index(out.Players, p)
		if i < 0 || j >= len(f.Scores) || j >= len(f.Places) || f.Scores[j] != out.Scores[i] || f.Places[j] != out.Places[i] {
			return nil, invalidf("the file's result of game %s is not the game's", f.GameID)
		}
	}
	return &league.GameResult{Guild: l.Guild, Map: out.Map, GameID: f.GameID, Players: out.Players, Scores: out.Scores, Places: out.Places,
		Unrated: out.Unrated, League: l.ID, Season: s.Number, Adjudicated: out.Adjudicated, At: rec.Finished.UTC()}, nil
}

// ImportLeague stores a league export in one transaction, once VerifyLeagueImport has checked it
// against the games stored here: the league (ErrExists if its id is taken) and its seasons, and
// the ratings of its server recomputed from its games (each applied once, in the order they
// ended, on the ratings stored).
func (s *Store) ImportLeague(data []byte, o Outcomes) (league.League, error) {
	var l league.League
	err := s.update(func(tx *bolt.Tx) error {
		doc, results, err := VerifyLeagueImport(data, func(id string) (GameRecord, []byte, error) {
			d, err := readGame(tx, id, true, false)
			return d.Record, d.Snapshot, err
		}, o)
		l = doc.League
		if err != nil {
			return err
		}
		lb, err := leagueBucket(tx, bucketLeagues)
		if err != nil {
			return err
		}
		if lb.Get([]byte(l.ID)) != nil {
			return ErrExists
		}
		if err := putLeague(tx, l, doc.Seasons); err != nil {
			return err
		}
		hb, err := leagueBucket(tx, bucketRated)
		if err != nil {
			return err
		}
		for _, r := range results {
			if hb.Get(ratedKey(r.Guild, r.At, r.GameID)) != nil {
				continue // rated here already
			}
			if err := rateResult(tx, r); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return l, fmt.Errorf("import league %s: %w", l.ID, err)
	}
	return l, nil
}
