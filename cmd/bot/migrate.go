package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/postgres"
)

// migrateDB copies a whole database into an empty one, from a bbolt file into PostgreSQL or back
// (or between two of a kind), verifying every game: all of it, or a part that the same command run
// again completes (storage.Copy). The bot must be stopped on the source.
func migrateDB(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	from := fs.String("from", envOr("CARC_DB", "./carcassonne.db"), "the database to copy: a BoltDB file or a postgres:// URL")
	to := fs.String("to", "", "the empty database to copy into (or the unfinished copy a stopped migrate left there): a BoltDB file or a postgres:// URL")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *to == "" || fs.NArg() > 0 {
		return errors.New("usage: bot migrate --from FILE-OR-URL --to FILE-OR-URL")
	}
	wait := 300 * time.Millisecond
	src, closeSrc, err := openStoreFor(*from, nil, storeOpening{readOnly: true, lockWait: wait})
	if errors.Is(err, storage.ErrReadOnly) && !postgres.IsURL(*from) {
		// A file of an older schema is upgraded in place first, after a backup copy, as the bot
		// does when it starts on it.
		src, closeSrc, err = openStoreFor(*from, nil, storeOpening{lockWait: wait})
		if err == nil {
			fmt.Fprintf(out, "%s had an older schema: upgraded in place first (its backup is next to it, *.schema-vN.bak)\n", *from)
		}
	}
	if errors.Is(err, storage.ErrLocked) {
		return fmt.Errorf("%w: stop the bot before migrating its database", err)
	}
	if err != nil {
		return err
	}
	defer closeSrc()
	source := src.Path()
	if !postgres.IsURL(*from) {
		if source, err = filepath.Abs(*from); err != nil {
			return err
		}
	}
	if same(*from, *to) {
		return fmt.Errorf("--from and --to name the same database %s: copy into another one", source)
	}
	dst, closeDst, err := openStoreFor(*to, nil, storeOpening{lockWait: wait, copying: true})
	if err != nil {
		return err
	}
	defer closeDst()
	rep, err := storage.Copy(src, dst, source, bot.Engine{}, func(done, total int) {
		if done%max(1, total/100) == 0 || done == total {
			fmt.Fprintf(out, "%d/%d games copied and verified\n", done, total)
		}
	})
	for _, text := range rep.Kept {
		fmt.Fprintf(out, "kept in the form %s can store (U+0000 as U+FFFD): %s\n", dst.Path(), text)
	}
	if err != nil {
		if mark, merr := dst.CopyMark(); merr == nil && mark != nil {
			return fmt.Errorf("%w\n%s is marked as an unfinished copy (%d games copied): run the same bot migrate again to finish it", err, dst.Path(), rep.Games)
		}
		return err
	}
	resumed := ""
	if rep.Resumed > 0 {
		resumed = fmt.Sprintf(" (%d of them copied by the migrate that stopped before, checked again and not copied twice)", rep.Resumed)
	}
	_, err = fmt.Fprintf(out, "copied %s to %s: %d games%s, each replayed and verified, and every player, league, rating and move still to announce\n",
		src.Path(), dst.Path(), rep.Games, resumed)
	return err
}

// same tells whether two --db values name the same database: the same file, or the same URL.
func same(a, b string) bool {
	if postgres.IsURL(a) || postgres.IsURL(b) {
		return a == b
	}
	x, errA := os.Stat(a)
	y, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(x, y)
}
