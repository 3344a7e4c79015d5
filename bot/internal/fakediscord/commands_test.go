package fakediscord

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestCommandRegistrationIsValidated(t *testing.T) {
	t.Parallel()
	f := New(t)
	s := f.Session(t)
	str := func(name string, required bool) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: "d", Required: required}
	}
	sub := func(name string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: "d", Options: opts}
	}
	for _, tc := range []struct {
		name string
		cmd  *discordgo.ApplicationCommand
		path string // where Discord's errors tree points
	}{
		{"capitals", &discordgo.ApplicationCommand{Name: "Carc", Description: "d"}, "0.name"},
		{"no description", &discordgo.ApplicationCommand{Name: "carc"}, "0.description"},
		{"optional before required", &discordgo.ApplicationCommand{Name: "carc", Description: "d",
			Options: []*discordgo.ApplicationCommandOption{str("a", false), str("b", true)}}, "0.options.1.required"},
		{"subcommand mixed with an option", &discordgo.ApplicationCommand{Name: "carc", Description: "d",
			Options: []*discordgo.ApplicationCommandOption{sub("new"), str("b", false)}}, "0.options"},
		{"a localised name in capitals", &discordgo.ApplicationCommand{Name: "carc", Description: "d",
			NameLocalizations: &map[discordgo.Locale]string{discordgo.German: "Karte"}}, "0._root.name_localizations.de"},
		{"a localised name with a space", &discordgo.ApplicationCommand{Name: "carc", Description: "d",
			Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "map", Description: "d",
				NameLocalizations: map[discordgo.Locale]string{discordgo.French: "la carte"}}}}, "0.options.0.name_localizations.fr"},
		{"a localised description too long", &discordgo.ApplicationCommand{Name: "carc", Description: "d",
			DescriptionLocalizations: &map[discordgo.Locale]string{discordgo.Dutch: strings.Repeat("x", 101)}}, "0.description_localizations.nl"},
		{"a locale Discord lacks", &discordgo.ApplicationCommand{Name: "carc", Description: "d",
			NameLocalizations: &map[discordgo.Locale]string{"xx": "carc"}}, "0._root.name_localizations"},
		{"two options with one localised name", &discordgo.ApplicationCommand{Name: "carc", Description: "d",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "a", Description: "d", NameLocalizations: map[discordgo.Locale]string{discordgo.German: "x"}},
				{Type: discordgo.ApplicationCommandOptionString, Name: "b", Description: "d", NameLocalizations: map[discordgo.Locale]string{discordgo.German: "x"}}}},
			"0.options.1.name_localizations.de"},
		{"subcommand in a subcommand", &discordgo.ApplicationCommand{Name: "carc", Description: "d",
			Options: []*discordgo.ApplicationCommandOption{sub("new", sub("deep"))}}, "0.options.0.options.0"},
	} {
		_, err := s.ApplicationCommandBulkOverwrite(f.AppID, "", []*discordgo.ApplicationCommand{tc.cmd})
		if err == nil {
			t.Errorf("%s: accepted", tc.name)
			continue
		}
		if status, code := restCode(t, err); status != 400 || code != 50035 {
			t.Errorf("%s: %d %d, want 400 50035", tc.name, status, code)
		}
		p := expectRefused(t, f)
		if !strings.HasPrefix(p.Detail, "400 Invalid Form Body (code 50035): ") || !strings.Contains(p.Detail, " "+tc.path+":") {
			t.Errorf("%s: problem %q, want the path %s", tc.name, p.Detail, tc.path)
		}
		// The answer nests the path as Discord does.
		var body struct {
			Errors map[string]json.RawMessage `json:"errors"`
		}
		if json.Unmarshal(p.Request.Response, &body) != nil || body.Errors["0"] == nil {
			t.Errorf("%s: errors tree %s", tc.name, p.Request.Response)
		}
	}
	if _, err := s.ApplicationCommandBulkOverwrite("42", "", testCommands); err == nil {
		t.Error("registered commands for another application")
	}
	expectProblem(t, f, ProblemBadRequest)
}
