package pgtest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// deadPID is the id of a process that has ended.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

func TestAServerWhoseTestBinaryIsGoneIsStoppedAndRemoved(t *testing.T) {
	bin := Bin()
	if bin == "" {
		t.Skip(Missing)
	}
	left := &server{bin: bin}
	if err := left.initdb(); err != nil {
		t.Fatal(err)
	}
	if err := left.startOnFreePort(); err != nil {
		left.cleanup()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := os.Stat(left.dir); err == nil {
			left.stop()
		}
	})
	pm := postmaster(left.dir)
	if !alive(pm) {
		t.Fatalf("the server's postmaster (%d) is not running", pm)
	}
	// Its test binary dies: the directory now names a process that is gone.
	if err := os.WriteFile(filepath.Join(left.dir, testerFile), []byte(strconv.Itoa(deadPID(t))), 0o644); err != nil {
		t.Fatal(err)
	}
	// This binary's own server, serving a test right now, is not touched.
	url := URL(t)

	reapOnce = sync.Once{}
	reapAbandoned(bin)

	if _, err := os.Stat(left.dir); !os.IsNotExist(err) {
		t.Errorf("the abandoned server's directory is still there (%v)", err)
	}
	for end := time.Now().Add(30 * time.Second); alive(pm) && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	if alive(pm) {
		t.Errorf("the abandoned server (postmaster %d) still runs", pm)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatalf("this binary's own server was stopped: %v", err)
	}
	_ = conn.Close(ctx)
}

func TestADirectoryOfALiveTestBinaryIsLeftAlone(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, testerFile), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		t.Fatal(err)
	}
	if abandoned(dir) {
		t.Error("a directory naming this running test binary is taken for abandoned")
	}
	if err := os.WriteFile(filepath.Join(dir, testerFile), []byte(strconv.Itoa(deadPID(t))), 0o644); err != nil {
		t.Fatal(err)
	}
	if !abandoned(dir) {
		t.Error("a directory naming a test binary that is gone is not taken for abandoned")
	}
	legacy := t.TempDir() // no tester file: new, so kept whatever runs in it
	if abandoned(legacy) {
		t.Error("a new directory without a tester file is taken for abandoned")
	}
	old := time.Now().Add(-2 * legacyAge)
	if err := os.Chtimes(legacy, old, old); err != nil {
		t.Fatal(err)
	}
	if !abandoned(legacy) {
		t.Error("an old directory without a tester file and with no server running is kept")
	}
}
