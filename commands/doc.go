// Package commands is the command layer of the bot: each command declared once (Surface, from
// which bot builds Discord's schemas), option parsing, autocomplete, button and select ids, and the
// text of every reply. It turns a user's input into the events of a table's record
// (game/table) and a table's result into a reply, the same way for Discord, the terminal and
// table scripts (bot/local runs them on the host, through its routes), so that a script plays
// exactly what Discord would.
//
// A reply that changes the table carries the step it recorded (Reply.Step); a refused input
// carries none and leaves the table as it was.
//
// Who administers a game (skip, abandon, kick) is in authority.go: a friendly table's creator and
// Manage Channels members, but never a player of a rated or league game; a league's game carries
// its league's mark (table.LeagueGame) in its record.
package commands
