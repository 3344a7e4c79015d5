package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// parseFlags parses a command's flags wherever they stand among its arguments, so that
// bot export --league ID --db FILE works as well as bot export --db FILE --league ID; after "--"
// everything is an argument. -h or --help is a helpRequest, and a flag the command does not have
// is an error that points to its help.
func parseFlags(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard) // run prints the help; errors are returned, not printed twice
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			rest = append(rest, args[i+1:]...)
			i = len(args)
		case len(a) > 1 && a[0] == '-':
			flags = append(flags, a)
			name, _, hasValue := strings.Cut(strings.TrimPrefix(a[1:], "-"), "=")
			if f := fs.Lookup(name); f != nil && !hasValue && !isBoolFlag(f) && i+1 < len(args) {
				i++
				flags = append(flags, args[i])
			}
		default:
			rest = append(rest, a)
		}
	}
	err := fs.Parse(append(append(flags, "--"), rest...))
	if errors.Is(err, flag.ErrHelp) {
		return &helpRequest{fs}
	}
	if err != nil {
		return fmt.Errorf("%w (bot %s lists the flags)", err, helpCommand(fs))
	}
	return nil
}

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// helpRequest is a command's -h or --help: run prints the command's help and exits 0.
type helpRequest struct{ fs *flag.FlagSet }

func (h *helpRequest) Error() string { return "help requested" }

// helpCommand is how to ask for a flag set's help.
func helpCommand(fs *flag.FlagSet) string {
	if fs.Name() == "bot" {
		return "--help"
	}
	return fs.Name() + " --help"
}

// writeHelp prints a command's help: for the bot itself the overview of every command and the
// environment, then the flags.
func (h *helpRequest) writeHelp(w io.Writer) {
	if h.fs.Name() == "bot" {
		fmt.Fprint(w, usage())
		fmt.Fprint(w, "\nFlags of bot (serving Discord):\n")
	} else {
		name, _, _ := strings.Cut(h.fs.Name(), " ")
		flags := 0
		h.fs.VisitAll(func(*flag.Flag) { flags++ })
		for _, c := range commandList {
			if c.name != name {
				continue
			}
			fmt.Fprintf(w, "bot %s: %s\n", h.fs.Name(), c.what)
			if c.args != "" && !strings.Contains(c.args, "|") {
				fmt.Fprintf(w, "Usage: bot %s %s%s\n", name, c.args, map[bool]string{true: " [FLAGS]"}[flags > 0])
			}
		}
		if flags == 0 {
			fmt.Fprintf(w, "\nbot %s has no flags.\n", h.fs.Name())
			return
		}
		fmt.Fprintf(w, "\nFlags of bot %s (before or after the arguments):\n", h.fs.Name())
	}
	h.fs.SetOutput(w)
	h.fs.PrintDefaults()
}
