package memory

import (
	"crypto/rand"
	"fmt"
	"slices"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// player is one player's settings and stats, kept apart: a game's end changes the stats alone.
type player struct {
	Settings storage.Settings
	Stats    storage.Stats
}

// PlayerSettings returns a player's settings; the zero Settings for a player who set none.
func (s *Store) PlayerSettings(userID string) (storage.Settings, error) {
	var out storage.Settings
	err := s.read(func() error {
		out = must(s.players[userID].Settings)
		return nil
	})
	if err != nil {
		return storage.Settings{}, fmt.Errorf("load the settings of player %s: %w", userID, err)
	}
	return out, nil
}

// SetPlayerSettings replaces a player's settings, keeping their stats.
func (s *Store) SetPlayerSettings(userID string, settings storage.Settings) error {
	if err := storage.CheckID("user id", userID); err != nil {
		return fmt.Errorf("save the settings of player %s: %w", userID, err)
	}
	kept, err := clone(settings)
	if err == nil {
		err = s.write(func() error {
			p := s.players[userID]
			p.Settings = kept
			s.players[userID] = p
			return nil
		})
	}
	if err != nil {
		return fmt.Errorf("save the settings of player %s: %w", userID, err)
	}
	return nil
}

// EachPlayerSettings calls fn with the settings of every player kept, in user id order; an error
// from fn stops the walk and is returned. fn runs without the store's lock, on a copy.
func (s *Store) EachPlayerSettings(fn func(userID string, settings storage.Settings) error) error {
	var ids []string
	all := map[string]storage.Settings{}
	err := s.read(func() error {
		for id, p := range s.players {
			ids, all[id] = append(ids, id), must(p.Settings)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("read every player's settings: %w", err)
	}
	slices.Sort(ids)
	for _, id := range ids {
		if err := fn(id, all[id]); err != nil {
			return fmt.Errorf("read every player's settings: %w", err)
		}
	}
	return nil
}

// PlayerStats returns a player's stats; zero for a player who finished no game.
func (s *Store) PlayerStats(userID string) (storage.Stats, error) {
	var out storage.Stats
	err := s.read(func() error {
		out = s.players[userID].Stats
		return nil
	})
	if err != nil {
		return storage.Stats{}, fmt.Errorf("load the stats of player %s: %w", userID, err)
	}
	return out, nil
}

// GuildSettings returns a server's settings; the zero value for a server that set none.
func (s *Store) GuildSettings(guildID string) (storage.GuildSettings, error) {
	var out storage.GuildSettings
	err := s.read(func() error {
		out = must(s.guilds[guildID])
		return nil
	})
	if err != nil {
		return storage.GuildSettings{}, fmt.Errorf("load the settings of server %s: %w", guildID, err)
	}
	return out, nil
}

// SetGuildSettings replaces a server's settings.
func (s *Store) SetGuildSettings(guildID string, g storage.GuildSettings) error {
	if err := storage.CheckID("guild id", guildID); err != nil {
		return fmt.Errorf("save the settings of server %s: %w", guildID, err)
	}
	kept, err := clone(g)
	if err == nil {
		err = s.write(func() error { s.guilds[guildID] = kept; return nil })
	}
	if err != nil {
		return fmt.Errorf("save the settings of server %s: %w", guildID, err)
	}
	return nil
}

// TakeInteraction records that this process acts on interaction id, taken at at: first is true
// for the first taker alone; a later one gets what became of it.
func (s *Store) TakeInteraction(id string, at time.Time) (prev storage.Handled, first bool, err error) {
	if err := storage.CheckID("interaction id", id); err != nil {
		return prev, false, fmt.Errorf("take interaction: %w", err)
	}
	err = s.write(func() error {
		h, taken := s.handled[id]
		if taken {
			prev = h
			return nil
		}
		s.handled[id], first = storage.Handled{At: at.UTC()}, true
		return nil
	})
	if err != nil {
		return storage.Handled{}, false, fmt.Errorf("take interaction %s: %w", id, err)
	}
	return prev, first, nil
}

// AnswerInteraction records the first answer given to an interaction, cut to storage.MaxAnswer.
func (s *Store) AnswerInteraction(id, answer string) error {
	err := s.write(func() error {
		h, taken := s.handled[id]
		if !taken {
			h.At = time.Now().UTC()
		}
		if !h.Done {
			h.Done, h.Answer = true, storage.TruncateAnswer(answer)
			s.handled[id] = h
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("record the answer to interaction %s: %w", id, err)
	}
	return nil
}

// ForgetInteractions drops the records of the interactions taken before before.
func (s *Store) ForgetInteractions(before time.Time) (int, error) {
	n := 0
	err := s.write(func() error {
		for id, h := range s.handled {
			if h.At.Before(before) {
				delete(s.handled, id)
				n++
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("forget the interactions taken before %s: %w", before.UTC().Format(time.RFC3339), err)
	}
	return n, nil
}

// WebSecret is the secret the web pages' links are signed with: made once, the same after.
func (s *Store) WebSecret() ([]byte, error) {
	var secret []byte
	err := s.write(func() error {
		if s.secret == nil {
			fresh := make([]byte, 32)
			if _, err := rand.Read(fresh); err != nil {
				return err
			}
			s.secret = fresh
		}
		secret = slices.Clone(s.secret)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("web links secret: %w", err)
	}
	return secret, nil
}

// WebLinkGeneration is the generation of the links to a game's or a league's page: 0 until they
// were first revoked.
func (s *Store) WebLinkGeneration(id string) (uint64, error) {
	var gen uint64
	err := s.read(func() error { gen = s.links[id]; return nil })
	if err != nil {
		return 0, fmt.Errorf("web link of %s: %w", id, err)
	}
	return gen, nil
}

// RevokeWebLinks makes every link given out so far to id's page invalid, and returns the new
// generation.
func (s *Store) RevokeWebLinks(id string) (uint64, error) {
	var gen uint64
	err := s.write(func() error {
		s.links[id]++
		gen = s.links[id]
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("revoke the web links of %s: %w", id, err)
	}
	return gen, nil
}
