package game

import (
	"fmt"
	"strconv"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// Words are a text for people as a message catalogue writes it: the id of its message and the
// values it names. The engine and the maps keep their English beside them (for logs, the
// record's audit and tests) and never a translation: the values are data (names, squares, tile
// ids, numbers, chips and colours in their canonical form), and Parts are the phrases a sentence
// is made of ("why" a square is refused), written in the reader's language in their turn.
type Words struct {
	ID    string            `json:"id,omitempty"`
	Args  map[string]string `json:"args,omitempty"`
	Parts map[string]Words  `json:"parts,omitempty"`
	// Values are the values given with their kind (msg.Value): a reader's language writes them
	// by their kind. They stay out of every record (a game loaded from the store replays its
	// moves for its words), whose bytes they would change.
	Values map[string]msg.Value `json:"-"`
}

// Say names a message and its values, given as pairs of a name and a value: a Words value is a
// part, a msg.Value a value of its kind (a colour, a spot, chips, a place...), anything else is
// written with fmt.Sprint.
func Say(id string, pairs ...any) Words {
	w := Words{ID: id}
	for i := 0; i+1 < len(pairs); i += 2 {
		k := text(pairs[i])
		switch v := pairs[i+1].(type) {
		case Words:
			if w.Parts == nil {
				w.Parts = map[string]Words{}
			}
			w.Parts[k] = v
			continue
		case msg.Value:
			if w.Values == nil {
				w.Values = map[string]msg.Value{}
			}
			w.Values[k] = v
			if w.Args == nil {
				w.Args = make(map[string]string, len(pairs)/2)
			}
			w.Args[k] = v.Text
			continue
		}
		if w.Args == nil {
			w.Args = make(map[string]string, len(pairs)/2)
		}
		w.Args[k] = text(pairs[i+1])
	}
	return w
}

// text is fmt.Sprint of one value, without fmt's machinery for the kinds the maps name most
// (a search's playouts say thousands of labels a second).
func text(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case int:
		return strconv.Itoa(v)
	}
	return fmt.Sprint(v)
}

// IsZero reports whether no message is named (the text is English only).
func (w Words) IsZero() bool { return w.ID == "" }

// phrase is a part of a refusal: its message and its English.
type phrase struct {
	Words
	Msg string
}

// says is a phrase by its message, with its English written from format.
func says(w Words, format string, a ...any) phrase { return phrase{w, fmt.Sprintf(format, a...)} }

// String is the phrase's English.
func (p phrase) String() string { return p.Msg }
