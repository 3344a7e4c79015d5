package storage

import (
	"io"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// The store's methods are declared here, once, by role. Three implementations keep the same data
// by the same rules: the bbolt file of this package (one process, the default), storage/postgres
// (many processes on one database) and storage/memory (a throwaway store for table scripts and
// tests); storage/storetest is the suite all pass. The host (package
// bot), the admin commands, the league commands and the tests take the roles they need, or the
// whole Database.

// Games are the games with their records, move logs and snapshots.
type Games interface {
	CreateGame(rec GameRecord, snapshot []byte, hash string) error
	Game(id string) (GameRecord, error)
	GameIDs() ([]string, error)
	ActiveGame(place string) (id string, ok bool, err error)
	ActiveGames() ([]GameRecord, error)
	Snapshot(id string) (Snapshot, error)
	Moves(id string) ([]Move, error)
	// AppendMove commits one move (Commit): its log entry, snapshot, timers, announcement and,
	// when it ends the game, the game's end and result, in one transaction.
	AppendMove(c Commit) (applied bool, err error)
	Finish(id string, status Status, standings []Standing) error
	FinishWithResult(id string, status Status, standings []Standing, r league.GameResult) error
	LastFinished(place string) (rec GameRecord, snapshot []byte, ok bool, err error)
	SetHold(id, reason string) error
	// SetAside sets a game that cannot be carried on aside, untouched and read-only; its channel
	// is told once, by the process ClaimAsideNotice hands the notice to.
	SetAside(id, reason string) error
	ClaimAsideNotice(id string) (bool, error)
	AsideGames() (map[string]Aside, error)
}

// Timers are the games' deadlines, reminders and the other timers of the host.
type Timers interface {
	SetTimers(gameID string, timers []Timer) error
	Timers(gameID string) ([]Timer, error)
	// DueTimers returns the timers due at now. With many processes on one database each due
	// timer goes to one of them at a time (storage/postgres leases it).
	DueTimers(now time.Time) ([]Timer, error)
	CompleteTimer(t Timer) error
}

// Announcements are what is still to be said about committed moves (the outbox).
type Announcements interface {
	// Announced clears the announcement of a move once it was said; ClaimAnnouncements hands
	// over those whose process died before saying them, one process each.
	Announced(gameID string, seq uint64) error
	ClaimAnnouncements(now time.Time, say func(Announcement) error) (int, error)
	Announcements() ([]Announcement, error)
}

// Interactions record the chat's interactions taken, so that each is acted on once.
type Interactions interface {
	// TakeInteraction records that this process acts on an interaction, once for every process;
	// AnswerInteraction keeps its first answer for a later delivery of it; ForgetInteractions
	// drops the records past HandledFor.
	TakeInteraction(id string, at time.Time) (prev Handled, first bool, err error)
	AnswerInteraction(id, answer string) error
	ForgetInteractions(before time.Time) (int, error)
}

// Players are the players' own settings (quiet hours, notices, vacations, follows) and stats.
type Players interface {
	PlayerSettings(userID string) (Settings, error)
	SetPlayerSettings(userID string, settings Settings) error
	// EachPlayerSettings walks every player's settings in user id order.
	EachPlayerSettings(fn func(userID string, settings Settings) error) error
	PlayerStats(userID string) (Stats, error)
}

// Guilds are the servers' settings.
type Guilds interface {
	GuildSettings(guildID string) (GuildSettings, error)
	SetGuildSettings(guildID string, g GuildSettings) error
}

// Leagues are the leagues and their seasons.
type Leagues interface {
	SaveLeague(l league.League, seasons ...league.Season) error
	League(id string) (league.League, error)
	Leagues(guild string) ([]league.League, error)
	Season(leagueID string, n int) (league.Season, error)
	Seasons(leagueID string) ([]league.Season, error)
}

// Ratings are the players' ratings and the rated games of each server.
type Ratings interface {
	Rating(guild, mapID, user string) (league.Rating, error)
	Leaderboard(guild, mapID string) ([]league.RatingRow, error)
	RatedGames(guild, user string, limit int) ([]league.RatedGame, error)
}

// Links are the web pages' links: their signing secret and each game's generation.
type Links interface {
	WebSecret() ([]byte, error)
	WebLinkGeneration(id string) (uint64, error)
	RevokeWebLinks(id string) (uint64, error)
}

// Admin is what the host's operator does to a whole database: back it up, export, import and
// verify games and leagues.
type Admin interface {
	BackupFile(path string) error
	Export(id string, admin bool, e Engine) ([]byte, error)
	Import(data []byte, e Engine) (GameRecord, error)
	ExportLeague(id string) ([]byte, error)
	ImportLeague(data []byte, o Outcomes) (league.League, error)
	Verify(e Engine) (Report, error)
	// Path is the file, or the database's URL without its password: for the log.
	Path() string
}

// Copier is a store as bot migrate reads and writes it (Copy).
type Copier interface {
	Games
	Announcements
	Admin
	Dump() (Dump, error)
	Restore(d Dump) error
	// CopyMark, MarkCopy and UnmarkCopy keep the mark of an unfinished copy (copymark.go).
	CopyMark() (*CopyMark, error)
	MarkCopy(m CopyMark) error
	UnmarkCopy() error
}

// Database is a whole store, every role: what the host and the admin commands open.
type Database interface {
	Games
	Timers
	Announcements
	Interactions
	Players
	Guilds
	Leagues
	Ratings
	Links
	Admin
	Copier
	io.Closer
}
