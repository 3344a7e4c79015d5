package fakediscord

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"
)

// Interaction types, as in Discord's API.
const (
	InteractionCommand      = 2
	InteractionComponent    = 3
	InteractionAutocomplete = 4
)

// Arg is an option of a slash command interaction, built with StringArg,
// IntArg, BoolArg, UserArg, SubCommand, SubCommandGroup and Focused.
type Arg struct {
	name    string
	typ     int
	value   any // string, int64 or bool; a user id for user options
	user    *User
	options []Arg
	focused bool
}

// StringArg is a STRING option (type 3).
func StringArg(name, value string) Arg { return Arg{name: name, typ: optString, value: value} }

// IntArg is an INTEGER option (type 4). On the wire it is a JSON number,
// which discordgo decodes as float64 (IntValue converts it back).
func IntArg(name string, value int64) Arg { return Arg{name: name, typ: optInteger, value: value} }

// BoolArg is a BOOLEAN option (type 5).
func BoolArg(name string, value bool) Arg { return Arg{name: name, typ: optBoolean, value: value} }

// UserArg is a USER option (type 6): the value is the user's id, and the
// user and member objects go in data.resolved, as Discord sends them.
func UserArg(name string, u *User) Arg {
	return Arg{name: name, typ: optUser, value: u.ID, user: u}
}

// SubCommand is a SUB_COMMAND option (type 1) holding its own options.
func SubCommand(name string, args ...Arg) Arg {
	return Arg{name: name, typ: optSubCommand, options: args}
}

// SubCommandGroup is a SUB_COMMAND_GROUP option (type 2) holding one
// subcommand.
func SubCommandGroup(name string, sub Arg) Arg {
	return Arg{name: name, typ: optSubCommandGroup, options: []Arg{sub}}
}

// Focused marks the option the user is typing in an autocomplete
// interaction; its value is what they typed so far.
func Focused(a Arg) Arg {
	a.focused = true
	return a
}

// Name is the option's (or subcommand's) name.
func (a Arg) Name() string { return a.name }

func (a Arg) json() map[string]any {
	j := map[string]any{"name": a.name, "type": a.typ}
	if a.typ == optSubCommand || a.typ == optSubCommandGroup {
		j["options"] = argsJSON(a.options)
	} else {
		j["value"] = a.value
	}
	if a.focused {
		j["focused"] = true
	}
	return j
}

func argsJSON(args []Arg) []any {
	out := []any{}
	for _, a := range args {
		out = append(out, a.json())
	}
	return out
}

func countFocused(args []Arg) int {
	n := 0
	for _, a := range args {
		if a.focused {
			n++
		}
		n += countFocused(a.options)
	}
	return n
}

func collectUsers(args []Arg, into map[string]*User) {
	for _, a := range args {
		if a.user != nil {
			into[a.user.ID] = a.user
		}
		collectUsers(a.options, into)
	}
}

// Interaction is an interaction the fake built and (after Send) dispatched:
// a handle on the bot's answers to it. Treat the fields as read-only.
type Interaction struct {
	ID        string
	Token     string
	Type      int // InteractionCommand, InteractionComponent or InteractionAutocomplete
	User      *User
	ChannelID string
	// Payload is the interaction object: the "d" of INTERACTION_CREATE,
	// and the body Discord posts in HTTP-interactions mode.
	Payload []byte

	f         *Fake
	what      string // "/carc", "button join", ...: for error messages
	channel   *Channel
	messageID string // component interactions: the message clicked

	// Guarded by f.mu.
	err    error // why the interaction could not be built or sent
	sent   bool
	sentAt time.Time
	// overHTTP is set while ServeInteraction waits for the bot's HTTP answer and applies it:
	// Discord has not created @original yet, and an edit of it is answered 404, which a bot
	// may retry (it is not counted as a problem).
	overHTTP   bool
	shards     [][2]int // the gateway sessions it went to (Send)
	timer      *time.Timer
	expired    bool
	response   *Response
	originalID string   // the message @original refers to
	followups  []string // followup message ids, in order
}

// Response is the bot's accepted initial answer to an interaction (its
// callback).
type Response struct {
	Type int // 4 message, 5 deferred message, 6 deferred update, 7 update, 8 autocomplete, 9 modal
	// Message is the message the callback created (4; 5 creates a Loading
	// one) or updated (7), as it was right after the callback.
	Message *Message
	Choices []Choice        // autocomplete results (8)
	Data    json.RawMessage // the callback's data as sent
	Request *Request        // the callback request; nil when answered over HTTP
}

