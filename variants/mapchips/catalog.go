package mapchips

import (
	"embed"
	"io/fs"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// catalog holds the Map-Chips words every map shares in every language (catalog/en.toml the reference): they live with the
// code that writes them.
//
//go:embed catalog/*.toml
var catalog embed.FS

//go:generate go run ../../game/msg/gen

func init() {
	sub, err := fs.Sub(catalog, "catalog")
	if err != nil {
		panic(err)
	}
	msg.Register("variants/mapchips/catalog", sub)
}
