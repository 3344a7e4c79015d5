package jcz

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// The conformance check runs JCloisterZone's own engine on the saved games this package writes.
// It needs a JCloisterZone engine and the client's tile definitions, which CI does not have, so it
// runs only when both are given (the tile definitions of the base game and both expansions, comma
// separated):
//
//	go test ./game/record/jcz -run TestJCloisterZoneReplaysOurGames -jcz.engine "java -cp CLASSPATH com.jcloisterzone.engine.Engine" -jcz.tiles PATH/expansions/basic.xml,PATH/expansions/inns_and_cathedrals.xml,PATH/expansions/traders_and_builders.xml -jcz.games 200
var (
	engineCmd = flag.String("jcz.engine", "", "command that starts a JCloisterZone engine on stdin/stdout")
	tilesXML  = flag.String("jcz.tiles", "", "JCloisterZone's tile definitions, comma separated: the client's expansions/basic.xml, inns_and_cathedrals.xml and traders_and_builders.xml")
	games     = flag.Int("jcz.games", 20, "games to check against the engine")
)

// TestJCloisterZoneReplaysOurGames plays random classic games, with the base game and with both
// expansions' tiles and rules (rules:all), writes each as a saved game, feeds it to
// JCloisterZone's engine the way its client does, and checks that the engine accepts every
// message and that every player's score agrees with ours after every turn and at the end.
func TestJCloisterZoneReplaysOurGames(t *testing.T) {
	if *engineCmd == "" || *tilesXML == "" {
		t.Skip("needs -jcz.engine and -jcz.tiles (see the comment above this test)")
	}
	for i := range 2 * *games {
		s := game.Setup{Map: "classic", Seed: uint64(i/2 + 1), Options: game.DefaultOptions()}
		if i%2 == 1 {
			s.Options = boxOptions(true, true, game.PoolAll)
		}
		s.Players = []string{"Ann", "Bob", "Cid", "Dee", "Eve", "Fay"}[:2+i/2%5]
		moves, turns := randomGame(t, s)
		sg, err := Export(s, moves, Meta{GameID: fmt.Sprint(i), Created: time.Unix(0, 0)})
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		data, err := json.Marshal(sg)
		if err != nil {
			t.Fatal(err)
		}
		got, err := runEngine(data)
		if err != nil {
			t.Fatalf("game %d (seed %d, %d players): %v", i, s.Seed, len(s.Players), err)
		}
		if len(got) != len(turns) {
			t.Fatalf("game %d: JCloisterZone reported %d turns, we played %d", i, len(got), len(turns))
		}
		for k := range turns {
			if !slices.Equal(got[k].points, turns[k]) {
				t.Fatalf("game %d, turn %d: JCloisterZone scores %v, we score %v", i, k+1, got[k].points, turns[k])
			}
		}
		if last := got[len(got)-1]; last.phase != "GameOverPhase" {
			t.Fatalf("game %d: JCloisterZone is in %s after the last turn, not over", i, last.phase)
		}
		t.Logf("game %d (seed %d, %d players, tiles %s, rules ic %v tb %v): JCloisterZone agrees on all %d turns",
			i, s.Seed, len(s.Players), s.Options.Pool, s.Options.IC(), s.Options.TB(), len(turns))
	}
}

// randomGame plays a classic game with random legal moves, returning the moves and every
// player's score after each turn (the last entry is after the final scoring).
func randomGame(t *testing.T, s game.Setup) ([]game.Move, [][]int) {
	g, err := game.NewGame(game.ClassicMap(), nil, s)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRNG(s.Seed * 7919)
	var moves []game.Move
	var turns [][]int
	var buf []game.Placement
	for !g.Over() {
		var m game.Move
		m, buf = g.RandomMove(&rng, buf)
		turn := g.Turn
		if err := g.Play(m); err != nil {
			t.Fatalf("seed %d: %v", s.Seed, err)
		}
		moves = append(moves, m)
		if g.Turn != turn || g.Over() {
			var scores []int
			for _, p := range g.Players {
				scores = append(scores, p.Score)
			}
			turns = append(turns, scores)
		}
	}
	return moves, turns
}

type engineState struct {
	points []int
	phase  string
}

// runEngine feeds a saved game file to the engine as JCloisterZone's client does when it loads
// one (the tile definitions, GAME_SETUP with the draw order as a forced tile pack, then the
// replay), asking for the state after every COMMIT.
func runEngine(file []byte) ([]engineState, error) {
	var sg struct {
		InitialRandom float64 `json:"initialRandom"`
		Setup         struct {
			Sets, Elements, Rules, Start any
		} `json:"setup"`
		Players         []any `json:"players"`
		Replay          []struct{ Type, Payload any }
		GameAnnotations struct {
			DrawOrder []string `json:"drawOrder"`
		} `json:"gameAnnotations"`
	}
	if err := json.Unmarshal(file, &sg); err != nil {
		return nil, err
	}
	var in bytes.Buffer
	for _, f := range strings.Split(*tilesXML, ",") {
		fmt.Fprintf(&in, "%%load %s\n", strings.TrimSpace(f))
	}
	in.WriteString("%bulk on\n")
	setup := map[string]any{"type": "GAME_SETUP", "payload": map[string]any{
		"sets": sg.Setup.Sets, "elements": sg.Setup.Elements, "rules": sg.Setup.Rules, "start": sg.Setup.Start,
		"players": len(sg.Players), "initialRandom": sg.InitialRandom,
		"gameAnnotations": map[string]any{"tilePack": map[string]any{
			"className": "com.jcloisterzone.debug.ForcedDrawTilePack",
			"params":    map[string]any{"drawOrder": sg.GameAnnotations.DrawOrder}}},
	}}
	if err := writeJSON(&in, setup); err != nil {
		return nil, err
	}
	for _, m := range sg.Replay {
		if err := writeJSON(&in, map[string]any{"type": m.Type, "payload": m.Payload}); err != nil {
			return nil, err
		}
		if m.Type == "COMMIT" {
			in.WriteString("%state\n")
		}
	}
	args := strings.Fields(*engineCmd)
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("engine: %v: %s", err, tail(stderr.String()))
	}
	var states []engineState
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		if !bytes.HasPrefix(sc.Bytes(), []byte("{")) {
			continue
		}
		var st struct {
			Players []struct {
				Points int `json:"points"`
			} `json:"players"`
			Phase string `json:"phase"`
		}
		if err := json.Unmarshal(sc.Bytes(), &st); err != nil {
			return nil, err
		}
		es := engineState{phase: st.Phase}
		for _, p := range st.Players {
			es.points = append(es.points, p.Points)
		}
		states = append(states, es)
	}
	if s := stderr.String(); strings.Contains(s, "Exception") {
		return states, fmt.Errorf("engine refused a message after %d turns: %s", len(states), tail(s))
	}
	return states, sc.Err()
}

func writeJSON(b *bytes.Buffer, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b.Write(data)
	b.WriteByte('\n')
	return nil
}

func tail(s string) string {
	if len(s) > 2000 {
		return s[:2000]
	}
	return s
}
