package bot

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/leaguecmd"
)

// Every post of the bot carries a nonce derived from what caused it (its cause), the same in every
// process and every run, and asks Discord to enforce it: Discord answers a nonce its author used
// in the last few minutes with the message that used it, and creates none. So a post tried again
// after a failure, made again by a restarted process or by another one that took over a dead
// process's work, shows once. A cause names one post: two different posts never share one.

// moveCause is the cause of the announcement of move seq of game (its turn message), and of the
// post of a game's table as it stands at seq when no move made it (a new game's lobby).
func moveCause(game string, seq uint64) string {
	return game + "\x00" + strconv.FormatUint(seq, 10)
}

// causeOf is the cause of any other post: its kind and what tells it apart from the other posts
// of that kind (a timer's id, an interaction's id, a league's round, a follower).
func causeOf(kind string, parts ...string) string {
	return kind + "\x01" + strings.Join(parts, "\x00")
}

// nonce is the message nonce of part n of the post of cause: at most Discord's 25 characters.
func nonce(cause string, part int) string {
	h := sha256.Sum256([]byte(cause))
	return hex.EncodeToString(h[:10]) + "-" + strconv.Itoa(part)
}

// roundCause is the cause of the post that starts a league's round.
func roundCause(r leaguecmd.RoundStart) string {
	return causeOf("round", r.League.ID, strconv.Itoa(r.Season.Number), strconv.Itoa(r.Season.Started))
}
