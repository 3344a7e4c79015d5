package pgtest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Server is a PostgreSQL server of one test's own, which the test may stop and start again
// (Stop, Start, Restart) without disturbing the other tests' server. Its directory and its port
// stay the same across restarts, so the URLs it gave keep working once it is back.
type Server struct {
	s *server
}

// Own starts a server for the calling test alone, stopped and removed when the test ends. It
// skips the test when PostgreSQL is not installed.
func Own(t testing.TB) *Server {
	t.Helper()
	bin := Bin()
	if bin == "" {
		t.Skip(Missing)
	}
	reapAbandoned(bin)
	s := &server{bin: bin}
	if err := s.initdb(); err != nil {
		t.Fatalf("start a PostgreSQL server: %v", err)
	}
	if err := s.startOnFreePort(); err != nil {
		s.cleanup()
		t.Fatalf("start a PostgreSQL server: %v", err)
	}
	t.Cleanup(s.stop)
	return &Server{s: s}
}

// URL returns the URL of a new, empty database on the server.
func (o *Server) URL(t testing.TB) string {
	t.Helper()
	name := fmt.Sprintf("t%d_%d", os.Getpid(), dbs.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, o.s.url("postgres"))
	if err != nil {
		t.Fatalf("connect to the test's PostgreSQL server: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	return o.s.url(name)
}

// Stop stops the server: mode "fast" ends every session and shuts down cleanly, "immediate"
// kills the server as a crash would (it recovers from its log at the next Start).
func (o *Server) Stop(t testing.TB, mode string) {
	t.Helper()
	if out, err := o.s.run("pg_ctl", "-D", filepath.Join(o.s.dir, "data"), "-m", mode, "-w", "-t", "60", "stop"); err != nil {
		t.Fatalf("pg_ctl stop -m %s: %v: %s", mode, err, out)
	}
}

// Start starts the stopped server again, on its port, and waits until it accepts connections.
func (o *Server) Start(t testing.TB) {
	t.Helper()
	if _, err := o.s.pgctl("start"); err != nil {
		t.Fatal(err)
	}
}

// Restart stops the server in mode (see Stop) and starts it again.
func (o *Server) Restart(t testing.TB, mode string) {
	t.Helper()
	o.Stop(t, mode)
	o.Start(t)
}
