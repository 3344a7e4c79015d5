// Package pgtest starts a throwaway PostgreSQL server for tests: initdb and pg_ctl from the
// Debian postgresql package, in a temporary directory, on a free port on 127.0.0.1. One server
// serves a whole test binary (Main stops it); each test gets its own fresh database (URL).
//
// initdb refuses to run as root, so when the tests run as root the server runs as the
// "postgres" OS user (runuser), in a directory that user owns.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Missing is the skip message when the PostgreSQL binaries are not installed.
const Missing = "PostgreSQL is not installed: these tests need initdb and pg_ctl from the Debian package postgresql (apt-get install postgresql)"

var (
	once   sync.Once
	srv    *server
	srvErr error
	dbs    atomic.Int64
)

type server struct {
	bin, dir, owner string
	port            int
}

// errMissing marks a machine without the binaries: tests skip instead of failing.
var errMissing = errors.New(Missing)

// Main runs the tests of a package and stops the server they started; call it from TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
func Main(m *testing.M) int {
	code := m.Run()
	if srv != nil {
		srv.stop()
	}
	return code
}

// URL returns the URL of a new, empty database on the test server, starting the server on first
// use. It skips the test when PostgreSQL is not installed, and fails it when the server does not
// start.
func URL(t testing.TB) string {
	t.Helper()
	started(t)
	name := fmt.Sprintf("t%d_%d", os.Getpid(), dbs.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, srv.url("postgres"))
	if err != nil {
		t.Fatalf("connect to the test PostgreSQL server: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	return srv.url(name)
}

// started starts the server on first use: it skips the test when PostgreSQL is not installed,
// and fails it when the server does not start.
func started(t testing.TB) {
	t.Helper()
	once.Do(func() { srv, srvErr = start() })
	if errors.Is(srvErr, errMissing) {
		t.Skip(Missing)
	}
	if srvErr != nil {
		t.Fatalf("start the test PostgreSQL server: %v", srvErr)
	}
}

// url returns the URL of database name on the test server.
func (s *server) url(name string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", s.port, name)
}

// Bin returns the directory of the PostgreSQL binaries (the newest version installed), or "".
func Bin() string {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p)
	}
	return ""
}

func version(binDir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return n
}

func start() (*server, error) {
	bin := Bin()
	if bin == "" {
		return nil, errMissing
	}
	reapAbandoned(bin)
	s := &server{bin: bin}
	if err := s.initdb(); err != nil {
		return nil, err
	}
	if err := s.startOnFreePort(); err != nil {
		s.cleanup()
		return nil, err
	}
	return s, nil
}

// startOnFreePort starts the server on a free port, trying another when one is taken meanwhile.
func (s *server) startOnFreePort() error {
	var err error
	for try := 0; try < 5; try++ {
		if s.port, err = freePort(); err != nil {
			return err
		}
		var log string
		if log, err = s.pgctl("start"); err == nil || !strings.Contains(log, "in use") {
			return err
		}
	}
	return err
}

// initdb makes the server's directory and its cluster, owned by the user that runs the server.
func (s *server) initdb() error {
	dir, err := os.MkdirTemp("", "pgtest-")
	if err != nil {
		return err
	}
	s.dir = dir
	if err := os.WriteFile(filepath.Join(dir, testerFile), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		s.cleanup()
		return err
	}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			s.cleanup()
			return fmt.Errorf("tests run as root and initdb refuses root, but there is no postgres user to run it: %w", err)
		}
		s.owner = u.Username
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			s.cleanup()
			return err
		}
	}
	data := filepath.Join(s.dir, "data")
	if out, err := s.run("initdb", "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"); err != nil {
		s.cleanup()
		return fmt.Errorf("initdb: %v: %s", err, out)
	}
	return nil
}

// pgctl runs pg_ctl's start or restart on the server's port, waiting until it accepts
// connections; on failure it returns the server's log with the error.
func (s *server) pgctl(action string, args ...string) (string, error) {
	// fsync stays on: the tests check durability the way the bot uses the server.
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=32MB", s.port, s.dir)
	out, err := s.run("pg_ctl", append([]string{"-D", filepath.Join(s.dir, "data"), "-o", opts, "-l", filepath.Join(s.dir, "log"), "-w", "-t", "60", action}, args...)...)
	if err == nil {
		return "", nil
	}
	log, _ := os.ReadFile(filepath.Join(s.dir, "log"))
	return string(log), fmt.Errorf("pg_ctl %s: %v: %s %s", action, err, out, log)
}

func (s *server) run(tool string, args ...string) (string, error) {
	path := filepath.Join(s.bin, tool)
	var cmd *exec.Cmd
	if s.owner != "" {
		cmd = exec.Command("runuser", append([]string{"-u", s.owner, "--", path}, args...)...)
	} else {
		cmd = exec.Command(path, args...)
	}
	cmd.Dir = s.dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func (s *server) stop() {
	_, _ = s.run("pg_ctl", "-D", filepath.Join(s.dir, "data"), "-m", "immediate", "-w", "stop")
	s.cleanup()
}

func (s *server) cleanup() { _ = os.RemoveAll(s.dir) }

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// Admin returns a connection to the test server as its superuser, to create roles or change
// settings in a test; the test closes it.
func Admin(t testing.TB, url string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatalf("connect to %s: %v", url, err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}
