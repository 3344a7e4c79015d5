package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// migrateDB copies a whole database into an empty one, from a bbolt file into PostgreSQL or back
// (or between two of a kind), verifying every game. The bot must be stopped on the source.
func migrateDB(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	from := fs.String("from", envOr("CARC_DB", "./carcassonne.db"), "the database to copy: a BoltDB file or a postgres:// URL")
	to := fs.String("to", "", "the empty database to copy into: a BoltDB file or a postgres:// URL")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *to == "" || fs.NArg() > 0 {
		return errors.New("usage: bot migrate --from FILE-OR-URL --to FILE-OR-URL")
	}
	src, closeSrc, err := openStore(*from, nil, true, 300*time.Millisecond)
	if errors.Is(err, storage.ErrLocked) {
		return fmt.Errorf("%w: stop the bot before migrating its database", err)
	}
	if err != nil {
		return err
	}
	defer closeSrc()
	dst, closeDst, err := openStore(*to, nil, false, 300*time.Millisecond)
	if err != nil {
		return err
	}
	defer closeDst()
	n, err := storage.Copy(src, dst, bot.Engine{}, func(done, total int) {
		if done%1000 == 0 || done == total {
			fmt.Fprintf(out, "%d/%d games copied and verified\n", done, total)
		}
	})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(out, "copied %s to %s: %d games, each replayed and verified, and every player, league, rating and move still to announce\n", src.Path(), dst.Path(), n)
	return err
}
