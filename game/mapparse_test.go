package game

import (
	"strings"
	"testing"
)

func TestSyntheticMapHasEveryElement(t *testing.T) {
	m := syntheticMap()
	if n := m.PlayableCount(); n != 122 {
		t.Errorf("playable squares = %d, want 122", n)
	}
	if len(m.Starts) != 3 || m.StartsUsed != 2 || len(m.Cities) != 2 || len(m.Islands) != 1 || len(m.Ferries) != 1 ||
		len(m.Borders) != 4 || len(m.Areas) != 1 || len(m.RowAttrs) != 3 {
		t.Errorf("elements: %d starts (%d used), %d cities, %d islands, %d ferries, %d borders, %d areas, %d rows",
			len(m.Starts), m.StartsUsed, len(m.Cities), len(m.Islands), len(m.Ferries), len(m.Borders), len(m.Areas), len(m.RowAttrs))
	}
	// Start squares are towns too (R1.3.6), so 3 towns + 3 starts.
	if len(m.Towns) != 6 {
		t.Errorf("towns = %d, want 6", len(m.Towns))
	}
	if m.Info(MustParseSquare("J4")).Mark != "wave" || m.Info(MustParseSquare("O10")).Attrs["color"] != "purple" || m.Info(MustParseSquare("B5")).Attrs["chip"] != "blue" {
		t.Errorf("marks and attributes not read")
	}
	if c := m.Info(MustParseSquare("F4")).Need; c.On(North) != Field || c.On(West) != Road {
		t.Errorf("F4 must continue Capital's wall north and its road west: %+v", c)
	}
	if c := m.Info(MustParseSquare("P5")).Need; c.On(East) != Road {
		t.Errorf("P5 must continue the border road east")
	}
	if m.Info(MustParseSquare("D9")).Sides[South] != SideFerry || m.Info(MustParseSquare("D11")).Sides[North] != SideFerry {
		t.Errorf("ferry edges not marked")
	}
}

func TestMapParserNamesFileAndLine(t *testing.T) {
	head := "map t\ngrid\n###\n#@#\n###\nend\n"
	for name, c := range map[string]struct{ text, want string }{
		"unknown directive":    {head + "bogus 1\n", "m.txt:7: unknown directive"},
		"city square not @":    {head + "city X\n  square A1 CCCC\n", "m.txt:8: A1 must be a large-city square"},
		"@ without city":       {"map t\nstart A1 S\ngrid\n#@\nend\n", "m.txt:3: large-city square B1"},
		"border not outer":     {head + "start A1 S\ncity X\n  square B2 CCCC\nborder A1 E road\n", "m.txt:10: the east edge of A1 is not an outer edge"},
		"island without ferry": {head + "start A1 S\ncity X\n  square B2 CCCC\nisland I A3\n", "m.txt:10: island I has no ferry route"},
		"bad grid char":        {"map t\ngrid\n#x#\nend\n", "m.txt:3: grid character"},
		"wrong row number":     {"map t\ngrid\n1 ##\n3 ##\nend\n", "m.txt:4: grid row is numbered 3"},
		"closed city":          {"map t\ngrid\n#@\nend\nstart A1 S\ncity X\n  square B1 CCCF\n", "m.txt:6: city X has no open edge"},
		"grid not closed":      {"map t\ngrid\n##\n", "m.txt:3: the grid that starts at line 2 has no \"end\""},
		"not first":            {"title x\nmap t\n", "m.txt:1: the first directive"},
		"town off grid":        {head + "town Z9 X\n", "m.txt:7: Z9 is outside"},
	} {
		_, err := ParseMap("m.txt", strings.NewReader(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", name, err, c.want)
		}
	}
}