// Choice is one autocomplete result. Value is a string or a float64, as
// decoded from JSON.
type Choice struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// Slash builds a slash command (type 2) interaction from user in ch, after
// checking it against the registered commands as Discord's client would
// (the bot must have registered the command first). It is not sent: pass it
// to Send, or to ServeInteraction for HTTP-interactions mode.
func (f *Fake) Slash(user *User, ch *Channel, name string, args ...Arg) *Interaction {
	return f.command(InteractionCommand, user, ch, name, args)
}

// Autocomplete builds an autocomplete (type 4) interaction: like Slash, but
// exactly one option must be Focused, and required options may be missing.
func (f *Fake) Autocomplete(user *User, ch *Channel, name string, args ...Arg) *Interaction {
	return f.command(InteractionAutocomplete, user, ch, name, args)
}

func (f *Fake) command(typ int, user *User, ch *Channel, name string, args []Arg) *Interaction {
	f.mu.Lock()
	defer f.mu.Unlock()
	in := f.newInteractionLocked(typ, user, ch, "/"+name)
	cmd, err := f.findCommandLocked(name, ch)
	if err == nil {
		err = checkArgs(cmd.spec.Options, args, typ == InteractionAutocomplete, "/"+name)
	}
	if err == nil && typ == InteractionAutocomplete && countFocused(args) != 1 {
		err = fmt.Errorf("an autocomplete interaction needs exactly one Focused option, got %d", countFocused(args))
	}
	if err != nil {
		return f.failLocked(in, err)
	}
	data := map[string]any{"id": cmd.id, "name": name, "type": 1}
	if len(args) > 0 {
		data["options"] = argsJSON(args)
	}
	if cmd.guildID != "" {
		data["guild_id"] = cmd.guildID
	}
	users := map[string]*User{}
	collectUsers(args, users)
	if len(users) > 0 {
		resolvedUsers, members := map[string]any{}, map[string]any{}
		for id, u := range users {
			resolvedUsers[id] = userJSON(u)
			if ch.Type != ChannelDM {
				m := f.memberJSON(u, false)
				m["permissions"] = strconv.FormatInt(f.memberPermissionsLocked(u, ch), 10)
				members[id] = m
			}
		}
		resolved := map[string]any{"users": resolvedUsers}
		if len(members) > 0 {
			resolved["members"] = members
		}
		data["resolved"] = resolved
	}
	return f.finishLocked(in, data, nil)
}

// Button builds a click (type 3) on the button with customID in msg. Like
// Discord's client, it refuses buttons that do not exist or are disabled in
// the message's current version, and ephemeral messages of other users.
func (f *Fake) Button(user *User, msg *Message, customID string) *Interaction {
	return f.component(user, msg, customID, nil)
}

// Select builds a string select (type 3) choosing values in the select
// with customID in msg; the values must be among its options, and as many
// as its min_values and max_values allow.
func (f *Fake) Select(user *User, msg *Message, customID string, values ...string) *Interaction {
	if values == nil {
		values = []string{}
	}
	return f.component(user, msg, customID, values)
}

func (f *Fake) component(user *User, msg *Message, customID string, values []string) *Interaction {
	f.mu.Lock()
	defer f.mu.Unlock()
	cur := f.messages[msg.ID]
	ch := f.channels[msg.ChannelID]
	what := "button " + customID
	if values != nil {
		what = "select " + customID
	}
	in := f.newInteractionLocked(InteractionComponent, user, ch, what)
	if cur == nil || cur.Deleted {
		return f.failLocked(in, fmt.Errorf("message %s does not exist", msg.ID))
	}
	if cur.Ephemeral() && f.interactions[cur.InteractionID].User != user {
		return f.failLocked(in, fmt.Errorf("message %s is ephemeral; %s cannot see it", msg.ID, user.Username))
	}
	c, ok := cur.FindComponent(customID)
	if err := checkComponent(c, ok, customID, values); err != nil {
		return f.failLocked(in, err)
	}
	data := map[string]any{"custom_id": customID, "component_type": c.Type}
	if values != nil {
		data["values"] = values
	}
	in.messageID = cur.ID
	return f.finishLocked(in, data, f.messageJSONLocked(cur))
}

