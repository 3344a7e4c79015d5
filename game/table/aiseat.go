package table

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
)

// An AI seat is a seat whose user id is "ai:<level>:<n>": Discord's user ids are numbers, so it
// can never be a person's. It is seated in the lobby (/table bot), or takes over the seat of a
// player who leaves a table opened with leaving:ai (a handover); when its turn comes, the bot
// plays it, and its record keeps the moves it made.

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

// AISeat is the seat of an AI of level, number n at its table, under name.
func AISeat(level ai.Level, n int, name string) User {
	return User{ID: aiPrefix + string(level) + ":" + strconv.Itoa(n), Name: name}
}

// NewAISeat is the seat an AI of level takes in the lobby: numbered after the AI seats there, under
// a name no one else sits under.
func (t *Table) NewAISeat(level ai.Level) User { return t.NewAISeatNamed(level, "AI "+string(level)) }

// NewAISeatNamed is NewAISeat under name (the AI's name in the table's language), or name with a
// number where someone sits under it.
func (t *Table) NewAISeatNamed(level ai.Level, name string) User {
	n := 1
	for _, u := range t.Seats {
		if _, isAI := AILevel(u); isAI {
			n++
		}
	}
	return AISeat(level, n, t.UniqueName(name))
}

// HandoverSeat is the AI seat that plays seat on when its player leaves (leaving:ai): an id not
// yet taken at the table, and the leaver's name.
func (t *Table) HandoverSeat(seat int, level ai.Level) User {
	return t.HandoverSeatNamed(seat, level, fmt.Sprintf("%s (AI, %s)", t.Seats[seat].Name, level))
}

// HandoverSeatNamed is HandoverSeat under name (in the table's language).
func (t *Table) HandoverSeatNamed(seat int, level ai.Level, name string) User {
	for n := len(t.Seats); ; n++ {
		if u := AISeat(level, n, name); t.Seat(u.ID) < 0 {
			return u
		}
	}
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

// HumanPlays reports whether a person still plays at the table: a seat that is not an AI's, in
// the lobby, or in the running game without having resigned.
func (t *Table) HumanPlays() bool {
	for i, u := range t.Seats {
		if _, isAI := AILevel(u); isAI {
			continue
		}
		if t.Game == nil || t.Status == Lobby || !t.Game.Players[i].Resigned {
			return true
		}
	}
	return false
}

// Unattended reports whether the table is open (a lobby or a running game) with no person left
// to play: AI players never play alone, so such a table ends.
func (t *Table) Unattended() bool {
	return t != nil && (t.Status == Lobby || t.Status == Playing) && !t.HumanPlays()
}
