package web

import (
	"embed"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// catalog holds the web pages' words in every language (catalog/en.toml the reference): they live with
// the code that writes them, and join the bot's catalogues as it loads.
//
//go:embed catalog/*.toml
var catalog embed.FS

func init() { msg.Register("bot/web/catalog", catalog, "catalog") }
