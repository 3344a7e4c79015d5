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
// table, a deal that is not whole tile sets (the base game, with or without each expansion), or a
// move JCloisterZone has no equivalent for.
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
// still face down included, so that an abandoned game can be played on there. The expansions'
// rules (rules:ic, rules:tb) are JCloisterZone's elements of the same names: the big follower,
// inns and cathedrals; the builder, the pig and the trade goods.
func Export(s game.Setup, moves []game.Move, meta Meta) (*SavedGame, error) {
	m := game.ClassicMap()
	if s.Map != m.ID {
		return nil, fmt.Errorf("%w: it is played on %s; only games of the %s table are written (JCloisterZone has no printed maps)", ErrUnsupported, s.Map, m.ID)
	}
	g, err := game.NewGame(m, nil, s)
	if err != nil {
		return nil, fmt.Errorf("the deal: %w", err)
	}
	starts, order := g.Placed(), draws(g)
	sets, err := dealtSets(starts, order)
	if err != nil {
		return nil, fmt.Errorf("%w: it is dealt %d tiles (tile pool %s): %v", ErrUnsupported, len(starts)+len(order), s.Options.Pool, err)
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
			Sets:     sets,
			Elements: elements(s.Options, g.Players[0].Meeples),
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

// dealtSets names the JCloisterZone tile sets a deal is made of. JCloisterZone builds its stack
// from whole sets, so the deal must hold every tile of the base game and, of each expansion,
// every tile or none (the tiles: counts between draw part of an expansion at random).
func dealtSets(starts []game.PlacedTile, order []game.TileID) (map[string]int, error) {
	dealt := map[game.TileID]int{}
	for _, t := range starts {
		dealt[t.Tile]++
	}
	for _, t := range order {
		dealt[t]++
	}
	full, some := map[string]bool{}, map[string]bool{}
	for _, t := range game.Tiles().Types {
		set := t.Set
		if _, ok := tileSets[set]; !ok {
			if dealt[t.Index] > 0 {
				return nil, fmt.Errorf("tile %s has no JCloisterZone equivalent", t.ID)
			}
			continue
		}
		if _, seen := full[set]; !seen {
			full[set] = true
		}
		full[set] = full[set] && dealt[t.Index] == t.Count
		some[set] = some[set] || dealt[t.Index] > 0
	}
	out := map[string]int{}
	for set, jcz := range tileSets {
		switch {
		case full[set]:
			out[jcz] = 1
		case set == "base" || some[set]:
			return nil, fmt.Errorf("JCloisterZone deals whole tile sets: the base game's 72 tiles and all or none of each expansion's, and this deal holds part of the set %s", set)
		}
	}
	return out, nil
}

// elements are JCloisterZone's figures and rules of a table: the meeples in supply and farmers,
// and the expansions' rules each as JCloisterZone names them (game/RULES.md).
func elements(o game.Options, meeples int) map[string]any {
	out := map[string]any{"small-follower": meeples, "farmers": true}
	if o.IC() || o.InnsCathedralsScoring {
		// Inns and cathedrals score as in R3.1 with the box's rules or the scoring flag alone.
		out["inn"], out["cathedral"] = true, true
	}
	if o.IC() {
		out["big-follower"] = 1
	}
	if o.TB() {
		out["builder"], out["pig"], out["traders"] = 1, 1, true
	}
	return out
}

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
		if !jczOffersAPiece(g) {
			// JCloisterZone skips a turn's action phase that offers nothing (see jczOffersAPiece).
			break
		}
		if mv.Spot == "none" || builderOnACompletedFeature(g, mv) {
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
		id, err := w.meepleID(player, mv.Piece)
		if err != nil {
			return nil, err
		}
		msgs = append(msgs, Message{Type: "DEPLOY_MEEPLE", Player: player, Payload: DeployMeeple{
			Pointer: Pointer{Position: w.position, Feature: feature, Location: loc}, MeepleID: id}})
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

// meepleID is JCloisterZone's id of the piece of kind k player p puts on the map: its seat, its
// class (small, big, builder, pig) and its number among the player's pieces of that class.
// Players have one big follower, builder and pig each.
func (w *writer) meepleID(p int, k game.PieceKind) (string, error) {
	switch k {
	case game.PieceBig:
		return fmt.Sprintf("%d.big.1", p), nil
	case game.PieceBuilder, game.PiecePig:
		return fmt.Sprintf("%d.%s.1", p, k), nil
	}
	n := slices.Index(w.onMap[p], false)
	if n < 0 {
		return "", errors.New("a meeple is placed while all of them are on the map")
	}
	return fmt.Sprintf("%d.small.%d", p, n+1), nil
}

// builderOnACompletedFeature reports whether mv puts a builder into a road or city the tile just
// completed. JCloisterZone refuses that deployment ("Feature is completed"); here the builder goes
// home when the feature scores at the end of the turn, having done nothing, so JCloisterZone's
// pass is the same game.
func builderOnACompletedFeature(g *game.Game, mv game.Move) bool {
	return mv.Piece == game.PieceBuilder && g.SpotNotes()[mv.Spot].Complete
}

// jczOffersAPiece reports whether JCloisterZone offers the player any piece on the tile just
// placed: every piece this game offers, but a builder into a completed feature.
func jczOffersAPiece(g *game.Game) bool {
	notes := g.SpotNotes()
	for _, c := range g.PieceChoices() {
		if c.Kind != game.PieceBuilder || !notes[c.Spot].Complete {
			return true
		}
	}
	return false
}

// track numbers the meeples as JCloisterZone does: a meeple placed takes the lowest number free
// in its owner's supply, and a meeple returned frees its number.
func (w *writer) track(events []game.Event) {
	for _, e := range events {
		if e.Piece != game.PieceMeeple {
			continue // one piece of each other kind: its id never changes
		}
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
