package storage

import (
	"bytes"
	"cmp"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// The functions of this file are the store's rules that do not depend on bbolt: what input is
// valid and what a game's end changes. Every store implementation (this package's bbolt file,
// storage/postgres) calls them, so both keep the same data by the same rules.

// CheckNewGame validates a record for CreateGame or Import and fills its defaults (status lobby,
// Created now, in UTC; the store's own fields cleared), as CreateGame does.
func CheckNewGame(rec *GameRecord, snapshot []byte, hash string) error {
	if err := checkNewGame(rec, snapshot, hash); err != nil {
		return err
	}
	if rec.Created.IsZero() {
		rec.Created = time.Now()
	}
	rec.Created = rec.Created.UTC()
	rec.Updated, rec.Seq, rec.Hash = rec.Created, 0, hash
	rec.Finished, rec.Standings = time.Time{}, nil
	return nil
}

// CheckCommit validates a commit and fills its defaults (the move's time), as AppendMove does.
func CheckCommit(c *Commit) error { return checkCommit(c) }

// CheckFinish validates the arguments of Finish and FinishWithResult (r may be nil) and fills
// the result's defaults.
func CheckFinish(status Status, standings []Standing, r *league.GameResult) error {
	if !status.Terminal() {
		return invalidf("status %q does not end a game", status)
	}
	if err := checkStandings(standings); err != nil {
		return err
	}
	if r != nil {
		return checkResult(r)
	}
	return nil
}

// CheckAnnouncement validates an announcement for a commit or a Restore.
func CheckAnnouncement(a *Announcement) error { return checkAnnouncement(a) }

// CheckTimers validates a timer set for SetTimers.
func CheckTimers(timers []Timer) error { return checkTimers(timers) }

// CheckID validates an id (a user, a league): not empty, not too long, no NUL byte.
func CheckID(what, id string) error { return checkID(what, id) }

// Invalid returns an error wrapping ErrInvalid, for other implementations of the store.
func Invalid(format string, args ...any) error { return invalidf(format, args...) }

// EndGame fills the fields a game's end sets in its record.
func EndGame(rec *GameRecord, status Status, standings []Standing, at time.Time) {
	rec.Status, rec.Finished, rec.Standings, rec.Updated = status, at, standings, at
}

// AddResult adds a game that just ended (rec, with its final status and standings) to the
// stats of one of its seated players: a finished game counts as played, with the score and rank
// of the player's standing; an abandoned one counts as abandoned.
func AddResult(stats *Stats, rec GameRecord, userID string) {
	if rec.Status == StatusAbandoned {
		stats.Abandoned++
		return
	}
	stats.Played++
	for _, st := range rec.Standings {
		if st.UserID == userID {
			stats.Points += st.Score
			stats.Best = max(stats.Best, st.Score)
			if st.Rank == 1 {
				stats.Won++
			}
			return
		}
	}
}

// RecordFixture records a league game's result in its season.
func RecordFixture(season *league.Season, r league.GameResult) error {
	status := league.Finished
	if r.Adjudicated {
		status = league.Adjudicated
	}
	if err := season.Record(season.Fixture(r.GameID), status, r.Scores, r.Places, r.At); err != nil {
		return invalidf("league %s: %v", r.League, err)
	}
	return nil
}

// RatingPools are the pools a rated game counts in: the guild's overall pool ("") and its map's.
func RatingPools(r league.GameResult) []string { return []string{"", r.Map} }

// Rate applies a rated game to the players' ratings in one pool: book holds their ratings before
// (a player missing from it starts with a new rating) and holds them after.
func Rate(book league.Book, r league.GameResult) error {
	if _, err := book.Record(league.Game{Players: r.Players, Places: r.Places}); err != nil {
		return invalidf("rate game %s: %v", r.GameID, err)
	}
	return nil
}

// MergeResults copies into season the results the stored season has and it lacks: a game that
// ended (and recorded its result in its own transaction) after the caller read the season is not
// forgotten when the caller saves it.
func MergeResults(season *league.Season, stored league.Season) {
	for _, f := range stored.Fixtures {
		if i := season.Fixture(f.GameID); f.Done() && f.GameID != "" && i >= 0 && !season.Fixtures[i].Done() {
			thread := season.Fixtures[i].Thread
			season.Fixtures[i] = f
			if f.Thread == "" {
				season.Fixtures[i].Thread = thread
			}
		}
	}
}

// CheckSeasons validates the seasons saved with league l.
func CheckSeasons(l league.League, seasons []league.Season) error {
	if err := checkID("league id", l.ID); err != nil {
		return err
	}
	for _, season := range seasons {
		if season.League != l.ID {
			return invalidf("season %d belongs to league %q", season.Number, season.League)
		}
	}
	return nil
}

// Replay rebuilds a game from its setup and log with e, turning a panic of the engine into an
// error: how Verify and Import check a log against its snapshot.
func Replay(e Engine, rec GameRecord, moves []Move) (snapshot []byte, hash string, err error) {
	return replay(e, gameData{Record: rec, Moves: moves})
}

// LogCheck is what CheckLog found of one game.
type LogCheck struct {
	// Failure says why the log could not be replayed (empty when it was).
	Failure string
	// Snapshot and Hash are what the log replays to.
	Snapshot []byte
	Hash     string
	stored   []byte
	hash     string
}

// Mismatch tells whether the log replayed to another state than the one stored: the snapshot is
// then to be rebuilt from the log, which is the truth.
func (c LogCheck) Mismatch() bool {
	return c.Failure == "" && (c.Hash != c.hash || !bytes.Equal(c.Snapshot, c.stored))
}

// CheckLog replays a game's log with e and compares it with its stored snapshot and the record's
// hash: how every store's Verify checks a game.
func CheckLog(e Engine, rec GameRecord, moves []Move, snapshot []byte) LogCheck {
	c := LogCheck{stored: snapshot, hash: rec.Hash}
	if n := uint64(len(moves)); n != rec.Seq {
		c.Failure = fmt.Sprintf("the log holds %d moves but the record says %d", n, rec.Seq)
		return c
	}
	var err error
	if c.Snapshot, c.Hash, err = replay(e, gameData{Record: rec, Moves: moves}); err != nil {
		c.Failure = "the log does not replay: " + err.Error()
	}
	return c
}

// SortLeaderboard orders a pool's ratings as every store's Leaderboard gives them: best shown
// rating first, ties by user id.
func SortLeaderboard(rows []league.RatingRow) {
	slices.SortStableFunc(rows, func(a, b league.RatingRow) int {
		return cmp.Or(cmp.Compare(b.Rating.Shown(), a.Rating.Shown()), cmp.Compare(a.UserID, b.UserID))
	})
}

// WholeGame reads everything Verify checks of one game at one moment: its record, log and
// snapshot.
type WholeGame func(id string) (rec GameRecord, moves []Move, snapshot []byte, err error)

// StoreRebuilt stores the snapshot and hash a game's log replays to, unless the game moved on
// past log position seq since it was read.
type StoreRebuilt func(id string, seq uint64, snapshot []byte, hash string) error

// VerifyLogs is the Verify of a store that keeps no index or page of its own to check
// (storage/postgres, storage/memory): each game of ids is read whole and checked (CheckLog); a
// snapshot that disagrees with its log is rebuilt from it and reported, one that cannot be
// replayed is reported and left, and the games set aside are listed, untouched.
func VerifyLogs(e Engine, ids []string, read WholeGame, rebuild StoreRebuilt, log *slog.Logger) (Report, error) {
	var rep Report
	for _, id := range ids {
		rec, moves, snapshot, err := read(id)
		if err != nil {
			return rep, fmt.Errorf("verify game %s: %w", id, err)
		}
		if rec.Aside != nil {
			rep.Aside = append(rep.Aside, Failure{GameID: id, Error: rec.Aside.Reason})
			continue
		}
		rep.Games++
		check := CheckLog(e, rec, moves, snapshot)
		if check.Failure != "" {
			rep.Failed = append(rep.Failed, Failure{GameID: id, Error: check.Failure})
			continue
		}
		if !check.Mismatch() {
			continue
		}
		if err := rebuild(id, rec.Seq, check.Snapshot, check.Hash); err != nil {
			return rep, fmt.Errorf("verify game %s: rebuild the snapshot: %w", id, err)
		}
		log.Warn("rebuilt a game's snapshot from its log", "game", id, "seq", rec.Seq, "stored_hash", rec.Hash, "replayed_hash", check.Hash)
		rep.Rebuilt = append(rep.Rebuilt, Mismatch{GameID: id, Seq: rec.Seq, StoredHash: rec.Hash, ReplayedHash: check.Hash})
	}
	return rep, nil
}
