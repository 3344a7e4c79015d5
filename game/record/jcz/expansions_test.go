package jcz

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// boxOptions is the classic table with both expansions' tiles and the rules of ic and tb.
func boxOptions(ic, tb bool, pool game.Pool) game.Options {
	o := game.DefaultOptions()
	o.InnsCathedrals, o.TradersBuilders, o.Pool = ic, tb, pool
	return o
}

// TestTheExpansionsAreJCloisterZonesSetsAndElements: the tiles dealt are JCloisterZone's tile sets,
// whole; the expansions' rules are its elements: the big follower, inns and cathedrals for
// Inns & Cathedrals, the builder, the pig and the trade goods for Traders & Builders.
func TestTheExpansionsAreJCloisterZonesSetsAndElements(t *testing.T) {
	for name, c := range map[string]struct {
		options  game.Options
		sets     map[string]int
		elements map[string]any
	}{
		"the base game": {boxOptions(false, false, game.PoolBase), map[string]int{"basic:1": 1},
			map[string]any{"small-follower": 7, "farmers": true}},
		"Inns & Cathedrals' tiles only": {boxOptions(false, false, game.PoolInns), map[string]int{"basic:1": 1, "inns-and-cathedrals:1": 1},
			map[string]any{"small-follower": 7, "farmers": true}},
		"rules:ic": {boxOptions(true, false, game.PoolInns), map[string]int{"basic:1": 1, "inns-and-cathedrals:1": 1},
			map[string]any{"small-follower": 7, "farmers": true, "big-follower": 1, "inn": true, "cathedral": true}},
		"rules:tb on the base tiles": {boxOptions(false, true, game.PoolBase), map[string]int{"basic:1": 1},
			map[string]any{"small-follower": 7, "farmers": true, "builder": 1, "pig": 1, "traders": true}},
		"rules:all": {boxOptions(true, true, game.PoolAll), map[string]int{"basic:1": 1, "inns-and-cathedrals:1": 1, "traders-and-builders:1": 1},
			map[string]any{"small-follower": 7, "farmers": true, "big-follower": 1, "inn": true, "cathedral": true, "builder": 1, "pig": 1, "traders": true}},
	} {
		s := game.Setup{Map: "classic", Players: []string{"Ann", "Bob"}, Seed: 5, Options: c.options}
		sg, err := Export(s, nil, Meta{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !maps.Equal(sg.Setup.Sets, c.sets) || fmt.Sprint(sg.Setup.Elements) != fmt.Sprint(c.elements) {
			t.Errorf("%s: sets %v, elements %v; want %v, %v", name, sg.Setup.Sets, sg.Setup.Elements, c.sets, c.elements)
		}
		if n := len(sg.GameAnnotations.DrawOrder) + len(sg.Setup.Start); n != c.options.PoolSize() {
			t.Errorf("%s: %d tiles in the draw order and on the table, the game deals %d", name, n, c.options.PoolSize())
		}
	}
}

// meepleIDs are JCloisterZone's ids of the pieces: seat, class, number (MeepleIdProvider).
var meepleIDs = regexp.MustCompile(`^(\d)\.(small|big|builder|pig)\.(\d+)$`)

// classOf is JCloisterZone's class of a kind of piece.
var classOf = map[game.PieceKind]string{game.PieceMeeple: "small", game.PieceBig: "big", game.PieceBuilder: "builder", game.PiecePig: "pig"}

// TestAGameWithTheExpansionsRulesIsWrittenPieceByPiece plays random classic games with rules:all
// and checks the saved game against the moves: every turn (a builder's second tile is one) is
// PLACE_TILE, then the piece (DEPLOY_MEEPLE of its class, on a feature it may hold) or PASS, then
// COMMIT; a builder into a feature the tile completed, which JCloisterZone refuses and which
// does nothing here, is a pass; and the game's pieces, double turns and goods all occur.
func TestAGameWithTheExpansionsRulesIsWrittenPieceByPiece(t *testing.T) {
	seen := map[string]int{}
	for seed := range uint64(30) {
		s := game.Setup{Map: "classic", Seed: seed + 1, Options: boxOptions(true, true, game.PoolAll),
			Players: []string{"A", "B", "C", "D", "E", "F"}[:2+seed%5]}
		moves, turns := randomGame(t, s)
		sg, err := Export(s, moves, Meta{})
		if err != nil {
			t.Fatalf("seed %d: %v", s.Seed, err)
		}
		g, err := game.NewGame(game.ClassicMap(), nil, s)
		if err != nil {
			t.Fatal(err)
		}
		replay, at := sg.Replay, 0
		next := func(want string) Message {
			t.Helper()
			if at >= len(replay) || replay[at].Type != want {
				t.Fatalf("seed %d, turn %d: message %d is not %s: %v", s.Seed, g.Turn, at, want, replay[at:min(at+3, len(replay))])
			}
			at++
			return replay[at-1]
		}
		lastPlayer := -1
		for _, mv := range moves {
			turn := g.Turn
			switch mv.Kind {
			case game.MovePlace:
				next("PLACE_TILE")
				if g.BuilderTile() {
					seen["double turn"]++
					if g.Current != lastPlayer {
						t.Fatalf("seed %d: a builder's second tile for %d after %d's tile", s.Seed, g.Current, lastPlayer)
					}
				}
				lastPlayer = g.Current
			case game.MoveMeeple:
				switch {
				case !jczOffersAPiece(g):
					seen["no piece offered"]++
				case mv.Spot == "none":
					next("PASS")
				case builderOnACompletedFeature(g, mv):
					next("PASS")
					seen["builder into a completed feature"]++
				default:
					d := next("DEPLOY_MEEPLE").Payload.(DeployMeeple)
					m := meepleIDs.FindStringSubmatch(d.MeepleID)
					if m == nil || m[1] != fmt.Sprint(g.Current) || m[2] != classOf[mv.Piece] {
						t.Fatalf("seed %d: %s of seat %d written as %q", s.Seed, mv.Piece.Name(), g.Current, d.MeepleID)
					}
					f := d.Pointer.Feature
					if mv.Piece == game.PieceBuilder && f != "Road" && f != "City" || mv.Piece == game.PiecePig && f != "Field" {
						t.Fatalf("seed %d: the %s on a %s", s.Seed, mv.Piece.Name(), f)
					}
					seen[classOf[mv.Piece]]++
				}
			}
			events, err := g.Apply(mv)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range events {
				if e.Kind == game.EventGoodsTaken {
					seen["goods"]++
				}
			}
			if g.Turn != turn || g.Over() {
				next("COMMIT")
			}
		}
		if at != len(replay) || len(turns) == 0 {
			t.Fatalf("seed %d: %d messages left over", s.Seed, len(replay)-at)
		}
		checkFile(t, sg)
	}
	for _, what := range []string{"small", "big", "builder", "pig", "double turn", "goods", "builder into a completed feature", "no piece offered"} {
		if seen[what] == 0 {
			t.Errorf("no %s in 30 games: the check saw nothing of it (%v)", what, seen)
		}
	}
}

// prefixes are the tile-id prefixes of JCloisterZone's tile sets.
var prefixes = map[string]string{"BA/": "basic:1", "IC/": "inns-and-cathedrals:1", "TB/": "traders-and-builders:1"}

// checkFile reads a saved game back as JSON and checks it has the shape of JCloisterZone's own
// saved games (its engine tests): the keys of the file and of each message, every tile of the
// draw order and of each PLACE_TILE from a set the setup names, and a clockwise R0..R270 rotation.
func checkFile(t *testing.T, sg *SavedGame) {
	t.Helper()
	data, err := json.Marshal(sg)
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]json.RawMessage
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"appVersion", "gameId", "name", "initialRandom", "clock", "setup", "players", "replay", "gameAnnotations"} {
		if _, ok := f[k]; !ok {
			t.Fatalf("the file has no %s", k)
		}
	}
	var file struct {
		Setup struct {
			Sets     map[string]int   `json:"sets"`
			Elements map[string]any   `json:"elements"`
			Rules    map[string]any   `json:"rules"`
			Start    []map[string]any `json:"start"`
		} `json:"setup"`
		Replay []struct {
			Type    string          `json:"type"`
			Payload json.RawMessage `json:"payload"`
			Player  *int            `json:"player"`
			Clock   *int            `json:"clock"`
		} `json:"replay"`
		GameAnnotations struct {
			DrawOrder []string `json:"drawOrder"`
		} `json:"gameAnnotations"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	inSets := func(id string) bool {
		for p, set := range prefixes {
			if strings.HasPrefix(id, p) {
				return file.Setup.Sets[set] == 1
			}
		}
		return false
	}
	for _, id := range file.GameAnnotations.DrawOrder {
		if !inSets(id) {
			t.Fatalf("draw order: %s is in no set of %v", id, file.Setup.Sets)
		}
	}
	for i, m := range file.Replay {
		if m.Player == nil || m.Clock == nil {
			t.Fatalf("message %d (%s) lacks player or clock", i, m.Type)
		}
		switch m.Type {
		case "PLACE_TILE":
			var p struct {
				TileID   string `json:"tileId"`
				Rotation string `json:"rotation"`
				Position []int  `json:"position"`
			}
			if err := json.Unmarshal(m.Payload, &p); err != nil || !inSets(p.TileID) || !slices.Contains([]string{"R0", "R90", "R180", "R270"}, p.Rotation) || len(p.Position) != 2 {
				t.Fatalf("message %d: PLACE_TILE %s", i, m.Payload)
			}
		case "DEPLOY_MEEPLE":
			var p struct {
				Pointer struct {
					Position []int  `json:"position"`
					Feature  string `json:"feature"`
					Location string `json:"location"`
				} `json:"pointer"`
				MeepleID string `json:"meepleId"`
			}
			if err := json.Unmarshal(m.Payload, &p); err != nil || len(p.Pointer.Position) != 2 || p.Pointer.Location == "" ||
				!slices.Contains([]string{"City", "Road", "Field", "Monastery"}, p.Pointer.Feature) || !meepleIDs.MatchString(p.MeepleID) {
				t.Fatalf("message %d: DEPLOY_MEEPLE %s", i, m.Payload)
			}
		case "PASS", "COMMIT":
		default:
			t.Fatalf("message %d: JCloisterZone's replay of these rules has no message %s", i, m.Type)
		}
	}
}

// TestAnEnclosedFieldIsTheInnerOne: a field closed in by cities (Inns & Cathedrals' four cities,
// Traders & Builders' cloth city) touches no edge; JCloisterZone names it the inner field, I.
func TestAnEnclosedFieldIsTheInnerOne(t *testing.T) {
	for _, id := range []string{"IC-H", "TB-M", "TB-N", "TB-P", "TB-X"} {
		face, found := tile(t, id).Face(0), false
		for i, ft := range face.Features {
			if !ft.Enclosed() {
				continue
			}
			found = true
			if feature, loc, err := location(face, i); err != nil || feature != "Field" || loc != "I" {
				t.Errorf("%s: the enclosed field is %s %s (%v), want Field I", id, feature, loc, err)
			}
		}
		if !found {
			t.Errorf("%s has no enclosed field", id)
		}
	}
}
