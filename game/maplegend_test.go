package game

import (
	"strconv"
	"strings"
	"testing"
)

const legendHead = "map t\ngrid\n###~\n#@##\n####\nend\nstart A1 S\ncity X arms=1\n  square B2 CCCC\n" +
	"town C3 Vine color=orange\nmark D1 wave\nattr A3 chip=blue\nrow 2 color=purple\narea isle Isle near=A3\n" +
	"border D3 E road\n"

func TestLegendLines(t *testing.T) {
	text := legendHead + `legend town=orange "orange grapes: sells orange wine for 9"
legend town "town without grapes"
legend chip=blue "light-blue chip square (Scotland)"
legend row=purple "purple row: treats of purple chips"
legend mark=wave "waves: no tile"
legend area=isle "meeples waiting for an extra turn"
legend border=road "road abroad"
legend piece=meeple_chip "upgraded: counts as two"
legend arms "coat of arms"
legend start "start square"
`
	m, err := ParseMap("m.txt", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ key, value, want string }{
		{"town", "orange", "orange grapes: sells orange wine for 9"},
		{"town", "", "town without grapes"},
		{"chip", "blue", "light-blue chip square (Scotland)"},
		{"piece", "meeple_chip", "upgraded: counts as two"},
		{"area", "isle", "meeples waiting for an extra turn"},
	} {
		if got, ok := m.LegendText(c.key, c.value); !ok || got != c.want {
			t.Errorf("LegendText(%s, %s) = %q, %v; want %q", c.key, c.value, got, ok, c.want)
		}
	}
	if _, ok := m.LegendText("town", "purple"); ok {
		t.Error("a legend nobody wrote is found")
	}
}

func TestLegendErrorsNameFileAndLine(t *testing.T) {
	line := strings.Count(legendHead, "\n") + 1
	at := func(n int) string { return "m.txt:" + strconv.Itoa(line+n) + ": " }
	for name, c := range map[string]struct{ text, want string }{
		"unknown key":       {`legend wine=red "x"`, at(0) + `legend "wine": unknown mark`},
		"no text":           {`legend start`, at(0) + "legend: usage"},
		"value not wanted":  {`legend start=A1 "x"`, at(0) + "legend start takes no value"},
		"value missing":     {`legend chip "x"`, at(0) + "legend chip needs =VALUE"},
		"no such town":      {`legend town=purple "x"`, at(0) + "legend town=purple: the map has no such mark"},
		"no such chip":      {`legend chip=orange "x"`, at(0) + "legend chip=orange: the map has no such mark"},
		"no such border":    {`legend border=city "x"`, at(0) + "legend border=city: the map has no such mark"},
		"no such area":      {`legend area=man "x"`, at(0) + "legend area=man: the map has no such mark"},
		"no island":         {`legend island "x"`, at(0) + "legend island: the map has no such mark"},
		"unknown piece":     {`legend piece=dragon "x"`, at(0) + "legend piece=dragon: the map has no such mark"},
		"text too long":     {`legend start "` + strings.Repeat("x", 61) + `"`, at(0) + "legend start: the text must have 1 to 60 characters"},
		"said twice":        {"legend start \"a\"\nlegend start \"b\"", at(1) + "legend start is already given at line " + strconv.Itoa(line)},
		"quote not closed":  {`legend start "x`, at(0) + "a quote is not closed"},
		"empty quoted text": {`legend start ""`, at(0) + "legend start: the text must have 1 to 60 characters"},
	} {
		_, err := ParseMap("m.txt", strings.NewReader(legendHead+c.text+"\n"))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", name, err, c.want)
		}
	}
}
