package game

import (
	"bytes"
	"encoding/json"
	"testing"
)

func FuzzParseTiles(f *testing.F) {
	f.Add(tilesFile)
	f.Add([]byte("set s 1 S\nstart Z\nZ x1 FFFF F1=NL,NR,EL,ER,SL,SR,WL,WR>-\n"))
	f.Add([]byte("set s 1 S\nstart Z\nZ x1 CRFR C1=N R1=E>gate:C9 F1=(enclosed)>C1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ts, err := ParseTiles("fuzz.txt", bytes.NewReader(data))
		if err == nil && ts.Start == nil {
			t.Fatal("a tile set without a start tile was accepted")
		}
	})
}

func FuzzParseMap(f *testing.F) {
	for _, name := range []string{"data/synthetic.map", "data/classic.map"} {
		b, _ := mapFiles.ReadFile(name)
		f.Add(b)
	}
	f.Add([]byte("map t\ngrid\n#@\nend\ncity X arms=2\n square B1 CCCC\nstart A1 \"S q\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseMap("fuzz.map", bytes.NewReader(data))
		if err != nil {
			return
		}
		// A map the parser accepts must be playable without panics.
		if len(m.Starts) == 0 && !m.Open || m.Cols*m.Rows > 4096 {
			return
		}
		g, err := NewGame(m, nil, Setup{Players: []string{"a", "b"}, Seed: 1})
		if err != nil {
			return
		}
		rng := NewRNG(2)
		g.PlayOut(&rng)
	})
}

// FuzzApply feeds arbitrary moves to a game in progress: no move may panic, and a refused move
// must leave the game exactly as it was.
func FuzzApply(f *testing.F) {
	f.Add([]byte(`{"kind":"place","player":0,"square":"H7","rotation":90}`), uint8(3))
	f.Add([]byte(`{"kind":"meeple","player":0,"spot":"city:N"}`), uint8(10))
	f.Add([]byte(`{"kind":"action","player":1,"action":{"name":"sell"}}`), uint8(0))
	f.Add([]byte(`{"kind":"skip","player":0}`), uint8(7))
	f.Add([]byte(`{"kind":"resign","player":1}`), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, steps uint8) {
		g, err := NewGame(syntheticMap(), nil, Setup{Players: []string{"a", "b"}, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		rng := NewRNG(4)
		for range int(steps) % 60 {
			if g.Phase == PhaseOver {
				break
			}
			m, _ := g.RandomMove(&rng, nil)
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		var m Move
		if json.Unmarshal(data, &m) != nil {
			return
		}
		before := g.Hash()
		if _, err := g.Apply(m); err != nil && g.Hash() != before {
			t.Fatalf("refused move %+v changed the game: %v", m, err)
		}
	})
}
