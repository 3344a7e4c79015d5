package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// TestBackupThroughTheBotNamesAnAbsoluteFile: while the bot holds the database, bot backup asks it
// over the admin socket to write the copy; the bot runs in its own working directory (a service's
// state directory), so the file it is sent is the one the operator named, made absolute.
func TestBackupThroughTheBotNamesAnAbsoluteFile(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "games.db")
	store, err := storage.Open(db, storage.Options{NoSync: true}) // holds the file's lock, as the bot does
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	l, err := bot.ListenAdmin(db + ".sock")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	asked := make(chan bot.AdminRequest, 1)
	go func() {
		c, err := l.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		var req bot.AdminRequest
		json.NewDecoder(c).Decode(&req)
		asked <- req
		json.NewEncoder(c).Encode(bot.AdminResponse{OK: true, Bytes: 1})
	}()
	operator := t.TempDir()
	t.Chdir(operator)
	var out bytes.Buffer
	if err := run([]string{"backup", "--db", db, "copy.db"}, nil, &out); err != nil {
		t.Fatal(err)
	}
	if req := <-asked; req.File != filepath.Join(operator, "copy.db") {
		t.Errorf("the bot was asked to write %q, want %q", req.File, filepath.Join(operator, "copy.db"))
	}
}
