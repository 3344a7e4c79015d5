package leaguecmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// Errors of Memory.
var (
	errNotFound = errors.New("not found")
	errInvalid  = errors.New("invalid league")
)

// Memory is a Store held in memory: the leagues of local play (bot play and table
// scripts), which last as long as the process. It keeps copies, as the database does, so that a
// command that changes a league it read and then refuses leaves the stored league as it was.
type Memory struct {
	leagues []league.League
	seasons map[string][]league.Season // by league id, by season number from 1
}

// Leagues returns the leagues of a guild, in the order they were created.
func (m *Memory) Leagues(guild string) ([]league.League, error) {
	var out []league.League
	for _, l := range m.leagues {
		if guild == "" || l.Guild == guild {
			out = append(out, clone(l))
		}
	}
	return out, nil
}

// League returns a league by id.
func (m *Memory) League(id string) (league.League, error) {
	i := slices.IndexFunc(m.leagues, func(l league.League) bool { return l.ID == id })
	if i < 0 {
		return league.League{}, fmt.Errorf("load league %s: %w", id, errNotFound)
	}
	return clone(m.leagues[i]), nil
}

// Season returns season n of a league.
func (m *Memory) Season(leagueID string, n int) (league.Season, error) {
	seasons := m.seasons[leagueID]
	if n < 1 || n > len(seasons) || seasons[n-1].Number == 0 {
		return league.Season{}, fmt.Errorf("load season %d of league %s: %w", n, leagueID, errNotFound)
	}
	return clone(seasons[n-1]), nil
}

// Seasons returns every season of a league, oldest first.
func (m *Memory) Seasons(leagueID string) ([]league.Season, error) {
	var out []league.Season
	for _, s := range m.seasons[leagueID] {
		if s.Number > 0 {
			out = append(out, clone(s))
		}
	}
	return out, nil
}

// SaveLeague stores a league and the seasons given.
func (m *Memory) SaveLeague(l league.League, seasons ...league.Season) error {
	if strings.TrimSpace(l.ID) == "" {
		return fmt.Errorf("save league: %w: a league needs an id", errInvalid)
	}
	for _, s := range seasons {
		if s.League != l.ID || s.Number < 1 {
			return fmt.Errorf("save league %s: %w: season %d belongs to league %q", l.ID, errInvalid, s.Number, s.League)
		}
	}
	if i := slices.IndexFunc(m.leagues, func(o league.League) bool { return o.ID == l.ID }); i >= 0 {
		m.leagues[i] = clone(l)
	} else {
		m.leagues = append(m.leagues, clone(l))
	}
	if m.seasons == nil {
		m.seasons = map[string][]league.Season{}
	}
	for _, s := range seasons {
		list := m.seasons[l.ID]
		for len(list) < s.Number {
			list = append(list, league.Season{})
		}
		list[s.Number-1] = clone(s)
		m.seasons[l.ID] = list
	}
	return nil
}

// NotFound tells whether err says a league or season is not kept.
func (m *Memory) NotFound(err error) bool { return errors.Is(err, errNotFound) }

// ForPlayers says what a failure of Memory means: only a league the commands could not have
// built fails to save.
func (m *Memory) ForPlayers(err error) msg.Message {
	return msg.Message{ID: "store_unkeepable"}
}

// clone copies a league or a season through its JSON, the form the database keeps: nothing the
// caller holds is shared with the store.
func clone[T any](v T) T {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("commands: a league that does not encode: %v", err))
	}
	var out T
	if err := json.Unmarshal(b, &out); err != nil {
		panic(fmt.Sprintf("commands: a league that does not decode: %v", err))
	}
	return out
}
