package ai

// master is the strongest level: hard's determinized search, widened and deepened to use about
// a second a move on one core of the machines the bot runs on, with an evaluation of its own
// (masterEval) at the end of each playout and a near-exact endgame.
//
// Its work is counted in positions like every search, never in time, so that a seed fixes every
// move and a match replays: the budget was calibrated so that a mid-game decision on classic and
// France takes about a second on one quiet core (about 250 positions a millisecond). A decision
// with few turns to weigh (the meeple after a placement, a forced choice) spends in proportion.
var masterBudget = budget{
	candidates: 24,
	rounds: []stage{
		{samples: 8, keep: 12},
		{samples: 16, keep: 6},
		{samples: 32, keep: 3},
		{samples: 64, keep: 1},
	},
	followTurns: 3, breadth: 8, depth: 3,
	positions: 250000,
	endgame:   4,
	judge:     masterEval,
}
