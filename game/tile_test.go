package game

import (
	"strings"
	"testing"
)

func TestTileFileHasTheSetsOfRulesTilesMd(t *testing.T) {
	ts := Tiles()
	counts := map[string]int{}
	types := map[string]int{}
	for _, tt := range ts.Types {
		counts[tt.Set] += tt.Count
		types[tt.Set]++
	}
	want := map[string][2]int{"base": {72, 24}, "ic": {18, 17}, "tb": {24, 24}}
	for set, w := range want {
		if counts[set] != w[0] || types[set] != w[1] {
			t.Errorf("set %s: %d tiles in %d types, want %d in %d", set, counts[set], types[set], w[0], w[1])
		}
	}
	if ts.Start.ID != "D" {
		t.Errorf("start tile = %s, want D", ts.Start.ID)
	}
}

func TestIdenticalRotationsAreMerged(t *testing.T) {
	for id, n := range map[string]int{"X": 1, "C": 1, "B": 1, "IC-K": 1, "IC-H": 1, "H": 2, "U": 2, "F": 2,
		"TB-B": 1, "IC-Q": 2, "IC-I": 2, "D": 4, "V": 4, "A": 4, "IC-C": 4, "TB-X": 4} {
		tt, ok := Tiles().Tile(id)
		if !ok {
			t.Fatalf("tile %s missing", id)
		}
		if len(tt.Distinct) != n {
			t.Errorf("tile %s: %d distinct rotations, want %d", id, len(tt.Distinct), n)
		}
	}
}

func TestRotationTurnsEdgesClockwise(t *testing.T) {
	d, _ := Tiles().Tile("D") // city N, road E-W
	f := d.Face(1)
	if f.Edges != [4]Terrain{Road, City, Road, Field} {
		t.Errorf("D at 90: edges %v", f.Edges)
	}
	city, ok := f.SpotFeature("city:E")
	if !ok || f.Features[city].Kind != CityFeature {
		t.Errorf("D at 90: city:E not found")
	}
	// F1 of D touches EL and WR; at 90 degrees those become SL and NR.
	fl, ok := f.SpotFeature("field:SL")
	if !ok || !f.Features[fl].HasHalf(1) {
		t.Errorf("D at 90: field:SL should be the city-side field, which also touches NR")
	}
	if f.Spots[fl] != "field:NR" {
		t.Errorf("D at 90: the city-side field is named %s, want field:NR (its first half-edge)", f.Spots[fl])
	}
}

func TestTileParserRejectsInconsistentTiles(t *testing.T) {
	for name, line := range map[string]string{
		"city edge without city":   "Z x1 CFFF F1=EL,ER,SL,SR,WL,WR>-",
		"road edge without road":   "Z x1 FRFF F1=NL,NR,EL,ER,SL,SR,WL,WR>-",
		"half-edge in two fields":  "Z x1 FFFF F1=NL,NR,EL,ER,SL,SR,WL,WR>- F2=NL>-",
		"half-edge in no field":    "Z x1 FFFF F1=NL,NR,EL,ER,SL,SR,WL>-",
		"field borders a non-city": "Z x1 FRFR R1=E-W F1=NL,NR,EL,WR>R1 F2=ER,SL,SR,WL>-",
		"bad count":                "Z 2 FFFF F1=NL,NR,EL,ER,SL,SR,WL,WR>-",
	} {
		_, err := ParseTiles("t.txt", strings.NewReader("set s 1 S\nstart Z\n"+line+"\n"))
		if err == nil || !strings.Contains(err.Error(), "t.txt:3:") {
			t.Errorf("%s: err = %v, want an error at t.txt:3", name, err)
		}
	}
}
