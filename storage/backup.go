package storage

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

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
// new one), even if the machine stops halfway.
func (s *Store) BackupFile(path string) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return fmt.Errorf("back up database %s: %w", s.path, ErrClosed)
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
