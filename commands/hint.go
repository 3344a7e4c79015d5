package commands

import (
	"fmt"
	"strings"

	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// HintLevel is the AI level whose turn /turn hint shows; depth:deep asks HintDeepLevel.
const (
	HintLevel     = ai.Normal
	HintDeepLevel = ai.Master
)

// The depths of /turn hint.
const (
	HintQuick = "quick"
	HintDeep  = "deep"
)

// carcHint shows the player whose turn it is, privately, the turn the normal AI would play and
// why, at tables opened with hints:true. It is made only from what that player can see (the AI
// plays on a copy whose hidden things are dealt again, from a seed drawn from the public
// position), and it changes nothing: neither the game nor its record.
func carcHint(t *table.Table, in Input) Reply {
	p := in.own()
	if t.Status != table.Playing {
		return failT(t, in, "hint_not_playing", lang.A{"Status": statusWord(p, t.Status)})
	}
	if !t.Settings.Hints {
		return failT(t, in, "hint_off", nil)
	}
	seat := t.Seat(in.User.ID)
	if seat < 0 || t.Game.Players[seat].Resigned {
		return failT(t, in, "hint_not_seated", lang.A{"Players": seatList(in.own(), t)})
	}
	if seat != t.Game.Current {
		return failT(t, in, "hint_not_your_turn", lang.A{"Player": lang.Name(t.SeatName(t.Game.Current))})
	}
	level := HintLevel
	switch depth := strings.ToLower(strings.TrimSpace(in.Options["depth"])); depth {
	case "", HintQuick:
	case HintDeep:
		level = HintDeepLevel
	default:
		return failT(t, in, "hint_bad_depth", lang.A{"Value": game.Echo(in.Options["depth"]), "Quick": levelName(p, HintLevel), "Deep": levelName(p, HintDeepLevel)})
	}
	a, err := ai.Advise(t.Game, level, AutopilotSeed(t.Game))
	if err != nil {
		return failT(t, in, "hint_failed", nil)
	}
	return Reply{OK: true, Ephemeral: true, Table: t, Text: hintText(p, t, a)}
}

// levelName is an AI level in the reader's language.
func levelName(p *lang.Printer, l ai.Level) string {
	if id := "ai_level_" + string(l); lang.Default.Has(id) {
		return p.T(id, nil)
	}
	return string(l)
}

// signed writes an estimate of points with its sign and one decimal, in the reader's convention
// (+1,5 in German).
func signed(p *lang.Printer, x float64) string {
	return message.NewPrinter(language.Make(p.Code())).Sprintf("%+.1f", x)
}

// hintText is the advice in the commands a player types for it, and why.
func hintText(p *lang.Printer, t *table.Table, a ai.Advice) string {
	commands, rest := hintCommands(p, t, a.Moves)
	lines := []string{p.T("hint_head", lang.A{"Level": levelName(p, a.Level), "Commands": strings.Join(commands, " "+p.T("hint_then", nil)+" ")})}
	why := lang.A{"Before": signed(p, a.Before), "After": signed(p, a.After)}
	if a.Samples > 0 {
		why["Samples"], why["Searched"] = p.N("hint_samples", a.Samples, nil), signed(p, a.Searched)
		lines = append(lines, p.N("hint_why_sampled", a.Points, why))
	} else {
		lines = append(lines, p.N("hint_why", a.Points, why))
	}
	if rest != "" {
		lines = append(lines, rest)
	}
	return strings.Join(lines, "\n")
}

// hintCommands writes a turn as the commands that play it: a placement and what follows it as one
// whole-turn /place when /place can say it all, else move by move. The hint stops where the rest
// was planned on a guess of something hidden (the tile to be drawn, a face-down chip the tile
// turns over), and then says so.
func hintCommands(p *lang.Printer, t *table.Table, moves []game.Move) ([]string, string) {
	var out []string
	for i, m := range moves {
		if m.Kind == game.MovePlace && i > 0 {
			return out, p.T("hint_after_draw", nil)
		}
		if m.Kind == game.MovePlace {
			if j, chip := t.Game.ChipOn(m.Square); chip && !t.Game.MapChips[j].FaceUp {
				return []string{placeLine(m, "", nil)}, p.T("hint_after_chip", lang.A{"Square": m.Square.String()})
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
