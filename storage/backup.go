package storage

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	bolt "go.etcd.io/bbolt"
)

// Backup writes a consistent copy of the whole database to w while the bot keeps playing: it is
// bbolt's Tx.WriteTo in a read transaction, which sees the file as of its start and does not block
// moves. The copy is a database file that Open accepts. It returns the bytes written.
func (s *Store) Backup(w io.Writer) (int64, error) {
	var n int64
	err := s.view(func(tx *bolt.Tx) (err error) {
		n, err = tx.WriteTo(w)
		return err
	})
	if err != nil {
		return n, fmt.Errorf("back up database %s: %w", s.path, err)
	}
	return n, nil
}

// BackupFile writes a backup to path atomically: into a temporary file in the same directory,
// fsynced, then renamed over path, so path always holds a complete backup (the previous or the
// new one), even if the machine stops halfway. It refuses a path that is a database in use
// (checkBackupTarget): the store's own file, or one another process holds open.
func (s *Store) BackupFile(path string) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return fmt.Errorf("back up database %s: %w", s.path, ErrClosed)
	}
	if err := checkBackupTarget(s.path, path); err != nil {
		return fmt.Errorf("back up database %s to %s: %w", s.path, path, err)
	}
	if err := writeBackupFile(s.db, path); err != nil {
		return fmt.Errorf("back up database %s to %s: %w", s.path, path, explain(path, err))
	}
	return nil
}

// writeBackupFile is BackupFile on a bare bbolt handle, also used before a schema migration.
func writeBackupFile(db *bolt.DB, path string) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = db.View(func(tx *bolt.Tx) error { _, err := tx.WriteTo(tmp); return err }); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	return syncDir(filepath.Dir(path))
}

// checkBackupTarget refuses to write a backup over a database in use: the store's own file (the
// copy renamed over it would replace the live database, whose later moves the next start would
// not see, and leave it unlocked) or any file a process holds open as a database (bbolt locks it
// with flock while it is open: a bot, bot verify, another backup's source).
func checkBackupTarget(dbPath, path string) error {
	target, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if self, err := os.Stat(dbPath); err == nil && os.SameFile(self, target) {
		return invalidf("%s is the database being backed up: a backup written there would replace it; choose another file", path)
	}
	if target.Mode().IsRegular() && lockedByAnother(path) {
		return invalidf("%s is a database in use (a process holds it open): a backup written there would replace it under that process; choose another file", path)
	}
	return nil
}

// lockedByAnother tells whether some open file holds a flock on path, as bbolt does on the
// database it opens (shared when read-only, exclusive otherwise).
func lockedByAnother(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return errors.Is(err, syscall.EWOULDBLOCK)
	}
	_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return false
}

// ErrNoBackupFile is the refusal of BackupFile by a store that is backed up by other means (a
// PostgreSQL database by pg_dump): its error says which.
var ErrNoBackupFile = errors.New("this store writes no backup file")

// WriteCopy writes at path a new database file holding a copy of src, as BackupFile writes a
// backup: into a temporary file of the same directory, renamed over path once whole and fsynced.
// The copy is Copy's (from names src in its mark while it runs): every game replayed with e and
// checked, then everything beside the games. A store without a file of its own (storage/memory)
// backs up this way. Like BackupFile it refuses a path that is a database in use.
func WriteCopy(src Copier, from, path string, e Engine) (err error) {
	if err := checkBackupTarget("", path); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	tmpDir, err := os.MkdirTemp(dir, filepath.Base(path)+".tmp-*")
	if err != nil {
		return explain(path, err)
	}
	defer os.RemoveAll(tmpDir)
	tmp := filepath.Join(tmpDir, filepath.Base(path))
	dst, err := Open(tmp, Options{NoSync: true, Copying: true, Engine: e})
	if err != nil {
		return err
	}
	if _, err := Copy(src, dst, from, e, nil); err != nil {
		dst.Close()
		return err
	}
	if err := dst.Close(); err != nil {
		return err
	}
	// Written without fsync, as a copy is (it is nothing until renamed): one fsync makes it whole.
	f, err := os.Open(tmp)
	if err != nil {
		return explain(path, err)
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err == nil {
		err = syncDir(dir)
	}
	return explain(path, err)
}
