package commands

import (
	"fmt"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
)

// HintLevel is the AI level whose turn /carc hint shows; depth:deep asks HintDeepLevel.
const (
	HintLevel     = ai.Normal
	HintDeepLevel = ai.Master
)

// The depths of /carc hint.
const (
	HintQuick = "quick"
	HintDeep  = "deep"
)

// carcHint shows the player whose turn it is, privately, the turn the normal AI would play and
// why, at tables opened with hints:true. It is made only from what that player can see (the AI
// plays on a copy whose hidden things are dealt again, from a seed drawn from the public
// position), and it changes nothing: neither the game nor its record.
func carcHint(t *table.Table, in Input) Reply {
	if t.Status != table.Playing {
		return fail(t, "No game is running here (%s): a hint is for the player whose turn it is.", t.Status)
	}
	if !t.Settings.Hints {
		return fail(t, "Hints are off at this table: a table allows them when it opens, with /carc new hints:true (or /carc settings hints:true in the lobby).")
	}
	seat := t.Seat(in.User.ID)
	if seat < 0 || t.Game.Players[seat].Resigned {
		return fail(t, "You are not playing in this game, so there is no hint for you. Players: %s.", seatList(t))
	}
	if seat != t.Game.Current {
		return fail(t, "It is %s's turn: a hint is only for the player whose turn it is.", t.SeatName(t.Game.Current))
	}
	level := HintLevel
	switch depth := strings.ToLower(strings.TrimSpace(in.Options["depth"])); depth {
	case "", HintQuick:
	case HintDeep:
		level = HintDeepLevel
	default:
		return fail(t, "depth:%s is not a hint depth: choose %s (the %s AI) or %s (the %s AI, about a second).", game.Echo(in.Options["depth"]), HintQuick, HintLevel, HintDeep, HintDeepLevel)
	}
	a, err := ai.Advise(t.Game, level, AutopilotSeed(t.Game))
	if err != nil {
		return fail(t, "No hint this time: %v.", err)
	}
	return Reply{OK: true, Ephemeral: true, Table: t, Text: hintText(t, a)}
}

// hintText is the advice in the commands a player types for it, and why.
func hintText(t *table.Table, a ai.Advice) string {
	commands, rest := hintCommands(t, a.Moves)
	lines := []string{fmt.Sprintf("Hint, for you only (the %s AI, from what you can see): %s", a.Level, strings.Join(commands, " then "))}
	why := fmt.Sprintf("Why: this turn scores %s now", Plural(a.Points, "point", "points"))
	why += fmt.Sprintf(" and takes your expected margin over your rivals at the end of the game from %+.1f to %+.1f points", a.Before, a.After)
	if a.Samples > 0 {
		why += fmt.Sprintf("; after their replies, in %s of the tiles still unseen, %+.1f", Plural(a.Samples, "sampled deal", "sampled deals"), a.Searched)
	}
	lines = append(lines, why+" (the AI's own estimates).")
	if rest != "" {
		lines = append(lines, rest)
	}
	return strings.Join(lines, "\n")
}

// hintCommands writes a turn as the commands that play it: a placement and what follows it as one
// whole-turn /place when /place can say it all, else move by move. The hint stops where the rest
// was planned on a guess of something hidden (the tile to be drawn, a face-down chip the tile
// turns over), and then says so.
func hintCommands(t *table.Table, moves []game.Move) ([]string, string) {
	var out []string
	for i, m := range moves {
		if m.Kind == game.MovePlace && i > 0 {
			return out, "Ask again once your tile is drawn: the AI does not know which tile it is."
		}
		if m.Kind == game.MovePlace {
			if j, chip := t.Game.ChipOn(m.Square); chip && !t.Game.MapChips[j].FaceUp {
				return []string{placeLine(m, "", nil)}, fmt.Sprintf("Your tile turns over the face-down chip on %s: ask again for the rest of your turn once it is seen.", m.Square)
			}
			if line, ok := wholePlace(t, moves); ok {
				return []string{line}, ""
			}
		}
		out = append(out, InputFor(table.User{}, m).String())
	}
	return out, ""
}

// wholePlace writes a turn from its placement on as one /place, if /place can say it all.
func wholePlace(t *table.Table, moves []game.Move) (string, bool) {
	meeple := "none"
	var chips []string
	for _, m := range moves[1:] {
		switch m.Kind {
		case game.MoveMeeple:
			meeple = pieceSpot(m.Piece, m.Spot)
		case game.MovePass:
		case game.MoveAction:
			spec, err := actionSpec(t, m.Action.Name)
			if err != nil || spec.Step == game.StepSource {
				return "", false
			}
			chips = append(chips, m.Action.String())
		default:
			return "", false
		}
	}
	return placeLine(moves[0], meeple, chips), true
}

// placeLine is /place with its options in the order players read them.
func placeLine(m game.Move, meeple string, chips []string) string {
	line := fmt.Sprintf("/place square:%s rotation:%s", m.Square, m.Rotation)
	if kind, spot, ok := strings.Cut(meeple, " "); ok {
		line += " meeple:" + spot + " kind:" + kind
	} else if meeple != "" {
		line += " meeple:" + meeple
	}
	if len(chips) > 0 {
		line += fmt.Sprintf(" chips:%q", strings.Join(chips, "; "))
	}
	return line
}
