package commands

import (
	"regexp"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// TestEveryRuleOptionIsDescribedInEveryLanguage: each rule option of the engine and of every map
// has its description in the catalogues, the English one being the option's own without its
// references to the rules document (OQ-04, R3.1), which players do not read, and every other
// language its translation.
func TestEveryRuleOptionIsDescribedInEveryLanguage(t *testing.T) {
	n := 0
	for _, e := range variants.All(false) {
		for _, f := range variants.Flags(e) {
			n++
			if !lang.Default.Has(flagID(f)) {
				t.Errorf("%s: rule %s has no message %s", e.ID, f.Name, flagID(f))
				continue
			}
			if got, want := flagDescription(lang.For(lang.English), f), ruleReferences.ReplaceAllString(f.Description, ""); got != want {
				t.Errorf("%s: rule %s: the English catalogue says %q, the option %q", e.ID, f.Name, got, want)
			}
			for _, code := range lang.Codes() {
				if got := flagDescription(lang.For(code), f); code != lang.English && got == f.Description {
					t.Errorf("%s: rule %s in %s is the English %q", e.ID, f.Name, code, got)
				}
			}
		}
	}
	if n < 20 {
		t.Fatalf("only %d rule options on the maps", n)
	}
}

// ruleReferences are a rule option's references to the rules document: " (OQ-04)", "R3.1, ".
var ruleReferences = regexp.MustCompile(` \(OQ-\d+\)|R\d+(\.\d+)*, `)

// TestARuleValueAnOptionDoesNotTakeIsRefusedInTheReadersLanguage: rules:ferryModel=b is refused
// with the values the option takes and what it does, in the German reader's words.
func TestARuleValueAnOptionDoesNotTakeIsRefusedInTheReadersLanguage(t *testing.T) {
	de := lang.For("de")
	r := Handle(nil, Input{User: table.User{ID: "ann", Name: "ann"}, Command: "carc", Sub: "new", Local: true,
		Options: map[string]string{"map": "iberia", "rules": "ferryModel=b"}, Langs: Langs{Locale: "de"}})
	if r.OK {
		t.Fatalf("rules:ferryModel=b was taken: %q", r.Text)
	}
	want := de.T("flag_ferry_model", nil)
	if !strings.Contains(r.Text, want) || !strings.Contains(r.Text, "„b“") || !strings.Contains(r.Text, "a, c") {
		t.Errorf("the refusal %q does not say in German what ferryModel takes (%q)", r.Text, want)
	}
	if strings.Contains(r.Text, "roads stop at the water") || englishWords.MatchString(r.Text) {
		t.Errorf("the German refusal holds English: %q", r.Text)
	}
}

// TestTheRulesOptionOffersEachRuleWithWhatItDoesInTheReadersLanguage: rules: of /carc new
// completes, after what is typed before the last comma, the expansions' rules and each value of
// the map's rule options, each named with what it does in the German reader's words.
func TestTheRulesOptionOffersEachRuleWithWhatItDoesInTheReadersLanguage(t *testing.T) {
	de := lang.For("de")
	in := Input{User: table.User{ID: "ann", Name: "ann"}, Command: "carc", Sub: "new", Langs: Langs{Locale: "de"},
		Options: map[string]string{"map": "iberia", "rules": "tb,iberiaT"}}
	got := Autocomplete(nil, in, "rules")
	want := map[string]bool{"tb,iberiaTreatMultiplier=2": true, "tb,iberiaTreatMultiplier=3": true}
	for _, c := range got {
		if !want[c.Value] {
			t.Errorf("rules:%q offers %q (%q)", in.Options["rules"], c.Value, c.Name)
			continue
		}
		delete(want, c.Value)
		if d := Truncate(de.T("flag_iberia_treat_multiplier", nil), 60); !strings.Contains(c.Name, strings.TrimSuffix(d, "…")) {
			t.Errorf("%s is named %q, not with what it does in German", c.Value, c.Name)
		}
	}
	if len(want) > 0 {
		t.Errorf("rules:%q does not offer %v", in.Options["rules"], want)
	}
	in.Options = map[string]string{"map": "france"}
	all := Autocomplete(nil, in, "rules")
	if len(all) < 20 || len(all) > MaxChoices {
		t.Fatalf("rules: on France offers %d entries, want every rule within Discord's %d", len(all), MaxChoices)
	}
	for _, c := range all {
		if len([]rune(c.Name)) > 100 || len(c.Value) > 100 {
			t.Errorf("an entry beyond Discord's limits: %q = %q", c.Name, c.Value)
		}
		if strings.Contains(c.Name, "roads stop at the water") || strings.Contains(c.Name, "the full rules of") {
			t.Errorf("an entry in English: %q", c.Name)
		}
	}
}
