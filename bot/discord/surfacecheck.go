package discord

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord refuses a whole registration (one bulk overwrite of every command) when one command
// breaks one of its limits, and the bot would then exit before a single game. So the bot checks
// its own surface against every limit Discord documents before it registers it, and refuses to
// start on a breach, naming the command, the locale, the field and the count. The limits are those
// of Discord's documentation, Application Commands: "Application Command Naming" (names) and
// "Registering a Command" / "Limits" (counts and the 4,000 characters of a command).

// Discord's documented limits on application commands.
const (
	// MaxCommandChars is the combined size of a command: the name, description and value of the
	// command, of its options (subcommands and groups included) and of their choices; where a
	// field has localizations, only the longest of them (the default included) counts.
	MaxCommandChars = 4000
	// CommandBudget is what this bot lets a command take of MaxCommandChars, so that a new
	// option or a longer translation has room: a test fails past it, before Discord would.
	CommandBudget = 3600
	// MaxGlobalCommands is how many chat input commands an application may register globally
	// (and, as many again, per guild).
	MaxGlobalCommands = 100
	maxOptions        = 25 // options, subcommands or groups of one parent
	maxChoices        = 25
	maxName           = 32
	maxDescription    = 100
	maxChoiceName     = 100
	maxChoiceValue    = 100
)

