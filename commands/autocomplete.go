package commands

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// MaxChoices is Discord's limit of autocomplete and select entries.
const MaxChoices = 25

// Autocomplete offers the legal values of the focused option, given the options typed so far:
// squares for the drawn tile (nearest to the last move first), then rotations for that square,
// then meeple spots for that placement, then chip actions. Entries are filtered by what is typed.
func Autocomplete(t *table.Table, in Input, focused string) []Choice {
	typed := strings.TrimSpace(in.Options[focused])
	var all []Choice
	switch {
	case in.Command == "carc" && focused == "map":
		for _, e := range variants.All(false) {
			all = append(all, Choice{Name: in.own().T("ac_map", lang.A{"Map": mapTitle(in.own(), e), "Count": e.Map.DefaultTiles}), Value: e.ID})
		}
	case (in.Command == "carc" || in.Command == "table") && focused == "rules":
		all = ruleChoices(in.own(), t, in)
	case (in.Command == "carc" || in.Command == "table") && focused == "player" && t != nil:
		for _, u := range t.Seats {
			all = append(all, Choice{Name: u.Name, Value: u.ID})
		}
	case t == nil || t.Status != table.Playing:
		return nil
	default:
		if hint, ok := turnHint(in.own(), t, in.User); !ok {
			return []Choice{{Name: hint, Value: "-"}}
		}
		all = turnChoices(t, in, focused)
	}
	return filter(all, typed)
}

// turnHint is the entry shown to someone who cannot play now.
func turnHint(p *lang.Printer, t *table.Table, u table.User) (string, bool) {
	seat := t.Seat(u.ID)
	if seat < 0 {
		return p.T("ac_not_seated", nil), false
	}
	if seat != t.Game.Current {
		return p.T("ac_not_your_turn", lang.A{"Player": lang.Name(t.SeatName(t.Game.Current))}), false
	}
	return "", true
}

func turnChoices(t *table.Table, in Input, focused string) []Choice {
	g := t.Game
	switch in.Command {
	case "place":
		if g.Phase == game.PhaseSource {
			c, choices, done := sourceChoices(t, in, focused)
			if done {
				return choices
			}
			t, g = c, c.Game
		}
		if g.Phase != game.PhasePlace {
			return nil
		}
		switch focused {
		case "square":
			return squareChoices(in.own(), t)
		case "rotation":
			return rotationChoices(in.own(), t, in.Options["square"])
		}
		p, ok := typedPlacement(t, in)
		if !ok {
			return nil
		}
		after := g.Clone()
		// A preview must not turn over a face-down chip: the chip is taken off the copy, so the
		// choices offered depend only on what the player knows. An action that uses the chip this
		// placement collects can still be typed; it is judged once the chip is turned over.
		if i, ok := after.ChipOn(p.Square); ok && !after.MapChips[i].FaceUp {
			after.TakeChip(i)
		}
		if after.Play(game.Move{Kind: game.MovePlace, Player: g.Current, Square: p.Square, Rotation: p.Rotation}) != nil {
			return nil
		}
		if focused == "meeple" || focused == "kind" {
			if text := in.Options["chips"]; text != "" {
				if acts, err := parseActions(text); err == nil {
					for _, a := range acts {
						_ = after.Play(game.Move{Kind: game.MoveAction, Player: g.Current, Action: &a})
					}
				}
			}
			if focused == "kind" {
				return kindChoices(in.own(), after, in.Options["meeple"])
			}
			return pieceChoices(in.own(), after, in.Options["kind"])
		}
		if focused == "chips" {
			return actionChoices(in.own(), after)
		}
		for _, spec := range t.Entry().Actions {
			if spec.Shortcut == focused {
				if spec.Step == game.StepFinish && after.Phase == game.PhaseMeeple {
					// The action comes after the meeple: offer what the meeple typed so far (or
					// none) leaves open.
					spot, err := ParseSpot(in.Options["meeple"])
					if err != nil || in.Options["meeple"] == "" {
						spot = "none"
					}
					if after.Play(game.Move{Kind: game.MoveMeeple, Player: g.Current, Spot: spot}) != nil {
						return nil
					}
				}
				return shortcutChoices(in.own(), after, spec)
			}
		}
	case "meeple":
		if focused == "spot" && g.Phase == game.PhaseMeeple {
			return pieceChoices(in.own(), g, in.Options["kind"])
		}
		if focused == "kind" && g.Phase == game.PhaseMeeple {
			return kindChoices(in.own(), g, in.Options["spot"])
		}
	case "chips":
		return actionOptionChoices(in.own(), g, in, focused)
	}
	return nil
}

