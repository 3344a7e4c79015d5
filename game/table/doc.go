// Package table is the table model: one game from its lobby to its end, with its seats,
// settings, votes, missed turns and the running game. A table changes only by the events of its
// record (Apply): a step groups the events one command, click, deadline, AI turn or bot's decision
// made, and replaying a table's steps (Replay) rebuilds it exactly, never parsing a command again.
// The command layer (package commands) decides what a player's input does and builds its change
// as events on a copy (Tx); the bot stores the step. game/record/RECORD.md describes the
// record for other programs.
package table
