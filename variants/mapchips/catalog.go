package mapchips

import (
	"embed"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// catalog holds the Map-Chips words every map shares in every language (catalog/en.toml the reference): they live with the
// code that writes them.
//
//go:embed catalog/*.toml
var catalog embed.FS

//go:generate go run ../../game/msg/gen

func init() { msg.Register("variants/mapchips/catalog", catalog, "catalog") }
