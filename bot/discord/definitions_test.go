package discord

import (
	"fmt"
	"regexp"
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
	t.Parallel()
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
	for _, c := range definitions(t) {
		check("/"+c.Name, c.Description, c.Options)
	}
}

// discordName is Discord's rule for the name of a command or an option in any locale (chat input
// names are lowercase too where the script has case).
var discordName = regexp.MustCompile(`^[-_\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// TestEveryCommandIsLocalizedWithinDiscordsLimits: every command, subcommand, option and choice,
// those the maps and the other parts of the bot add included, carries its name and its description
// (a choice its name) in every Discord locale of the catalogue languages, within Discord's limits
// (names 1-32 lowercase characters of its rule, descriptions and choices 1-100, 25 choices at
// most), each name unique among its siblings in every locale; English is the declaration itself,
// so that the two cannot drift apart. A failure names the catalogue messages to add.
func TestEveryCommandIsLocalizedWithinDiscordsLimits(t *testing.T) {
	t.Parallel()
	var locales []discordgo.Locale
	for _, ls := range discordLocales {
		locales = append(locales, ls...)
	}
	missing := func(path []string, what string, ids []string) {
		t.Errorf("/%s: no %s in the catalogues; add one of %s to catalog/commands/*.toml", strings.Join(path, " "), what, strings.Join(ids, ", "))
	}
	within := func(path []string, what string, l map[discordgo.Locale]string, lo, hi int, name bool) {
		for _, loc := range locales {
			text, ok := l[loc]
			if !ok {
				t.Errorf("/%s: no %s in %s", strings.Join(path, " "), what, loc)
				continue
			}
			if n := utf8.RuneCountInString(text); n < lo || n > hi {
				t.Errorf("/%s: the %s in %s has %d characters: %q", strings.Join(path, " "), what, loc, n, text)
			}
			if name && (!discordName.MatchString(text) || strings.ToLower(text) != text) {
				t.Errorf("/%s: the name in %s is not one Discord takes: %q", strings.Join(path, " "), loc, text)
			}
		}
	}
	// siblings checks that no two names among commands, or among the options of one parent,
	// are the same in a locale.
	siblings := func(parent []string, ls []map[discordgo.Locale]string) {
		for _, loc := range locales {
			seen := map[string]bool{}
			for _, l := range ls {
				if seen[l[loc]] {
					t.Errorf("/%s: two of its options are called %q in %s", strings.Join(parent, " "), l[loc], loc)
				}
				seen[l[loc]] = true
			}
		}
	}
	var check func(path []string, name, desc string, names, descs map[discordgo.Locale]string, opts []*discordgo.ApplicationCommandOption, choices []*discordgo.ApplicationCommandOptionChoice)
	check = func(path []string, name, desc string, names, descs map[discordgo.Locale]string, opts []*discordgo.ApplicationCommandOption, choices []*discordgo.ApplicationCommandOptionChoice) {
		if names == nil {
			missing(path, "name", lang.NameIDs(path))
		} else {
			within(path, "name", names, 1, 32, true)
			if names[discordgo.EnglishUS] != name {
				t.Errorf("/%s: the catalogue's English name %q is not the declared %q", strings.Join(path, " "), names[discordgo.EnglishUS], name)
			}
		}
		if descs == nil {
			missing(path, "description", lang.DescriptionIDs(path))
		} else {
			within(path, "description", descs, 1, commands.MaxDescription, false)
			if descs[discordgo.EnglishUS] != desc {
				t.Errorf("/%s: the catalogue's English description %q is not the declared %q", strings.Join(path, " "), descs[discordgo.EnglishUS], desc)
			}
			if descs[discordgo.German] == desc {
				t.Errorf("/%s: the German description is English", strings.Join(path, " "))
			}
		}
		if len(choices) > 25 {
			t.Errorf("/%s: %d choices", strings.Join(path, " "), len(choices))
		}
		for _, c := range choices {
			if c.NameLocalizations == nil {
				missing(path, fmt.Sprintf("name for the choice %v", c.Value), lang.ChoiceIDs(path, fmt.Sprint(c.Value)))
				continue
			}
			within(append(slices.Clone(path), fmt.Sprint(c.Value)), "choice's name", c.NameLocalizations, 1, 100, false)
		}
		var sibs []map[discordgo.Locale]string
		for _, o := range opts {
			sibs = append(sibs, o.NameLocalizations)
			check(append(slices.Clone(path), o.Name), o.Name, o.Description, o.NameLocalizations, o.DescriptionLocalizations, o.Options, o.Choices)
		}
		siblings(path, sibs)
	}
	var tops []map[discordgo.Locale]string
	for _, c := range definitions(t) {
		var names, descs map[discordgo.Locale]string
		if c.NameLocalizations != nil {
			names = *c.NameLocalizations
		}
		if c.DescriptionLocalizations != nil {
			descs = *c.DescriptionLocalizations
		}
		tops = append(tops, names)
		check([]string{c.Name}, c.Name, c.Description, names, descs, c.Options, nil)
	}
	siblings(nil, tops)
}

// TestEveryCommandMessageOfTheCataloguesIsUsed: every name, description and choice the catalogues
// hold for the commands belongs to a command, an option or a choice that exists, and every command
// or option a message names ({{cmd "carc new"}}, {{opt "place square"}}) exists.
func TestEveryCommandMessageOfTheCataloguesIsUsed(t *testing.T) {
	t.Parallel()
	used := map[string]bool{}
	paths := map[string]bool{}
	var walk func(path []string, opts []*discordgo.ApplicationCommandOption)
	walk = func(path []string, opts []*discordgo.ApplicationCommandOption) {
		paths[strings.Join(path, " ")] = true
		used[lang.Default.First(lang.NameIDs(path))] = true
		used[lang.Default.First(lang.DescriptionIDs(path))] = true
		for _, o := range opts {
			p := append(slices.Clone(path), o.Name)
			for _, c := range o.Choices {
				used[lang.Default.First(lang.ChoiceIDs(p, fmt.Sprint(c.Value)))] = true
			}
			walk(p, o.Options)
		}
	}
	for _, c := range definitions(t) {
		walk([]string{c.Name}, c.Options)
	}
	for _, id := range lang.Default.IDs() {
		for _, prefix := range []string{"cmd_", "name_", "choice_"} {
			if strings.HasPrefix(id, prefix) && !used[id] {
				t.Errorf("%s belongs to no command, option or choice", id)
			}
		}
	}
	if len(lang.Default.CommandPaths()) < 10 {
		t.Fatalf("the messages name only %d commands", len(lang.Default.CommandPaths()))
	}
	for _, p := range lang.Default.CommandPaths() {
		if !paths[p] {
			t.Errorf("a message names /%s, which is not a command or an option", p)
		}
	}
}
