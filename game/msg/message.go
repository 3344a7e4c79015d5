package msg

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync/atomic"
)

// Message is a text for people as the catalogues write it: the id of its message and its named
// values, written in a reader's language only where it is read. A refusal is a Message too
// (callers branch on it with errors.As); its Error is its English.
type Message struct {
	ID   string
	Args Args
}

// Args are a message's named values. Each is a Value (written by its kind), a Message (a part,
// written in the same language), a whole number (in the reader's convention) or text written as
// it is; a value of another type is written by the printer that knows it (the command layer's
// words for an open choice, an error among a refusal's values).
type Args map[string]any

// englishWriter writes a message in English from the English catalogue: the printer registers it
// (SetEnglish), so that a message needs no English written beside it.
var englishWriter atomic.Pointer[func(Message) string]

// SetEnglish registers the writer of messages in English; the package of the printer calls it as
// it loads.
func SetEnglish(write func(Message) string) { englishWriter.Store(&write) }

// Error is the message in English (logs, wrapping, a record's audit).
func (m Message) Error() string {
	if w := englishWriter.Load(); w != nil {
		return (*w)(m)
	}
	return m.String()
}

// String is the message's id and values, as a program without catalogues can show it.
func (m Message) String() string {
	if len(m.Args) == 0 {
		return m.ID
	}
	parts := make([]string, 0, len(m.Args))
	for _, k := range slices.Sorted(maps.Keys(m.Args)) {
		v := m.Args[k]
		if typed, ok := v.(Value); ok {
			v = typed.Text
		}
		parts = append(parts, fmt.Sprintf("%s=%v", k, v))
	}
	return m.ID + "{" + strings.Join(parts, " ") + "}"
}

// IsZero reports whether no message is named.
func (m Message) IsZero() bool { return m.ID == "" }
