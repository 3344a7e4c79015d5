package lang

import (
	"maps"
	"regexp"
	"slices"
	"testing"
)

// A value that lists chips may hold one chip or none ("bleu clair 1", "aucun jeton"), so no
// language writes it as the subject or the complement of a plural verb ("vos jetons sont
// {{.Hand}}", "{{.Out}} saem do jogo"): a list after a colon or in brackets reads right for every
// count. Spanish writes a chip's colour as "de color morado", never "la ficha morado", whose
// colour would have to agree with ficha; a chip named by its colour and value stands in brackets.
func TestAChipListTakesNoVerbOfItsOwnNumber(t *testing.T) {
	lists := `\{\{\.(Hand|Chips|Out)\}\}`
	for code, verbs := range map[string]string{
		"de": `sind|verlassen`, "fr": `sont|quittent|restent`, "es": `son|salen|quedan`,
		"nl": `zijn|verlaten`, "pt": `são|saem|ficam`,
	} {
		wrong := []*regexp.Regexp{
			regexp.MustCompile(`\b(` + verbs + `) ` + lists),
			regexp.MustCompile(lists + ` (` + verbs + `)\b`),
		}
		if code == "es" {
			wrong = append(wrong, regexp.MustCompile(`\bfichas? \{\{\.(Chip|Colour|Color)\}\}`))
		}
		texts := catalogueTexts(t, code)
		for _, id := range slices.Sorted(maps.Keys(texts)) {
			for _, text := range texts[id] {
				for _, re := range wrong {
					if m := re.FindString(text); m != "" {
						t.Errorf("%s %s: %q", code, id, m)
					}
				}
			}
		}
	}
}
