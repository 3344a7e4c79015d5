package commands

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// wrongCount finds a count that disagrees with its noun ("1 tiles", "2 meeple"), and the
// punctuation slips of texts built from parts ("order., and", ". playing").
var wrongCount = regexp.MustCompile(`\b1 (tiles|meeples|points|turns|moves|entries|chips|cities)\b|\b([02-9]|\d\d+) (tile|meeple|point|turn|move|entry|chip)\b|\.,|\. (playing|finished|lobby|abandoned)\b|\.\.`)

// TestCountsReadRightForZeroOneAndTwo renders every text that prints a count with counts of 0, 1
// and 2: tiles left, points, meeples in supply, missed turns, moves taken back, log entries.
func TestCountsReadRightForZeroOneAndTwo(t *testing.T) {
	for n := range 3 {
		tbl, err := Position("france", 2, 7, 12)
		if err != nil {
			t.Fatal(err)
		}
		g := tbl.Game
		g.Deck = g.Deck[:n]
		g.Players[0].Score, g.Players[0].Meeples = n, n
		tbl.Missed[1] = n
		tbl.Settings.MissedLimit = max(n, 1)
		texts := map[string]string{
			"status":   statusText(en, tbl),
			"tiles":    tilesText(en, tbl),
			"prompt":   promptText(en, tbl),
			"settings": settingsText(en, tbl),
			"timeout":  Timeout(tbl, table.PolicySkip).Text,
			"kick":     Handle(tbl, Input{User: tbl.Seats[0], Command: "table", Sub: "kick", Options: map[string]string{"player": tbl.Seats[1].Name}}).Text,
		}
		for name, text := range texts {
			if m := wrongCount.FindString(text); m != "" {
				t.Errorf("count %d, %s text: %q in %q", n, name, m, text)
			}
		}
	}
}

// TestStandingsShareTiedPlacesAndPutResignedPlayersLast: equal scores share a place (a tie for
// first is a shared victory, OQ-36), and a player who resigned comes last and wins nothing, even
// with the top score.
func TestStandingsShareTiedPlacesAndPutResignedPlayersLast(t *testing.T) {
	tbl, err := Position("classic", 3, 2, 5)
	if err != nil {
		t.Fatal(err)
	}
	ps := tbl.Game.Players
	ps[0].Score, ps[1].Score, ps[2].Score = 30, 12, 12
	ps[0].Resigned = true
	want := "Shared victory: p2 and p3. 1. p2 12, 1. p3 12, 3. p1 30 (resigned)."
	if got := standings(en, tbl); got != want {
		t.Fatalf("standings %q, want %q", got, want)
	}
	ps[0].Resigned, ps[2].Score = false, 7
	if want, got := "Winner: p1. 1. p1 30, 2. p2 12, 3. p3 7.", standings(en, tbl); got != want {
		t.Fatalf("standings %q, want %q", got, want)
	}
}

