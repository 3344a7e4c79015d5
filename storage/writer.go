package storage

import (
	"runtime/debug"

	bolt "go.etcd.io/bbolt"
)

// maxGroup bounds how many waiting writes share one transaction, so one commit stays short.
const maxGroup = 256

// writeReq is one write waiting for the writer goroutine.
type writeReq struct {
	fn   func(*bolt.Tx) error
	done chan<- error
}

// writeLoop is the only goroutine that writes. It takes every write that is waiting and commits
// them in one transaction (group commit): one fsync then confirms many moves, which is what makes
// 64 busy games cheap. Unlike bbolt's DB.Batch it never waits for company: a lone move on a quiet
// evening is committed at once instead of after Batch's 10 ms delay.
func (s *Store) writeLoop() {
	defer close(s.done)
	for first := range s.writes {
		group := []writeReq{first}
	gather:
		for len(group) < maxGroup {
			select {
			case r, ok := <-s.writes:
				if !ok {
					break gather
				}
				group = append(group, r)
			default:
				break gather
			}
		}
		s.commitGroup(group)
	}
}

// commitGroup commits the writes of group in one transaction and answers each of them. When a
// write fails (a conflict, a finished game...), the transaction is rolled back and the others are
// committed again without it; then it runs alone, after them, to get its own answer. So a write is
// never committed with a neighbour that failed, nor answered with a neighbour's error, and the
// writes are applied in the order they arrived. A failed commit (disk full) fails the whole
// group: none of its writes is in the file.
func (s *Store) commitGroup(group []writeReq) {
	var alone []writeReq
	for len(group) > 0 {
		failed := -1
		err := s.safeUpdate(func(tx *bolt.Tx) error {
			for i, r := range group {
				if err := s.call(r.fn, tx); err != nil {
					failed = i
					return err
				}
			}
			return nil
		})
		if failed < 0 || len(group) == 1 {
			for _, r := range group {
				r.done <- err
			}
			break
		}
		alone = append(alone, group[failed])
		group = append(group[:failed:failed], group[failed+1:]...)
	}
	for _, r := range alone {
		r.done <- s.safeUpdate(r.fn)
	}
}

// safeUpdate runs one bbolt write transaction, turning a panic on a damaged page into ErrCorrupt;
// bbolt rolls the transaction back as the panic unwinds.
func (s *Store) safeUpdate(fn func(*bolt.Tx) error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true)) // see Store.view
	defer func() {
		if r := recover(); r != nil {
			err = recovered(s.path, r)
		}
	}()
	return s.db.Update(func(tx *bolt.Tx) error { return s.call(fn, tx) })
}

// call runs one write inside a transaction, turning a panic on a damaged page into ErrCorrupt, so
// that commitGroup knows which write met it and the others still commit.
func (s *Store) call(fn func(*bolt.Tx) error, tx *bolt.Tx) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = recovered(s.path, r)
		}
	}()
	return fn(tx)
}
