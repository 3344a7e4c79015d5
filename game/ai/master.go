package ai

// masterBudget is the strongest level's search: hard's determinized search widened to 24 turns
// and four rounds of halving, with its own evaluation at the end of each playout (masterEval) and
// a near-exact endgame.
//
// Its work is counted in positions like every search, never in time, so that a seed fixes every
// move and a match replays. A mid-game decision on classic or France makes about 48,000 positions
// (about 3.3 times hard's time: some 0.35 s on a quiet core); the cap of 250,000, about a second
// on one quiet core, holds the rare huge turn within the level's second. A decision with few
// turns to weigh (the meeple after a placement) spends in proportion.
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
	rank:      rankTurn,
}
