package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// withStore runs fn on the database, opened directly when no bot holds it, or asks the running
// bot over its admin socket.
func withStore(db string, req bot.AdminRequest, write bool) (bot.AdminResponse, error) {
	store, closeStore, err := openStore(db, nil, !write, 300*time.Millisecond)
	if errors.Is(err, storage.ErrLocked) {
		return bot.AskAdmin(db+".sock", req)
	}
	if err != nil {
		return bot.AdminResponse{}, err
	}
	defer closeStore()
	resp := bot.RunAdmin(store, req)
	if !resp.OK {
		return resp, errors.New(resp.Error)
	}
	return resp, nil
}

func dbFlag(fs *flag.FlagSet) *string {
	return fs.String("db", envOr("CARC_DB", "./carcassonne.db"), dbHelp)
}

// backup writes a consistent copy of the database while the bot may be running.
func backup(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	db := dbFlag(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: bot backup [--db FILE] BACKUP-FILE")
	}
	// A running bot writes the copy itself, from its own working directory.
	file, err := filepath.Abs(fs.Arg(0))
	if err != nil {
		return err
	}
	resp, err := withStore(*db, bot.AdminRequest{Op: "backup", File: file}, false)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(out, "backup of %s written to %s (%d bytes)\n", *db, file, resp.Bytes)
	return err
}

// export prints a game as JSON: the players' view, or with --admin everything; with --league, a
// league with its seasons (its games are exported one by one, and imported before it).
func export(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	db := dbFlag(fs)
	admin := fs.Bool("admin", false, "include hidden information (setup, seed, tile order, face-down chips)")
	isLeague := fs.Bool("league", false, "export a league and its seasons (import its games, each exported with --admin, before it)")
	asRecord := fs.Bool("record", false, "print the game's record, as /carc export attaches it (for bot replay, render --record, play --record)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: bot export [--db FILE] [--admin | --record] GAME-ID, or bot export [--db FILE] --league LEAGUE-ID")
	}
	if *asRecord {
		return exportRecord(*db, fs.Arg(0), out)
	}
	req := bot.AdminRequest{Op: "export", Game: fs.Arg(0), Admin: *admin}
	if *isLeague {
		req = bot.AdminRequest{Op: "export-league", Game: fs.Arg(0)}
	}
	resp, err := withStore(*db, req, false)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(out, "%s\n", resp.Export)
	return err
}

// importGame loads an exported game (admin view) or league into the database; the bot must be
// stopped.
func importGame(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	db := dbFlag(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: bot import [--db FILE] EXPORT-FILE")
	}
	data, kind, err := readKind(fs.Arg(0))
	if err != nil {
		return err
	}
	if kind != kindExport && kind != kindLeague {
		return wrongFile(fs.Arg(0), kind)
	}
	var shape any = &storage.GameExport{}
	if kind == kindLeague {
		shape = &storage.LeagueExport{}
	}
	if err := json.Unmarshal(data, shape); err != nil {
		return fmt.Errorf("%s: %s", fs.Arg(0), jsonInWords(data, err))
	}
	store, closeStore, err := openStore(*db, nil, false, 300*time.Millisecond)
	if errors.Is(err, storage.ErrLocked) {
		return fmt.Errorf("%w: stop the bot before importing a game", err)
	}
	if err != nil {
		return err
	}
	defer closeStore()
	var head struct {
		Format string `json:"format"`
	}
	if json.Unmarshal(data, &head) == nil && head.Format == storage.LeagueExportFormat {
		l, err := store.ImportLeague(data, bot.Engine{})
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(out, "imported league %s (%s, season %d, %d members)\n", l.ID, l.Name, l.Season, len(l.Members))
		return err
	}
	rec, err := store.Import(data, bot.Engine{})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(out, "imported game %s (%d moves)\n", rec.ID, rec.Seq)
	return err
}

// verify replays every stored game and checks its snapshot; disagreeing snapshots are rebuilt.
func verify(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	db := dbFlag(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 1 {
		return checkRecord(fs.Arg(0), out)
	}
	if fs.NArg() > 1 {
		return errors.New("usage: bot verify [--db FILE] (every stored game), or bot verify RECORD-FILE (one game record)")
	}
	resp, err := withStore(*db, bot.AdminRequest{Op: "verify"}, true)
	if resp.Report != nil {
		b, _ := json.MarshalIndent(resp.Report, "", "  ")
		fmt.Fprintf(out, "%s\n", b)
	}
	if err != nil {
		return err
	}
	if r := resp.Report; r != nil && len(r.Aside) > 0 {
		fmt.Fprintf(out, "%d game(s) replayed and checked; %d game(s) set aside, kept untouched and read-only (listed under \"aside\" with why; bot export --admin ID exports one)\n",
			r.Games, len(r.Aside))
	}
	if r := resp.Report; r != nil && !r.OK() {
		// Exit 1 so that a cron job notices, even when every snapshot could be rebuilt.
		return fmt.Errorf("%w: %d snapshot(s) rebuilt, %d game(s) failed to replay, %d problem(s) in the file",
			errFailed, len(r.Rebuilt), len(r.Failed), len(r.Problems))
	}
	return nil
}
