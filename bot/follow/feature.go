// Package follow is following a game without playing in it (/player follow), a feature of the
// host (bot.Feature): a member follows a game in its channel, or anywhere with the link of its
// page (game:), and hears at each of its turns what the channel was told, with the board, or only
// its end, by DM or in a thread the bot keeps for the game's followers (thread.go). The follows are
// the followers' own settings; the feature keeps an index game -> followers, read from the store
// once and changed with them. A follower is mentioned only once, when they choose a thread, in
// that thread; the messages tell them only what the game's channel shows (bot.Host.OnTold), and a
// follow made with a link ends when the game's links are revoked (OnLinksRevoked).
package follow

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// Follows is the feature.
type Follows struct {
	h     *bot.Host
	index followIndex
	// order keeps each game's messages to its followers in the order of its posts.
	order bot.PlaceOrder
}

// New is the feature, for a host's Config.Features.
func New() *Follows { return &Follows{} }

// followSub is /player follow.
var followSub = commands.Sub{Name: "follow", Description: "Follow a game without playing, by DM or in a thread (at every turn or its end)", Options: []commands.Option{
	commands.TextOption("when", "turns (default: every turn and the end), end (the end only) or off").Among("turns", "end", "off"),
	commands.TextOption("game", "The link of the game's page, to follow it from anywhere (default: this channel's game)"),
	commands.TextOption("to", "dm (default) or thread: a thread the bot keeps for the game's followers").Among("dm", "thread"),
	commands.TextOption("channel", "With to:thread, the channel of the thread, like #games (default: the game's)"),
}}

// Attach adds /player follow to h, and has h tell followers what their games' places are told.
func (fw *Follows) Attach(h *bot.Host) error {
	fw.h = h
	h.AddCommand(commands.Command{Name: "player", Subs: []commands.Sub{followSub}}, func(req *bot.Request, in commands.Input) {
		h.Answer(req.Interaction, fw.follow(req, in))
	})
	h.OnTold(fw.tellFollowers)
	h.OnLinksRevoked(func(game string, t *table.Table, gen uint64) { fw.endRevokedFollows(game, t.Entry(), gen) })
	return nil
}
