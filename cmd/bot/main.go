// Command bot runs the Carcassonne Maps Discord bot and its local tools: serving Discord, local
// play and table scripts, rendering, and the store's backup, export, import and verification.
//
// It only wires the packages together; see README.md.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bot:", err)
		os.Exit(exitCode(err))
	}
}

// run is the command line: a subcommand and its flags.
func run(args []string, stdin io.Reader, stdout io.Writer) error {
	cmd := ""
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "":
		return serve(args)
	case "play":
		return play(args, stdin, stdout)
	case "render":
		return renderGame(args, stdout)
	case "backup":
		return backup(args, stdout)
	case "export":
		return export(args, stdout)
	case "import":
		return importGame(args, stdout)
	case "verify":
		return verify(args, stdout)
	case "replay":
		return replayRecord(args, stdout)
	case "jcz":
		return jczRecord(args, stdout)
	case "bench":
		return benchReport(args, stdout)
	case "ai":
		return aiCommand(args, stdin, stdout)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	return fmt.Errorf("unknown command %q\n\n%s", cmd, usage)
}

const usage = `Usage:
  bot [--token-file FILE] [--db ./carcassonne.db] [--guild ID]   serve Discord over the gateway
  bot --http ADDR --public-key HEX [...]                         serve HTTP interactions instead
  bot play                                           hot-seat game in the terminal
  bot play --script FILE [--out DIR]                 run a table script (JSON lines out)
  bot play --auto N --map M [--players K] [--seed S] play N random games, print final states
  bot play --auto N --ai hard,easy [...]             the same with AI seats (levels of the first seats)
  bot play --record FILE --move N [--script S]       play on from turn N of a game record
  bot render (--script FILE [--line N] | --game ID [--move N]) [--end | --full] [-o board.png]
  bot backup FILE          consistent copy of the database, also while the bot runs
  bot export [--admin] ID  a game as JSON (players' view; --admin: everything)
  bot import FILE          load an exported game (with the bot stopped)
  bot verify               replay every game and check (and repair) its snapshot
  bot verify FILE          check a game record: the deal's commitment, every move and hash
  bot replay FILE          the same, for a record from /carc export, with the final scores
  bot jcz [-o OUT] FILE    that record of a finished classic game as a JCloisterZone saved game
  bot bench [--quick]      measure speed, latency and memory; one table with the targets
  bot ai match --a hard --b easy [--map M] [--decks N] [--players K] [--seed S]
                           deck-paired, seat-swapped AI match: win rate, margin, Elo, time/move
  bot ai serve             play an AI seat for an external driver: JSON lines on stdin/stdout
Environment: DISCORD_TOKEN, CARC_DB, CARC_GUILD, CARC_HTTP, CARC_PUBLIC_KEY, CARC_LOG_LEVEL.
`
