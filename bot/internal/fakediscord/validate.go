package fakediscord

import (
	"encoding/json"
	"fmt"
	"slices"
	"unicode/utf8"
)

// validateMessage applies the limits Discord enforces on a message body, so
// a bot that breaks one fails its tests with the 400 it would get in
// production instead of in front of players. create is false for edits,
// which may leave everything unchanged; interaction is true for interaction
// responses and followups, which alone may be ephemeral.
func validateMessage(p *messageFields, files []File, create, interaction bool) error {
	if n := utf8.RuneCountInString(p.content); n > 2000 {
		return formError("content", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be 2000 or fewer in length (got %d).", n))
	}
	if create && p.content == "" && len(p.embeds) == 0 && len(p.components) == 0 && len(files) == 0 && !p.other {
		return badRequest(50006, "Cannot send an empty message")
	}
	if len(p.embeds) > 10 {
		return formError("embeds", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
	}
	if n := embedChars(p.embeds); n > maxEmbedChars {
		return formError("embeds", "MESSAGE_EMBEDS_TOO_LARGE", fmt.Sprintf("The embeds of a message have %d characters, more than %d.", n, maxEmbedChars))
	}
	if len(files) > 10 {
		return formError("files", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
	}
	for id, d := range p.descriptions {
		if n := utf8.RuneCountInString(d); n > 1024 {
			return formError("attachments."+id+".description", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be 1024 or fewer in length (got %d).", n))
		}
	}
	allowed := flagSuppressEmbeds | flagSuppressNotifications | flagComponentsV2
	if interaction {
		allowed |= flagEphemeral
	}
	if bad := p.flags &^ allowed; bad != 0 {
		return formError("flags", "MESSAGE_FLAGS_INVALID", fmt.Sprintf("Flags %d cannot be set here.", bad))
	}
	if err := validateAllowedMentions(p.allowedMentions); err != nil {
		return err
	}
	if p.flags&flagComponentsV2 != 0 {
		if p.content != "" || len(p.embeds) > 0 {
			return formError("content", "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
				"The 'content' and 'embeds' fields cannot be used with components v2.")
		}
	} else if err := validateRows(p.components); err != nil {
		return err
	}
	seen := map[string]bool{}
	return validateComponents(p.components, "components", seen)
}

// maxEmbedChars is the characters a message's embeds may hold together, in their titles,
// descriptions, field names and values, footer texts and author names: "the combined sum of
// characters in all title, description, field.name, field.value, footer.text, and author.name
// fields across all embeds attached to a message must not exceed 6000 characters" (Messages,
// Embed Limits, https://discord.com/developers/docs/resources/message#embed-object-embed-limits).
// Discord's description states each field's limit, not the sum.
const maxEmbedChars = 6000

// embedChars counts the characters of a message's embeds that count towards maxEmbedChars.
func embedChars(embeds []json.RawMessage) int {
	n := 0
	for _, raw := range embeds {
		var e struct {
			Title       string `json:"title"`
			Description string `json:"description"`
			Fields      []struct {
				Name  string `json:"name"`
				Value string `json:"value"`
			} `json:"fields"`
			Footer *struct {
				Text string `json:"text"`
			} `json:"footer"`
			Author *struct {
				Name string `json:"name"`
			} `json:"author"`
		}
		if json.Unmarshal(raw, &e) != nil {
			continue // the description refused it already
		}
		n += utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
		for _, f := range e.Fields {
			n += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
		}
		if e.Footer != nil {
			n += utf8.RuneCountInString(e.Footer.Text)
		}
		if e.Author != nil {
			n += utf8.RuneCountInString(e.Author.Name)
		}
	}
	return n
}

// validateRows checks the classic layout: up to 5 action rows, each with up
// to 5 buttons or exactly one select.
func validateRows(rows []Component) error {
	if len(rows) > 5 {
		return formError("components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
	}
	for i, row := range rows {
		path := fmt.Sprintf("components.%d", i)
		if row.Type != componentActionRow {
			return formError(path+".type", "UNION_TYPE_CHOICES",
				fmt.Sprintf("Top-level components must be action rows (type 1), got type %d; set the components v2 flag for layouts.", row.Type))
		}
		if len(row.Components) == 0 || len(row.Components) > 5 {
			return formError(path+".components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
		}
		selects := 0
		for _, c := range row.Components {
			if isSelect(c.Type) {
				selects++
			}
		}
		if selects > 0 && len(row.Components) > 1 {
			return formError(path+".components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
				"A select menu must be alone in its action row.")
		}
	}
	return nil
}

// validateComponents checks each button and select wherever it sits, and
// that custom_ids are unique within the message.
func validateComponents(cs []Component, path string, seen map[string]bool) error {
	for i, c := range cs {
		p := fmt.Sprintf("%s.%d", path, i)
		if isSelect(c.Type) || c.Type == componentButton && c.Style != 5 && c.Style != 6 {
			if c.CustomID == "" || utf8.RuneCountInString(c.CustomID) > 100 {
				return formError(p+".custom_id", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
			}
			if seen[c.CustomID] {
				return formError(p+".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED",
					fmt.Sprintf("Component custom id %q cannot be duplicated.", c.CustomID))
			}
			seen[c.CustomID] = true
		}
		var err error
		switch {
		case c.Type == componentButton:
			err = validateButton(c, p)
		case isSelect(c.Type):
			err = validateSelect(c, p)
		}
		if err != nil {
			return err
		}
		if err := validateComponents(c.Components, p+".components", seen); err != nil {
			return err
		}
		if c.Accessory != nil {
			if err := validateComponents([]Component{*c.Accessory}, p+".accessory", seen); err != nil {
				return err
			}
		}
	}
	return nil
}

func validateButton(c Component, p string) error {
	switch {
	case c.Style < 1 || c.Style > 6:
		return formError(p+".style", "BASE_TYPE_CHOICES", fmt.Sprintf("Value %d is not a valid button style.", c.Style))
	case c.Style == 5 && (c.URL == "" || c.CustomID != ""):
		return formError(p+".url", "BUTTON_COMPONENT_URL_REQUIRED", "Link buttons need a url and no custom_id.")
	case c.Style != 5 && c.URL != "":
		return formError(p+".url", "BUTTON_COMPONENT_INVALID_URL", "Only link buttons (style 5) take a url.")
	case c.Label == "" && len(c.Emoji) == 0 && c.Style != 6:
		return formError(p+".label", "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A button needs a label or an emoji.")
	case utf8.RuneCountInString(c.Label) > 80:
		return formError(p+".label", "BASE_TYPE_MAX_LENGTH", "Must be 80 or fewer in length.")
	}
	return nil
}

func validateSelect(c Component, p string) error {
	minV, maxV := 1, 1
	if c.MinValues != nil {
		minV = *c.MinValues
	}
	if c.MaxValues != nil {
		maxV = *c.MaxValues
	}
	switch {
	case utf8.RuneCountInString(c.Placeholder) > 150:
		return formError(p+".placeholder", "BASE_TYPE_MAX_LENGTH", "Must be 150 or fewer in length.")
	case minV < 0 || minV > 25:
		return formError(p+".min_values", "NUMBER_TYPE_MAX", "Must be between 0 and 25.")
	case maxV < 1 || maxV > 25 || maxV < minV:
		return formError(p+".max_values", "NUMBER_TYPE_MAX", "Must be between 1 and 25, and at least min_values.")
	}
	if c.Type != componentStringSelect {
		return nil
	}
	if len(c.Options) == 0 || len(c.Options) > 25 {
		return formError(p+".options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
	}
	if maxV > len(c.Options) {
		return formError(p+".max_values", "SELECT_COMPONENT_MAX_VALUES_EXCEEDED", "Must be at most the number of options.")
	}
	var values []string
	for j, o := range c.Options {
		op := fmt.Sprintf("%s.options.%d", p, j)
		switch {
		case o.Label == "" || utf8.RuneCountInString(o.Label) > 100:
			return formError(op+".label", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
		case o.Value == "" || utf8.RuneCountInString(o.Value) > 100:
			return formError(op+".value", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
		case slices.Contains(values, o.Value):
			return formError(op+".value", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Option values must be unique.")
		}
		values = append(values, o.Value)
	}
	return nil
}

func validateAllowedMentions(am *AllowedMentions) error {
	if am == nil {
		return nil
	}
	for _, p := range am.Parse {
		if p != "users" && p != "roles" && p != "everyone" {
			return formError("allowed_mentions.parse", "BASE_TYPE_CHOICES", fmt.Sprintf("Value %q is not a valid mention type.", p))
		}
	}
	if slices.Contains(am.Parse, "users") && len(am.Users) > 0 {
		return formError("allowed_mentions", "ALLOWED_MENTIONS_PARSE_EXCLUSIVE", `"users" in parse and a users list are mutually exclusive.`)
	}
	if slices.Contains(am.Parse, "roles") && len(am.Roles) > 0 {
		return formError("allowed_mentions", "ALLOWED_MENTIONS_PARSE_EXCLUSIVE", `"roles" in parse and a roles list are mutually exclusive.`)
	}
	if len(am.Users) > 100 || len(am.Roles) > 100 {
		return formError("allowed_mentions", "BASE_TYPE_MAX_LENGTH", "Must list 100 or fewer users and roles.")
	}
	for field, ids := range map[string][]string{"users": am.Users, "roles": am.Roles} {
		for i, id := range ids {
			if !snowflake(id) {
				return formError(fmt.Sprintf("allowed_mentions.%s.%d", field, i), "NUMBER_TYPE_COERCE", fmt.Sprintf("Value %q is not snowflake.", id))
			}
		}
	}
	return nil
}

// snowflake tells whether id is a Discord id: a decimal number.
func snowflake(id string) bool {
	if id == "" || len(id) > 20 {
		return false
	}
	for _, c := range id {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
