// Package logattrs gives every log line about a game the game's server: a line that names a game
// (its "game" attribute) and not its guild gets the guild's, as the game's record in the store
// says; and, while a person's interaction acts on the game, that interaction. The host logs the
// game it works on; which server that is, the records it reads tell, and an operator searching one
// community's games filters by guild, one person's command by interaction.
package logattrs

import (
	"context"
	"log/slog"
	"sync"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Guilds knows the guild of each game whose record the store handed this process.
type Guilds struct {
	guilds sync.Map // game id -> guild id
	acting sync.Map // game id -> the interaction holding its lock
}

// New is an empty index; Store fills it.
func New() *Guilds { return &Guilds{} }

// Guild is the guild of a game, "" when unknown (a local game has none).
func (g *Guilds) Guild(game string) string {
	v, _ := g.guilds.Load(game)
	s, _ := v.(string)
	return s
}

// Acting records that interaction acts on game until done is called (bot.Config.Acting): the
// game's lock makes it the only one meanwhile.
func (g *Guilds) Acting(game, interaction string) (done func()) {
	g.acting.Store(game, interaction)
	return func() { g.acting.CompareAndDelete(game, interaction) }
}

// Interaction is the interaction acting on game now, "" when none.
func (g *Guilds) Interaction(game string) string {
	v, _ := g.acting.Load(game)
	s, _ := v.(string)
	return s
}

func (g *Guilds) remember(rec storage.GameRecord) {
	if rec.ID != "" && rec.Guild != "" {
		g.guilds.Store(rec.ID, rec.Guild)
	}
}

// Store is db, whose games' records (created, read, loaded at start) fill the index.
func (g *Guilds) Store(db storage.Database) storage.Database { return &store{Database: db, g: g} }

type store struct {
	storage.Database
	g *Guilds
}

func (s *store) CreateGame(rec storage.GameRecord, snapshot []byte, hash string) error {
	err := s.Database.CreateGame(rec, snapshot, hash)
	if err == nil {
		s.g.remember(rec)
	}
	return err
}

func (s *store) Game(id string) (storage.GameRecord, error) {
	rec, err := s.Database.Game(id)
	if err == nil {
		s.g.remember(rec)
	}
	return rec, err
}

func (s *store) ActiveGames() ([]storage.GameRecord, error) {
	recs, err := s.Database.ActiveGames()
	for _, rec := range recs {
		s.g.remember(rec)
	}
	return recs, err
}

// Handler is next, adding the guild, and the interaction acting on the game, to the lines that
// name a game without them.
func (g *Guilds) Handler(next slog.Handler) slog.Handler { return &handler{next: next, g: g} }

type handler struct {
	next slog.Handler
	g    *Guilds
	// game, guild and interaction are what the logger's own attributes (With) say, if they name
	// them.
	game                     string
	hasGuild, hasInteraction bool
}

func (h *handler) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

func (h *handler) Handle(ctx context.Context, r slog.Record) error {
	game, hasGuild, hasInteraction := h.game, h.hasGuild, h.hasInteraction
	r.Attrs(func(a slog.Attr) bool {
		switch a.Key {
		case "game":
			game = a.Value.String()
		case "guild":
			hasGuild = true
		case "interaction":
			hasInteraction = true
		}
		return true
	})
	if game == "" {
		return h.next.Handle(ctx, r)
	}
	var add []slog.Attr
	if guild := h.g.Guild(game); guild != "" && !hasGuild {
		add = append(add, slog.String("guild", guild))
	}
	if in := h.g.Interaction(game); in != "" && !hasInteraction {
		add = append(add, slog.String("interaction", in))
	}
	if len(add) > 0 {
		r = r.Clone()
		r.AddAttrs(add...)
	}
	return h.next.Handle(ctx, r)
}

func (h *handler) WithAttrs(attrs []slog.Attr) slog.Handler {
	c := *h
	c.next = h.next.WithAttrs(attrs)
	for _, a := range attrs {
		switch a.Key {
		case "game":
			c.game = a.Value.String()
		case "guild":
			c.hasGuild = true
		case "interaction":
			c.hasInteraction = true
		}
	}
	return &c
}

func (h *handler) WithGroup(name string) slog.Handler {
	c := *h
	c.next = h.next.WithGroup(name)
	return &c
}
