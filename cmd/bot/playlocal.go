package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/features"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/local"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/memory"
)

// hotSeatKeeping is how a hot-seat session keeps its games: in the database db (the bot's, by
// default), resuming game resume, or playing on from a record's steps (opened), and serving the
// games' pages on webAddr.
type hotSeatKeeping struct {
	db, resume, webAddr string
	opened              []table.Step
}

// scriptTable opens the local table of a table script, or of a game played on from a record, on
// a store kept in memory (storage/memory), which keeps nothing once the script is over.
func scriptTable(o local.Options) (*local.Table, func(), error) {
	store := memory.New(memory.Options{Name: "the table script's memory", Engine: bot.Engine{}})
	o.Store, o.Features = store, features.All()
	t, err := local.New(o)
	if err != nil {
		store.Close()
		return nil, nil, err
	}
	return t, func() { t.Close(); store.Close() }, nil
}

// hotSeatTable opens the hot-seat table on the database that keeps its games, at a place of its
// own (bot.TerminalPlace), and returns what ends the session: it says how to play on from a game
// left in progress.
func hotSeatTable(o local.Options, k hotSeatKeeping, out io.Writer) (*local.Table, func(), error) {
	store, closeStore, err := openStore(k.db, quietLog(), false, 300*time.Millisecond)
	if errors.Is(err, storage.ErrLocked) {
		return nil, nil, fmt.Errorf("%w: the bot running on %s holds it; play on a database of your own (bot play --db mine.db)", err, k.db)
	}
	if err != nil {
		return nil, nil, err
	}
	ctx, stop := context.WithCancel(context.Background())
	closeAll := func() { stop(); closeStore() }
	link := func(string) string { return "" }
	if k.webAddr != "" {
		ln, err := net.Listen("tcp", k.webAddr)
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("--web: %w", err)
		}
		pages, closeHost, err := pagesOf(store, ln)
		if err != nil {
			ln.Close()
			closeAll()
			return nil, nil, err
		}
		served := make(chan struct{})
		go func() { defer close(served); _ = servePagesOn(ctx, pages, ln) }()
		closeAll = func() { stop(); <-served; closeHost(); closeStore() }
		link = func(id string) string {
			return fmt.Sprintf(" Its page: %s (it shows each move as it is made).", pageLink(pages, ln, id))
		}
	}
	// Each session plays at a place of its own, and names its interactions (and so its games) by
	// when it began: a game of an earlier session waits at its own place until --resume.
	now := time.Now().UTC()
	stamp := fmt.Sprintf("%s-%06d", now.Format("20060102-150405"), now.Nanosecond()/1000)
	o.Store, o.Features = store, features.All()
	o.Home, o.IDs = bot.TerminalPlace+stamp, stamp+"-"
	o.Opened = func(id string) {
		fmt.Fprintf(out, "(Game %s is saved in %s after every move: bot play --resume %s plays on after Ctrl-D.%s)\n", id, k.db, id, link(id))
	}
	t, err := local.New(o)
	if err != nil {
		closeAll()
		return nil, nil, err
	}
	games := localGames{store: store}
	end := func() {
		if g, ok := t.Host.Inspect(t.Place()); ok {
			fmt.Fprintf(out, "(Game %s is saved: bot play --resume %s plays on.)\n", g.ID, g.ID)
		}
		t.Close()
		closeAll()
	}
	switch {
	case k.opened != nil:
		// The record's table is named after its game: a session of its own makes it a new game of
		// the database, however often the record is played on.
		k.opened[0].Events[0].Table += "-" + stamp
		if err := t.Open(k.opened); err != nil {
			t.Close()
			closeAll()
			return nil, nil, err
		}
		id := k.opened[0].Events[0].Table
		fmt.Fprintf(out, "(Playing on from the record as game %s, saved in %s after every move: bot play --resume %s plays on after Ctrl-D.%s)\n", id, k.db, id, link(id))
	case k.resume != "":
		rec, err := games.resume(k.resume)
		if err != nil {
			t.Close()
			closeAll()
			return nil, nil, err
		}
		t.Go(rec.Place())
		g, ok := t.Host.Inspect(rec.Place())
		if !ok {
			t.Close()
			closeAll()
			return nil, nil, fmt.Errorf("game %s does not run: bot verify says why", rec.ID)
		}
		fmt.Fprintf(out, "(Playing on game %s: %s, %s, %s.%s)\n", rec.ID, g.Table.Entry().Title, turnOf(g.Table), strings.Join(seatNames(g.Table), ", "), link(rec.ID))
	default:
		if err := games.inProgress(out); err != nil {
			t.Close()
			closeAll()
			return nil, nil, err
		}
	}
	return t, end, nil
}
