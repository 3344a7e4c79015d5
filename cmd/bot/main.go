// Command bot runs the Carcassonne Maps Discord bot and its local tools: serving Discord, local
// play and table scripts, rendering, and the store's backup, export, import and verification.
//
// It only wires the packages together; see README.md.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bot:", err)
		os.Exit(exitCode(err))
	}
}

// run is the command line: a command, its arguments and its flags. A request for help, or the
// explanation of a missing token, is printed on stdout and is no error.
func run(args []string, stdin io.Reader, stdout io.Writer) error {
	name := ""
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		name, args = args[0], args[1:]
	}
	if name == "help" {
		help := []string{"--help"}
		if len(args) > 0 {
			help = []string{args[0], "--help"}
		}
		return run(help, stdin, stdout)
	}
	i := slices.IndexFunc(commandList, func(c command) bool { return c.name == name && c.run != nil })
	if i < 0 {
		return fmt.Errorf("unknown command %q\n\n%s", name, usage())
	}
	err := commandList[i].run(args, stdin, stdout)
	var help *helpRequest
	switch {
	case errors.As(err, &help):
		help.writeHelp(stdout)
		return nil
	case errors.Is(err, errNoToken):
		_, err = fmt.Fprintln(stdout, err)
		return err
	}
	return err
}

// command is a command of the binary, with its line in the overview.
type command struct {
	name, args, what string
	run              func(args []string, stdin io.Reader, stdout io.Writer) error
}

func noInput(f func([]string, io.Writer) error) func([]string, io.Reader, io.Writer) error {
	return func(args []string, _ io.Reader, stdout io.Writer) error { return f(args, stdout) }
}

// commandList is every command, in the order of the overview.
var commandList = []command{
	{"", "[FLAGS]", "serve Discord over the gateway, or HTTP interactions with --http (flags below)",
		func(args []string, _ io.Reader, _ io.Writer) error { return serve(args) }},
	{"play", "", "play in the terminal: hot-seat, a table script (--script), random or AI games (--auto)", play},
	{"render", "", "draw a table script's or a stored game's board as a PNG", noInput(renderGame)},
	{"backup", "FILE", "write a consistent copy of the database, also while the bot runs", noInput(backup)},
	{"export", "ID", "print a game as JSON (players' view; --admin: everything), or a league (--league)", noInput(export)},
	{"import", "FILE", "load an exported game or league into the database, with the bot stopped", noInput(importGame)},
	{"verify", "[FILE]", "replay every stored game and check (and repair) its snapshot; or check a game record", noInput(verify)},
	{"migrate", "", "copy a whole database into an empty one (BoltDB file <-> PostgreSQL), verifying every game", noInput(migrateDB)},
	{"replay", "FILE", "check a game record from /carc export (deal, moves, hashes) and print the places", noInput(replayRecord)},
	{"web", "", "serve the web pages of a database's games without Discord, printing each game's link", noInput(webPages)},
	{"revoke-link", "ID", "make the links given out to a game's or a league's web page stop working", noInput(revokeLink)},
	{"health", "", "ask a running bot's /healthz (--ready: /readyz) on its --metrics address: a container's HEALTHCHECK", noInput(health)},
	{"jcz", "FILE", "write a finished classic game's record as a JCloisterZone saved game", noInput(jczRecord)},
	{"ai", "match|serve", "a deck-paired AI match (win rate, Elo), or an AI seat over JSON lines", aiCommand},
	{"help", "[COMMAND]", "this overview, or a command's flags (as bot COMMAND --help)", nil},
}

// environment is every variable the bot reads, with what it sets.
var environment = [][2]string{
	{"DISCORD_TOKEN", "the bot's token (else --token-file); never put it on the command line"},
	{"CARC_TOKEN_FILE", "--token-file: a file holding the token (a systemd credential, a secret mount)"},
	{"CARC_DB", "--db of every command: the database file (default ./carcassonne.db), or a postgres:// URL"},
	{"CARC_MAX_LOADED", "--max-loaded: games whose table stays in memory (default 1000)"},
	{"CARC_GUILD", "--guild: register the commands in this server only"},
	{"CARC_SHARDS", "--shards: the gateway shards this process serves, FIRST-LAST/COUNT (0-3/8), ID/COUNT or auto"},
	{"CARC_DISCORD_API", "--discord-api: send Discord's REST calls to this proxy instead of https://discord.com"},
	{"CARC_HTTP", "--http: serve HTTP interactions on this address"},
	{"CARC_PUBLIC_KEY", "--public-key: the application's public key, for --http"},
	{"CARC_WEB", "--web: serve the game and league pages on this address (also beside --http, under /web)"},
	{"CARC_WEB_URL", "--web-url: where readers reach the pages (https://example.org): the bot's messages link to them"},
	{"CARC_TRUSTED_PROXIES", "--trusted-proxies: the reverse proxies in front of the pages (CIDRs); only their X-Forwarded-For is read"},
	{"CARC_LOG_LEVEL", "--log-level: debug, info (default), warn or error"},
	{"CARC_LOG_FORMAT", "--log-format: text (default) or json"},
	{"CARC_START_RETRY", "--start-retry: how long to keep trying to reach the database and Discord at start-up (default 5m)"},
	{"CARC_METRICS", "--metrics: serve /metrics, /healthz and /readyz on this address (the monitoring's own)"},
	{"CARC_MAX_TABLES_PER_USER", "--max-tables-per-user: open tables one person may sit at (default 10; 0: no cap)"},
	{"CARC_MAX_TABLES_PER_SERVER", "--max-tables-per-server: open tables one server may have (default 200; 0: no cap)"},
	{"CARC_LOBBY_EXPIRY", "--lobby-expiry: close a lobby nobody changed for this long (default 7d)"},
	{"CARC_AI_QUEUE", "--ai-queue: AI turns that may wait at once (default 256)"},
	{"CARC_AI_WORKERS", "--ai-workers: AI turns played at once (default 0: one per core)"},
	{"NOTIFY_SOCKET", "set by systemd (Type=notify): the bot tells it when it is ready and when it stops"},
	{"WATCHDOG_USEC", "set by systemd (WatchdogSec=): the bot pings its watchdog at half this while its loops tick"},
	{"WATCHDOG_PID", "set by systemd with WATCHDOG_USEC: the process the watchdog is meant for"},
}

// usage is the overview of bot --help: every command in one line, and the environment.
func usage() string {
	var b strings.Builder
	b.WriteString("Usage: bot [COMMAND] [ARGUMENTS] [FLAGS]; flags may come before or after the arguments.\n\n")
	for _, c := range commandList {
		fmt.Fprintf(&b, "  %-22s %s\n", strings.Join(strings.Fields("bot "+c.name+" "+c.args), " "), c.what)
	}
	b.WriteString("\nEnvironment (a flag on the command line wins):\n")
	for _, e := range environment {
		fmt.Fprintf(&b, "  %-22s %s\n", e[0], e[1])
	}
	return b.String()
}