func checkComponent(c Component, ok bool, customID string, values []string) error {
	switch {
	case !ok:
		return fmt.Errorf("no component with custom_id %q in the message", customID)
	case values == nil && c.Type != componentButton:
		return fmt.Errorf("component %q is type %d, not a button", customID, c.Type)
	case values != nil && c.Type != componentStringSelect:
		return fmt.Errorf("component %q is type %d, not a string select", customID, c.Type)
	case c.Disabled:
		return fmt.Errorf("component %q is disabled", customID)
	}
	if values == nil {
		return nil
	}
	minV, maxV := 1, 1
	if c.MinValues != nil {
		minV = *c.MinValues
	}
	if c.MaxValues != nil {
		maxV = *c.MaxValues
	}
	if len(values) < minV || len(values) > maxV {
		return fmt.Errorf("select %q takes %d to %d values, got %d", customID, minV, maxV, len(values))
	}
	for _, v := range values {
		if !slices.ContainsFunc(c.Options, func(o SelectOption) bool { return o.Value == v }) {
			return fmt.Errorf("select %q has no option %q", customID, v)
		}
	}
	return nil
}

func (f *Fake) newInteractionLocked(typ int, user *User, ch *Channel, what string) *Interaction {
	id := f.newIDLocked()
	in := &Interaction{
		ID: id, Type: typ, User: user, f: f, what: what, channel: ch,
		// Real tokens are long base64url strings, starting with
		// base64("interaction:<id>").
		Token: base64.RawURLEncoding.EncodeToString([]byte("interaction:" + id + ":" + f.AppID + ":fakediscord")),
	}
	if ch != nil {
		in.ChannelID = ch.ID
	}
	return in
}

// failLocked marks an interaction that cannot be sent. The error is
// returned by its waits, and recorded as a problem so that the test fails
// even if it never waits.
func (f *Fake) failLocked(in *Interaction, err error) *Interaction {
	in.err = fmt.Errorf("fakediscord: %s: %w", in.what, err)
	f.problemLocked(ProblemSend, nil, "%v", in.err)
	return in
}

// finishLocked builds the interaction object and registers the interaction,
// so that its callback and webhook routes work.
func (f *Fake) finishLocked(in *Interaction, data, message map[string]any) *Interaction {
	ch, u := in.channel, in.User
	chJSON := f.channelJSONLocked(ch)
	j := map[string]any{
		"id":                             in.ID,
		"application_id":                 f.AppID,
		"type":                           in.Type,
		"token":                          in.Token,
		"version":                        1,
		"channel_id":                     ch.ID,
		"channel":                        chJSON,
		"locale":                         orDefault(u.locale, "en-US"),
		"app_permissions":                strconv.FormatInt(f.cfg.appPermissions, 10),
		"entitlements":                   []any{},
		"authorizing_integration_owners": f.integrationOwnersLocked(ch),
		"attachment_size_limit":          f.cfg.uploadLimit,
		"data":                           data,
	}
	if ch.Type == ChannelDM {
		j["user"] = userJSON(u)
		j["context"] = 1 // BOT_DM
	} else {
		perms := strconv.FormatInt(f.memberPermissionsLocked(u, ch), 10)
		chJSON["permissions"] = perms
		member := f.memberJSON(u, true)
		member["permissions"] = perms
		j["member"] = member
		j["guild_id"] = ch.GuildID
		locale := "en-US"
		if g := f.guilds[ch.GuildID]; g != nil && g.locale != "" {
			locale = g.locale
		}
		j["guild_locale"] = locale
		j["guild"] = map[string]any{"id": ch.GuildID, "locale": locale, "features": []any{}}
		j["context"] = 0 // GUILD
	}
	if message != nil {
		j["message"] = message
	}
	in.Payload, _ = json.Marshal(j) // only maps, slices and strings
	f.interactions[in.ID] = in
	f.tokens[in.Token] = in
	return in
}

// integrationOwnersLocked: the app is installed in the guild; in the bot's
// DMs Discord sends "0" as the guild.
func (f *Fake) integrationOwnersLocked(ch *Channel) map[string]any {
	if ch.Type == ChannelDM {
		return map[string]any{"0": "0"}
	}
	return map[string]any{"0": ch.GuildID}
}

// Send dispatches the interaction as INTERACTION_CREATE and starts its
// deadline. It returns in, so that f.Send(f.Slash(...)) reads naturally.
// Errors (no gateway connection, an interaction that could not be built)
// are returned by the Wait methods and recorded as problems.
func (f *Fake) Send(in *Interaction) *Interaction {
	if !f.markSent(in) {
		return in
	}
	conns, err := f.dispatchRouted("INTERACTION_CREATE", in.Payload)
	f.mu.Lock()
	if err != nil {
		f.failLocked(in, err)
		f.mu.Unlock()
		return in
	}
	for _, c := range conns {
		in.shards = append(in.shards, [2]int{c.shard, c.count})
	}
	f.mu.Unlock()
	f.startDeadline(in)
	return in
}

