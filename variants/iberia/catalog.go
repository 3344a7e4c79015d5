package iberia

import (
	"embed"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// catalog holds the map's own words in every language (catalog/en.toml the reference): they
// live with the map, and a new map brings its own.
//
//go:embed catalog/*.toml
var catalog embed.FS

//go:generate go run ../../game/msg/gen

func init() { msg.Register("variants/iberia/catalog", catalog, "catalog") }