// sourceChoices are /place's choices while the tile's source is chosen (an island tile instead
// of the draw): the values of the source action's shortcut and its options (done), or else the
// table after the action typed so far, against whose tile the rest is offered. Nothing is offered
// (done) before a source is typed or when it cannot be taken.
func sourceChoices(t *table.Table, in Input, focused string) (after *table.Table, choices []Choice, done bool) {
	g := t.Game
	for _, spec := range t.Entry().Actions {
		if spec.Step != game.StepSource || spec.Shortcut == "" || len(spec.Options) == 0 {
			continue
		}
		if focused == spec.Shortcut {
			return nil, shortcutChoices(in.own(), g, spec), true
		}
		if slices.Contains(spec.ShortcutOptions, focused) {
			typed := Input{Sub: spec.Name, Options: map[string]string{spec.Options[0].Name: in.Options[spec.Shortcut], focused: in.Options[focused]}}
			return nil, actionOptionChoices(in.own(), g, typed, focused), true
		}
	}
	actions, err := placeActions(t, in)
	if err != nil {
		return nil, nil, true
	}
	c := t.Clone()
	taken := false
	for _, a := range actions {
		if spec, err := actionSpec(c, a.Name); err != nil || spec.Step != game.StepSource {
			continue
		}
		legal, err := resolveAction(c, a)
		if err != nil || c.Game.Play(game.Move{Kind: game.MoveAction, Player: c.Game.Current, Action: &legal}) != nil {
			return nil, nil, true
		}
		taken = true
	}
	if !taken {
		return nil, nil, true
	}
	return c, nil, false
}

// shortcutChoices are the values of a /place option that stands for a chip action: the first
// option of each legal such action, or yes.
func shortcutChoices(p *lang.Printer, g *game.Game, spec game.ActionSpec) []Choice {
	var out []Choice
	seen := map[string]bool{}
	for _, a := range g.LegalActions() {
		if a.Name != spec.Name {
			continue
		}
		v := "yes"
		if len(spec.Options) > 0 {
			v = a.Args[spec.Options[0].Name]
		}
		if !seen[v] {
			seen[v] = true
			out = append(out, Choice{Name: fitIn(p, a, 100), Value: v})
		}
	}
	return out
}

// typedPlacement reads the square and rotation typed so far; the rotation may be left out when
// only one fits.
func typedPlacement(t *table.Table, in Input) (game.Placement, bool) {
	g := t.Game
	sq, err := readSquare(t, in.Options["square"])
	if err != nil {
		return game.Placement{}, false
	}
	rots := g.LegalRotations(g.Drawn, sq)
	if r, ok := in.Options["rotation"]; ok && r != "" {
		rot, err := readRotation(t, r)
		if err != nil {
			return game.Placement{}, false
		}
		return game.Placement{Square: sq, Rotation: rot}, g.CheckPlacement(g.Drawn, sq, rot) == nil
	}
	if len(rots) == 0 {
		return game.Placement{}, false
	}
	return game.Placement{Square: sq, Rotation: rots[0]}, true
}

// squareChoices lists the legal squares of the drawn tile, nearest to the last move first.
func squareChoices(p *lang.Printer, t *table.Table) []Choice {
	g := t.Game
	placements := g.LegalPlacements(g.Drawn)
	rots := map[game.Square][]game.Rotation{}
	var squares []game.Square
	for _, p := range placements {
		if _, ok := rots[p.Square]; !ok {
			squares = append(squares, p.Square)
		}
		rots[p.Square] = append(rots[p.Square], p.Rotation)
	}
	ref := lastMove(g)
	sort.Slice(squares, func(i, j int) bool {
		di, dj := distance(squares[i], ref), distance(squares[j], ref)
		if di != dj {
			return di < dj
		}
		return squares[i] < squares[j]
	})
	out := make([]Choice, 0, len(squares))
	for _, s := range squares {
		out = append(out, Choice{Name: fmt.Sprintf("%s: %s, %s", s, rotationList(rots[s]), squareNote(p, g, s)), Value: s.String()})
	}
	return out
}