// commandNameRule is Discord's rule for the name of a chat input command, subcommand or option in
// any locale; where the script has case, the name must be lowercase as well.
var commandNameRule = regexp.MustCompile(`^[-_\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// LimitError is one breach of Discord's limits on a command.
type LimitError struct {
	Command string // the path of what breaks it: "/carc new rules"
	Locale  string // the locale of the text that breaks it; "" for the default (English) one
	Field   string // name, description, options, choices, choice name, choice value, size, required, count
	Count   int    // what the surface has: characters, options, choices or commands
	Limit   int
	Rule    string // the rule in words
}

func (e *LimitError) Error() string {
	where := e.Command
	if e.Locale != "" {
		where += " (" + e.Locale + ")"
	}
	return fmt.Sprintf("%s: %s: %s (%d, limit %d)", where, e.Field, e.Rule, e.Count, e.Limit)
}

// CheckSurface checks commands against every limit Discord documents for a registration of global
// commands, and returns every breach (each a *LimitError), joined, or nil.
func CheckSurface(commands []*discordgo.ApplicationCommand) error {
	var errs []error
	breach := func(e *LimitError) { errs = append(errs, e) }
	if len(commands) > MaxGlobalCommands {
		breach(&LimitError{Command: "/", Field: "count", Count: len(commands), Limit: MaxGlobalCommands, Rule: "too many global commands"})
	}
	var tops []localizedName
	for _, c := range commands {
		path := "/" + c.Name
		var names, descs map[discordgo.Locale]string
		if c.NameLocalizations != nil {
			names = *c.NameLocalizations
		}
		if c.DescriptionLocalizations != nil {
			descs = *c.DescriptionLocalizations
		}
		checkText(breach, path, c.Name, c.Description, names, descs)
		tops = append(tops, localizedName{c.Name, names})
		checkOptions(breach, path, c.Options, 0)
		if n := CommandSize(c); n > MaxCommandChars {
			breach(&LimitError{Command: path, Locale: longestLocale(c), Field: "size", Count: n, Limit: MaxCommandChars,
				Rule: "the command's name, description and values, with its options and choices, the longest localization of each, are too long"})
		}
	}
	checkSiblings(breach, "/", tops)
	return errors.Join(errs...)
}

// localizedName is a name with its localizations, to tell siblings apart in every locale.
type localizedName struct {
	name string
	l    map[discordgo.Locale]string
}

// checkText checks a name and a description, with their localizations.
func checkText(breach func(*LimitError), path, name, desc string, names, descs map[discordgo.Locale]string) {
	checkName(breach, path, "", name)
	for _, loc := range sortedLocales(names) {
		checkLocale(breach, path, loc, "name")
		checkName(breach, path, string(loc), names[loc])
	}
	checkLength(breach, path, "", "description", desc, 1, maxDescription)
	for _, loc := range sortedLocales(descs) {
		checkLocale(breach, path, loc, "description")
		checkLength(breach, path, string(loc), "description", descs[loc], 1, maxDescription)
	}
}

func checkName(breach func(*LimitError), path, locale, name string) {
	if !commandNameRule.MatchString(name) || strings.ToLower(name) != name {
		breach(&LimitError{Command: path, Locale: locale, Field: "name", Count: utf8.RuneCountInString(name), Limit: maxName,
			Rule: fmt.Sprintf("%q is not 1-32 lowercase letters, digits, - or _", name)})
	}
}

func checkLength(breach func(*LimitError), path, locale, field, text string, lo, hi int) {
	if n := utf8.RuneCountInString(text); n < lo || n > hi {
		breach(&LimitError{Command: path, Locale: locale, Field: field, Count: n, Limit: hi,
			Rule: fmt.Sprintf("must have %d to %d characters", lo, hi)})
	}
}

func checkLocale(breach func(*LimitError), path string, loc discordgo.Locale, field string) {
	if _, ok := discordgo.Locales[loc]; !ok || loc == discordgo.Unknown {
		breach(&LimitError{Command: path, Locale: string(loc), Field: field, Rule: "not a locale Discord has"})
	}
}

// checkOptions checks the options of a command (parent 0), a group or a subcommand.
func checkOptions(breach func(*LimitError), path string, opts []*discordgo.ApplicationCommandOption, parent discordgo.ApplicationCommandOptionType) {
	if len(opts) > maxOptions {
		breach(&LimitError{Command: path, Field: "options", Count: len(opts), Limit: maxOptions, Rule: "too many options, subcommands or groups"})
	}
	var sibs []localizedName
	optional, subs := false, 0
	for _, o := range opts {
		p := path + " " + o.Name
		checkText(breach, p, o.Name, o.Description, o.NameLocalizations, o.DescriptionLocalizations)
		sibs = append(sibs, localizedName{o.Name, o.NameLocalizations})
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			subs++
			if parent == discordgo.ApplicationCommandOptionSubCommand || parent == o.Type {
				breach(&LimitError{Command: p, Field: "options", Rule: "subcommands nest at most command > group > subcommand"})
			}
			checkOptions(breach, p, o.Options, o.Type)
			continue
		}
		if parent == discordgo.ApplicationCommandOptionSubCommandGroup {
			breach(&LimitError{Command: p, Field: "options", Rule: "a group holds only subcommands"})
		}
		if o.Required && optional {
			breach(&LimitError{Command: p, Field: "required", Rule: "a required option must come before the optional ones"})
		}
		optional = optional || !o.Required
		checkChoices(breach, p, o)
	}
	if subs > 0 && subs != len(opts) {
		breach(&LimitError{Command: path, Field: "options", Count: len(opts) - subs, Rule: "subcommands cannot be mixed with other options"})
	}
	checkSiblings(breach, path, sibs)
}

func checkChoices(breach func(*LimitError), path string, o *discordgo.ApplicationCommandOption) {
	if len(o.Choices) > maxChoices {
		breach(&LimitError{Command: path, Field: "choices", Count: len(o.Choices), Limit: maxChoices, Rule: "too many choices"})
	}
	if o.Autocomplete && len(o.Choices) > 0 {
		breach(&LimitError{Command: path, Field: "choices", Count: len(o.Choices), Rule: "autocomplete and choices exclude each other"})
	}
	for _, c := range o.Choices {
		p := fmt.Sprintf("%s %v", path, c.Value)
		checkLength(breach, p, "", "choice name", c.Name, 1, maxChoiceName)
		for _, loc := range sortedLocales(c.NameLocalizations) {
			checkLocale(breach, p, loc, "choice name")
			checkLength(breach, p, string(loc), "choice name", c.NameLocalizations[loc], 1, maxChoiceName)
		}
		if v, ok := c.Value.(string); ok {
			checkLength(breach, p, "", "choice value", v, 1, maxChoiceValue)
		}
	}
}

// checkSiblings checks that no two commands, or options of one parent, share a name in a locale
// (a locale without its own name shows the default one).
func checkSiblings(breach func(*LimitError), parent string, sibs []localizedName) {
	locales := map[discordgo.Locale]bool{discordgo.Unknown: true}
	for _, s := range sibs {
		for loc := range s.l {
			locales[loc] = true
		}
	}
	for _, loc := range sortedLocales(locales) {
		seen := map[string]bool{}
		for _, s := range sibs {
			name := s.name
			if l, ok := s.l[loc]; ok {
				name = l
			}
			if seen[name] {
				breach(&LimitError{Command: strings.TrimSpace(parent + " " + name), Locale: string(loc), Field: "name", Rule: "two siblings share this name"})
			}
			seen[name] = true
		}
	}
}

func sortedLocales[V any](m map[discordgo.Locale]V) []discordgo.Locale {
	out := make([]discordgo.Locale, 0, len(m))
	for loc := range m {
		out = append(out, loc)
	}
	slices.Sort(out)
	return out
}

// CommandSize is the size of a command as Discord counts it against MaxCommandChars.
func CommandSize(c *discordgo.ApplicationCommand) int {
	n, _ := commandSizes(c)
	return n
}

// CommandSizeDefault is the size of a command counted in its default (English) texts alone.
func CommandSizeDefault(c *discordgo.ApplicationCommand) int {
	_, n := commandSizes(c)
	return n
}

// commandSizes counts a command with the longest localization of each field (Discord's count)
// and with its default texts alone.
func commandSizes(c *discordgo.ApplicationCommand) (longest, plain int) {
	eachField(c, func(text string, l map[discordgo.Locale]string) {
		n := utf8.RuneCountInString(text)
		plain += n
		for _, t := range l {
			n = max(n, utf8.RuneCountInString(t))
		}
		longest += n
	})
	return longest, plain
}

// longestLocale is the locale whose texts make a command longest: the one to name when it is too
// long ("" when its default texts alone are).
func longestLocale(c *discordgo.ApplicationCommand) string {
	best, bestN := "", CommandSizeDefault(c)
	for _, loc := range sortedLocales(discordgo.Locales) {
		n := 0
		eachField(c, func(text string, l map[discordgo.Locale]string) {
			if t, ok := l[loc]; ok {
				text = t
			}
			n += utf8.RuneCountInString(text)
		})
		if n > bestN {
			best, bestN = string(loc), n
		}
	}
	return best
}

// eachField calls count with every field Discord counts in a command's size, with its
// localizations: the names and descriptions of the command and of its options, subcommands and
// groups, and the names and values of their choices.
func eachField(c *discordgo.ApplicationCommand, count func(text string, l map[discordgo.Locale]string)) {
	var names, descs map[discordgo.Locale]string
	if c.NameLocalizations != nil {
		names = *c.NameLocalizations
	}
	if c.DescriptionLocalizations != nil {
		descs = *c.DescriptionLocalizations
	}
	count(c.Name, names)
	count(c.Description, descs)
	var walk func(opts []*discordgo.ApplicationCommandOption)
	walk = func(opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			count(o.Name, o.NameLocalizations)
			count(o.Description, o.DescriptionLocalizations)
			for _, ch := range o.Choices {
				count(ch.Name, ch.NameLocalizations)
				count(fmt.Sprint(ch.Value), nil)
			}
			walk(o.Options)
		}
	}
	walk(c.Options)
}
