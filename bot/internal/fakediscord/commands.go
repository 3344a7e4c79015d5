package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// command is a registered application command: its schema, which the fake
// checks registrations and test interactions against, and the JSON the bot
// sent, echoed back with the fields Discord adds.
type command struct {
	id, version string
	guildID     string // "" for a global command
	spec        commandSpec
	raw         map[string]any
}

type commandSpec struct {
	Name        string `json:"name"`
	Type        int    `json:"type"`
	Description string `json:"description"`
	localizedSpec
	Options      []optionSpec `json:"options"`
	DMPermission *bool        `json:"dm_permission"`
	Contexts     *[]int       `json:"contexts"`
}

type optionSpec struct {
	Type        int    `json:"type"`
	Name        string `json:"name"`
	Description string `json:"description"`
	localizedSpec
	Required     bool         `json:"required"`
	Autocomplete bool         `json:"autocomplete"`
	Choices      []choiceSpec `json:"choices"`
	Options      []optionSpec `json:"options"`
}

type choiceSpec struct {
	Name              string            `json:"name"`
	Value             any               `json:"value"`
	NameLocalizations map[string]string `json:"name_localizations"`
}

// localizedSpec are the names and descriptions of a command or an option in Discord's locales.
type localizedSpec struct {
	NameLocalizations        map[string]string `json:"name_localizations"`
	DescriptionLocalizations map[string]string `json:"description_localizations"`
}

// locales are the locales Discord takes in name_localizations and description_localizations.
var locales = []string{"id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
	"no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja",
	"zh-TW", "ko"}

// checkLocalized checks the localised names and descriptions as Discord does: known locales,
// each name by the rule of names, each description 1-100 characters.
func checkLocalized(l localizedSpec, path string) error {
	for loc, name := range l.NameLocalizations {
		if !slices.Contains(locales, loc) {
			return formError(path+".name_localizations", "BASE_TYPE_CHOICES", fmt.Sprintf("%q is not a locale Discord has.", loc))
		}
		if err := checkName(name, path+".name_localizations."+loc); err != nil {
			return err
		}
	}
	for loc, d := range l.DescriptionLocalizations {
		if !slices.Contains(locales, loc) {
			return formError(path+".description_localizations", "BASE_TYPE_CHOICES", fmt.Sprintf("%q is not a locale Discord has.", loc))
		}
		if err := checkDescription(d, path+".description_localizations."+loc); err != nil {
			return err
		}
	}
	return nil
}

// Option types, as in Discord's API.
const (
	optSubCommand      = 1
	optSubCommandGroup = 2
	optString          = 3
	optInteger         = 4
	optBoolean         = 5
	optUser            = 6
)