// lastMove is the square of the last placed tile, or the first initial tile.
func lastMove(g *game.Game) game.Square {
	placed := g.Placed()
	return placed[len(placed)-1].Square
}

func distance(a, b game.Square) int {
	dc, dr := a.Col()-b.Col(), a.Row()-b.Row()
	if dc < 0 {
		dc = -dc
	}
	if dr < 0 {
		dr = -dr
	}
	return max(dc, dr)*100 + dc + dr
}

// squareNote says what a square offers, from its neighbours and its prints.
func squareNote(p *lang.Printer, g *game.Game, s game.Square) string {
	var notes []string
	info := g.Map.Info(s)
	for d := game.Dir(0); d < 4; d++ {
		n, _ := s.Step(d)
		if f, ok := g.Face(n); ok && info.Sides[d] != game.SideBorder {
			switch f.Edges[d.Opposite()] {
			case game.City:
				notes = append(notes, p.T("ac_city_at", lang.A{"Square": n.String()}))
			case game.Road:
				notes = append(notes, p.T("ac_road_at", lang.A{"Square": n.String()}))
			}
		}
		switch info.Border[d] {
		case game.BorderRoad:
			notes = append(notes, p.T("ac_border_road", nil))
		case game.BorderCity:
			notes = append(notes, p.T("ac_border_city", nil))
		}
	}
	if _, ok := g.ChipOn(s); ok {
		notes = append(notes, p.T("ac_chip", nil))
	}
	if info.Town >= 0 {
		town := g.Map.Towns[info.Town]
		if town.Color != "" {
			notes = append(notes, p.T("ac_town_grapes", lang.A{"Town": placeName(p, town.Name), "Color": known(p, "colour_"+town.Color, town.Color)}))
		} else {
			notes = append(notes, p.T("ac_town", lang.A{"Town": placeName(p, town.Name)}))
		}
	}
	if len(notes) == 0 {
		return p.T("ac_next_to_fields", nil)
	}
	return join(p, notes)
}

func rotationChoices(p *lang.Printer, t *table.Table, square string) []Choice {
	g := t.Game
	sq, err := readSquare(t, square)
	var rots []game.Rotation
	if err == nil {
		rots = g.LegalRotations(g.Drawn, sq)
	}
	if len(rots) == 0 {
		seen := map[game.Rotation]bool{}
		for _, p := range g.LegalPlacements(g.Drawn) {
			seen[p.Rotation] = true
		}
		var out []Choice
		for r := game.Rotation(0); r < 4; r++ {
			if seen[r] {
				out = append(out, Choice{Name: p.T("ac_rotation_first", lang.A{"Rotation": r.String()}), Value: r.String()})
			}
		}
		return out
	}
	var out []Choice
	for _, r := range rots {
		out = append(out, Choice{Name: fmt.Sprintf("%s %s°: %s", sq, r, describePlacement(p, g, game.Placement{Square: sq, Rotation: r})), Value: r.String()})
	}
	return out
}

// describePlacement is a short label: "completes the city E6-F7 (3 tiles), extends the road F7-G7".
func describePlacement(pr *lang.Printer, g *game.Game, p game.Placement) string {
	var parts []string
	for _, n := range g.Preview(g.Drawn, p) {
		where := n.From.String()
		if n.To != n.From {
			where += "-" + n.To.String()
		}
		switch {
		case n.Complete:
			parts = append(parts, pr.T("ac_completes", lang.A{"Feature": featureIn(pr, n.Kind.String()), "Where": where})+ownersNote(g, n))
		case n.Extends:
			parts = append(parts, pr.T("ac_extends", lang.A{"Feature": featureIn(pr, n.Kind.String()), "Where": where})+ownersNote(g, n))
		}
	}
	if len(parts) == 0 {
		return pr.T("ac_new_features", nil)
	}
	return join(pr, parts)
}

func ownersNote(g *game.Game, n game.FeatureNote) string {
	if len(n.Owners) == 0 {
		return ""
	}
	var names []string
	for p := range g.Players {
		if n.Owners[p] > 0 {
			names = append(names, g.Players[p].Name)
		}
	}
	return " (" + strings.Join(names, ", ") + ")"
}

