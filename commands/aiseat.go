package commands

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
)

// An AI seat is a seat whose user id is "ai:<level>:<n>": Discord's user ids are numbers, so it
// can never be a person's. It is seated in the lobby with /carc bot level:<level>; when its turn
// comes, the bot plays it (AIMove) a little later, and the moves it made are stored with the turn.

const aiPrefix = "ai:"

// AILevel is the level of the AI playing as u, if u is an AI seat.
func AILevel(u User) (ai.Level, bool) {
	rest, ok := strings.CutPrefix(u.ID, aiPrefix)
	if !ok {
		return "", false
	}
	level, _, _ := strings.Cut(rest, ":")
	l, err := ai.ParseLevel(level)
	return l, err == nil
}

// AIToPlay reports whether the game runs and an AI seat is to play, with its level.
func (t *Table) AIToPlay() (ai.Level, bool) {
	if t == nil || t.Status != Playing {
		return "", false
	}
	cur, ok := t.Current()
	if !ok {
		return "", false
	}
	return AILevel(cur)
}

// Humans counts the seats people play, or played: a seat handed to an AI when its player left
// (leaving:ai) is still theirs for the ratings.
func (t *Table) Humans() int {
	n := 0
	for i, u := range t.Seats {
		if _, isAI := AILevel(u); !isAI || t.LeftBy(i).ID != "" {
			n++
		}
	}
	return n
}

// LeftBy is the player who left seat i to an AI (leaving:ai), or the zero User.
func (t *Table) LeftBy(i int) User {
	if i < len(t.Left) {
		return t.Left[i]
	}
	return User{}
}

// carcBot seats an AI player in the lobby: anyone seated may ask for one.
func carcBot(t, c *Table, in Input) Reply {
	if t.Status != Lobby {
		return fail(t, "AI players take a seat before the game starts; this game has started.")
	}
	if t.Seat(in.User.ID) < 0 {
		return fail(t, "Only a player at this table can seat an AI player: /carc join first.")
	}
	level, err := ai.ParseLevel(strings.TrimSpace(in.Options["level"]))
	if err != nil || level == ai.Random {
		return fail(t, "level:%s is not an AI level: choose easy, normal or hard.", game.Echo(in.Options["level"]))
	}
	n := 1
	for _, u := range t.Seats {
		if _, isAI := AILevel(u); isAI {
			n++
		}
	}
	u := User{ID: aiPrefix + string(level) + ":" + strconv.Itoa(n), Name: "AI " + string(level)}
	if err := c.join(u); err != nil {
		return fail(t, "No AI player can sit down: %v.", err)
	}
	return Reply{OK: true, Changed: true, Table: c, Text: fmt.Sprintf("%s takes a seat (an AI player; a game with one is not rated). Seats: %s. %s starts the game with /carc start.",
		c.Seats[len(c.Seats)-1].Name, seatList(c), c.Creator.Name)}
}

// AIMove plays the whole turn of the AI seat to play, as its level chooses (the simplest legal
// move should the AI fail), from a search seed drawn from the public position. The reply's Moves
// are what the record keeps (Entry.AI), so that a replay never asks the AI again.
func AIMove(t *Table) Reply {
	level, ok := t.AIToPlay()
	if !ok {
		return fail(t, "No AI player is to play.")
	}
	return aiTurn(t, level, nil)
}

// aiTurn plays the AI's turn, or the moves a record kept (played).
func aiTurn(t *Table, level ai.Level, played []game.Move) Reply {
	c := t.clone()
	g := c.Game
	seat, turn := g.Current, g.Turn
	var events []game.Event
	for i := 0; !g.Over() && g.Current == seat && g.Turn == turn; i++ {
		var ev []game.Event
		var err error
		switch {
		case played != nil && i < len(played):
			ev, err = c.play(c.Seats[seat].ID, played[i])
		case played != nil:
			return fail(t, "The AI's recorded moves do not finish its turn.")
		default:
			ev, err = autopilot(c, level, c.Seats[seat].ID)
		}
		if err != nil {
			return fail(t, "The AI's move is refused: %s", errorText(err))
		}
		events = append(events, ev...)
	}
	var made []game.Move
	for _, l := range c.Moves[len(t.Moves):] {
		made = append(made, l.Move)
	}
	return afterMoves(c, events, made, fmt.Sprintf("%s played its turn.", c.Seats[seat].Name))
}
