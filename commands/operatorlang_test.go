package commands

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang/langtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestWhatOnlyADamagedRecordOrAnOperatorCausesIsRefusedInTheTablesLanguage: the bot's own steps
// refused (a league mark the table cannot take, an unknown deadline policy, a deadline or an AI's
// turn with nobody to play, a legacy record's entry that is empty, an AI's or a timeout's
// recorded moves that do not finish the turn) are written in the table's language: a German
// table reads them in German, and an English one in English.
func TestWhatOnlyADamagedRecordOrAnOperatorCausesIsRefusedInTheTablesLanguage(t *testing.T) {
	patterns := langtest.For(t, "de")
	open := func(language string, start bool) *table.Table {
		t.Helper()
		ann, bob := table.User{ID: "ann", Name: "ann"}, table.User{ID: "bob", Name: "bob"}
		r := Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Local: true,
			Options: map[string]string{"map": "france", "seed": "5", "language": language}})
		r = Handle(r.Table, Input{User: bob, Command: "carc", Sub: "join", Local: true})
		if start {
			r = Handle(r.Table, Input{User: ann, Command: "carc", Sub: "start", Local: true})
		}
		if !r.OK {
			t.Fatalf("the table does not open: %q", r.Text)
		}
		return r.Table
	}
	mark := table.LeagueGame{ID: "l1", Name: "Liga", Season: 1, Policy: league.PolicyScoreStands}
	skip := func(tb *table.Table) []game.Move { return []game.Move{{Kind: game.MoveSkip, Player: tb.Game.Current}} }
	cases := []struct {
		what  string
		lobby bool
		run   func(tb *table.Table) Reply
	}{
		{"a league mark with an unknown policy", false, func(tb *table.Table) Reply {
			return MarkLeague(tb, table.LeagueGame{ID: "l1", Name: "Liga", Policy: "lottery"})
		}},
		{"a league mark with no league", false, func(tb *table.Table) Reply { return MarkLeague(tb, table.LeagueGame{Policy: league.PolicyForfeit}) }},
		{"a second league mark", false, func(tb *table.Table) Reply { return MarkLeague(MarkLeague(tb, mark).Table, mark) }},
		{"an unknown deadline policy", false, func(tb *table.Table) Reply { return Timeout(tb, "nap") }},
		{"a deadline in the lobby", true, func(tb *table.Table) Reply { return Timeout(tb, table.PolicySkip) }},
		{"an AI's turn with no AI seat", false, AIMove},
		{"an empty legacy entry", false, func(tb *table.Table) Reply { return applyLegacy(tb, LegacyEntry{}) }},
		{"a legacy AI turn with no AI seat", false, func(tb *table.Table) Reply {
			return applyLegacy(tb, LegacyEntry{AI: true, Played: skip(tb)})
		}},
		{"a legacy timeout whose moves do not finish the turn", false, func(tb *table.Table) Reply {
			return applyLegacy(tb, LegacyEntry{Timeout: table.PolicyAuto, Played: []game.Move{tb.Game.SimplestMove()}})
		}},
	}
	for _, c := range cases {
		de, en := c.run(open("de", !c.lobby)), c.run(open("en", !c.lobby))
		if de.OK || en.OK {
			t.Errorf("%s is taken: %q", c.what, de.Text)
			continue
		}
		if de.Text == en.Text {
			t.Errorf("%s: the German table reads the English %q", c.what, de.Text)
		}
		noEnglish(t, patterns, c.what, de.Text)
	}
}