// spotChoices are the legal meeple spots after a placement, and none.
func spotChoices(p *lang.Printer, g *game.Game) []Choice {
	notes := g.SpotNotes()
	var out []Choice
	for i, s := range g.MeepleSpots() {
		n := notes[s]
		what := featureIn(p, n.Kind.String())
		switch {
		case n.Kind == game.FieldFeature:
			what = p.T("ac_farmer", nil)
		case n.Kind != game.CloisterFeature && n.Complete:
			what = p.N("ac_feature_complete", n.Tiles, lang.A{"Feature": what})
		case n.Kind != game.CloisterFeature:
			what = p.N("ac_feature_tiles", n.Tiles, lang.A{"Feature": what})
		}
		label := fmt.Sprintf("%d %s: %s", i+1, s, what)
		out = append(out, Choice{Name: label, Value: s})
	}
	return append(out, Choice{Name: p.T("ac_no_meeple", nil), Value: "none"})
}

// pieceChoices are spotChoices with the expansions' pieces: after the meeple's spots, each other
// piece the player may place, on each of its legal spots ("builder road:E"). A kind typed in
// kind: keeps only that kind's spots. The pieces are named in the reader's words.
func pieceChoices(p *lang.Printer, g *game.Game, kindTyped string) []Choice {
	kind, err := game.ParsePieceKind(kindTyped)
	if strings.TrimSpace(kindTyped) != "" && err == nil {
		var out []Choice
		for _, s := range g.PieceSpots(kind) {
			out = append(out, Choice{Name: pieceOnSpot(p, kind, s), Value: s})
		}
		return append(out, Choice{Name: p.T("ac_no_piece", nil), Value: "none"})
	}
	out := spotChoices(p, g)
	none := out[len(out)-1]
	out = out[:len(out)-1]
	for _, c := range g.PieceChoices() {
		if c.Kind != game.PieceMeeple {
			out = append(out, Choice{Name: pieceOnSpot(p, c.Kind, c.Spot), Value: pieceSpot(c.Kind, c.Spot)})
		}
	}
	return append(out, none)
}

// kindChoices are the kinds of piece the player may place now (on the spot typed, if any).
func kindChoices(p *lang.Printer, g *game.Game, spotTyped string) []Choice {
	spot, err := ParseSpot(spotTyped)
	var out []Choice
	for _, k := range g.Opts.KindsOffered() {
		spots := g.PieceSpots(k)
		if len(spots) == 0 || err == nil && !slices.Contains(spots, spot) {
			continue
		}
		out = append(out, Choice{Name: pieceNameIn(p, k), Value: k.String()})
	}
	return out
}

// actionChoices are the chip actions legal now, as one option value each.
func actionChoices(p *lang.Printer, g *game.Game) []Choice {
	var out []Choice
	for _, a := range g.LegalActions() {
		out = append(out, Choice{Name: fitIn(p, a, 100), Value: a.Action.String()})
	}
	return out
}

// actionOptionChoices offers the values of one option of /chips <action>, keeping only values of
// legal actions that agree with the options already typed.
func actionOptionChoices(p *lang.Printer, g *game.Game, in Input, focused string) []Choice {
	seen := map[string]bool{}
	var out []Choice
	for _, a := range g.LegalActions() {
		if a.Name != in.Sub {
			continue
		}
		match := true
		for k, v := range in.Options {
			if k != focused && v != "" && !strings.EqualFold(a.Args[k], v) {
				match = false
			}
		}
		v := a.Args[focused]
		if !match || v == "" || seen[v] {
			continue
		}
		seen[v] = true
		out = append(out, Choice{Name: fmt.Sprintf("%s (%s)", v, labelIn(p, a)), Value: v})
	}
	return out
}

// filter keeps the choices matching what is typed, at most MaxChoices; names fit Discord's 100.
func filter(all []Choice, typed string) []Choice {
	t := strings.ToLower(typed)
	out := make([]Choice, 0, min(len(all), MaxChoices))
	for _, c := range all {
		if t != "" && !strings.HasPrefix(strings.ToLower(c.Value), t) && !strings.Contains(strings.ToLower(c.Name), t) {
			continue
		}
		c.Name = Truncate(c.Name, 100)
		out = append(out, c)
		if len(out) == MaxChoices {
			break
		}
	}
	return out
}
