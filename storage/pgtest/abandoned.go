package pgtest

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// A test binary that dies before its cleanup (killed, or stopped by go test's timeout) leaves its
// server running in the background and its directory behind, and each such run adds one. So
// every server's directory names the test process it serves (testerFile), and the first server a
// test binary starts first stops and removes those whose test process is gone.

// testerFile holds the process id of the test binary a server serves.
const testerFile = "tester"

// legacyAge is how old a directory written before testerFile existed must be, with no server
// running in it, before it is removed: past any test binary's life.
const legacyAge = time.Hour

var reapOnce sync.Once

// reapAbandoned stops and removes, once per test binary, the servers left by test binaries that
// are gone. What it cannot stop or remove (another user's) it leaves.
func reapAbandoned(bin string) {
	reapOnce.Do(func() {
		dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "pgtest-*"))
		for _, dir := range dirs {
			if abandoned(dir) {
				s := &server{bin: bin, dir: dir, owner: ownerOf(dir)}
				s.stop()
			}
		}
	})
}

// abandoned tells whether the server directory dir belongs to no running test binary.
func abandoned(dir string) bool {
	if b, err := os.ReadFile(filepath.Join(dir, testerFile)); err == nil {
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		return err == nil && !alive(pid)
	}
	// Written before testerFile: abandoned when old and no server runs in it.
	info, err := os.Stat(dir)
	if err != nil || time.Since(info.ModTime()) < legacyAge {
		return false
	}
	return !alive(postmaster(dir))
}

// postmaster is the process id of the server running in dir, or 0.
func postmaster(dir string) int {
	b, err := os.ReadFile(filepath.Join(dir, "data", "postmaster.pid"))
	if err != nil {
		return 0
	}
	first, _, _ := strings.Cut(string(b), "\n")
	pid, _ := strconv.Atoi(strings.TrimSpace(first))
	return pid
}

// alive tells whether process pid exists (whoever owns it).
func alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// ownerOf is the user a server in dir runs as: "postgres" when the tests run as root and that
// user owns dir (initdb), else the tests' own user ("").
func ownerOf(dir string) string {
	info, err := os.Stat(dir)
	if err != nil || os.Geteuid() != 0 {
		return ""
	}
	if st, ok := info.Sys().(*syscall.Stat_t); ok && st.Uid != 0 {
		return "postgres"
	}
	return ""
}
