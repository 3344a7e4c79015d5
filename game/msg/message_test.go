package msg

import (
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
