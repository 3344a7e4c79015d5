package commands

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// The words a player meets that code composes (#48): each in the reader's language.

// TestARefusalThatBeginsWithANameKeepsItAsTyped: a refusal is a sentence with a capital, but a
// name someone chose keeps its letters ("ann ist am Zug", never "Ann").
func TestARefusalThatBeginsWithANameKeepsItAsTyped(t *testing.T) {
	de := lang.For("de")
	got := SentenceOf(de, "resigned", lang.A{"Player": lang.Name("ann")})
	if got != "ann hat aufgegeben." {
		t.Errorf("a sentence that begins with ann: %q", got)
	}
	if got := SentenceOf(de, "hist_not_started", nil); !strings.HasPrefix(got, "Die") && got[0] >= 'a' && got[0] <= 'z' {
		t.Errorf("a sentence without a name begins with a capital: %q", got)
	}
}

// TestDurationsAreWrittenInTheReadersWords: a deadline reads "2 Tage", "每回合 7 天", never as
// it is typed (2d).
func TestDurationsAreWrittenInTheReadersWords(t *testing.T) {
	for _, c := range []struct {
		code string
		d    time.Duration
		want string
	}{
		{"de", 48 * time.Hour, "2 Tage"}, {"zh-TW", 7 * 24 * time.Hour, "7 天"}, {"fr", 36 * time.Hour, "1 jour 12 heures"},
		{"en", 90 * time.Minute, "1 hour 30 minutes"}, {"nl", time.Hour, "1 uur"},
	} {
		if got := DurationText(lang.For(c.code), c.d); got != c.want {
			t.Errorf("%s %v: %q, want %q", c.code, c.d, got, c.want)
		}
	}
	s := table.Settings{Deadline: 48 * time.Hour}
	if got := clockShort(lang.For("de"), s); strings.Contains(got, "2d") || !strings.Contains(got, "2 Tage") {
		t.Errorf("the German deadline: %q", got)
	}
}

// TestAnAISeatIsNamedInTheTablesLanguage: /table bot seats "KI leicht" at a German table.
func TestAnAISeatIsNamedInTheTablesLanguage(t *testing.T) {
	langs := Langs{Locale: "de", GuildLocale: "de", Language: "de"}
	r := Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Local: true, Langs: langs, Options: map[string]string{"map": "france", "language": "de"}})
	r = Handle(r.Table, Input{User: ann, Command: "table", Sub: "bot", Local: true, Langs: langs, Options: map[string]string{"level": "easy"}})
	if !r.OK {
		t.Fatalf("/table bot: %s", r.Text)
	}
	if name := r.Table.Seats[1].Name; name != "KI leicht" {
		t.Errorf("the AI sits as %q", name)
	}
	if strings.Contains(r.Text, "AI easy") {
		t.Errorf("the German lobby names the AI in English: %q", r.Text)
	}
}

// TestTheLastPlayerLeftIsNotToldTheOthersPlayOn: at a table of two, a resignation ends the game;
// no one plays on, and the end says so.
func TestTheLastPlayerLeftIsNotToldTheOthersPlayOn(t *testing.T) {
	r := Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Local: true, Options: map[string]string{"map": "france", "seed": "3"}})
	r = Handle(r.Table, Input{User: bob, Command: "carc", Sub: "join", Local: true})
	r = Handle(r.Table, Input{User: ann, Command: "carc", Sub: "start", Local: true})
	r = Handle(r.Table, Input{User: bob, Command: "carc", Sub: "resign", Local: true})
	if !r.OK || r.Table.Status == table.Playing {
		t.Fatalf("bob's resignation at a table of two: %s", r.Text)
	}
	if strings.Contains(r.Text, "play on") || !strings.Contains(r.Text, "bob resigned.") || !strings.Contains(r.Text, "The game is over") {
		t.Errorf("the end of a table of two: %q", r.Text)
	}
}

