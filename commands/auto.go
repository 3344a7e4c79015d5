package commands

import (
	"fmt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// AutopilotLevel is the AI level that plays for a player whose turn deadline passed.
const AutopilotLevel = ai.Easy

// AutopilotSeed is the autopilot's search seed in a position: drawn from the public position
// only, so that replaying a table's record plays the same moves again.
func AutopilotSeed(g *game.Game) uint64 {
	return uint64(g.Moves)*0x9e3779b97f4a7c15 ^ uint64(g.Turn)
}

// autopilot plays seat's turn to its end with level, each move a move event of x; should the AI
// fail, the simplest legal move (an open choice's default, the first placement, no meeple, every
// offer declined). The engine changes nothing on a refused move, so x stays whole.
func autopilot(x *table.Tx, level ai.Level, seat int) error {
	g := x.Table.Game
	for turn := g.Turn; !g.Over() && g.Current == seat && g.Turn == turn; {
		if m, err := ai.Choose(g, level, AutopilotSeed(g)); err == nil && x.Do(table.Move(m)) == nil {
			continue
		}
		if err := x.Do(table.Move(g.SimplestMove())); err != nil {
			return err
		}
	}
	return nil
}

// InputFor writes a game move as the command a player would type for it.
func InputFor(user table.User, m game.Move) Input {
	in := Input{User: user, Options: map[string]string{}, Local: true}
	switch m.Kind {
	case game.MovePlace:
		in.Command = "place"
		in.Options["square"], in.Options["rotation"] = m.Square.String(), m.Rotation.String()
	case game.MoveMeeple:
		in.Command = "meeple"
		in.Options["spot"] = m.Spot
		if m.Piece != game.PieceMeeple {
			in.Options["kind"] = string(m.Piece)
		}
	case game.MoveAction:
		in.Command, in.Sub = "chips", m.Action.Name
		for k, v := range m.Action.Args {
			in.Options[k] = v
		}
	case game.MoveDraw:
		in.Command, in.Sub = "turn", "draw"
	case game.MovePass:
		in.Command, in.Sub = "turn", "pass"
	case game.MoveSkip:
		in.Command, in.Sub = "table", "skip"
	case game.MoveResign:
		in.Command, in.Sub = "carc", "resign"
	}
	return in
}

// AutoGame plays one complete game with random legal players through the command layer, as
// `bot play --auto` does. observe, if not nil, is called with the table after every input.
func AutoGame(mapID string, players int, seed uint64, observe func(*table.Table, Input, Reply) error) (*table.Table, error) {
	return AutoGameInRules(mapID, players, seed, Langs{}, "", observe)
}

// AutoGameIn is AutoGame played in a language: every input comes with langs, and the table is
// opened with language: set to langs.Language when it is one.
func AutoGameIn(mapID string, players int, seed uint64, langs Langs, observe func(*table.Table, Input, Reply) error) (*table.Table, error) {
	return AutoGameInRules(mapID, players, seed, langs, "", observe)
}

// AutoGameInRules is AutoGameIn at a table opened with rules: set to rules when it is not empty
// (rules:all plays the expansions' own rules).
func AutoGameInRules(mapID string, players int, seed uint64, langs Langs, rules string, observe func(*table.Table, Input, Reply) error) (*table.Table, error) {
	rng := game.NewRNG(seed ^ 0x9e3779b97f4a7c15)
	var buf []game.Placement
	return autoGame(mapID, players, seed, langs, rules, func(g *game.Game) (game.Move, error) {
		var m game.Move
		m, buf = g.RandomMove(&rng, buf)
		return m, nil
	}, observe)
}

// AIGame plays one complete game through the command layer with AI players: seat i plays at
// levels[i] (random legal moves for seats beyond the list), as `bot play --auto N --ai hard,easy`
// does. The AI's seeds come from seed, so a game replays; with no levels it is AutoGame.
func AIGame(mapID string, players int, levels []ai.Level, seed uint64, observe func(*table.Table, Input, Reply) error) (*table.Table, error) {
	if len(levels) == 0 {
		return AutoGame(mapID, players, seed, observe)
	}
	if len(levels) > players {
		return nil, fmt.Errorf("--ai lists %d levels for %d players", len(levels), players)
	}
	rng := game.NewRNG(seed ^ 0x9e3779b97f4a7c15)
	return autoGame(mapID, players, seed, Langs{}, "", func(g *game.Game) (game.Move, error) {
		level := ai.Random
		if g.Current < len(levels) {
			level = levels[g.Current]
		}
		return ai.Choose(g, level, rng.Uint64())
	}, observe)
}

// autoGame plays one complete game through the command layer, each move chosen by next.
func autoGame(mapID string, players int, seed uint64, langs Langs, rules string, next func(*game.Game) (game.Move, error), observe func(*table.Table, Input, Reply) error) (*table.Table, error) {
	if players < 2 || players > 6 {
		return nil, fmt.Errorf("--players %d: a game has 2 to 6 players", players)
	}
	users := make([]table.User, players)
	for i := range users {
		users[i] = table.User{ID: fmt.Sprintf("p%d", i+1), Name: fmt.Sprintf("p%d", i+1)}
	}
	var t *table.Table
	run := func(in Input) (Reply, error) {
		in.Local = true
		in.Langs = langs
		r := Handle(t, in)
		if !r.OK {
			return r, fmt.Errorf("%s refused: %s", in, r.Text)
		}
		t = r.Table
		t.Local = true
		if observe != nil {
			if err := observe(t, in, r); err != nil {
				return r, err
			}
		}
		return r, nil
	}
	opts := map[string]string{"map": mapID, "seed": fmt.Sprint(seed)}
	if _, ok := lang.Known(langs.Language); ok {
		opts["language"] = langs.Language
	}
	if rules != "" {
		opts["rules"] = rules
	}
	if _, err := run(Input{User: users[0], Command: "carc", Sub: "new", Options: opts}); err != nil {
		return t, err
	}
	for _, u := range users[1:] {
		if _, err := run(Input{User: u, Command: "carc", Sub: "join"}); err != nil {
			return t, err
		}
	}
	if _, err := run(Input{User: users[0], Command: "carc", Sub: "start"}); err != nil {
		return t, err
	}
	for t.Status == table.Playing {
		m, err := next(t.Game)
		if err != nil {
			return t, err
		}
		if _, err := run(InputFor(t.Seats[m.Player], m)); err != nil {
			return t, err
		}
	}
	return t, nil
}

// Position plays a game with random players through the command layer until at least n inputs
// of the running game are applied (the start counts as one) and a tile waits to be placed, and
// returns the table: a mid-game position for benchmarks and tests.
func Position(mapID string, players int, seed uint64, n int) (*table.Table, error) {
	moves := 0
	errStop := fmt.Errorf("stop")
	t, err := AutoGame(mapID, players, seed, func(t *table.Table, _ Input, _ Reply) error {
		if t.Game == nil {
			return nil
		}
		if moves++; moves >= n && t.Status == table.Playing && t.Game.Phase == game.PhasePlace {
			return errStop
		}
		return nil
	})
	if err != errStop {
		return nil, fmt.Errorf("no position after %d moves of %s: %w", n, mapID, err)
	}
	return t, nil
}
