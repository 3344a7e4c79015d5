package commands

import "strings"

// The commands a player types are declared once, as data: each command's subcommands and options
// with what they are for, and, next to each subcommand, what runs it. The bot registers them with
// Discord from this declaration (bot's definitions), the dispatch finds a subcommand's handler in
// it, and help texts list it; nothing else lists the subcommands again.

// OptionType is what an option takes.
type OptionType int

// Option types.
const (
	Text OptionType = iota
	Integer
	Boolean
	// Member is a member of the server (Discord sends the user's id).
	Member
)

// Option is an option of a command or a subcommand.
type Option struct {
	Name        string
	Description string
	Type        OptionType
	Required    bool
	// Autocomplete asks the bot for the values to offer as the player types.
	Autocomplete bool
	// Choices are the only values the option takes, offered as a list.
	Choices []string
	// Min and Max bound an integer option: Min when it or Max is set, Max when above 0.
	Min, Max int
}

// Sub is a subcommand, or a group of subcommands (Subs).
type Sub struct {
	Name        string
	Description string
	Options     []Option
	Subs        []Sub
}

// Command is a slash command with its subcommands, or its options when it has none.
type Command struct {
	Name        string
	Description string
	Subs        []Sub
	Options     []Option
}

// TextOption, IntegerOption, FlagOption and MemberOption declare options; an integer option takes
// lo to hi (hi 0: no upper bound).
func TextOption(name, desc string) Option { return Option{Name: name, Description: desc} }

// IntegerOption declares an integer option from lo to hi (hi 0: no upper bound).
func IntegerOption(name, desc string, lo, hi int) Option {
	return Option{Name: name, Description: desc, Type: Integer, Min: lo, Max: hi}
}

// FlagOption declares a true/false option.
func FlagOption(name, desc string) Option {
	return Option{Name: name, Description: desc, Type: Boolean}
}

// MemberOption declares an option that names a member of the server.
func MemberOption(name, desc string) Option {
	return Option{Name: name, Description: desc, Type: Member}
}

// Needed marks an option the command needs.
func (o Option) Needed() Option { o.Required = true; return o }

// Completed marks an option whose values the bot offers as the player types.
func (o Option) Completed() Option { o.Autocomplete = true; return o }

// Among limits an option to values.
func (o Option) Among(values ...string) Option { o.Choices = values; return o }

// Named is the subcommand's name (and that of every type that embeds a Sub).
func (s Sub) Named() string { return s.Name }

// Lookup finds the subcommand called name among subs.
func Lookup[T interface{ Named() string }](subs []T, name string) (T, bool) {
	for _, s := range subs {
		if s.Named() == name {
			return s, true
		}
	}
	var none T
	return none, false
}

// Names lists the subcommands' names, for the replies that name them.
func Names[T interface{ Named() string }](subs []T) string {
	names := make([]string, len(subs))
	for i, s := range subs {
		names[i] = s.Named()
	}
	return strings.Join(names, ", ")
}
