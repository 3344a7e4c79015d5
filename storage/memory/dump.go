package memory

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Dump copies everything beside the games (storage.Dump) at one moment, each list in the order
// the other stores give it.
func (s *Store) Dump() (storage.Dump, error) {
	var d storage.Dump
	err := s.read(func() error {
		for id, p := range s.players {
			d.Players = append(d.Players, storage.PlayerRecord{UserID: id, Settings: must(p.Settings), Stats: p.Stats})
		}
		for _, l := range s.leagues {
			d.Leagues = append(d.Leagues, must(l))
		}
		for _, season := range s.seasons {
			d.Seasons = append(d.Seasons, must(season))
		}
		for k, rt := range s.ratings {
			d.Ratings = append(d.Ratings, storage.GuildRating{Guild: k.guild, PoolRating: storage.PoolRating{Map: k.pool, UserID: k.user, Rating: rt}})
		}
		for _, g := range s.rated {
			d.Rated = append(d.Rated, must(g))
		}
		for id, g := range s.guilds {
			d.Guilds = append(d.Guilds, storage.GuildRecord{GuildID: id, Settings: must(g)})
		}
		d.WebLinks.Secret = slices.Clone(s.secret)
		for id, gen := range s.links {
			if d.WebLinks.Generations == nil {
				d.WebLinks.Generations = map[string]uint64{}
			}
			d.WebLinks.Generations[id] = gen
		}
		d.Announcements = s.announcements()
		return nil
	})
	if err != nil {
		return storage.Dump{}, fmt.Errorf("dump %s: %w", s.name, err)
	}
	slices.SortFunc(d.Players, func(a, b storage.PlayerRecord) int { return cmp.Compare(a.UserID, b.UserID) })
	slices.SortFunc(d.Leagues, func(a, b league.League) int { return cmp.Compare(a.ID, b.ID) })
	slices.SortFunc(d.Seasons, func(a, b league.Season) int {
		return cmp.Or(cmp.Compare(a.League, b.League), cmp.Compare(a.Number, b.Number))
	})
	slices.SortFunc(d.Ratings, func(a, b storage.GuildRating) int {
		return cmp.Or(cmp.Compare(a.Guild, b.Guild), cmp.Compare(a.Map, b.Map), cmp.Compare(a.UserID, b.UserID))
	})
	slices.SortFunc(d.Rated, func(a, b league.RatedGame) int {
		return cmp.Or(cmp.Compare(a.Guild, b.Guild), a.At.Compare(b.At), cmp.Compare(a.GameID, b.GameID))
	})
	slices.SortFunc(d.Guilds, func(a, b storage.GuildRecord) int { return strings.Compare(a.GuildID, b.GuildID) })
	return d, nil
}

// Restore writes a Dump, replacing what it names, all or nothing. Its announcements' writer is
// another store's, so the first ClaimAnnouncements says them.
func (s *Store) Restore(d storage.Dump) error {
	kept, err := clone(d)
	if err != nil {
		return fmt.Errorf("restore into %s: %w", s.name, err)
	}
	for _, p := range kept.Players {
		if err := storage.CheckID("user id", p.UserID); err != nil {
			return fmt.Errorf("restore into %s: %w", s.name, err)
		}
	}
	for _, g := range kept.Guilds {
		if err := storage.CheckID("guild id", g.GuildID); err != nil {
			return fmt.Errorf("restore into %s: %w", s.name, err)
		}
	}
	for i := range kept.Announcements {
		a := &kept.Announcements[i]
		if err := storage.CheckID("announcement game", a.GameID); err != nil {
			return fmt.Errorf("restore into %s: %w", s.name, err)
		}
		if a.Seq == 0 {
			return fmt.Errorf("restore into %s: %w", s.name, storage.Invalid("the announcement of game %s names no move", a.GameID))
		}
		if err := storage.CheckAnnouncement(a); err != nil {
			return fmt.Errorf("restore into %s: %w", s.name, err)
		}
		a.Created = a.Created.UTC()
	}
	err = s.write(func() error {
		for _, p := range kept.Players {
			s.players[p.UserID] = player{Settings: p.Settings, Stats: p.Stats}
		}
		for _, l := range kept.Leagues {
			s.leagues[l.ID] = l
		}
		for _, season := range kept.Seasons {
			s.seasons[seasonKey{season.League, season.Number}] = season
		}
		for _, r := range kept.Ratings {
			s.ratings[ratingKey{r.Guild, r.Map, r.UserID}] = r.Rating
		}
		for _, g := range kept.Rated {
			s.rated[ratedKey{g.Guild, g.At.UnixNano(), g.GameID}] = g
		}
		for _, g := range kept.Guilds {
			s.guilds[g.GuildID] = g.Settings
		}
		for _, a := range kept.Announcements {
			s.announce[annKey{a.GameID, a.Seq}] = a
		}
		if kept.WebLinks.Secret != nil {
			s.secret = kept.WebLinks.Secret
		}
		for id, gen := range kept.WebLinks.Generations {
			s.links[id] = gen
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("restore into %s: %w", s.name, err)
	}
	return nil
}

// CopyMark returns the mark of a copy bot migrate has not finished, or nil.
func (s *Store) CopyMark() (*storage.CopyMark, error) {
	var m *storage.CopyMark
	err := s.read(func() error {
		if s.mark != nil {
			c := *s.mark
			m = &c
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read the copy mark of %s: %w", s.name, err)
	}
	return m, nil
}

// MarkCopy marks the store as an unfinished copy.
func (s *Store) MarkCopy(m storage.CopyMark) error {
	err := s.write(func() error { s.mark = &m; return nil })
	if err != nil {
		return fmt.Errorf("mark %s as a copy of %s: %w", s.name, m.From, err)
	}
	return nil
}

// UnmarkCopy removes the mark: the copy is whole.
func (s *Store) UnmarkCopy() error {
	err := s.write(func() error { s.mark = nil; return nil })
	if err != nil {
		return fmt.Errorf("unmark %s as a copy: %w", s.name, err)
	}
	return nil
}
