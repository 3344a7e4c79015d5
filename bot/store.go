package bot

import (
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Store is the database as the bot uses it. Two implementations keep the same data by the same
// rules: the bbolt file of package storage (one process, the default) and storage/postgres (many
// processes on one database); storage/storetest is the suite both pass.
type Store interface {
	CreateGame(rec storage.GameRecord, snapshot []byte, hash string) error
	Game(id string) (storage.GameRecord, error)
	ActiveGame(place string) (id string, ok bool, err error)
	ActiveGames() ([]storage.GameRecord, error)
	Snapshot(id string) (storage.Snapshot, error)
	Moves(id string) ([]storage.Move, error)
	AppendMove(c storage.Commit) (applied bool, err error)
	FinishWithResult(id string, status storage.Status, standings []storage.Standing, r league.GameResult) error
	SetHold(id, reason string) error
	// SetAside sets a game that cannot be carried on aside, untouched and read-only; the bot tells
	// its channel once, when ClaimAsideNotice says it is the one to (aside.go).
	SetAside(id, reason string) error
	ClaimAsideNotice(id string) (bool, error)
	LastFinished(place string) (rec storage.GameRecord, snapshot []byte, ok bool, err error)

	SetTimers(gameID string, timers []storage.Timer) error
	Timers(gameID string) ([]storage.Timer, error)
	// DueTimers returns the timers due at now. With many processes on one database each due
	// timer goes to one of them at a time (storage/postgres leases it).
	DueTimers(now time.Time) ([]storage.Timer, error)
	CompleteTimer(t storage.Timer) error

	// Announced clears the announcement of a move once it was said; ClaimAnnouncements hands
	// over those whose process died before saying them, one process each (outbox.go).
	Announced(gameID string, seq uint64) error
	ClaimAnnouncements(now time.Time, say func(storage.Announcement) error) (int, error)

	// TakeInteraction records that this process acts on a Discord interaction, once for every
	// process; AnswerInteraction keeps its first answer for a later delivery of it
	// (handled.go); ForgetInteractions drops the records past storage.HandledFor.
	TakeInteraction(id string, at time.Time) (prev storage.Handled, first bool, err error)
	AnswerInteraction(id, answer string) error
	ForgetInteractions(before time.Time) (int, error)

	PlayerSettings(userID string) (storage.Settings, error)
	SetPlayerSettings(userID string, settings storage.Settings) error
	// EachPlayerSettings walks every player's settings in user id order (the followers' index).
	EachPlayerSettings(fn func(userID string, settings storage.Settings) error) error
	GuildSettings(guildID string) (storage.GuildSettings, error)
	SetGuildSettings(guildID string, g storage.GuildSettings) error

	SaveLeague(l league.League, seasons ...league.Season) error
	League(id string) (league.League, error)
	Leagues(guild string) ([]league.League, error)
	Season(leagueID string, n int) (league.Season, error)
	Seasons(leagueID string) ([]league.Season, error)
	Rating(guild, mapID, user string) (league.Rating, error)
	Leaderboard(guild, mapID string) ([]league.RatingRow, error)
	RatedGames(guild, user string, limit int) ([]league.RatedGame, error)

	// The web pages' links (bot/web).
	WebSecret() ([]byte, error)
	WebLinkGeneration(id string) (uint64, error)
	RevokeWebLinks(id string) (uint64, error)

	// For the admin commands (RunAdmin).
	BackupFile(path string) error
	Export(id string, admin bool, e storage.Engine) ([]byte, error)
	ExportLeague(id string) ([]byte, error)
	Verify(e storage.Engine) (storage.Report, error)
}
