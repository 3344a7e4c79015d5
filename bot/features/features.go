// Package features is the list of what a bot runs around its games: every feature package, in
// the order their commands are shown. A host made for Discord, for the bench or for local play
// takes them all from here.
package features

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/follow"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/leagueplay"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/notify"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/vacation"
)

// All are new features for one host, each attached to it as it is made (bot.Config.Features).
func All() []bot.Feature {
	return []bot.Feature{notify.New(), follow.New(), vacation.New(), leagueplay.New()}
}
