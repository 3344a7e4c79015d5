package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
)

// errNoToken is returned when the bot has no Discord token; its message says what to do.
var errNoToken = errors.New(noTokenHelp)

const noTokenHelp = `no Discord token.

To run the bot on Discord:
  1. Open https://discord.com/developers/applications, click "New Application", then "Bot":
     copy its token (Reset Token).
  2. Invite it: OAuth2 > URL Generator, scopes "bot" and "applications.commands"; bot permissions
     Send Messages, Send Messages in Threads, Create Public Threads, Attach Files, Embed Links,
     Read Message History. No privileged intents are needed.
  3. Start it with the token in the environment (never on the command line):
        DISCORD_TOKEN=... go run ./cmd/bot
     or in a file readable only by you: go run ./cmd/bot --token-file ~/.carcassonne-token

To play without Discord, right here in the terminal:
        go run ./cmd/bot play
and to replay a table script:
        go run ./cmd/bot play --script game.carc`

func serve(args []string) error {
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	tokenFile := fs.String("token-file", "", "read the Discord bot token from this file")
	fs.String("db", "./carcassonne.db", "the BoltDB file of games")
	if err := fs.Parse(args); err != nil {
		return err
	}
	token := strings.TrimSpace(os.Getenv("DISCORD_TOKEN"))
	if *tokenFile != "" {
		b, err := os.ReadFile(*tokenFile)
		if err != nil {
			return fmt.Errorf("read the token file: %w", err)
		}
		token = strings.TrimSpace(string(b))
	}
	if token == "" {
		return errNoToken
	}
	return errors.New("serving Discord is not built yet: play locally with `bot play` (see README.md)")
}
