package main

import (
	"errors"
	"os/exec"
	"testing"
)

// TestFilesTheBotWritesAreIgnored: what running and building the bot in the repository leaves
// there (the database, its admin socket, the backup a migration writes, the binary the README
// builds) is ignored by git, so that nobody commits a database of real games.
func TestFilesTheBotWritesAreIgnored(t *testing.T) {
	for _, path := range []string{"carcassonne.db", "carcassonne.db.sock", "carcassonne.db.schema-v3.bak", "carcassonne-bot"} {
		ignoredByGit(t, "../..", path)
	}
}

// ignoredByGit fails the test unless git ignores path at root, the repository's root (a clone
// that is no git work tree checks nothing).
func ignoredByGit(t *testing.T, root, path string) {
	t.Helper()
	if err := exec.Command("git", "-C", root, "rev-parse", "--is-inside-work-tree").Run(); err != nil {
		t.Logf("not in a git work tree, .gitignore unchecked: %v", err)
		return
	}
	err := exec.Command("git", "-C", root, "check-ignore", "--no-index", "-q", path).Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 1 {
		t.Errorf("%s is not in .gitignore", path)
	} else if err != nil {
		t.Fatalf("git check-ignore %s: %v", path, err)
	}
}
