package commands

import (
	"fmt"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
)

// carcBot seats an AI player in the lobby: anyone seated may ask for one.
func carcBot(t *table.Table, in Input) Reply {
	if t.Status != table.Lobby {
		return fail(t, "AI players take a seat before the game starts; this game has started.")
	}
	if t.Seat(in.User.ID) < 0 {
		return fail(t, "Only a player at this table can seat an AI player: /carc join first.")
	}
	level, err := ai.ParseLevel(strings.TrimSpace(in.Options["level"]))
	if err != nil || level == ai.Random {
		return fail(t, "level:%s is not an AI level: choose easy, normal, hard or master.", game.Echo(in.Options["level"]))
	}
	if len(t.Seats) >= table.MaxSeats {
		return fail(t, "No AI player can sit down: the table is full: %d players at most.", table.MaxSeats)
	}
	x := table.Begin(t, in.User.ID)
	if err := x.Do(table.Join(t.NewAISeat(level))); err != nil {
		return fail(t, "No AI player can sit down: %v.", err)
	}
	c := x.Table
	return changed(x, Reply{Text: fmt.Sprintf("%s takes a seat (an AI player; a game with one is not rated). Seats: %s. %s starts the game with /carc start.",
		c.Seats[len(c.Seats)-1].Name, seatList(c), c.Creator.Name)})
}

// AIMove plays the whole turn of the AI seat to play, as its level chooses (the simplest legal
// move should the AI fail), from a search seed drawn from the public position. The step records
// the moves it made, so that a replay never asks the AI again.
func AIMove(t *table.Table) Reply {
	level, ok := t.AIToPlay()
	if !ok {
		return fail(t, "No AI player is to play.")
	}
	seat := t.Game.Current
	x := table.Begin(t, t.Seats[seat].ID)
	if err := autopilot(x, level, seat); err != nil {
		return fail(t, "The AI's move is refused: %s", errorText(err))
	}
	return afterMoves(x, fmt.Sprintf("%s played its turn.", t.Seats[seat].Name))
}
