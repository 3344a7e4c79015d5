// Package bot is the host of the games: the service that runs them, apart from any chat. It keeps
// one entry per game (its table, position, timers and hold) and one lock per game; it runs a
// person's command or click at the game of its place, stores every accepted change with its
// announcement in one commit before anything is said, and then announces it through its port. It
// does the work that keeps games going on its own: deadlines and reminders (timers.go), AI seats
// from a bounded queue, and the end of tables no person plays at (aiturns.go), lobbies that expire
// (expiry.go), games put on hold when its own work on them fails (hold.go); it caps the open
// tables of a person and of a server (limits.go), keeps only recently used tables in memory
// (cache.go), and with a shared store (PostgreSQL, several processes) checks each game against it
// before use.
//
// The host speaks to the outside only through its Port (port.go): post, edit, send a direct
// message, open a thread, answer a person. The chat's adapter implements it (package
// bot/discord for Discord) and hands the host every command and click as a Request (Command,
// Click, Autocomplete): the host finds what runs it in one table built from the declared commands,
// which is also what the chat shows (Surface). Posts carry their cause (MoveCause, CauseOf), so
// that a post made again shows once, and each place's posts keep the order of the changes they
// announce.
//
// A move (/place, a click) reads in the files of its steps: its route (routes.go), the game's
// entry and lock (cache.go), the table's answer and what follows any change: the AI's turn to
// come, a table nobody plays at (apply.go), its commit, which a move made already is recognised
// against (commit.go), the timers it sets and the turn's clock (timers.go), and its announcement:
// the outbox and its posts in the place's order after the lock (outbox.go), with the picture
// (picture.go) and what its readers want (readers.go: their language, the pings); the features
// hear of it (feature.go). The page server (bot/web) says what a message carries of the pages:
// the game's link and the button "Play on the page". The caps' count of who plays (limits.go) is
// told only when that changes, a game set aside (aside.go) is looked for only where no game is in
// play, and a chat's interaction is taken once by its adapter (bot/discord).
//
// What runs around the games is features (feature.go), each a package of its own, all listed in
// bot/features: leagues (bot/leagueplay), vacations (bot/vacation), follows (bot/follow) and turn
// DMs (bot/notify). A feature registers with the host as it is made: its commands (AddCommand,
// AddOption), its timer kinds (AddTimers, OnTurnTimers) and the events it takes: a game's end
// (OnGameEnd), what a place was told (OnTold), each round of the timer loop (OnTick). The host
// names none of them; what a league game is to the host itself (its mark, the result stored in the
// commit that ends it, an adjudication) is leaguegames.go.
//
// A text longer than the chat allows is the port's to split; what the host posts is in the
// language of its readers (readers.go), from the message catalogues.
//
// The path of one /place through the host (the files it enters, the calls that cross from one
// package into another) is measured from the coverage of that one command, at the local table and
// through the Discord adapter (bot/internal/pathcount):
//
//	BOT_PATH_REPORT=1 go test ./bot/local -run TestOnePlacePath -covermode=count -coverpkg=./... -v
//	BOT_PATH_REPORT=1 go test ./bot/discord -run TestOnePlacePath -covermode=count -coverpkg=./... -v
package bot
