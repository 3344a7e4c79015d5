package msg

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"testing/fstest"
)

// A message is a refusal callers branch on with errors.As, wrapped or not; with no catalogue to
// write it (a program that links none), it reads as its id and values.
func TestAMessageIsAnErrorCallersBranchOn(t *testing.T) {
	m := Message{ID: "join_full", Args: Args{"Max": 5, "Player": Player("ann")}}
	err := fmt.Errorf("joining: %w", m)
	var got Message
	if !errors.As(err, &got) || got.ID != "join_full" || got.Args["Max"] != 5 {
		t.Fatalf("errors.As found %+v in %v", got, err)
	}
	if s := m.Error(); s != "join_full{Max=5 Player=ann}" {
		t.Errorf("a message without catalogues reads %q", s)
	}
	if !(Message{}).IsZero() || m.IsZero() {
		t.Error("IsZero does not say whether a message is named")
	}
}

// A catalogue registered once the catalogues were read would be missing from them (a printer used
// by a package-level variable before its owner loaded): it stops the program as it starts.
func TestACatalogueRegisteredAfterTheCataloguesWereReadPanics(t *testing.T) {
	Catalogues()
	defer func() {
		if recover() == nil {
			t.Error("a late catalogue was registered")
		}
	}()
	Register("late/catalog", fstest.MapFS{"catalog/en.toml": {Data: []byte("")}}, "catalog")
}

// recordWords is the struct game.Words was before it was msg.Message, as records of earlier
// releases hold it.
type recordWords struct {
	ID    string                 `json:"id,omitempty"`
	Args  map[string]string      `json:"args,omitempty"`
	Parts map[string]recordWords `json:"parts,omitempty"`
}

// TestARecordKeepsAMessageAsItAlwaysHas: a game's record keeps a message as {"id", "args",
// "parts"}, its values as text and its parts as messages: the bytes the records of every earlier
// release hold, under an encoder that escapes HTML and one that does not (an export); reading
// them back gives the same bytes again.
func TestARecordKeepsAMessageAsItAlwaysHas(t *testing.T) {
	m := Message{ID: "taiwan_upgraded", Args: Args{
		"Player": Player("Tom & Jerry"), "Square": "D5", "Chips": Chips([]Chip{{Colour: "purple", Value: 2}, {Colour: "blue", Value: 1}}),
		"Count": Count(3), "Role": Message{ID: "engine_role_farmer_object"}, "Why": Message{ID: "why", Args: Args{"A": "<b>\u2028"}},
	}}
	old := recordWords{ID: "taiwan_upgraded", Args: map[string]string{"Player": "Tom & Jerry", "Square": "D5", "Chips": "purple 2 + blue 1", "Count": "3"},
		Parts: map[string]recordWords{"Role": {ID: "engine_role_farmer_object"}, "Why": {ID: "why", Args: map[string]string{"A": "<b>\u2028"}}}}
	for _, escape := range []bool{true, false} {
		encode := func(v any) string {
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(escape)
			if err := enc.Encode(struct {
				W any `json:"w,omitzero"`
			}{v}); err != nil {
				t.Fatal(err)
			}
			return b.String()
		}
		got, want := encode(m), encode(old)
		if got != want {
			t.Fatalf("escaping HTML %v: %s\nwant %s", escape, got, want)
		}
		var back struct{ W Message }
		if err := json.Unmarshal([]byte(got), &back); err != nil {
			t.Fatal(err)
		}
		if again := encode(back.W); again != want {
			t.Fatalf("read back and written again: %s", again)
		}
	}
	if zero, _ := json.Marshal(struct {
		W Message `json:"w,omitzero"`
	}{}); string(zero) != `{}` {
		t.Fatalf("a record leaves out a message that names none: %s", zero)
	}
}