// TestLongChoicesAreCountedNotListed: a turn message names at most a few chip actions and counts
// the rest (a treat may go on some fifty squares); autocomplete and the menu reach them all.
func TestLongChoicesAreCountedNotListed(t *testing.T) {
	found := false
	for seed := uint64(1); seed < 20 && !found; seed++ {
		_, err := AutoGame("iberia", 2, seed, func(tbl *table.Table, _ Input, r Reply) error {
			if tbl.Status != table.Playing || found || len(tbl.Game.LegalActions()) <= shownLabels {
				return nil
			}
			found = true
			if !strings.Contains(r.Text, "others (autocomplete lists them)") || strings.Count(r.Text, "; ") > shownLabels {
				return fmt.Errorf("%d actions listed in full: %s", len(tbl.Game.LegalActions()), r.Text)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if !found {
		t.Fatal("no turn offered more than a few chip actions: the test checks nothing")
	}
}

// TestHelpFitsOneMessage: /carc help, every map's line included, fits one Discord message in
// every language (the bot cuts longer texts at 1,900 bytes, which would lose the last maps' lines).
func TestHelpFitsOneMessage(t *testing.T) {
	for _, code := range lang.Codes() {
		for _, local := range []bool{false, true} {
			if n := len(helpText(lang.For(code), local)); n > 1900 {
				t.Errorf("help in %s (local %v) is %d bytes", code, local, n)
			}
		}
	}
}

// TestLocalPlaySpeaksOfTheTerminal: local play has no buttons, pings or deadlines, and its texts
// say so; Discord's texts offer the buttons.
func TestLocalPlaySpeaksOfTheTerminal(t *testing.T) {
	for _, local := range []bool{true, false} {
		ann, bob := table.User{ID: "a", Name: "ann"}, table.User{ID: "b", Name: "bob"}
		tbl := Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Local: local, Options: map[string]string{"map": "classic"}}).Table
		tbl.Local = local
		tbl = Handle(tbl, Input{User: bob, Command: "carc", Sub: "join"}).Table
		start := Handle(tbl, Input{User: ann, Command: "carc", Sub: "start"})
		early := Handle(start.Table, Input{User: bob, Command: "place", Options: map[string]string{"square": "A1"}})
		texts := start.Text + early.Text + helpText(en, local)
		for _, discord := range []string{"click", "pinged"} {
			if has := strings.Contains(texts, discord); has == local {
				t.Errorf("local %v: %q said %v in %q", local, discord, has, texts)
			}
		}
		if has := strings.Contains(helpText(en, local), "seed"); has != local {
			t.Errorf("local %v: the help offers seed: %v", local, has)
		}
	}
}

// TestSentenceKeepsLettersWhole: a message that starts with an accented letter gets its capital,
// not a broken byte, and a Chinese sentence keeps its full-width stop or gets one, even where it
// begins with a value to type; an English one that begins with a Chinese name ends with a stop.
func TestSentenceKeepsLettersWhole(t *testing.T) {
	for in, want := range map[string]string{
		"état de la partie":       "État de la partie.",
		"übrig: 3":                "Übrig: 3.",
		"遊戲尚未開始。":                 "遊戲尚未開始。",
		"無法加入":                    "無法加入。",
		"F7 是海上的格子":               "F7 是海上的格子。",
		"小明 is not at this table": "小明 is not at this table.",
		"already done.":           "Already done.",
		"  spaced out  ":          "Spaced out.",
	} {
		if got := Sentence(in); got != want {
			t.Errorf("Sentence(%q) = %q, want %q", in, got, want)
		}
	}
}

// Help shows a value to type as it is typed, with the reader's words for it beside it: the
// option's choice as the reader's Discord names it, a chips value's colours in the reader's
// language; English, whose words are the values, shows the value alone.
func TestHelpShowsAValueToTypeWithTheReadersWords(t *testing.T) {
	for code, want := range map[string][]string{
		"en":    {":abroad sells", `:"blue 2 + orange 2" (or`},
		"de":    {":abroad (ins Ausland)", `:"blue 2 + orange 2" (hellblau 2 + orange 2)`},
		"fr":    {":abroad (à l'étranger)", `:"blue 2 + orange 2" (bleu clair 2 + orange 2)`},
		"es":    {":abroad (al extranjero)", `:"blue 2 + orange 2" (azul claro 2 + naranja 2)`},
		"zh-TW": {":abroad（國外）", `:"blue 2 + orange 2"（淺藍色 2 + 橙色 2）`},
	} {
		text := helpText(lang.For(code), false)
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: the help lacks %q:\n%s", code, w, text)
			}
		}
	}
}

// An option a chip action does not have is refused with the options it has, listed in the
// reader's language, or as an action that takes none: never with English ("no options") or
// ASCII joins in Chinese.
func TestAnOptionAChipActionLacksIsRefusedInTheReadersWords(t *testing.T) {
	upgrade := game.ActionSpec{Name: "upgrade", Options: []game.ActionOption{{Name: "square"}, {Name: "pay"}}}
	isle := game.ActionSpec{Name: "isle"}
	for _, c := range []struct {
		code string
		err  error
		want string
	}{
		{"en", noOption("play_chips_no_option", upgrade, "to"), "upgrade has no option to: use square, pay."},
		{"de", noOption("play_chips_no_option", isle, "to"), "isle hat keine Optionen: Lass to weg."},
		{"zh-TW", noOption("play_chips_no_option", upgrade, "to"), "upgrade 沒有選項 to：請用 square、pay。"},
		{"zh-TW", noOption("play_chips_no_option", isle, "to"), "isle 沒有選項：請拿掉 to。"},
		{"en", refusal("play_open_now", lang.A{"Why": refusal("play_action_not_open", lang.A{"Value": "isle"}), "Actions": listWords{[]string{"sell wine:blue to:abroad", "isle"}, "list_sep_actions"}}), ""},
	} {
		got := errorTextIn(lang.For(c.code), c.err)
		if c.want != "" && got != c.want {
			t.Errorf("%s: %q, want %q", c.code, got, c.want)
		}
		if strings.Contains(got, "no options") && c.code != "en" {
			t.Errorf("%s: English in %q", c.code, got)
		}
	}
	zh := errorTextIn(lang.For("zh-TW"), refusal("play_open_now", lang.A{"Why": refusal("play_action_not_open", lang.A{"Value": "isle"}), "Actions": listWords{[]string{"sell wine:blue to:abroad", "isle"}, "list_sep_actions"}}))
	if !strings.Contains(zh, "sell wine:blue to:abroad；isle") {
		t.Errorf("zh-TW: the open actions are not joined with a full-width semicolon: %q", zh)
	}
}
