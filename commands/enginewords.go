package commands

import (
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// wordsIn writes the engine's or a map's Words (a refusal, an action's label, a sentence of the
// history, a score's reason) in the reader's language, as the printer writes every message. ok is
// false where the catalogues have no such message: the caller keeps the engine's English.
func wordsIn(p *lang.Printer, w game.Words) (string, bool) {
	if w.ID == "" || !lang.Default.Has(w.ID) {
		return "", false
	}
	return p.Message(w), true
}

// wordsOr is wordsIn, or the English where the catalogues have no message.
func wordsOr(p *lang.Printer, w game.Words, english string) string {
	if s, ok := wordsIn(p, w); ok {
		return s
	}
	return english
}

// typedIn writes a value of the engine's Words by its kind, in the reader's language.
func typedIn(p *lang.Printer, v msg.Value) string {
	switch v.Kind {
	case msg.KindColour:
		return known(p, "engine_colour_"+v.Text, v.Text)
	case msg.KindSpot:
		return spotsIn(p, v.Text)
	case msg.KindFeature:
		return featureIn(p, v.Text)
	case msg.KindChips:
		chips := make([]game.Chip, len(v.Chips))
		for i, c := range v.Chips {
			chips[i] = game.Chip{Color: c.Colour, Value: c.Value}
		}
		return chipListIn(p, chips)
	case msg.KindPlace:
		return placeName(p, v.Text)
	case msg.KindPlayer:
		return p.Shown(v.Text)
	case msg.KindDuration:
		return DurationText(p, v.Duration)
	case msg.KindCount:
		return p.Number(v.Count)
	}
	return v.Text
}

func known(p *lang.Printer, id, v string) string {
	if lang.Default.Has(id) {
		return p.T(id, nil)
	}
	return v
}

// chipListIn writes chips in the reader's language from the chips themselves: "hellblau 2 +
// orange 1", or no chips.
func chipListIn(p *lang.Printer, chips []game.Chip) string {
	if len(chips) == 0 {
		return p.T("engine_no_chips", nil)
	}
	parts := make([]string, len(chips))
	for i, c := range chips {
		parts[i] = known(p, "engine_colour_"+c.Color, c.Color) + " " + p.Number(c.Value)
	}
	return strings.Join(parts, " + ")
}

// labelIn is an action's label in the reader's language.
func labelIn(p *lang.Printer, a game.LegalAction) string { return wordsOr(p, a.Words, a.Label) }

// promptIn is a forced choice's prompt in the reader's language.
func promptIn(p *lang.Printer, c *game.Choice) string { return wordsOr(p, c.Words, c.Prompt) }

// moveErrorIn writes an engine's refusal in the reader's language with what would be legal, where
// the catalogues have it.
func moveErrorIn(p *lang.Printer, me *game.MoveError) (string, bool) {
	text, ok := wordsIn(p, me.Words)
	if !ok {
		return "", false
	}
	text = sentence(text, namesIn(p, me.Words.Args)...)
	if len(me.Legal) == 0 {
		return text, true
	}
	legal := make([]string, len(me.Legal))
	for i, l := range me.Legal {
		legal[i] = spotsIn(p, l)
		if i < len(me.LegalWords) {
			legal[i] = wordsOr(p, me.LegalWords[i], l)
		}
	}
	const shown = 12
	list := join(p, legal[:min(len(legal), shown)])
	if n := len(legal) - shown; n > 0 {
		list = p.N("engine_legal_more", n, lang.A{"List": list})
	}
	return text + " " + p.T("engine_legal", lang.A{"List": list}), true
}

// noteIn is a map's sentence of the history (Game.Note) in the reader's language.
func noteIn(p *lang.Printer, e game.Event) string {
	return wordsOr(p, e.Words, strings.TrimSuffix(e.Text, ".")+".")
}

// featureIn names a kind of feature ("city", "farm") in the reader's language.
func featureIn(p *lang.Printer, kind string) string { return known(p, "engine_feature_"+kind, kind) }

// reasonIn says why points were scored (game.ScoreEntry.ReasonWords) in the reader's language:
// "city D4-E5: 3 tiles + 1 coat of arms = 8".
func reasonIn(p *lang.Printer, e game.ScoreEntry) string {
	return wordsOr(p, e.ReasonWords(), e.Reason())
}