// Shards are the [shard_id, num_shards] of the gateway sessions the
// interaction was dispatched to: one, unless the bot's sessions disagree on
// the shard count (a ProblemGateway); none over HTTP.
func (in *Interaction) Shards() [][2]int {
	in.f.mu.Lock()
	defer in.f.mu.Unlock()
	return append([][2]int(nil), in.shards...)
}

// SendSlash builds and sends a slash command; see Slash.
func (f *Fake) SendSlash(user *User, ch *Channel, name string, args ...Arg) *Interaction {
	return f.Send(f.Slash(user, ch, name, args...))
}

// SendAutocomplete builds and sends an autocomplete interaction; see
// Autocomplete.
func (f *Fake) SendAutocomplete(user *User, ch *Channel, name string, args ...Arg) *Interaction {
	return f.Send(f.Autocomplete(user, ch, name, args...))
}

// SendButton builds and sends a button click; see Button.
func (f *Fake) SendButton(user *User, msg *Message, customID string) *Interaction {
	return f.Send(f.Button(user, msg, customID))
}

// SendSelect builds and sends a select; see Select.
func (f *Fake) SendSelect(user *User, msg *Message, customID string, values ...string) *Interaction {
	return f.Send(f.Select(user, msg, customID, values...))
}

// markSent records the moment the deadline starts: before the interaction
// is written, since the bot may answer before the write returns.
func (f *Fake) markSent(in *Interaction) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if in.err != nil {
		return false
	}
	if in.sent {
		f.failLocked(in, fmt.Errorf("interaction %s was already sent", in.ID))
		return false
	}
	in.sent, in.sentAt = true, time.Now()
	return true
}

// startDeadline records a ProblemDeadline if the interaction is still
// unacknowledged when the deadline passes: the user would have seen "The
// application did not respond".
func (f *Fake) startDeadline(in *Interaction) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if in.response != nil || in.expired || f.closed {
		return
	}
	in.timer = time.AfterFunc(f.cfg.deadline-time.Since(in.sentAt), func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		if in.response == nil && !in.expired {
			in.expired = true
			f.problemLocked(ProblemDeadline, nil, "%s (interaction %s) was not acknowledged within %v", in.what, in.ID, f.cfg.deadline)
		}
	})
}

// WaitResponse waits for the bot's accepted initial callback. A refused
// callback (late, invalid) does not count: the wait goes on until the
// context ends, and the error then lists the problems, which say why.
func (in *Interaction) WaitResponse(ctx context.Context) (*Response, error) {
	return waitInteraction(ctx, in, "the response to "+in.what, func() (*Response, bool) {
		return in.response, in.response != nil
	})
}

// WaitOriginal waits until the message @original refers to satisfies match
// (nil matches anything) and returns that version. @original is the
// message a type 4 or 5 callback created, or for components answered with
// type 6 or 7, the message clicked. For a deferred response, wait for the
// filled-in version:
//
//	m, err := in.WaitOriginal(ctx, func(m *fakediscord.Message) bool { return !m.Loading() })
func (in *Interaction) WaitOriginal(ctx context.Context, match func(*Message) bool) (*Message, error) {
	return waitInteraction(ctx, in, "the original response to "+in.what, func() (*Message, bool) {
		m := in.f.messages[in.originalID]
		return m, m != nil && (match == nil || match(m))
	})
}

// WaitFollowup waits for the i-th (from 0) followup message of the
// interaction and returns its current version. The first followup after a
// deferred (type 5) callback fills in the deferred response instead, as on
// Discord, and is not counted here; see WaitOriginal.
func (in *Interaction) WaitFollowup(ctx context.Context, i int) (*Message, error) {
	return waitInteraction(ctx, in, fmt.Sprintf("followup %d to %s", i, in.what), func() (*Message, bool) {
		if i < len(in.followups) {
			return in.f.messages[in.followups[i]], true
		}
		return nil, false
	})
}

// waitInteraction is waitFor that gives up at once, with the reason, when
// the interaction could not be built or sent.
func waitInteraction[T any](ctx context.Context, in *Interaction, what string, check func() (T, bool)) (T, error) {
	var sendErr error
	v, err := waitFor(ctx, in.f, what, func() (T, bool) {
		if in.err != nil {
			sendErr = in.err
			var zero T
			return zero, true
		}
		return check()
	})
	if sendErr != nil {
		return v, sendErr
	}
	return v, err
}

// orDefault is v, or def when v is empty.
func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
