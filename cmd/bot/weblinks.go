package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
)

// revokeLink makes every link given out so far to a game's or a league's web page invalid: the
// bot's messages link to the page anew from then on.
func revokeLink(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("revoke-link", flag.ContinueOnError)
	db := dbFlag(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: bot revoke-link [--db FILE] GAME-ID or LEAGUE-ID")
	}
	resp, err := withStore(*db, bot.AdminRequest{Op: "revoke-link", Game: fs.Arg(0)}, true)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(out, "The links to %s's page given out so far no longer open it (generation %d now); "+
		"/carc board posts the new link.\n", fs.Arg(0), resp.Generation)
	return err
}
