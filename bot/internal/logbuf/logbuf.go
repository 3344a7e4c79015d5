// Package logbuf is a log destination that the bot's goroutines may write at once while a test
// reads it.
package logbuf

import (
	"bytes"
	"sync"
)

// Buffer collects what is written to it.
type Buffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// String is everything written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
