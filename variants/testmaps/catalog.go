package testmaps

import (
	"embed"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// catalog holds the test maps' words in every language (catalog/en.toml the reference): they live with the
// code that writes them.
//
//go:embed catalog/*.toml
var catalog embed.FS

//go:generate go run ../../game/msg/gen

func init() { msg.Register("variants/testmaps/catalog", catalog, "catalog") }
