package fakediscord

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// These tests use sessions that are never opened: REST needs no gateway,
// and unopened sessions close instantly.

func TestDMChannelAndMessage(t *testing.T) {
	t.Parallel()
	f := New(t)
	s := f.Session(t)
	alice := f.AddUser("alice")

	dm, err := s.UserChannelCreate(alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	if dm.Type != discordgo.ChannelTypeDM || len(dm.Recipients) != 1 || dm.Recipients[0].ID != alice.ID || dm.ID != f.DMChannel(alice).ID {
		t.Fatalf("DM channel %+v", dm)
	}
	again, err := s.UserChannelCreate(alice.ID)
	if err != nil || again.ID != dm.ID {
		t.Errorf("second DM open gave %v, %v", again, err)
	}
	sent, err := s.ChannelMessageSend(dm.ID, "It is your turn in #general")
	if err != nil {
		t.Fatal(err)
	}
	last := f.LastMessage(dm.ID)
	if last == nil || last.ID != sent.ID || last.Content != "It is your turn in #general" || sent.Author.ID != f.AppID {
		t.Errorf("sent %+v, stored %+v", sent, last)
	}

	if _, err := s.UserChannelCreate("42"); err == nil {
		t.Error("DM with an unknown user succeeded")
	} else if status, code := restCode(t, err); status != 404 || code != 10013 {
		t.Errorf("unknown user: %d %d", status, code)
	}
	expectProblem(t, f, ProblemNotFound)
}

func TestThreads(t *testing.T) {
	t.Parallel()
	f := New(t)
	s := f.Session(t)
	alice := f.AddUser("alice")

	// API v9 makes a thread private unless the type says otherwise.
	private, err := s.ThreadStart(f.General.ID, "game 1", 0, 60)
	if err != nil {
		t.Fatal(err)
	}
	if private.Type != discordgo.ChannelTypeGuildPrivateThread || private.ParentID != f.General.ID || private.ThreadMetadata == nil {
		t.Errorf("default thread: %+v", private)
	}
	public, err := s.ThreadStart(f.General.ID, "game 2", discordgo.ChannelTypeGuildPublicThread, 60)
	if err != nil || public.Type != discordgo.ChannelTypeGuildPublicThread {
		t.Fatalf("public thread: %+v, %v", public, err)
	}
	if err := s.ThreadMemberAdd(public.ID, alice.ID); err != nil {
		t.Fatal(err)
	}
	if got := f.ThreadMembers(f.Channel(public.ID)); !slices.Equal(got, []string{alice.ID, f.AppID}) && !slices.Equal(got, []string{f.AppID, alice.ID}) {
		t.Errorf("thread members %v", got)
	}
	if _, err := s.ChannelMessageSend(public.ID, "first move"); err != nil {
		t.Fatal(err)
	}
	fetched, err := s.Channel(public.ID)
	if err != nil || fetched.MessageCount != 1 || fetched.MemberCount != 2 || !fetched.IsThread() {
		t.Errorf("GET thread: %+v, %v", fetched, err)
	}

	starter, err := s.ChannelMessageSend(f.General.ID, "New game! Join in the thread.")
	if err != nil {
		t.Fatal(err)
	}
	fromMsg, err := s.MessageThreadStart(f.General.ID, starter.ID, "game 3", 1440)
	if err != nil || fromMsg.ID != starter.ID || fromMsg.Type != discordgo.ChannelTypeGuildPublicThread {
		t.Fatalf("thread from a message: %+v, %v", fromMsg, err)
	}
	if got := f.Threads(f.General); len(got) != 3 {
		t.Errorf("threads under #general: %d", len(got))
	}

	if _, err := s.ThreadStart(public.ID, "nested", discordgo.ChannelTypeGuildPublicThread, 60); err == nil {
		t.Error("a thread inside a thread was created")
	} else if status, code := restCode(t, err); status != 400 || code != 50024 {
		t.Errorf("thread in thread: %d %d", status, code)
	}
	expectProblem(t, f, ProblemBadRequest)
}

func TestAuthorizationIsRequired(t *testing.T) {
	t.Parallel()
	f := New(t)
	for _, token := range []string{f.Token, "Bot wrong"} {
		s := f.Session(t)
		s.Token = token
		_, err := s.User("@me")
		if err == nil {
			t.Fatalf("token %q accepted", token)
		}
		if status, _ := restCode(t, err); status != 401 {
			t.Errorf("token %q: status %d, want 401", token, status)
		}
		p := expectProblem(t, f, ProblemUnauthorized)
		if token == f.Token && !strings.Contains(p.Detail, `"Bot " prefix`) {
			t.Errorf("bare token problem: %v", p)
		}
	}
	me, err := f.Session(t).User("@me")
	if err != nil || me.ID != f.AppID || !me.Bot {
		t.Errorf("GET /users/@me: %+v, %v", me, err)
	}
}

func TestUnhandledRouteIsReported(t *testing.T) {
	t.Parallel()
	f := New(t)
	s := f.Session(t)
	m, err := s.ChannelMessageSend(f.General.ID, "hi")
	if err != nil {
		t.Fatal(err)
	}
	err = s.MessageReactionAdd(f.General.ID, m.ID, "👍")
	if status, _ := restCode(t, err); status != 404 {
		t.Errorf("unknown route: status %d", status)
	}
	p := expectProblem(t, f, ProblemUnhandledRoute)
	if p.Request == nil || p.Request.Method != "PUT" || !strings.Contains(p.Request.Path, "/reactions/") || p.Request.Route != "" {
		t.Errorf("problem %v", p)
	}
}

func TestMentionsNeedAllowedMentions(t *testing.T) {
	t.Parallel()
	f := New(t)
	s := f.Session(t)
	alice, bob := f.AddUser("alice"), f.AddUser("bob")

	if _, err := s.ChannelMessageSend(f.General.ID, "well played "+alice.Mention()); err != nil {
		t.Fatal(err)
	}
	expectProblem(t, f, ProblemMentions)
	if got := f.LastMessage(f.General.ID).Pinged(); !slices.Equal(got, []string{alice.ID}) {
		t.Errorf("without allowed_mentions, pinged %v", got)
	}

	sent, err := s.ChannelMessageSendComplex(f.General.ID, &discordgo.MessageSend{
		Content:         alice.Mention() + " scored; " + bob.Mention() + ", your turn",
		AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{bob.ID}},
	})
	if err != nil {
		t.Fatal(err)
	}
	m := f.Message(sent.ID)
	if got := m.Pinged(); !slices.Equal(got, []string{bob.ID}) || m.AllowedMentions == nil {
		t.Errorf("pinged %v, allowed %+v", got, m.AllowedMentions)
	}
	if len(sent.Mentions) != 2 {
		t.Errorf("message object mentions %d users, want 2", len(sent.Mentions))
	}

	// Allowed mentions list Discord ids only: anything else fails the whole message.
	_, err = s.ChannelMessageSendComplex(f.General.ID, &discordgo.MessageSend{Content: "your turn",
		AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{bob.ID, "ai:easy:2"}}})
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response.StatusCode != http.StatusBadRequest || !strings.Contains(string(rest.ResponseBody), `"allowed_mentions":{"users":{"1":{"_errors"`) {
		t.Errorf("a message allowing a mention of a non-id: %v", err)
	}
	expectProblem(t, f, ProblemContract)
}

