package postgres

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
)

// TestAProcessOpensEnoughConnectionsForTheServerToGroupCommits: each move holds a connection from
// its row lock to its commit, so the pool bounds the moves in flight, and with them how many
// commits the server can flush together. pgx's own default is 4 on a small machine.
func TestAProcessOpensEnoughConnectionsForTheServerToGroupCommits(t *testing.T) {
	url := pgtest.URL(t)
	for _, c := range []struct {
		name string
		url  string
		opts Options
		want int32
	}{
		{"by default", url, Options{}, DefaultMaxConns},
		{"as the URL says", url + "&pool_max_conns=7", Options{}, 7},
		{"as the options say", url, Options{MaxConns: 5}, 5},
	} {
		s, err := Open(c.url, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.pool.Config().MaxConns; got != c.want {
			t.Errorf("%s: %d connections at most, want %d", c.name, got, c.want)
		}
		s.Close()
	}
}
