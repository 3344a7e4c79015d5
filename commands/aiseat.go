package commands

import (
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// carcBot seats an AI player in the lobby: anyone seated may ask for one.
func carcBot(t *table.Table, in Input) Reply {
	if t.Status != table.Lobby {
		return failT(t, in, "bot_started", nil)
	}
	if t.Seat(in.User.ID) < 0 {
		return failT(t, in, "bot_not_seated", nil)
	}
	level, err := ai.ParseLevel(strings.TrimSpace(in.Options["level"]))
	if err != nil || level == ai.Random {
		return failT(t, in, "bot_level", lang.A{"Value": game.Echo(in.Options["level"])})
	}
	if len(t.Seats) >= table.MaxSeats {
		return failT(t, in, "bot_full", lang.A{"Max": table.MaxSeats})
	}
	x := table.Begin(t, in.User.ID)
	name := public(t, in).Plain().T("ai_seat_name", lang.A{"Level": levelName(public(t, in), level)})
	if err := x.Do(table.Join(t.NewAISeatNamed(level, name))); err != nil {
		return failT(t, in, "bot_refused", lang.A{"Why": err})
	}
	c := x.Table
	return changed(x, Reply{Text: public(c, in).T("bot_seated", lang.A{"Player": lang.Name(c.Seats[len(c.Seats)-1].Name), "Seats": seatList(public(c, in), c), "Creator": lang.Name(c.Creator.Name)})})
}

// AIMove plays the whole turn of the AI seat to play, as its level chooses (the simplest legal
// move should the AI fail), from a search seed drawn from the public position. The step records
// the moves it made, so that a replay never asks the AI again.
func AIMove(t *table.Table) Reply { return AIMoveIn(t, "") }

// AIMoveIn is AIMove announced in the table's language, else in guildLocale, the language of the
// table's server as last known (an AI's turn answers no one's interaction).
func AIMoveIn(t *table.Table, guildLocale string) Reply {
	level, ok := t.AIToPlay()
	if !ok {
		return failIn(t, PublicLanguage(t, guildLocale), "ai_none_to_play", nil)
	}
	seat := t.Game.Current
	x := table.Begin(t, t.Seats[seat].ID)
	if err := autopilot(x, level, seat); err != nil {
		return failIn(t, PublicLanguage(t, guildLocale), "ai_move_refused", lang.A{"Why": err})
	}
	p := PublicLanguage(x.Table, guildLocale)
	return spoken(p, afterMoves(p, x, p.T("ai_played", lang.A{"Player": lang.Name(t.Seats[seat].Name)})))
}
