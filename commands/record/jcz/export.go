package jcz

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// ErrUnsupported reports a game JCloisterZone cannot replay exactly: another map than the classic
// table, other tiles than the base game's, or a move JCloisterZone has no equivalent for.
var ErrUnsupported = errors.New("JCloisterZone cannot replay this game exactly")

// Meta is what a saved game says about the game besides its moves. Created is when the file is
// written (JCloisterZone's client stamps its saves so and never reads the stamp); zero leaves it out.
type Meta struct {
	GameID  string
	Name    string
	Created time.Time
}

// Export writes a game of the classic table, from its deal and its moves, as a JCloisterZone
// saved game. The deal must be the full one (a finished or abandoned game's), since the saved
// game forces JCloisterZone to draw the same tiles in the same order: the whole stack, the tiles
// still face down included, so that an abandoned game can be played on there.
func Export(s game.Setup, moves []game.Move, meta Meta) (*SavedGame, error) {
	m := game.ClassicMap()
	if s.Map != m.ID {
		return nil, fmt.Errorf("%w: it is played on %s; only games of the %s table are written (JCloisterZone has no printed maps)", ErrUnsupported, s.Map, m.ID)
	}
	if o := s.Options; o.IC() || o.TB() {
		// JCloisterZone plays both boxes, but the big meeple, builder, pig and goods are not
		// written yet: writing them as meeples would give it another game.
		return nil, fmt.Errorf("%w: it plays the expansions' own rules (rules:ic, rules:tb), which this export does not write yet", ErrUnsupported)
	}
	g, err := game.NewGame(m, nil, s)
	if err != nil {
		return nil, fmt.Errorf("the deal: %w", err)
	}
	starts, order := g.Placed(), draws(g)
	if n := len(starts) + len(order); n != 72 || slices.ContainsFunc(order, notBase) || slices.ContainsFunc(starts, startNotBase) {
		return nil, fmt.Errorf("%w: it is dealt %d tiles (tile pool %s); JCloisterZone's base game is exactly the 72 base tiles", ErrUnsupported, n, s.Options.Pool)
	}
	if len(starts) != 1 {
		return nil, fmt.Errorf("%w: the table starts with %d tiles, not one start tile", ErrUnsupported, len(starts))
	}
	drawOrder := make([]string, len(order))
	for i, t := range order {
		drawOrder[i] = tileIDs[t]
	}
	w := writer{g: g, origin: starts[0].Square, onMap: make([][]bool, len(g.Players)), on: map[meepleKey]int{}}
	sg := &SavedGame{
		AppVersion: AppVersion, GameID: meta.GameID, Name: meta.Name,
		Setup: Setup{
			Sets:     map[string]int{"basic:1": 1},
			Elements: map[string]any{"small-follower": g.Players[0].Meeples, "farmers": true},
			Rules:    map[string]any{"tiny-city-scoring": "4"},
			Start:    []StartTile{{Tile: tileIDs[starts[0].Tile], Rotation: starts[0].Rotation.Degrees()}},
		},
		GameAnnotations: GameAnnotations{DrawOrder: drawOrder},
		Replay:          []Message{},
	}
	if !meta.Created.IsZero() {
		sg.Created = meta.Created.UTC().Format("2006-01-02T15:04:05.000Z")
	}
	for i, p := range g.Players {
		sg.Players = append(sg.Players, Player{Name: p.Name, Slot: i})
		w.onMap[i] = make([]bool, p.Meeples)
	}
	for n, mv := range moves {
		msgs, err := w.move(mv)
		if err != nil {
			return nil, fmt.Errorf("move %d (turn %d, %s): %w", n+1, g.Turn, g.Players[g.Current].Name, err)
		}
		sg.Replay = append(sg.Replay, msgs...)
	}
	return sg, nil
}

// draws lists the tiles of a game that has not begun in the order it draws them: the ones drawn
// before the first turn (discarded ones first), then the face-down stack from its top.
func draws(g *game.Game) []game.TileID {
	out := slices.Clone(g.Discarded)
	if g.HasDrawn() {
		out = append(out, g.Drawn)
	}
	for _, t := range slices.Backward(g.Deck) {
		out = append(out, t)
	}
	return out
}

func notBase(t game.TileID) bool {
	_, ok := tileIDs[t]
	return !ok
}

func startNotBase(t game.PlacedTile) bool { return notBase(t.Tile) }

// writer turns the game's moves into JCloisterZone messages as it replays them.
type writer struct {
	g      *game.Game
	origin game.Square
	// placed is the face of the tile placed this turn and its position.
	placed   *game.Face
	position [2]int
	// onMap[p][k] is true while player p's meeple k+1 is on the map; on maps a meeple on the map
	// (player, square, spot) to its k.
	onMap [][]bool
	on    map[meepleKey]int
}

type meepleKey struct {
	player int
	square game.Square
	spot   string
}

func (w *writer) move(mv game.Move) ([]Message, error) {
	g := w.g
	turn, player := g.Turn, g.Current
	var msgs []Message
	switch mv.Kind {
	case game.MovePlace:
		w.placed = g.Drawn.Type().Face(mv.Rotation)
		w.position = [2]int{mv.Square.Col() - w.origin.Col(), mv.Square.Row() - w.origin.Row()}
		msgs = append(msgs, Message{Type: "PLACE_TILE", Player: player, Payload: PlaceTile{
			TileID: tileIDs[g.Drawn], Rotation: "R" + strconv.Itoa(mv.Rotation.Degrees()), Position: w.position}})
	case game.MoveMeeple:
		if mv.Spot == "none" {
			msgs = append(msgs, Message{Type: "PASS", Player: player, Payload: struct{}{}})
			break
		}
		i, ok := w.placed.SpotFeature(mv.Spot)
		if !ok {
			return nil, fmt.Errorf("%q is not a spot of the tile placed", mv.Spot)
		}
		feature, loc, err := location(w.placed, i)
		if err != nil {
			return nil, err
		}
		k := slices.Index(w.onMap[player], false)
		if k < 0 {
			return nil, errors.New("a meeple is placed while all of them are on the map")
		}
		msgs = append(msgs, Message{Type: "DEPLOY_MEEPLE", Player: player, Payload: DeployMeeple{
			Pointer:  Pointer{Position: w.position, Feature: feature, Location: loc},
			MeepleID: fmt.Sprintf("%d.small.%d", player, k+1)}})
	default:
		return nil, fmt.Errorf("%w: a %s move has no JCloisterZone equivalent", ErrUnsupported, mv.Kind)
	}
	events, err := g.Apply(mv)
	if err != nil {
		return nil, fmt.Errorf("the move does not replay: %w", err)
	}
	w.track(events)
	if g.Turn != turn || g.Over() {
		msgs = append(msgs, Message{Type: "COMMIT", Player: player, Payload: Commit{}})
	}
	return msgs, nil
}

// track numbers the meeples as JCloisterZone does: a meeple placed takes the lowest number free
// in its owner's supply, and a meeple returned frees its number.
func (w *writer) track(events []game.Event) {
	for _, e := range events {
		k := meepleKey{e.Player, e.Square, e.Spot}
		switch e.Kind {
		case game.EventMeeplePlaced:
			n := slices.Index(w.onMap[e.Player], false)
			w.onMap[e.Player][n] = true
			w.on[k] = n
		case game.EventMeepleReturned:
			if n, ok := w.on[k]; ok {
				w.onMap[e.Player][n] = false
				delete(w.on, k)
			}
		}
	}
}
