package storage

import (
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Settings are a player's preferences. The store keeps them as given; the command layer validates
// them (a time zone that loads, times of day that parse) and the bot interprets them.
type Settings struct {
	TimeZone    string `json:"time_zone,omitempty"`    // IANA name such as "Europe/Paris"; empty means UTC
	QuietStart  string `json:"quiet_start,omitempty"`  // "22:00" in TimeZone; no quiet hours when empty
	QuietEnd    string `json:"quiet_end,omitempty"`    // "07:30"
	Notify      string `json:"notify,omitempty"`       // how turns are announced: "mention" (default), "dm" or "off"
	NoReminders bool   `json:"no_reminders,omitempty"` // no reminders before deadlines
	Language    string `json:"language,omitempty"`     // the player's language for their own replies ("de"); empty follows their Discord client
	// Locale is the player's Discord client language as last seen on one of their interactions
	// ("fr"): the language of their DMs (turns, reminders, follows) when Language is empty.
	Locale string `json:"locale,omitempty"`
	// DMRefused records that Discord refused a turn DM (the player's DMs are closed): the player
	// is mentioned instead until they choose "dm" again.
	DMRefused bool `json:"dm_refused,omitempty"`
	// Vacations are the player's vacations, past ones of the last year included (they count
	// against the yearly allowance, and stopped clocks are computed from them), in time order and
	// never overlapping.
	Vacations []Vacation `json:"vacations,omitempty"`
	// Follows are the games the player follows without playing in them (/player follow).
	Follows []Follow `json:"follows,omitempty"`
}

// Follow is a game a player follows: a DM at each of its turns, or only at its end.
type Follow struct {
	GameID  string `json:"game"`
	Place   string `json:"place"`           // the game's channel or thread
	Guild   string `json:"guild,omitempty"` // its server
	Title   string `json:"title,omitempty"` // its map's name, for the list of games
	EndOnly bool   `json:"end_only,omitempty"`
	// Thread is the thread the follower reads the game in, instead of DMs ("" for DMs); ThreadIn
	// the channel it was opened in. Every follower of a game who chose the same channel shares it.
	Thread   string `json:"thread,omitempty"`
	ThreadIn string `json:"thread_in,omitempty"`
	// ByLink marks a follow made with the link of the game's page (game:) rather than in its
	// channel, and Generation is that link's: a revoke of the page's links ends it.
	ByLink     bool   `json:"by_link,omitempty"`
	Generation uint64 `json:"generation,omitempty"`
}

// Vacation is a stretch of whole days, [From, To), during which the player's turn deadlines stop
// at tables that allow vacations. From and To are midnights in the player's time zone.
type Vacation struct {
	From time.Time `json:"from"`
	To   time.Time `json:"to"`
}

// How a player's turns are announced (Settings.Notify).
const (
	NotifyMention = "mention" // a mention in the game's channel (the default)
	NotifyDM      = "dm"      // a direct message
	NotifyOff     = "off"     // neither
)

// TurnDMs reports whether the player's turns are announced by direct message: they chose it, and
// the chat has not refused one.
func (s Settings) TurnDMs() bool { return s.Notify == NotifyDM && !s.DMRefused }

// Zone is the player's time zone (UTC when they chose none, or one this host does not know).
func (s Settings) Zone() *time.Location {
	if s.TimeZone == "" {
		return time.UTC
	}
	loc, err := time.LoadLocation(s.TimeZone)
	if err != nil {
		return time.UTC
	}
	return loc
}

// VacationAt is the vacation of the player that runs at t, if any.
func (s Settings) VacationAt(t time.Time) (Vacation, bool) {
	for _, v := range s.Vacations {
		if !t.Before(v.From) && t.Before(v.To) {
			return v, true
		}
	}
	return Vacation{}, false
}

// Stats are a player's totals over finished games, updated when a game ends.
type Stats struct {
	Played    int `json:"played"`    // finished games
	Won       int `json:"won"`       // finished games ranked first (ties count for each)
	Abandoned int `json:"abandoned"` // abandoned games
	Points    int `json:"points"`    // sum of final scores
	Best      int `json:"best"`      // best final score
}

// player is the value of the players bucket.
type player struct {
	Settings Settings `json:"settings"`
	Stats    Stats    `json:"stats"`
}

// PlayerSettings returns a player's settings; a player who never set any gets the zero Settings.
func (s *Store) PlayerSettings(userID string) (Settings, error) {
	p, err := s.player(userID)
	if err != nil {
		return Settings{}, fmt.Errorf("load the settings of player %s: %w", userID, err)
	}
	return p.Settings, nil
}

// PlayerStats returns a player's stats; zero for a player who finished no game.
func (s *Store) PlayerStats(userID string) (Stats, error) {
	p, err := s.player(userID)
	if err != nil {
		return Stats{}, fmt.Errorf("load the stats of player %s: %w", userID, err)
	}
	return p.Stats, nil
}

func (s *Store) player(userID string) (player, error) {
	var p player
	err := s.view(func(tx *bolt.Tx) (err error) { p, err = readPlayer(tx, userID); return err })
	return p, err
}

// EachPlayerSettings calls fn with the settings of every player who has any, in user id order;
// an error from fn stops the walk and is returned. (The bot builds its index of followed games
// from it at start.)
func (s *Store) EachPlayerSettings(fn func(userID string, settings Settings) error) error {
	err := s.view(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketPlayers).ForEach(func(k, v []byte) error {
			var p player
			if err := decodeJSON(k, v, &p); err != nil {
				return err
			}
			return fn(string(k), p.Settings)
		})
	})
	if err != nil {
		return fmt.Errorf("read every player's settings: %w", err)
	}
	return nil
}

// SetPlayerSettings replaces a player's settings, keeping their stats.
func (s *Store) SetPlayerSettings(userID string, settings Settings) error {
	if err := checkID("user id", userID); err != nil {
		return fmt.Errorf("save the settings of player %s: %w", userID, err)
	}
	err := s.update(func(tx *bolt.Tx) error {
		p, err := readPlayer(tx, userID)
		if err != nil {
			return err
		}
		p.Settings = settings
		return putJSON(tx.Bucket(bucketPlayers), []byte(userID), p)
	})
	if err != nil {
		return fmt.Errorf("save the settings of player %s: %w", userID, err)
	}
	return nil
}

func readPlayer(tx *bolt.Tx, userID string) (player, error) {
	var p player
	err := getJSON(tx.Bucket(bucketPlayers), []byte(userID), &p)
	if errors.Is(err, ErrNotFound) {
		err = nil
	}
	return p, err
}

// recordResults adds a game that just ended to the stats of its seated players: a finished game
// counts as played, with the score and rank of the player's standing; an abandoned one counts as
// abandoned.
func recordResults(tx *bolt.Tx, rec GameRecord) error {
	for _, userID := range rec.Players {
		p, err := readPlayer(tx, userID)
		if err != nil {
			return err
		}
		AddResult(&p.Stats, rec, userID)
		if err := putJSON(tx.Bucket(bucketPlayers), []byte(userID), p); err != nil {
			return err
		}
	}
	return nil
}
