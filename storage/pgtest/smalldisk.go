package pgtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// NoSmallDisk is the skip message where a small file system cannot be mounted for a test.
const NoSmallDisk = "this test fills a small file system (a tmpfs it mounts), which needs root: run the tests as root, as CI does"

// Disk is the small file system under one test database: its tables live there (a tablespace),
// while the server's log of changes (WAL) and the other databases stay on the ordinary disk. A
// test fills it with ballast (Fill) until the server refuses to write the database, and frees it
// again (Free).
type Disk struct {
	// Dir is the mount point.
	Dir     string
	ballast string
}

// SmallDisk returns the URL of a new, empty database whose tables live on a file system of its own
// of size bytes (a tmpfs mounted for the test; the database's first files take about 8 MiB of it),
// and that file system. It skips the test where it cannot mount one (not root, no mount
// permission) or PostgreSQL is not installed.
func SmallDisk(t testing.TB, size int64) (string, *Disk) {
	t.Helper()
	started(t)
	if os.Geteuid() != 0 {
		t.Skip(NoSmallDisk)
	}
	mnt, err := os.MkdirTemp("", "pgtest-disk-")
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", fmt.Sprintf("size=%d,mode=0755", size), "tmpfs", mnt).CombinedOutput(); err != nil {
		os.Remove(mnt)
		t.Skipf("%s (mount -t tmpfs: %v: %s)", NoSmallDisk, err, out)
	}
	d := &Disk{Dir: mnt, ballast: filepath.Join(mnt, "ballast")}
	n := dbs.Add(1)
	space, name := fmt.Sprintf("ts%d_%d", os.Getpid(), n), fmt.Sprintf("t%d_%d", os.Getpid(), n)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn := Admin(t, srv.url("postgres"))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		// The database goes first (its files are on the disk), the mount last.
		_, _ = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
		_, _ = conn.Exec(ctx, "DROP TABLESPACE IF EXISTS "+space)
		if out, err := exec.Command("umount", mnt).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v: %s", mnt, err, out)
			return
		}
		os.Remove(mnt)
	})
	// The tablespace's directory must be empty and belong to the server's user.
	loc := filepath.Join(mnt, "pg")
	if err := os.Mkdir(loc, 0o700); err != nil {
		t.Fatal(err)
	}
	if srv.owner != "" {
		u, err := user.Lookup(srv.owner)
		if err != nil {
			t.Fatal(err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(loc, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := conn.Exec(ctx, "CREATE TABLESPACE "+space+" LOCATION '"+loc+"'"); err != nil {
		t.Fatalf("create a tablespace on the small disk: %v", err)
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name+" TABLESPACE "+space); err != nil {
		t.Fatalf("create a database on the small disk: %v", err)
	}
	return srv.url(name), d
}

// Fill takes every free byte of the disk with a ballast file: the next time the server needs a new
// page for the database it gets "no space left on device".
func (d *Disk) Fill(t testing.TB) {
	t.Helper()
	f, err := os.OpenFile(d.ballast, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 64<<10)
	for len(chunk) > 0 {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("fill the small disk: %v", err)
			}
			chunk = chunk[:len(chunk)/2] // the last pages, a smaller write at a time
		}
	}
}

// Free removes the ballast: the disk has room again.
func (d *Disk) Free(t testing.TB) {
	t.Helper()
	if err := os.Remove(d.ballast); err != nil {
		t.Fatal(err)
	}
}
