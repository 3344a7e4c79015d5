package bot

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
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

// TestDescriptionsAreLocalizedWithinDiscordsLimits: every command and /carc subcommand carries a
// description in each catalogue language, for Discord's locales, within its 100 characters; the
// English of the catalogue is the description as declared, so the two cannot drift apart; and
// every description the catalogues hold belongs to a command that exists.
func TestDescriptionsAreLocalizedWithinDiscordsLimits(t *testing.T) {
	used := map[string]bool{}
	localized := 0
	var check func(path []string, desc string, l map[discordgo.Locale]string, opts []*discordgo.ApplicationCommandOption)
	check = func(path []string, desc string, l map[discordgo.Locale]string, opts []*discordgo.ApplicationCommandOption) {
		id := descriptionID(path)
		if lang.Default.Has(id) {
			used[id] = true
			localized++
			if en := lang.For("en").T(id, nil); en != desc {
				t.Errorf("%s: the catalogue's English %q is not the declared %q", id, en, desc)
			}
			if len(l) != 7 {
				t.Errorf("%s: %d locales", id, len(l))
			}
		}
		for loc, text := range l {
			if n := utf8.RuneCountInString(text); n < 1 || n > commands.MaxDescription {
				t.Errorf("%s in %s: %d characters", id, loc, n)
			}
			if loc == discordgo.German && text == desc {
				t.Errorf("%s: the German description is English", id)
			}
		}
		for _, o := range opts {
			check(append(slices.Clone(path), o.Name), o.Description, o.DescriptionLocalizations, o.Options)
		}
	}
	for _, c := range Definitions() {
		var l map[discordgo.Locale]string
		if c.DescriptionLocalizations != nil {
			l = *c.DescriptionLocalizations
		}
		if l == nil {
			t.Errorf("/%s has no localized description", c.Name)
		}
		check([]string{c.Name}, c.Description, l, c.Options)
	}
	for _, id := range lang.Default.IDs() {
		if strings.HasPrefix(id, "cmd_") && !used[id] {
			t.Errorf("%s describes no command", id)
		}
	}
	if localized < 40 {
		t.Fatalf("only %d descriptions localized", localized)
	}
}
