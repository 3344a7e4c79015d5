package table

// UndoStart is the index in the log of the first move an undo takes back: the last turn that has
// moves, and, while that turn is an AI seat's, the turns before it back to a person's. An AI
// answers at once and plays the same again, so taking back only its turn would change nothing:
// an undo against an AI takes back the person's move and the AI's reply with it.
func (t *Table) UndoStart() int {
	if len(t.Moves) == 0 {
		return 0
	}
	turns := t.moveTurns()
	start := len(t.Moves)
	for start > 0 {
		turn := turns[start-1]
		for start > 0 && turns[start-1] == turn {
			start--
		}
		if _, isAI := AILevel(t.Seats[t.Moves[start].Move.Player]); !isAI {
			return start
		}
	}
	return t.LastTurnStart()
}
