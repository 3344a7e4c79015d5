package bot

import (
	"strconv"
	"strings"
)

// Every post of the bot names what caused it (its cause, Message.Cause), the same in every process
// and every run, and the port makes the chat show one post per cause (on Discord, a nonce derived
// from it, which Discord enforces: it answers a nonce its author used in the last few minutes with
// the message that used it, and creates none). So a post tried again after a failure, made again
// by a restarted process or by another one that took over a dead process's work, shows once. A
// cause names one post: two different posts never share one.

// MoveCause is the cause of the announcement of move seq of game (its turn message), and of the
// post of a game's table as it stands at seq when no move made it (a new game's lobby).
func MoveCause(game string, seq uint64) string {
	return game + "\x00" + strconv.FormatUint(seq, 10)
}

// CauseOf is the cause of any other post: its kind and what tells it apart from the other posts
// of that kind (a timer's id, an interaction's id, a league's round, a follower).
func CauseOf(kind string, parts ...string) string {
	return kind + "\x01" + strings.Join(parts, "\x00")
}
