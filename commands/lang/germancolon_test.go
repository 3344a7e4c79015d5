package lang

import (
	"maps"
	"regexp"
	"slices"
	"testing"
)

// German begins a whole sentence after a colon with a capital (Duden: "Nach einem Doppelpunkt
// schreibt man groß, wenn ein vollständiger Satz folgt"), a phrase with a small letter. The check
// finds the sentences it can tell: an imperative ("nimm ...", "wähle ...") or a subject and its
// verb ("der Tisch ist voll"). A value after a colon is the printer's: a message given as a
// value is written as its catalogue writes it (TestAMessageInsideAnotherIsWrittenAsAClauseOfIt).
var (
	germanImperative = `(nimm|wähle|schreib|schreibe|tippe|tipp|versuch|versuche|setz|setze|starte|probier|frag|gib|lass|sieh|warte|klick|öffne|nutze|benutze|folge|leg|lege|zieh|ziehe|beende|passe|bitte|sag)\b`
	germanStatement  = `(der|die|das|ein|eine|es|er|sie|du|dein|deine|ihr|ihre|sein|seine|kein|keine|jede|jeder|jedes|nur|dann|hier|so|damit|also)( [^ .:;"]+){0,5} (ist|sind|wird|werden|hat|haben|kann|können|muss|müssen|darf|gilt|liegt|zählt|bleibt|endet|spielt|geht|steht|fehlt|gehört|bringt|läuft|kommt|beginnt|wurde|war|gibt|bekommt|passt|verliert|gewinnt|öffnet|sieht|zeigt)\b`
	germanAfterColon = regexp.MustCompile(`[^:]: (` + germanImperative + `|` + germanStatement + `)`)
)

func TestGermanBeginsAWholeSentenceAfterAColonWithACapital(t *testing.T) {
	texts := catalogueTexts(t, "de")
	for _, id := range slices.Sorted(maps.Keys(texts)) {
		for _, text := range texts[id] {
			if m := germanAfterColon.FindString(text); m != "" {
				t.Errorf("%s: a whole sentence after a colon begins with a small letter: %q", id, m[1:])
			}
		}
	}
}
