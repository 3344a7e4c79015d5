package discord

// The table scripts of the base rules play on the practice map, and those of the engine's seam on
// the relay: test maps, which only tests and local play register.
import _ "github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/testmaps"