// TestTheChineseEndLineIsPunctuatedByItsOwnRules: the standings and the points by source a
// Chinese reader reads at the end hold no ASCII punctuation between Chinese words.
func TestTheChineseEndLineIsPunctuatedByItsOwnRules(t *testing.T) {
	zh := lang.For("zh-TW")
	tb, err := AutoGameIn("france", 3, 5, Langs{Language: "zh-TW"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	text := finalText(zh, tb)
	for _, bad := range []string{". ", "; ", ": "} {
		if strings.Contains(text, bad) {
			t.Errorf("ASCII %q in the Chinese end: %q", bad, text)
		}
	}
	if !strings.Contains(text, "第 1 名") || !strings.Contains(text, "酒") {
		t.Errorf("the Chinese end names places and wine in Chinese: %q", text)
	}
}

// TestAStatusNamesChipsAndSpotsInTheReadersWords: /carc status writes chips with the reader's
// colours, and the history a meeple's spot with the reader's word beside it.
func TestAStatusNamesChipsAndSpotsInTheReadersWords(t *testing.T) {
	de := lang.For("de")
	if got := chipListIn(de, []game.Chip{{Color: "blue", Value: 2}, {Color: "purple", Value: 1}}); got != "hellblau 2 + lila 1" {
		t.Errorf("chips in German: %q", got)
	}
	if got := spotIn(de, "field:SL"); got != "Wiese field:SL" {
		t.Errorf("a spot in German: %q", got)
	}
	if got := spotIn(lang.For("en"), "field:SL"); got != "field:SL" {
		t.Errorf("a spot in English: %q", got)
	}
}

// TestFollowTextsNameTheOptionsAsTheReadersDiscordDoes: what /player follow says names its
// options as the reader's Discord shows them, never the English to:, when:, game:, channel:.
func TestFollowTextsNameTheOptionsAsTheReadersDiscordDoes(t *testing.T) {
	english := regexp.MustCompile(`(^|[^\w/])(to|when|game|channel):`)
	for _, id := range lang.Default.IDs() {
		if !strings.HasPrefix(id, "follow_") {
			continue
		}
		for _, code := range []string{"de", "fr"} {
			if m := english.FindString(lang.For(code).T(id, lang.A{"Max": 3, "Channel": "1", "Value": "x", "Missing": "y"})); m != "" {
				t.Errorf("%s in %s names the option %q in English", id, code, m)
			}
		}
	}
}

// TestAValueIsWrittenByItsKind: the engine's and the maps' values say their kind (msg.Value), and
// the reader's language writes them by it, whatever the value's name: a colour named "Value" is
// a colour, chips are written from the chips, never parsed back from English (#48, step 3).
func TestAValueIsWrittenByItsKind(t *testing.T) {
	de := lang.For("de")
	for _, c := range []struct {
		v    msg.Value
		want string
	}{
		{msg.Colour("blue"), "hellblau"},
		{msg.Spot("field:NL"), "Wiese field:NL"},
		{msg.Feature("city"), "Stadt"},
		{game.ChipsValue([]game.Chip{{Color: "orange", Value: 2}, {Color: "purple", Value: 1}}), "orange 2 + lila 1"},
		{msg.Place("Lisbon"), "Lissabon"},
		{msg.Player("*ann*"), `\*ann\*`},
		{msg.Duration(48 * time.Hour), "2 Tage"},
		{msg.Count(1234), "1.234"},
	} {
		if got := typedIn(de, c.v); got != c.want {
			t.Errorf("%+v in German: %q, want %q", c.v, got, c.want)
		}
	}
	got, ok := wordsIn(de, game.Say("engine_not_a_colour", "Value", msg.Colour("blue")))
	if !ok || !strings.Contains(got, "hellblau") {
		t.Errorf("a colour under the name Value: %q", got)
	}
}

// TestSentencesFollowEachOtherAsTheirLanguageWrites: a space between sentences, none after a
// Chinese full stop (the tiles' text, a picture's description).
func TestSentencesFollowEachOtherAsTheirLanguageWrites(t *testing.T) {
	if got := sentences("Noch 3 Plättchen.", "2 weitere liegen verdeckt."); got != "Noch 3 Plättchen. 2 weitere liegen verdeckt." {
		t.Errorf("German: %q", got)
	}
	if got := sentences("牌堆剩 3 片。", "另有 2 片面朝下。", "分數：ann 3。"); got != "牌堆剩 3 片。另有 2 片面朝下。分數：ann 3。" {
		t.Errorf("Chinese: %q", got)
	}
}
