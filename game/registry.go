package game

import (
	"fmt"
	"sort"
	"strings"
)

// The maps a game may be played on, each with its rules, by id. Package variants registers the
// five Maps and the classic table, and variants/testmaps the engine's test maps, when the program
// starts (in their init): the engine never names a map, and the table model (game/table) and the
// record (game/record) find one by the id a setup names.
var registered = map[string]MapRules{}

// RegisterMap adds a map to the registry (at start-up, from an init function); its title is its
// map file's when the rules name none.
func RegisterMap(e MapRules) {
	if e.Title == "" {
		e.Title = e.Map.Title
	}
	registered[e.ID] = e
}

// LookupMap finds a registered map by id (case-insensitive).
func LookupMap(id string) (MapRules, error) {
	e, ok := registered[strings.ToLower(strings.TrimSpace(id))]
	if !ok {
		return MapRules{}, fmt.Errorf("%q is not a map: choose %s", Echo(id), strings.Join(MapIDs(false), ", "))
	}
	return e, nil
}

// AllMaps lists the registered maps, sorted by id; test maps only if tests is true.
func AllMaps(tests bool) []MapRules {
	var out []MapRules
	for _, e := range registered {
		if tests || !e.Test {
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// MapIDs lists the registered map ids, sorted.
func MapIDs(tests bool) []string {
	var ids []string
	for _, e := range AllMaps(tests) {
		ids = append(ids, e.ID)
	}
	return ids
}
