package storage

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// fixture writes a closed database with games g0..g(n-1), each with moves moves of {"add":1}.
func fixture(t *testing.T, n, moves int) string {
	t.Helper()
	s, path := openTest(t)
	for i := range n {
		g := newGame(t, s, fmt.Sprintf("g%d", i))
		for j := range moves {
			g.mustApply(t, s, 1, fmt.Sprintf("g%d-%d", i, j))
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func wantError(t *testing.T, what string, err, kind error, words string) {
	t.Helper()
	if !errors.Is(err, kind) || !strings.Contains(err.Error(), words) {
		t.Errorf("%s: %v; want %v saying %q", what, err, kind, words)
	}
}

func TestLockedByAnotherProcess(t *testing.T) {
	path := fixture(t, 1, 1)
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// flock locks belong to the open file, so a second open in this process contends like
	// another process would.
	_, err = Open(path, Options{LockTimeout: 50 * time.Millisecond})
	wantError(t, "second writer", err, ErrLocked, "locked by another process (is another bot running?)")
	_, err = Open(path, Options{ReadOnly: true, LockTimeout: 50 * time.Millisecond})
	wantError(t, "reader while a writer holds the file", err, ErrLocked, "locked by another process")

	g := &testGame{id: "g0", seed: 9, seq: 1, sum: 1}
	g.mustApply(t, s, 1, "still-works")
	s.Close()
	s2, err := Open(path, Options{NoSync: true, LockTimeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatalf("open after the holder closed: %v", err)
	}
	s2.Close()
}

func TestReadOnly(t *testing.T) {
	path := fixture(t, 1, 2)
	ro, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if moves, err := ro.Moves("g0"); err != nil || len(moves) != 2 {
		t.Errorf("read-only Moves = %d, %v", len(moves), err)
	}
	mustVerify(t, ro)
	g := &testGame{id: "g0", seed: 9, seq: 2, sum: 2}
	_, err = ro.AppendMove(g.commit(1, "x"))
	wantError(t, "AppendMove", err, ErrReadOnly, "open read-only; nothing was changed")
	wantError(t, "SetPlayerSettings", ro.SetPlayerSettings("alice", Settings{}), ErrReadOnly, "read-only")
	wantError(t, "Finish", ro.Finish("g0", StatusAbandoned, nil), ErrReadOnly, "read-only")
	wantError(t, "CreateGame", ro.CreateGame((&testGame{id: "g9"}).record("c9"), []byte("{}"), "h"), ErrReadOnly, "read-only")
	ro.Close()

	// A file the process may not write. Root may write any file, so as root the refusal of the
	// file system is simulated at the open call.
	var opts Options
	if os.Geteuid() == 0 {
		t.Log("running as root: the permission error is simulated")
		opts.openFile = func(name string, flag int, perm os.FileMode) (*os.File, error) {
			if flag&(os.O_RDWR|os.O_WRONLY) != 0 {
				return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EACCES}
			}
			return os.OpenFile(name, flag, perm)
		}
	} else {
		if err := os.Chmod(path, 0o400); err != nil {
			t.Fatal(err)
		}
		defer os.Chmod(path, 0o600)
	}
	_, err = Open(path, opts)
	wantError(t, "open a read-only file for writing", err, ErrReadOnly, "cannot be written (read-only file, file system or open mode)")

	// A file that needs migrating cannot be opened read-only.
	next := migration{version: migrations[len(migrations)-1].version + 1, name: testV2.name, apply: testV2.apply}
	_, err = Open(path, Options{ReadOnly: true, migrations: append(migrations[:len(migrations):len(migrations)], next)})
	wantError(t, "read-only open of an old schema", err, ErrReadOnly, "needs migrating")
}

func TestCorruptFiles(t *testing.T) {
	path := fixture(t, 3, 20)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	damage := func(name string, f func([]byte) []byte) string {
		p := path + "." + name
		if err := os.WriteFile(p, f(bytes.Clone(good)), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	pageSize := os.Getpagesize()

	_, err = Open(damage("metas", func(b []byte) []byte {
		for i := range 2 * pageSize {
			b[i] = byte(i * 7)
		}
		return b
	}), Options{})
	wantError(t, "both meta pages overwritten", err, ErrCorrupt, "is damaged or is not a bbolt database; restore it from a backup")

	_, err = Open(damage("text", func([]byte) []byte { return bytes.Repeat([]byte("not a database\n"), 1000) }), Options{})
	wantError(t, "a text file", err, ErrCorrupt, "is damaged or is not a bbolt database")

	// Cut off the last page the meta page counts, or half of them.
	ro, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var used int64
	if err := ro.view(func(tx *bolt.Tx) error { used = tx.Size(); return nil }); err != nil {
		t.Fatal(err)
	}
	ro.Close()
	_, err = Open(damage("truncated", func(b []byte) []byte { return b[:used-int64(pageSize)] }), Options{})
	wantError(t, "a truncated file", err, ErrCorrupt, "was truncated (an interrupted copy?)")
	_, err = Open(damage("half", func(b []byte) []byte { return b[:used/2] }), Options{})
	wantError(t, "half a file", err, ErrCorrupt, "was truncated")

	// A damaged data page: the game on it fails cleanly, the others keep working.
	p := damage("page", func(b []byte) []byte {
		at := bytes.Index(b, []byte(`"id":"g1"`)) / pageSize * pageSize
		b[at+8], b[at+9] = 0xff, 0xff // page flags: no such page type
		return b
	})
	s, err := Open(p, Options{NoSync: true})
	if err != nil {
		t.Fatalf("open with a damaged data page: %v", err)
	}
	defer s.Close()
	_, err = s.Game("g1")
	wantError(t, "reading the damaged game", err, ErrCorrupt, "a page could not be read")
	_, err = s.AppendMove((&testGame{id: "g1", seed: 9, seq: 20, sum: 20}).commit(1, "x"))
	wantError(t, "a move on the damaged game", err, ErrCorrupt, "a page could not be read")
	g0 := &testGame{id: "g0", seed: 9, seq: 20, sum: 20}
	g0.mustApply(t, s, 1, "after-damage")
	if moves, err := s.Moves("g0"); err != nil || len(moves) != 21 {
		t.Errorf("the undamaged game: %d moves, %v", len(moves), err)
	}
	rep, err := s.Verify(counter{})
	wantError(t, "Verify", err, ErrCorrupt, "damaged pages")
	if len(rep.Failed) != 1 || rep.Failed[0].GameID != "g1" || rep.Games != 2 {
		t.Errorf("report %+v", rep)
	}
}

// TestDiskFull runs the store in a child process whose file size limit (RLIMIT_FSIZE) stops the
// database file from growing, which the kernel reports like a full disk (EFBIG instead of ENOSPC),
// until moves fail; then it checks that the failures say so, that the store still answers, and
// that every move committed before or after is there.
func TestDiskFull(t *testing.T) {
	path := fixture(t, 1, 3)
	cmd := childCommand("TestDiskFullChild", "STORAGE_TEST_DB="+path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("child: %v\n%s\n%s", err, out, stderr.Bytes())
	}
	var committed, read int
	var failures []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		kind, rest, _ := strings.Cut(sc.Text(), " ")
		switch kind {
		case "C":
			committed, _ = strconv.Atoi(rest)
		case "R":
			read, _ = strconv.Atoi(rest)
		case "E":
			failures = append(failures, rest)
		}
	}
	if committed <= 3 || len(failures) != 3 || read != committed {
		t.Fatalf("child committed up to %d, read back %d, failures %q\n%s", committed, read, failures, out)
	}
	for _, f := range failures {
		if !strings.HasPrefix(f, "disk-full ") || !strings.Contains(f, "cannot grow (disk or quota full); the change was not saved") {
			t.Errorf("failure %q is not a clear disk-full error", f)
		}
	}
	t.Logf("child: %d moves committed in all; first failure: %s", committed, failures[0])

	// With space again, every committed move is there and the game goes on.
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if moves, err := s.Moves("g0"); err != nil || len(moves) != committed {
		t.Fatalf("%d moves after reopening, %v; want %d", len(moves), err, committed)
	}
	mustVerify(t, s)
	g := &testGame{id: "g0", seed: 9, seq: uint64(committed), sum: int64(committed)}
	g.mustApply(t, s, 1, "after-disk-full")
}

func TestDiskFullChild(t *testing.T) {
	if !isChild(t.Name()) {
		t.Skip("the child of TestDiskFull")
	}
	path := os.Getenv("STORAGE_TEST_DB")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	var limit syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &limit); err != nil {
		t.Fatal(err)
	}
	limit.Cur = uint64(fi.Size()) + 64<<10
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &limit); err != nil {
		t.Fatal(err)
	}
	snap, err := s.Snapshot("g0")
	if err != nil {
		t.Fatal(err)
	}
	g := &testGame{id: "g0", seed: 9, seq: snap.Seq, sum: int64(snap.Seq)}
	// Write until the file cannot grow, then on: a later move may still fit in pages freed
	// meanwhile, but none may be half-written.
	failures := 0
	for i := 0; failures < 3; i++ {
		if i == 10000 {
			t.Fatal("the file never stopped growing")
		}
		if _, err := g.apply(s, 1, fmt.Sprintf("full-%d", i)); err != nil {
			kind := "other"
			if errors.Is(err, ErrDiskFull) {
				kind = "disk-full"
			}
			fmt.Printf("E %s %v\n", kind, err)
			failures++
			continue
		}
		fmt.Printf("C %d\n", g.seq)
	}
	snap, err = s.Snapshot("g0")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("R %d\n", snap.Seq)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}
