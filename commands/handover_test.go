package commands

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// handoverGame records a 3-player France game: ann, bob and cat, with the table options given.
type handoverGame struct {
	t     *testing.T
	table *table.Table
	rec   *recording
}

var ann, bob, cat = table.User{ID: "1", Name: "ann"}, table.User{ID: "2", Name: "bob"}, table.User{ID: "3", Name: "cat"}

func newHandoverGame(t *testing.T, opts map[string]string) *handoverGame {
	h := &handoverGame{t: t, rec: &recording{t: t}}
	opts["map"], opts["seed"] = "france", "11"
	h.input(Input{User: ann, Command: "carc", Sub: "new", Options: opts})
	h.input(Input{User: bob, Command: "carc", Sub: "join"})
	h.input(Input{User: cat, Command: "carc", Sub: "join"})
	h.input(Input{User: ann, Command: "carc", Sub: "start"})
	return h
}

func (h *handoverGame) keep(r Reply) Reply {
	h.t.Helper()
	h.table = h.rec.keep(r)
	return r
}

func (h *handoverGame) input(in Input) Reply {
	h.t.Helper()
	in.Local = true
	return h.keep(Handle(h.table, in))
}

// turn plays the turn of whoever is to move: an AI seat's by the AI, a player's by the first legal
// placement without a meeple.
func (h *handoverGame) turn() {
	h.t.Helper()
	if _, ok := h.table.AIToPlay(); ok {
		h.keep(AIMove(h.table))
		return
	}
	g := h.table.Game
	p := g.LegalPlacements(g.Drawn)[0]
	h.input(Input{User: h.table.Seats[g.Current], Command: "place",
		Options: map[string]string{"square": p.Square.String(), "rotation": p.Rotation.String(), "meeple": "none"}})
}

// A table opened with leaving:ai hands the seat of a player who resigns or is removed to an AI:
// it keeps the score, meeples and chips, plays every turn of the seat to the end of the game, is
// named after the player and its level, and the record replays. With leaving:drop (the default)
// the player is out and the others play on.
func TestALeavingPlayersSeatIsHandedToAnAI(t *testing.T) {
	leave := map[string]func(h *handoverGame){
		"resigns": func(h *handoverGame) { h.input(Input{User: bob, Command: "carc", Sub: "resign"}) },
		"is removed by a channel admin": func(h *handoverGame) {
			h.input(Input{User: cat, Command: "table", Sub: "kick", Admin: true, Options: map[string]string{"player": "bob"}})
		},
		"is removed by the creator after missed turns": func(h *handoverGame) {
			for h.table.Missed[1] < h.table.Settings.MissedLimit {
				if h.table.Game.Current == 1 {
					h.keep(Timeout(h.table, table.PolicySkip))
				} else {
					h.turn()
				}
			}
			h.input(Input{User: ann, Command: "table", Sub: "kick", Options: map[string]string{"player": "bob"}})
		},
	}
	for _, c := range []struct {
		leaving, level string
		how            string
	}{
		{"ai", "easy", "resigns"},
		{"normal", "normal", "is removed by a channel admin"},
		{"easy", "easy", "is removed by the creator after missed turns"},
		{"drop", "", "resigns"},
		{"", "", "is removed by a channel admin"},
	} {
		opts := map[string]string{"missed": "2"}
		if c.leaving != "" {
			opts["leaving"] = c.leaving
		}
		h := newHandoverGame(t, opts)
		for range 4 {
			h.turn()
		}
		before := h.table.Game.Players[1]
		leave[c.how](h)
		after := h.table.Game.Players[1]
		if c.level == "" {
			if !after.Resigned || h.table.Seats[1] != bob {
				t.Errorf("leaving:%s, bob %s: the seat is not dropped (%+v)", c.leaving, c.how, h.table.Seats[1])
			}
			continue
		}
		seat := h.table.Seats[1]
		if level, ok := table.AILevel(seat); !ok || string(level) != c.level || seat.Name != "bob (AI, "+c.level+")" || after.Resigned {
			t.Fatalf("leaving:%s, bob %s: seat %+v, resigned %v", c.leaving, c.how, seat, after.Resigned)
		}
		if after.Score != before.Score && c.how != "is removed by the creator after missed turns" || after.Meeples != before.Meeples || len(after.Chips) != len(before.Chips) {
			t.Errorf("leaving:%s: the seat lost what it held: %+v, then %+v", c.leaving, before, after)
		}
		if string(h.table.Settings.Leaving) != c.level || h.table.LeftBy(1) != bob || h.table.Humans() != 3 {
			t.Errorf("leaving:%s: the seat is not kept as bob's for the ratings (left by %+v, %d humans)", c.leaving, h.table.LeftBy(1), h.table.Humans())
		}
		aiTurns := 0
		for h.table.Status == table.Playing {
			if _, ok := h.table.AIToPlay(); ok {
				aiTurns++
			}
			h.turn()
		}
		if h.table.Status != table.Finished || aiTurns < 10 {
			t.Errorf("leaving:%s: the game ended %s after %d turns of the AI", c.leaving, h.table.Status, aiTurns)
		}
		h.rec.replaysTo(h.table)
	}
}

// leaving: takes drop, ai or a level, and refuses anything else with what would do.
func TestLeavingIsATableOption(t *testing.T) {
	for v, want := range map[string]string{"drop": "", "ai": "easy", "AI": "easy", "hard": "hard", "master": "master"} {
		r := Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Local: true, Options: map[string]string{"leaving": v}})
		if !r.OK || string(r.Table.Settings.Leaving) != want {
			t.Errorf("leaving:%s: %s", v, r.Text)
		}
	}
	r := Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Local: true, Options: map[string]string{"leaving": "random"}})
	if r.OK || !strings.Contains(r.Text, "drop their seat (drop) or hand it to an AI that plays on (ai, the easy AI, or easy, normal, hard, master)") {
		t.Errorf("leaving:random: %s", r.Text)
	}
}
