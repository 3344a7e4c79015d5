package game

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// MoveKind names a move.
type MoveKind string

// Moves.
const (
	// MovePlace places the drawn tile: Square and Rotation.
	MovePlace MoveKind = "place"
	// MoveMeeple places a meeple on the tile just placed (Spot), or none (Spot "none"); Piece
	// names another kind of piece (the big meeple, the builder, the pig).
	MoveMeeple MoveKind = "meeple"
	// MoveAction is a variant's action (sell wine, upgrade a meeple ...).
	MoveAction MoveKind = "action"
	// MoveDraw draws a face-down tile when the variant offers a choice of source.
	MoveDraw MoveKind = "draw"
	// MovePass declines the variant's end-of-turn offer.
	MovePass MoveKind = "pass"
	// MoveSkip ends the current player's turn without a placement (a missed deadline): the drawn
	// tile goes back into the stack at a random place.
	MoveSkip MoveKind = "skip"
	// MoveResign takes Player out of the game; the others play on.
	MoveResign MoveKind = "resign"
	// MoveEnd ends the game at once with its final scoring, as if the stack had run out: the
	// table stops a game that nobody it plays for is left in (every human left, only AI seats
	// play on). Player is the player to move; a drawn tile not yet placed goes back.
	MoveEnd MoveKind = "end"
)

// Move is one input to the game. Player is the seat index of who makes it.
type Move struct {
	Kind     MoveKind `json:"kind"`
	Player   int      `json:"player"`
	Square   Square   `json:"square"`
	Rotation Rotation `json:"rotation,omitzero"`
	Spot     string   `json:"spot,omitempty"`
	// Piece is the kind of piece a meeple move puts on Spot: a meeple when empty.
	Piece  PieceKind `json:"piece,omitempty"`
	Action *Action   `json:"action,omitempty"`
}

// Action is a variant's action with its arguments, by name (sell wine:orange to:abroad).
type Action struct {
	Name string            `json:"name"`
	Args map[string]string `json:"args,omitempty"`
}

func (a Action) String() string {
	var b strings.Builder
	b.WriteString(a.Name)
	for _, k := range slices.Sorted(maps.Keys(a.Args)) {
		fmt.Fprintf(&b, " %s:%s", k, a.Args[k])
	}
	return b.String()
}

// LegalAction is an action the current player may take now, with a label for people: a verb phrase
// that completes "You may ...", such as "sell orange wine (orange 2) abroad for 5". Its Args name
// every option of the action with its canonical value, since what players type is decoded against
// them.
type LegalAction struct {
	Action
	// Label is Words in English, which the engine writes (a map gives only the Words).
	Label  string `json:"label"`
	Points int    `json:"points"`
	// Words are the label's message for the catalogues.
	Words Words `json:"words,omitzero"`
}

// MarshalJSON writes a rotation as its degrees.
func (r Rotation) MarshalJSON() ([]byte, error) { return json.Marshal(r.Degrees()) }

// UnmarshalJSON reads a rotation in degrees.
func (r *Rotation) UnmarshalJSON(b []byte) error {
	rot, err := ParseRotation(strings.Trim(string(b), `"`))
	if err != nil {
		return err
	}
	*r = rot
	return nil
}

// ErrorCode classifies a refused move, for callers that branch on it.
type ErrorCode string

// Error codes.
const (
	ErrNotYourTurn     ErrorCode = "not_your_turn"
	ErrWrongPhase      ErrorCode = "wrong_phase"
	ErrIllegalSquare   ErrorCode = "illegal_square"
	ErrIllegalRotation ErrorCode = "illegal_rotation"
	ErrIllegalSpot     ErrorCode = "illegal_spot"
	ErrNoMeeples       ErrorCode = "no_meeples"
	ErrIllegalAction   ErrorCode = "illegal_action"
	ErrChoiceOpen      ErrorCode = "choice_open"
	ErrGameOver        ErrorCode = "game_over"
	ErrBadMove         ErrorCode = "bad_move"
)

// MoveError is a refused move: a message fit to show the player and, where it helps, what would be
// legal instead.
type MoveError struct {
	Code  ErrorCode
	Legal []string
	// Words name the refusal for the message catalogues, which write it in the reader's language
	// (Error in English).
	Words
	// LegalWords are the legal choices' messages where they are words (a forced choice's
	// actions), one for each of Legal; nil where Legal are names (squares, spots, rotations).
	LegalWords []Words
}

// Error is the refusal in English, as the catalogues write it, with what would be legal (the
// first twelve).
func (e *MoveError) Error() string {
	text := e.Words.English()
	if len(e.Legal) == 0 {
		return text
	}
	const shown = 12
	list := strings.Join(e.Legal[:min(len(e.Legal), shown)], ", ")
	if n := len(e.Legal) - shown; n > 0 {
		list = Say(idEngineLegalMore, "List", list, "Count", msg.Count(n)).English()
	}
	legal := Say(idEngineLegal, "List", list)
	return text + " " + legal.English()
}

// RefuseAction is a variant's refusal of an action (ErrIllegalAction): w says what was wrong,
// legal what would be legal instead, where it helps.
func RefuseAction(legal []string, w Words) error { return refuse(ErrIllegalAction, legal, w) }

// labels are the labels of actions, with their messages.
func labels(acts []LegalAction) ([]string, []Words) {
	var legal []string
	var words []Words
	for _, a := range acts {
		legal = append(legal, a.Label)
		words = append(words, a.Words)
	}
	return legal, words
}

func refuse(code ErrorCode, legal []string, w Words) *MoveError {
	return &MoveError{Code: code, Legal: legal, Words: w}
}
