// Command bot runs the Carcassonne Maps Discord bot and its local tools:
//
//	bot                 serve Discord (token from DISCORD_TOKEN or --token-file)
//	bot play            play locally: hot-seat in the terminal, a table script, or random games
//
// It only wires the packages together; see README.md.
package main

import (
	"fmt"
	"os"
)

func main() {
	args := os.Args[1:]
	cmd := ""
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	var err error
	switch cmd {
	case "":
		err = serve(args)
	case "play":
		err = play(args, os.Stdin, os.Stdout)
	case "help", "-h", "--help":
		fmt.Print(usage)
		return
	default:
		err = fmt.Errorf("unknown command %q\n\n%s", cmd, usage)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bot:", err)
		os.Exit(exitCode(err))
	}
}

const usage = `Usage:
  bot [--token-file FILE] [--db ./carcassonne.db]     serve Discord
  bot play                                           hot-seat game in the terminal
  bot play --script FILE [--out DIR]                 run a table script (JSON lines out)
  bot play --auto N --map M [--players K] [--seed S] play N random games, print final states
`
