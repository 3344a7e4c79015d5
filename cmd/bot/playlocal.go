package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/script"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// hotSeatKeeping is how a hot-seat session keeps its games: in the database db (the bot's, by
// default), resuming game resume, and serving the games' pages on webAddr. A session opened on a
// record's table (opened) keeps none of it.
type hotSeatKeeping struct {
	db, resume, webAddr string
	opened              *table.Table
}

// keepHotSeat has r keep its games in the database and returns what ends the keeping once the
// session is over: it says how to play on from a game left in progress.
func keepHotSeat(r *script.Runner, k hotSeatKeeping, out io.Writer) (func(), error) {
	store, closeStore, err := openStore(k.db, quietLog(), false, 300*time.Millisecond)
	if errors.Is(err, storage.ErrLocked) {
		return nil, fmt.Errorf("%w: the bot running on %s holds it; play on a database of your own (bot play --db mine.db)", err, k.db)
	}
	if err != nil {
		return nil, err
	}
	games := &localGames{store: store, now: time.Now, kept: map[string]*keptGame{}}
	ctx, stop := context.WithCancel(context.Background())
	closeAll := func() { stop(); closeStore() }
	link := func(string) string { return "" }
	if k.webAddr != "" {
		ln, err := net.Listen("tcp", k.webAddr)
		if err != nil {
			closeAll()
			return nil, fmt.Errorf("--web: %w", err)
		}
		pages, closeHost, err := pagesOf(store, ln)
		if err != nil {
			ln.Close()
			closeAll()
			return nil, err
		}
		served := make(chan struct{})
		go func() { defer close(served); _ = servePagesOn(ctx, pages, ln) }()
		closeAll = func() { stop(); <-served; closeHost(); closeStore() }
		link = func(id string) string {
			return fmt.Sprintf(" Its page: %s (reload it after a move).", pageLink(pages, ln, id))
		}
	}
	games.told = func(id string) {
		fmt.Fprintf(out, "(Game %s is saved in %s after every move: bot play --resume %s plays on after Ctrl-D.%s)\n", id, k.db, id, link(id))
	}
	switch {
	case k.resume != "":
		t, steps, err := games.resume(k.resume)
		if err != nil {
			closeAll()
			return nil, err
		}
		r.Open(t, steps)
		id := games.kept[t.ID].id
		fmt.Fprintf(out, "(Playing on game %s: %s, %s, %s.%s)\n", id, t.Entry().Title, turnOf(t), strings.Join(seatNames(t), ", "), link(id))
	case k.opened != nil:
		fmt.Fprintln(out, "(A game played on from a record is not kept: /carc export writes where it got to.)")
	default:
		if err := games.inProgress(store, out); err != nil {
			closeAll()
			return nil, err
		}
	}
	r.Keep, r.TableID = games.keep, games.newID
	return func() {
		if t := r.Table; t != nil && (t.Status == table.Lobby || t.Status == table.Playing) {
			if g := games.kept[t.ID]; g != nil {
				fmt.Fprintf(out, "(Game %s is saved: bot play --resume %s plays on.)\n", g.id, g.id)
			}
		}
		closeAll()
	}, nil
}