func TestDiscordLimitsAreEnforced(t *testing.T) {
	t.Parallel()
	f := New(t, WithAppPermissions(DefaultAppPermissions&^discordgo.PermissionAttachFiles))
	s := f.Session(t)
	row := func(ids ...string) discordgo.ActionsRow {
		var cs []discordgo.MessageComponent
		for _, id := range ids {
			cs = append(cs, discordgo.Button{Label: id, CustomID: id})
		}
		return discordgo.ActionsRow{Components: cs}
	}
	for _, tc := range []struct {
		name         string
		msg          *discordgo.MessageSend
		status, code int
	}{
		{"empty", &discordgo.MessageSend{}, 400, 50006},
		{"duplicate custom_id", &discordgo.MessageSend{Content: "x", Components: []discordgo.MessageComponent{row("a", "b"), row("a")}}, 400, 50035},
		{"six buttons", &discordgo.MessageSend{Content: "x", Components: []discordgo.MessageComponent{row("a", "b", "c", "d", "e", "f")}}, 400, 50035},
		{"too long", &discordgo.MessageSend{Content: strings.Repeat("é", 2001)}, 400, 50035},
		{"file without Attach Files", &discordgo.MessageSend{Content: "x", Files: []*discordgo.File{pngFile(t, 8, 8)}}, 403, 50013},
	} {
		_, err := s.ChannelMessageSendComplex(f.General.ID, tc.msg)
		if err == nil {
			t.Errorf("%s: accepted", tc.name)
			continue
		}
		if status, code := restCode(t, err); status != tc.status || code != tc.code {
			t.Errorf("%s: %d %d, want %d %d", tc.name, status, code, tc.status, tc.code)
		}
		expectRefused(t, f)
	}
	if n := len(f.Messages(f.General.ID)); n != 0 {
		t.Errorf("%d refused messages were stored", n)
	}
}

