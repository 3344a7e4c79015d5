package bot

import (
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
)

// TestDefinitionsKeepDiscordsLimits: every command, subcommand and option, those the maps add
// included, has a description of 1 to 100 characters and at most 25 options, as Discord requires
// (it refuses the whole registration otherwise).
func TestDefinitionsKeepDiscordsLimits(t *testing.T) {
	var check func(path, desc string, opts []*discordgo.ApplicationCommandOption)
	check = func(path, desc string, opts []*discordgo.ApplicationCommandOption) {
		if n := utf8.RuneCountInString(desc); n < 1 || n > commands.MaxDescription {
			t.Errorf("%s: a description of %d characters: %q", path, n, desc)
		}
		if len(opts) > 25 {
			t.Errorf("%s: %d options", path, len(opts))
		}
		for _, o := range opts {
			check(path+" "+o.Name, o.Description, o.Options)
		}
	}
	for _, c := range Definitions() {
		check("/"+c.Name, c.Description, c.Options)
	}
}
