// Package commands is the command surface of the bot: the slash-command schemas, option parsing,
// autocomplete, button and select ids, and the text of every reply. It turns a user's input into
// game moves and a game's result into a reply, the same way for Discord, the terminal and table
// scripts (see Runner), so that a script plays exactly what Discord would.
//
// A Table is one game's seat list, settings, setup and move log, from the lobby to the end. All of
// its methods leave it unchanged when they refuse an input.
//
// Who administers a game (skip, abandon, kick) is in authority.go: a friendly table's creator and
// Manage Channels members, but never a player of a rated or league game; a league's game carries
// its league's mark (table.LeagueGame) in its record.
package commands
