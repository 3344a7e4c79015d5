package msg

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// wire is a message as a game's record keeps it (the engine's history lines, labels and marks):
// its id, its values as text and its parts, the bytes the records of every release hold. A
// value's kind stays out of them: a game loaded from the store replays its moves for its words.
type wire struct {
	ID    string             `json:"id,omitempty"`
	Args  map[string]string  `json:"args,omitempty"`
	Parts map[string]Message `json:"parts,omitempty"`
}

// MarshalJSON writes the message as a record keeps it: {"id", "args", "parts"}.
func (m Message) MarshalJSON() ([]byte, error) {
	w := wire{ID: m.ID}
	for k, v := range m.Args {
		if part, ok := v.(Message); ok {
			if w.Parts == nil {
				w.Parts = map[string]Message{}
			}
			w.Parts[k] = part
			continue
		}
		if w.Args == nil {
			w.Args = make(map[string]string, len(m.Args))
		}
		w.Args[k] = textOf(v)
	}
	// The encoder that writes the record escapes what it escapes (HTML's <, > and &, or not):
	// the bytes are then those of the struct game.Words was, under every encoder.
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(w); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON reads a message a record keeps: its values as text, its parts as messages.
func (m *Message) UnmarshalJSON(data []byte) error {
	var w wire
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	*m = Message{ID: w.ID}
	if len(w.Args)+len(w.Parts) > 0 {
		m.Args = make(Args, len(w.Args)+len(w.Parts))
	}
	for k, v := range w.Args {
		m.Args[k] = v
	}
	for k, p := range w.Parts {
		m.Args[k] = p
	}
	return nil
}

// English is the message in English as the English catalogue writes it with each value as it is
// typed (a colour "blue", a spot "city:N") and each part in its turn: the text a game's record
// keeps beside its words (a history line, a label, a score's reason), and the text of the
// engine's refusals (game.MoveError). A reader's English is Error's.
func (m Message) English() string {
	if m.ID == "" {
		return ""
	}
	values := make(map[string]string, len(m.Args))
	for k, v := range m.Args {
		if part, ok := v.(Message); ok {
			values[k] = part.English()
			continue
		}
		values[k] = textOf(v)
	}
	return English(m.ID, values)
}

// textOf is a value as it is typed: a Value's Text, any other value as fmt writes it.
func textOf(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case Value:
		return v.Text
	}
	return fmt.Sprint(v)
}