// Discord's rule for command and option names; chat input names must also
// be lowercase.
var commandName = regexp.MustCompile(`^[-_\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// parseCommand decodes and validates one command of a registration, as
// Discord does; path prefixes the field paths of form errors ("0." in a
// bulk overwrite).
func parseCommand(raw json.RawMessage, path string) (*command, error) {
	c := &command{}
	if err := json.Unmarshal(raw, &c.raw); err != nil {
		return nil, formError(path+"_root", "MODEL_TYPE_CONVERT", "Expected an object.")
	}
	if err := json.Unmarshal(raw, &c.spec); err != nil {
		return nil, formError(path+"_root", "MODEL_TYPE_CONVERT", err.Error())
	}
	if c.spec.Type == 0 {
		c.spec.Type = 1 // CHAT_INPUT
	}
	if c.spec.Type == 1 {
		if err := checkName(c.spec.Name, path+"name"); err != nil {
			return nil, err
		}
		if err := checkDescription(c.spec.Description, path+"description"); err != nil {
			return nil, err
		}
		if err := checkLocalized(c.spec.localizedSpec, path+"_root"); err != nil {
			return nil, err
		}
	}
	if err := checkOptionSpecs(c.spec.Options, path+"options", 0); err != nil {
		return nil, err
	}
	if n := c.spec.size(); n > maxCommandSize {
		return nil, formError(path+"_root", "APPLICATION_COMMAND_TOO_LARGE",
			fmt.Sprintf("Command exceeds maximum size (%d): it has %d characters, the longest localization of each field counted.", maxCommandSize, n))
	}
	return c, nil
}

// maxCommandSize is Discord's limit on a command: "the combined sum of characters for name,
// description, and value properties of a command, its options (including subcommands and
// groups), and choices. When localization fields are present, only the longest localization for
// each field (including the default value) is counted towards the size limit" (Application
// Commands, Registering a Command, https://discord.com/developers/docs/interactions/application-commands#registering-a-command).
// Discord's description states each field's limit, not the sum.
const maxCommandSize = 4000

// size is the command's size as Discord counts it against maxCommandSize.
func (s commandSpec) size() int {
	n := longestText(s.Name, s.NameLocalizations) + longestText(s.Description, s.DescriptionLocalizations)
	return n + optionsSize(s.Options)
}

func optionsSize(opts []optionSpec) int {
	n := 0
	for _, o := range opts {
		n += longestText(o.Name, o.NameLocalizations) + longestText(o.Description, o.DescriptionLocalizations)
		for _, c := range o.Choices {
			n += longestText(c.Name, c.NameLocalizations) + utf8.RuneCountInString(fmt.Sprint(c.Value))
		}
		n += optionsSize(o.Options)
	}
	return n
}

// longestText is the length of a text or of its longest localization.
func longestText(text string, l map[string]string) int {
	n := utf8.RuneCountInString(text)
	for _, t := range l {
		n = max(n, utf8.RuneCountInString(t))
	}
	return n
}

func checkName(name, path string) error {
	if !commandName.MatchString(name) || strings.ToLower(name) != name {
		return formError(path, "APPLICATION_COMMAND_INVALID_NAME",
			fmt.Sprintf("Command name %q is invalid: 1-32 lowercase letters, digits, - or _.", name))
	}
	return nil
}

func checkDescription(d, path string) error {
	if n := utf8.RuneCountInString(d); n < 1 || n > 100 {
		return formError(path, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
	}
	return nil
}

// checkOptionSpecs validates the options of a command (parent 0), a
// subcommand group or a subcommand: at most 25, unique names, required
// before optional, choices and autocomplete exclusive, subcommands not mixed
// with plain options, and nesting no deeper than command > group >
// subcommand.
func checkOptionSpecs(opts []optionSpec, path string, parent int) error {
	if len(opts) > 25 {
		return formError(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
	}
	var names []string
	subs, optional := 0, false
	for i, o := range opts {
		p := fmt.Sprintf("%s.%d", path, i)
		if err := checkName(o.Name, p+".name"); err != nil {
			return err
		}
		if slices.Contains(names, o.Name) {
			return formError(p+".name", "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique.")
		}
		names = append(names, o.Name)
		if err := checkDescription(o.Description, p+".description"); err != nil {
			return err
		}
		if err := checkLocalized(o.localizedSpec, p); err != nil {
			return err
		}
		for loc, name := range o.NameLocalizations {
			for _, other := range opts[:i] {
				if other.NameLocalizations[loc] == name {
					return formError(p+".name_localizations."+loc, "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique.")
				}
			}
		}
		for j, c := range o.Choices {
			for loc, name := range c.NameLocalizations {
				if !slices.Contains(locales, loc) || utf8.RuneCountInString(name) < 1 || utf8.RuneCountInString(name) > 100 {
					return formError(fmt.Sprintf("%s.choices.%d.name_localizations.%s", p, j, loc), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
				}
			}
		}
		if o.Type < optSubCommand || o.Type > 11 {
			return formError(p+".type", "BASE_TYPE_CHOICES", fmt.Sprintf("Value %d is not a valid option type.", o.Type))
		}
		if o.Type == optSubCommand || o.Type == optSubCommandGroup {
			subs++
			if parent == optSubCommand || parent == optSubCommandGroup && o.Type == optSubCommandGroup {
				return formError(p+".type", "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Subcommands nest at most command > group > subcommand.")
			}
			if err := checkOptionSpecs(o.Options, p+".options", o.Type); err != nil {
				return err
			}
			continue
		}
		if parent == optSubCommandGroup {
			return formError(p+".type", "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "A subcommand group holds only subcommands.")
		}
		if o.Required && optional {
			return formError(p+".required", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be placed before non-required options.")
		}
		optional = optional || !o.Required
		if len(o.Choices) > 25 {
			return formError(p+".choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
		}
		if o.Autocomplete && len(o.Choices) > 0 {
			return formError(p+".autocomplete", "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID", "Autocomplete and choices are mutually exclusive.")
		}
	}
	if subs > 0 && subs != len(opts) {
		return formError(path, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Subcommands cannot be mixed with other options.")
	}
	return nil
}

// json is the command as Discord returns it.
func (c *command) json(appID string) map[string]any {
	j := map[string]any{"default_member_permissions": nil, "nsfw": false}
	for k, v := range c.raw {
		j[k] = v
	}
	j["id"], j["application_id"], j["version"], j["type"] = c.id, appID, c.version, c.spec.Type
	if c.guildID != "" {
		j["guild_id"] = c.guildID
	}
	return j
}

// commandScope checks the route's application (and guild) and returns the
// key of its command list: "" for global commands, else the guild id.
func (f *Fake) commandScope(hr *http.Request) (string, error) {
	if hr.PathValue("app") != f.AppID {
		return "", &apiError{kind: ProblemBadRequest, status: http.StatusForbidden, code: 50001,
			message: "Missing Access", detail: "application " + hr.PathValue("app") + " is not this bot's"}
	}
	if hr.PathValue("guild") == "" {
		return "", nil
	}
	return hr.PathValue("guild"), f.routeGuild(hr)
}

// assignIDLocked gives c the id of the command of the same name and type
// in previous, if any, as Discord keeps a command's id across
// registrations, and a new version.
func (f *Fake) assignIDLocked(c *command, previous []*command) {
	c.version = f.newIDLocked()
	for _, old := range previous {
		if old.spec.Name == c.spec.Name && old.spec.Type == c.spec.Type {
			c.id = old.id
			return
		}
	}
	c.id = f.newIDLocked()
}

func (f *Fake) putCommands(r *Request, hr *http.Request) (any, error) {
	scope, err := f.commandScope(hr)
	if err != nil {
		return nil, err
	}
	var raws []json.RawMessage
	if err := r.Decode(&raws); err != nil {
		return nil, formError("_root", "MODEL_TYPE_CONVERT", "Expected an array of commands.")
	}
	if len(raws) > 100 {
		return nil, formError("_root", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
	}
	var list []*command
	for i, raw := range raws {
		c, err := parseCommand(raw, fmt.Sprintf("%d.", i))
		if err != nil {
			return nil, err
		}
		c.guildID = scope
		for _, other := range list {
			if other.spec.Name == c.spec.Name && other.spec.Type == c.spec.Type {
				return nil, formError(fmt.Sprintf("%d.name", i), "APPLICATION_COMMANDS_DUPLICATE_NAME",
					fmt.Sprintf("Application command names must be unique: %q.", c.spec.Name))
			}
		}
		f.assignIDLocked(c, f.commands[scope])
		list = append(list, c)
	}
	f.commands[scope] = list
	return f.commandsJSON(list), nil
}

func (f *Fake) postCommand(r *Request, hr *http.Request) (any, error) {
	scope, err := f.commandScope(hr)
	if err != nil {
		return nil, err
	}
	c, err := parseCommand(r.JSON, "")
	if err != nil {
		return nil, err
	}
	c.guildID = scope
	f.assignIDLocked(c, f.commands[scope])
	list := f.commands[scope]
	if i := slices.IndexFunc(list, func(old *command) bool { return old.id == c.id }); i >= 0 {
		list[i] = c
	} else {
		list = append(list, c)
	}
	f.commands[scope] = list
	return c.json(f.AppID), nil
}

func (f *Fake) getCommands(r *Request, hr *http.Request) (any, error) {
	scope, err := f.commandScope(hr)
	if err != nil {
		return nil, err
	}
	return f.commandsJSON(f.commands[scope]), nil
}

func (f *Fake) commandsJSON(list []*command) []any {
	out := []any{}
	for _, c := range list {
		out = append(out, c.json(f.AppID))
	}
	return out
}

// findCommandLocked returns the chat input command a user can invoke in ch:
// a guild command of the guild, else a global command, which in a DM must
// allow the bot DM context. Discord's client offers nothing else.
func (f *Fake) findCommandLocked(name string, ch *Channel) (*command, error) {
	var lists [][]*command
	if ch.Type != ChannelDM {
		lists = append(lists, f.commands[ch.GuildID])
	}
	lists = append(lists, f.commands[""])
	for _, list := range lists {
		for _, c := range list {
			if c.spec.Name != name || c.spec.Type != 1 {
				continue
			}
			if ch.Type == ChannelDM && !c.spec.allowsDM() {
				return nil, fmt.Errorf("/%s is not available in DMs (dm_permission or contexts exclude them)", name)
			}
			return c, nil
		}
	}
	return nil, fmt.Errorf("/%s is not registered for channel %s; register commands before sending interactions", name, ch.ID)
}

func (s commandSpec) allowsDM() bool {
	if s.Contexts != nil {
		return slices.Contains(*s.Contexts, 1) // BOT_DM
	}
	return s.DMPermission == nil || *s.DMPermission
}

// checkArgs checks the options of a test interaction against the
// registered schema, as Discord's client enforces it: known names with the
// registered types, values among the choices, required options present
// (except while autocompleting), exactly one subcommand where there are
// subcommands, and focus only on autocomplete options.
func checkArgs(specs []optionSpec, args []Arg, autocomplete bool, where string) error {
	hasSubs := len(specs) > 0 && (specs[0].Type == optSubCommand || specs[0].Type == optSubCommandGroup)
	if hasSubs && len(args) != 1 {
		return fmt.Errorf("%s needs exactly one subcommand, got %d options", where, len(args))
	}
	given := map[string]bool{}
	for _, a := range args {
		i := slices.IndexFunc(specs, func(s optionSpec) bool { return s.Name == a.name })
		if i < 0 {
			return fmt.Errorf("%s has no option %q", where, a.name)
		}
		s := specs[i]
		if s.Type != a.typ {
			return fmt.Errorf("%s option %q is registered with type %d, the test sent type %d", where, a.name, s.Type, a.typ)
		}
		if given[a.name] {
			return fmt.Errorf("%s option %q given twice", where, a.name)
		}
		given[a.name] = true
		if a.focused && !s.Autocomplete {
			return fmt.Errorf("%s option %q is focused but not registered with autocomplete", where, a.name)
		}
		if a.typ == optSubCommand || a.typ == optSubCommandGroup {
			if err := checkArgs(s.Options, a.options, autocomplete, where+" "+a.name); err != nil {
				return err
			}
			continue
		}
		if len(s.Choices) > 0 && !a.focused && !slices.ContainsFunc(s.Choices, func(c choiceSpec) bool {
			return fmt.Sprint(c.Value) == fmt.Sprint(a.value)
		}) {
			return fmt.Errorf("%s option %q: %v is not one of the registered choices", where, a.name, a.value)
		}
	}
	if !autocomplete {
		for _, s := range specs {
			if s.Required && !given[s.Name] {
				return fmt.Errorf("%s is missing required option %q", where, s.Name)
			}
		}
	}
	return nil
}
