package storage

import (
	"bytes"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
)

// TestANewDatabaseIsCreatedInOneLogLine: a new file goes through every schema step, which the log
// tells once as its creation; "migrated" is for a database that held data before.
func TestANewDatabaseIsCreatedInOneLogLine(t *testing.T) {
	var logs bytes.Buffer
	s, err := Open(filepath.Join(t.TempDir(), "new.db"), Options{NoSync: true, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if n := strings.Count(logs.String(), "created the database"); n != 1 || strings.Contains(logs.String(), "migrated") {
		t.Errorf("a new database logs:\n%s", logs.String())
	}
}
