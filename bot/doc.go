// Package bot connects the command layer to Discord with discordgo: it registers the slash
// commands, routes interactions (gateway or signed HTTP requests) to commands/, keeps one lock per
// game, stores every accepted input in storage/ before it answers, posts one message per turn with
// the board image and a mention of the next player, and runs the turn deadlines and reminders.
// It plays AI seats from a bounded queue, caps the open tables of a person and of a server,
// closes idle lobbies, ends tables no person plays at, and puts a game on hold when its own work
// on it fails, so that one game's failure never stops the others.
//
// Over the gateway it runs one session per shard of a configured range (shards.go), so that
// several processes on one PostgreSQL database split Discord's shards between them.
//
// Every command and click is acknowledged at once with a deferred response, so Discord's 3-second
// limit holds whatever the work costs; the result then edits the private response, and a change
// to the game is announced in the channel.
//
// A text longer than a Discord message goes out in as many as it needs, never cut (split.go). A
// channel's announcements keep the order of the changes they announce; a game's end, whose
// pictures take a second or two, is drawn and posted after the game's lock is released (post.go).
package bot