func TestChannelMessageEditAndDelete(t *testing.T) {
	t.Parallel()
	f := New(t)
	s := f.Session(t)
	sent, err := s.ChannelMessageSendComplex(f.General.ID, &discordgo.MessageSend{
		Content: "lobby",
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Join", CustomID: "join"},
		}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(sent.Components) != 1 {
		t.Errorf("components echoed back: %d", len(sent.Components))
	}

	// An edit changes only the fields it sends.
	edited, err := s.ChannelMessageEdit(f.General.ID, sent.ID, "lobby (2 players)")
	if err != nil || edited.Content != "lobby (2 players)" || edited.EditedTimestamp == nil || len(edited.Components) != 1 {
		t.Fatalf("edit content: %+v, %v", edited, err)
	}
	if _, err := s.ChannelMessageEditComplex(&discordgo.MessageEdit{
		Channel: f.General.ID, ID: sent.ID, Components: &[]discordgo.MessageComponent{},
	}); err != nil {
		t.Fatal(err)
	}
	m := f.Message(sent.ID)
	if m.Version != 2 || m.Content != "lobby (2 players)" || len(m.Buttons()) != 0 || len(m.Previous.Buttons()) != 1 {
		t.Errorf("after two edits: %+v", m)
	}

	got, err := s.ChannelMessage(f.General.ID, sent.ID)
	if err != nil || got.Content != m.Content {
		t.Errorf("GET message: %+v, %v", got, err)
	}
	list, err := s.ChannelMessages(f.General.ID, 10, "", "", "")
	if err != nil || len(list) != 1 || list[0].ID != sent.ID {
		t.Errorf("GET messages: %v, %v", list, err)
	}
	if err := s.ChannelMessageDelete(f.General.ID, sent.ID); err != nil {
		t.Fatal(err)
	}
	if f.LastMessage(f.General.ID) != nil || !f.Message(sent.ID).Deleted {
		t.Error("the deleted message is still shown")
	}
	if _, err := s.ChannelMessage(f.General.ID, sent.ID); err == nil {
		t.Error("GET of a deleted message succeeded")
	} else if status, code := restCode(t, err); status != 404 || code != 10008 {
		t.Errorf("deleted message: %d %d", status, code)
	}
	expectProblem(t, f, ProblemNotFound)
}

// TestWebhookRoutes drives the interaction webhook routes without a
// gateway: the interaction is answered over HTTP, the rest goes over REST.
func TestWebhookRoutes(t *testing.T) {
	t.Parallel()
	f := New(t)
	s := restSession(t, f)
	alice := f.AddUser("alice")
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	in := f.Slash(alice, f.General, "render", StringArg("text", "x"))
	var i discordgo.Interaction
	if err := json.Unmarshal(in.Payload, &i); err != nil {
		t.Fatal(err)
	}
	f.ServeInteraction(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"type":4,"data":{"content":"hello","flags":64}}`))
	}), priv, in)
	ctx := testContext(t)

	orig, err := s.InteractionResponse(&i)
	if err != nil || orig.Content != "hello" || orig.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Fatalf("GET @original: %+v, %v", orig, err)
	}
	if _, err := s.FollowupMessageCreate(&i, false, &discordgo.WebhookParams{Content: "first"}); err != nil {
		t.Fatal(err)
	}
	first, err := in.WaitFollowup(ctx, 0)
	if err != nil || first.Content != "first" {
		t.Fatalf("followup: %+v, %v", first, err)
	}
	if r, _ := f.WaitRequest(ctx, func(r *Request) bool { return r.Method == "POST" && strings.HasPrefix(r.Path, "/api/v9/webhooks/") }); r.Status != 204 {
		t.Errorf("followup without wait answered %d, want 204", r.Status)
	}
	content := "first, edited"
	if _, err := s.FollowupMessageEdit(&i, first.ID, &discordgo.WebhookEdit{Content: &content}); err != nil {
		t.Fatal(err)
	}
	if err := s.FollowupMessageDelete(&i, first.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.InteractionResponseDelete(&i); err != nil {
		t.Fatal(err)
	}
	if !f.Message(first.ID).Deleted || f.Message(first.ID).Previous.Content != content || !f.Message(orig.ID).Deleted {
		t.Error("followup edit and deletes were not applied")
	}
	if _, err := s.InteractionResponse(&i); err == nil {
		t.Error("GET of a deleted @original succeeded")
	}
	expectProblem(t, f, ProblemNotFound)
}

func TestPNGBoundsRejectsOtherData(t *testing.T) {
	t.Parallel()
	if _, err := (File{Name: "x.png", Data: []byte("not a png")}).PNGBounds(); err == nil {
		t.Error("PNGBounds accepted garbage")
	}
}

func TestMembersRolesAndUsers(t *testing.T) {
	t.Parallel()
	f := New(t)
	s := f.Session(t)
	alice := f.AddUser("alice")
	mod := f.AddUserWithPermissions("mod", DefaultMemberPermissions|discordgo.PermissionManageChannels)

	member, err := s.GuildMember(f.GuildID, mod.ID)
	if err != nil || member.User.ID != mod.ID || len(member.Roles) != 1 {
		t.Fatalf("GET member: %+v, %v", member, err)
	}
	roles, err := s.GuildRoles(f.GuildID)
	if err != nil {
		t.Fatal(err)
	}
	perms := map[string]int64{}
	for _, r := range roles {
		perms[r.ID] = r.Permissions
	}
	if perms[f.GuildID] != DefaultMemberPermissions || perms[member.Roles[0]]&discordgo.PermissionManageChannels == 0 {
		t.Errorf("roles %v: @everyone or the moderator role is wrong", perms)
	}
	if plain, err := s.GuildMember(f.GuildID, alice.ID); err != nil || len(plain.Roles) != 0 {
		t.Errorf("plain member: %+v, %v", plain, err)
	}
	if u, err := s.User(alice.ID); err != nil || u.Username != "alice" || u.Bot {
		t.Errorf("GET user: %+v, %v", u, err)
	}
	if _, err := s.GuildMember(f.GuildID, "42"); err == nil {
		t.Error("unknown member found")
	} else if status, code := restCode(t, err); status != 404 || code != 10007 {
		t.Errorf("unknown member: %d %d", status, code)
	}
	expectProblem(t, f, ProblemNotFound)
}
