package langtest

import (
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
)

// TestItFindsTheEnglishAndNotTheTranslation: a German reader's text with an English sentence of
// the catalogues is found out, by the message's id, and the same sentence in German is not; a
// date's "UTC", which German writes too, is no English.
func TestItFindsTheEnglishAndNotTheTranslation(t *testing.T) {
	english := For(t, "de", "web_")
	en, de := lang.For(lang.English), lang.For("de")
	args := lang.A{"Player": "ann", "Missed": "1"}
	if got := english.Find(en.T("timeout_skipped", args)); !slices.ContainsFunc(got, func(f Found) bool { return f.ID == "timeout_skipped#0" }) {
		t.Errorf("the English deadline line: found %v", got)
	}
	if got := english.Find(de.T("timeout_skipped", args)); len(got) != 0 {
		t.Errorf("the German deadline line: found %v", got)
	}
	if got := english.Find(de.T("web_datetime", lang.A{"Month": "Nov.", "Day": "8.", "Year": "2026", "Time": "12:00"})); len(got) != 0 {
		t.Errorf("a German date: found %v", got)
	}
}
