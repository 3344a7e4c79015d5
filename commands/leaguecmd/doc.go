// Package leaguecmd is the command layer of community leagues: /league and /season (create, join,
// start, pause, the standings, the schedule, the export), /player rating and /carc leaderboard.
// It parses a league command, checks who may run it, changes the league through the store it is
// given (Store, RatingStore) and writes the reply in its reader's language; what a command asks
// of the host beyond its reply it says in that reply (a round's games to open, the standings'
// picture to draw). The rules themselves (pairings, points, standings, ratings) are the pure
// league model, game/league; running the rounds on the host is the bot's.
//
// Memory is a store of leagues in memory, for local play.
package leaguecmd
