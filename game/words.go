package game

import (
	"fmt"
	"strconv"
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
}

// Say names a message and its values, given as pairs of a name and a value: a Words value is a
// part, anything else is written with fmt.Sprint.
func Say(id string, pairs ...any) Words {
	w := Words{ID: id}
	for i := 0; i+1 < len(pairs); i += 2 {
		k := text(pairs[i])
		if p, ok := pairs[i+1].(Words); ok {
			if w.Parts == nil {
				w.Parts = map[string]Words{}
			}
			w.Parts[k] = p
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
