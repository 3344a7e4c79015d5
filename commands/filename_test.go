package commands

import "testing"

// TestAFileNamedByAPlayerKeepsItsLetters: an export named after a league keeps the letters of its
// name (transliterated to ASCII), and a name in a script with no transliteration is named by id.
func TestAFileNamedByAPlayerKeepsItsLetters(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Frühling", "Fruhling"},
		{"Liga Straße 2026", "Liga-Strasse-2026"},
		{"Ærøskøbing Cup", "AEroskobing-Cup"},
		{"Été / Hiver", "Ete-Hiver"},
		{"春季盃", "league-7"},
		{"Spring 春季盃", "league-7"},
		{"---", "league-7"},
		{`a"b\r\nc`, "a-b-r-nc"},
	} {
		if got := FileName(c.text, "league-7"); got != c.want {
			t.Errorf("FileName(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}
