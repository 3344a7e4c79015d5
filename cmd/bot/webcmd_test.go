package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestWebServesADatabasesGames: bot web --db FILE serves the pages of the games stored in a
// database, without Discord, and prints each game's signed link; the link opens the game's page.
func TestWebServesADatabasesGames(t *testing.T) {
	db := filepath.Join(t.TempDir(), "games.db")
	id := storedGame(t, db, 3, false)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- servePages(ctx, db, ln, out) }()
	var link string
	for deadline := time.Now().Add(10 * time.Second); link == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		for _, line := range strings.Split(out.String(), "\n") {
			if f := strings.Fields(line); len(f) == 2 && f[0] == id {
				link = f[1]
			}
		}
	}
	if link == "" {
		cancel()
		t.Fatalf("no link for game %s:\n%s", id, out.String())
	}
	resp, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "ann") {
		t.Errorf("%s: %s\n%.500s", link, resp.Status, body)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("the server stopped with %v", err)
	}
}

// syncBuffer is a buffer one goroutine writes while another reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
