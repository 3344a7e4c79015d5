// Package league holds the rules of community leagues: pairings, league points, standings with
// their tie-breaks, what happens to a game past the round's deadline, and the players' ratings.
// It is pure: no Discord, no store, no clock. storage/ keeps what it computes, commands/ and bot/
// show it.
//
// # Pairings
//
// A round groups the players into tables of at most League.TableSize seats (2 to 5). With tables
// of two the round-robin is the circle method (one player fixed, the others turning around him), a
// bye for the odd player out, and every pair meets exactly once per cycle; the double round-robin
// plays the cycle twice with the seats swapped, so each player sits first once in every pairing.
// With tables of 3 to 5 a perfect schedule exists for few player counts, so the round-robin
// groups greedily, round after round, until every pair has met at least once: each table is led
// by the player with the most pairs still to meet and filled by whoever is due to meet most of
// it; of the two seasons that break ties between leaders one way and the other, the shorter is
// played. Tables are as even as possible (sizes TableSize or one less), so only tables of two
// with an odd number of players give byes. A league takes at most MaxMembers players; a season
// of that many schedules in well under a second in every format (BenchmarkSchedule).
//
// Swiss rounds seat the players in standing order, each table taking the best-placed players who
// have not met, searching until a round without repeat meetings is found if one exists (within a
// search budget far above what leagues of a server need); the bye goes to a player with the
// fewest byes, the lowest in the standings among them.
//
// A knock-out cup (Cup) plays games of two: the winner goes on, the loser is out, and the final's
// winner takes the cup. Players are seeded best first (the bot seeds by rating); the bracket has
// the next power of two of places, the empty ones being first-round byes for the best seeds, laid
// out so that seeds 1 and 2 can meet only in the final. A game whose players share first place
// goes to the better seed. Its standings rank players by the round they reached (cup.go).
//
// A double elimination cup (DoubleCup) seeds the same bracket; a player who loses in the winners'
// bracket drops into the losers' bracket and leaves at their second loss. The two brackets' winners
// meet in the grand final; by default (the bracket reset, the common rule) a win of the losers'
// bracket winner there, the first loss of the other, calls a deciding game, and League.NoReset
// makes the grand final a single game. Its standings rank players by when they were eliminated,
// the champion first (double.go).
//
// # League points
//
// A player scores one league point for each opponent they finish ahead of, and half a point for
// each opponent they share a place with. So the table by finishing place is:
//
//	players  1st  2nd  3rd  4th  5th
//	   2      1    0
//	   3      2    1    0
//	   4      3    2    1    0
//	   5      4    3    2    1    0
//
// and shared places share their points (two players sharing first at a table of three get 1.5
// each). A bye is worth a win at a table of two (1 point) and counts as no game.
//
// # Standings
//
// Players are ordered by league points, then by the sum of score differences (in each game, the
// player's score minus each opponent's, summed), then head-to-head (league points earned against
// the other tied players only, in games where they met), then wins (games finished first, not
// shared), then by name so that the order is total.
//
// # Round deadlines
//
// A game still running when its round's deadline passes is adjudicated by the league's policy:
// PolicyScoreStands ranks the players by their current scores; PolicyForfeit ranks the player
// whose turn it is (who let the deadline pass) last and the others by their current scores.
// Either way a player already out of the game (resigned or removed) comes last, as in a finished
// game. A league game an administrator abandons is adjudicated the same way, never stored as a
// played result: its fixture is adjudicated, and it is rated like one stopped at the deadline.
//
// # When the next round starts
//
// A league chooses: NextWhenPlayed starts the next round as soon as every game of the round has
// its result (adjudicated at the round's deadline if need be); NextOnDate starts it on the round's
// date, the deadline, adjudicating the games still running then. A league on dates keeps a
// calendar: each round ends one round length after the one before, however early or late it
// started, unless a pause pushed the date into the past.
//
// # Ratings
//
// Ratings follow Weng and Lin, "A Bayesian Approximation Method for Online Ranking" (JMLR 12,
// 2011), the Plackett-Luce model of its Algorithm 4 with the defaults of the OpenSkill libraries:
// mu 25, sigma 25/3, beta sigma/2, kappa 0.0001, gamma(i) = sigma_i / c. Ties share a rank. The
// rating shown is the conservative mu - 3 sigma, so a new player shows 0; a player is provisional
// for their first ProvisionalGames rated games.
package league
