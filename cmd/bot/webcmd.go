package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/web"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// webPages serves the pages of a database's games and leagues without Discord, for a host to check
// them (or a player to look at the games of the terminal): it prints each game's signed link and
// serves until Ctrl-C. The pages read the database; nothing is posted anywhere.
func webPages(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	db := dbFlag(fs)
	addr := fs.String("addr", "127.0.0.1:8080", "the address to serve the pages on")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return errors.New("usage: bot web [--db FILE] [--addr HOST:PORT]")
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return servePages(ctx, *db, ln, out)
}

// servePages serves the pages of the games in db on ln until ctx ends.
func servePages(ctx context.Context, db string, ln net.Listener, out io.Writer) error {
	defer ln.Close()
	store, closeStore, err := openStore(db, quietLog(), false, 0)
	if errors.Is(err, storage.ErrLocked) {
		return fmt.Errorf("%w: the bot that holds it serves the pages itself with --web ADDR", err)
	}
	if err != nil {
		return err
	}
	defer closeStore()
	pages, closeHost, err := pagesOf(store, ln)
	if err != nil {
		return err
	}
	defer closeHost()
	ids, err := store.GameIDs()
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "Serving the pages of %d game(s) of %s on http://%s (Ctrl-C stops):\n", len(ids), db, ln.Addr())
	for _, id := range ids {
		fmt.Fprintf(out, "  %s  %s\n", id, pageLink(pages, ln, id))
	}
	return servePagesOn(ctx, pages, ln)
}

// quietLog logs what goes wrong, on stderr: serving pages has nothing else to say.
func quietLog() *slog.Logger {
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

// pagesOf are the pages of the games of store, served by a host that is in no chat, at the
// address of ln.
func pagesOf(store storage.Database, ln net.Listener) (*web.Server, func(), error) {
	host, err := bot.New(bot.Config{Store: store, Logger: quietLog(), Port: noChat{}})
	if err != nil {
		return nil, nil, err
	}
	pages, err := host.Web("", "http://"+ln.Addr().String())
	if err != nil {
		host.Close()
		return nil, nil, err
	}
	return pages, host.Close, nil
}

// pageLink is the signed address of a game's page served on ln.
func pageLink(pages *web.Server, ln net.Listener, id string) string {
	path, err := pages.GamePath(id)
	if err != nil {
		return fmt.Sprintf("(no link: %v)", err)
	}
	return "http://" + ln.Addr().String() + path
}

// servePagesOn serves pages on ln until ctx ends.
func servePagesOn(ctx context.Context, pages *web.Server, ln net.Listener) error {
	srv := bot.NewHTTPServer(ln.Addr().String(), pages.Handler())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return srv.Shutdown(shut)
}

// noChat is the port of a host that serves pages only: it is in no chat, so it posts, sends and
// answers nothing, and says so if it is ever asked to.
type noChat struct{}

var errNoChat = errors.New("bot web serves pages only: it posts nothing")

func (noChat) Post(string, bot.Message) (string, error)   { return "", errNoChat }
func (noChat) Edit(string, string, bot.Message) error     { return errNoChat }
func (noChat) DM(string, bot.Message) error               { return errNoChat }
func (noChat) OpenThread(string, string) (string, error)  { return "", errNoChat }
func (noChat) Answer(*bot.Interaction, bot.Message) error { return errNoChat }
func (noChat) Thinking(*bot.Interaction) (bool, error)    { return false, nil }
func (noChat) Link(string, string) string                 { return "" }
