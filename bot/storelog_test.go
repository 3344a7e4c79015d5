package bot

import (
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/logbuf"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/leaguecmd"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// TestStoreFailuresAreExplainedNotShown: when the database cannot be written, a player's move,
// settings and league command are answered with what happened and that nothing changed, never
// with the server's file path; the host finds the whole error, path included, in the log.
func TestStoreFailuresAreExplainedNotShown(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "private-games.db")
	rw, err := storage.Open(db, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	rw.Close()
	store, err := storage.Open(db, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	var logs logbuf.Buffer
	b := &Host{store: store, log: slog.New(slog.NewTextHandler(&logs, nil))}
	writeErr := store.SetPlayerSettings("u1", storage.Settings{Notify: "off"})
	if !errors.Is(writeErr, storage.ErrReadOnly) || !strings.Contains(writeErr.Error(), db) {
		t.Fatalf("the read-only store's error does not name the file, so this test shows nothing: %v", writeErr)
	}
	alice := table.User{ID: "u1", Name: "alice"}
	league := leaguecmd.Handle(leaguecmd.Context{Store: b.LeagueStore(), Guild: "g1", Channel: "c1", NewID: "L1"},
		commands.Input{User: alice, Command: "league", Sub: "create", Options: map[string]string{"name": "Cup"}})
	for what, text := range map[string]string{
		"a move":         b.commitError(&gameEntry{id: "g1"}, action{reader: lang.For(lang.English)}, table.User{}, writeErr).text,
		"settings":       b.setPrefs("i1", commands.Input{User: alice, Command: "player", Sub: "settings", Options: map[string]string{"notify": "off"}}),
		"/league create": league.Text,
	} {
		if strings.Contains(text, db) || strings.Contains(text, "private-games") {
			t.Errorf("%s: the player reads the server's path: %q", what, text)
		}
		if !strings.Contains(text, "cannot be written just now, so nothing changed") || !strings.Contains(text, "tell the bot's host") {
			t.Errorf("%s: the player is not told what happened: %q", what, text)
		}
	}
	for _, op := range []string{"could not store a move", "could not save a player's settings", "could not save a league"} {
		if !logLine(logs.String(), op, db) {
			t.Errorf("the log has no %q with the path:\n%s", op, logs.String())
		}
	}
}

// logLine reports whether a line of the log has both words.
func logLine(log, a, b string) bool {
	for _, line := range strings.Split(log, "\n") {
		if strings.Contains(line, a) && strings.Contains(line, b) {
			return true
		}
	}
	return false
}
