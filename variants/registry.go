// Package variants lists the maps a game can be played on, each with its Map-Chips rules: France,
// Great Britain, Benelux, the Iberian Peninsula and Taiwan (as they are built), the classic open
// table. Each map's rules and texts live in a package of their own, which exports its
// game.MapRules. The engine's test maps are test data: package variants/testmaps registers them
// where tests and local play import it.
//
// # Adding a map
//
// A map touches its own package (its words in every language included), one line here, its
// table scripts and the README, and nothing else: the command surface (slash commands, /place shortcuts, autocomplete, buttons and menus),
// the state JSON, table scripts (!setup, !expect state), the renderer (typed marks, the map file's
// legend) and the bench take the map from its MapRules and never name it.
//
//	variants/<map>/<map>.map         the map as data, in the format of game/doc.go, embedded
//	variants/<map>/<map>.go          the variant: the hooks of game.Variant its rules change,
//	                                   listed where its type is declared
//	variants/<map>/rules.go          Rules() game.MapRules: actions with their step and shortcut,
//	                                   flags with defaults, fixable setup
//	variants/<map>/RULES.md          the rules the map implements, with the chosen readings
//	variants/<map>/*_test.go         map facts, gametest.Playouts, a fuzz test of refused actions
//	variants/<map>/catalog/*.toml    the map's words in every language (its title, places,
//	                                   actions, refusals, sentences), registered by catalog.go;
//	                                   msgids.go, their ids as constants, is go generate's
//	variants/registry.go             game.RegisterMap(<map>.Rules()) in init
//	commands/script/testdata/<map>_*.carc   one table script per rule and worked edge case
//	README.md                        the map listed as available, with a picture
//
// Rules two maps share live in variants/mapchips, in a file named after the rule.
package variants

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/benelux"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/france"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/greatbritain"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/iberia"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/taiwan"
)

// Entry is one playable map with its rules.
type Entry = game.MapRules

// Default is the map /carc new opens when none is named.
const Default = "france"

// The maps are kept in the engine's registry (game.RegisterMap), where the table model finds them
// by id without naming any; this package fills it.
func init() {
	game.RegisterMap(Entry{ID: "classic", Map: game.ClassicMap()})
	game.RegisterMap(france.Rules())
	game.RegisterMap(iberia.Rules())
	game.RegisterMap(greatbritain.Rules())
	game.RegisterMap(taiwan.Rules())
	game.RegisterMap(benelux.Rules())
}

// RegisterTest adds a test map (package variants/testmaps): tests and local play may open it by
// its id, and nothing offers it to players.
func RegisterTest(e Entry) {
	e.Test = true
	game.RegisterMap(e)
}

// Lookup finds a map by id (case-insensitive).
func Lookup(id string) (Entry, error) { return game.LookupMap(id) }

// All lists the maps, sorted by id; test maps only if tests is true.
func All(tests bool) []Entry { return game.AllMaps(tests) }

// IDs lists the map ids, sorted.
func IDs(tests bool) []string { return game.MapIDs(tests) }

// Flags lists every rule option a table of this map may set: the engine's, then the map's own.
func Flags(e Entry) []game.Flag {
	return append(append([]game.Flag{}, game.EngineFlags()...), e.Flags...)
}
