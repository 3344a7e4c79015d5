// Package ai plays Carcassonne Maps with Map-Chips for a seat: the deadline autopilot, AI seats,
// local matches between levels. It sees a game only through the engine's public API, and only
// through a determinized copy (game.Game.Determinize): a copy whose face-down tiles and chips are
// dealt again from what the players know. So an AI decides from what its seat could see, and its
// choice does not change when only hidden things do.
//
// A decision is one game move, chosen as the first move of the best whole turn: every sequence of
// moves the seat can make until the turn passes (source, placement, chip actions, forced choices,
// meeple, the windows after the meeple and after the scoring). Turns are judged by a static
// evaluation (eval.go) of the position after them. The levels (level.go):
//
//	random  a uniformly random legal move
//	easy    one ply: the whole turn whose position evaluates best (<= 20 ms a move); a later
//	        step of a turn with more than six options follows only the six best (turns.go)
//	normal  the best few turns of easy, each judged over a few determinizations followed by the
//	        other players' replies (<= 200 ms a move)
//	hard    determinized flat Monte Carlo: the best turns of easy, each followed in many sampled
//	        deals by a few rounds of fast play and judged by the evaluation, the weaker turns
//	        dropped round by round (successive halving) (<= 1 s a move)
//	master  hard's search widened (24 turns, four rounds of halving, 120 deals for the last
//	        turns in), judged at the end by an evaluation that values a meeple in a feature by its
//	        chance to come home and the chips as the map prices them, with a near-exact endgame:
//	        in the last few tiles a playout goes on to the end of the game with every option of
//	        every player tried (<= 1 s a move)
//
// Searches count their work in positions, not in time, so that a choice is the same on any
// machine: a fixed search seed gives a fixed move, and a game replays.
//
// The rules of a map reach the AI only through the engine (legal actions, their points, scores,
// meeple weights) and, for master, through the optional ChipAppraiser a map implements beside
// its rules (variants/MAP/ai.go), which prices what its chips are worth by the end of the game
// (wine to sell, meeples on the Isle of Man, island tiles to buy, treats by the landscape,
// upgrades to pay) from what every player sees: no map is named here.
//
// A change to master is measured by a paired match against master without it (ablation_test.go:
// go test -c ./game/ai, then the test binary's -test.run TestAblation -ablation NAME).
package ai
