package fakediscord

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func TestSlashCommandAnsweredWithPNG(t *testing.T) {
	t.Parallel()
	f := New(t)
	alice := f.AddUser("alice")
	// The handler checks what discordgo decoded from the fake's payload,
	// so a payload discordgo misreads fails here, not somewhere later.
	openBot(t, f, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		data := i.ApplicationCommandData()
		opts := data.Options
		var who *discordgo.User
		switch {
		case i.Member != nil:
			who = i.Member.User
			if i.GuildID != f.GuildID || i.Member.Permissions != DefaultMemberPermissions {
				t.Errorf("guild interaction: guild %q, member permissions %d", i.GuildID, i.Member.Permissions)
			}
		case i.User != nil:
			who = i.User
			if i.GuildID != "" {
				t.Errorf("DM interaction with guild %q", i.GuildID)
			}
		}
		if who == nil || who.ID != alice.ID || i.AppID != f.AppID || i.AppPermissions != DefaultAppPermissions ||
			data.Name != "render" || len(opts) != 2 || opts[0].StringValue() != "hello" || opts[1].IntValue() != 48 {
			t.Errorf("decoded interaction: %+v, data %+v", i.Interaction, data)
		}
		err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{
				Content: "rendered: " + opts[0].StringValue(),
				Files:   []*discordgo.File{pngFile(t, int(opts[1].IntValue()), 32)},
			},
		})
		if err != nil {
			t.Errorf("InteractionRespond: %v", err)
		}
	})
	ctx := testContext(t)

	for _, ch := range []*Channel{f.General, f.DMChannel(alice)} {
		in := f.SendSlash(alice, ch, "render", StringArg("text", "hello"), IntArg("size", 48))
		resp, err := in.WaitResponse(ctx)
		if err != nil {
			t.Fatal(err)
		}
		m := resp.Message
		if resp.Type != CallbackMessage || m.Content != "rendered: hello" || m.ChannelID != ch.ID || len(m.Attachments) != 1 {
			t.Fatalf("response %+v, message %+v", resp, m)
		}
		if ct := resp.Request.Header.Get("Content-Type"); !strings.HasPrefix(ct, "multipart/form-data") {
			t.Errorf("callback Content-Type %q", ct)
		}
		file := m.Attachments[0]
		bounds, err := file.PNGBounds()
		if err != nil || bounds.Dx() != 48 || bounds.Dy() != 32 || file.ContentType != "image/png" || file.Field != "files[0]" {
			t.Errorf("attachment %s %q %q: bounds %v, %v", file.Field, file.Name, file.ContentType, bounds, err)
		}
		if f.LastMessage(ch.ID) != m {
			t.Errorf("last message in %s is not the response", ch.ID)
		}
		// The attachment URL is the fake's, and serves the file.
		got, err := http.Get(file.URL)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(got.Body)
		got.Body.Close()
		if !bytes.Equal(body, file.Data) {
			t.Errorf("GET %s returned %d bytes, want the %d uploaded", file.URL, len(body), len(file.Data))
		}
	}
}

func TestDeferredThenEditWithFileAndFollowup(t *testing.T) {
	t.Parallel()
	f := New(t)
	alice, bob := f.AddUser("alice"), f.AddUser("bob")
	openBot(t, f, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
		if err != nil {
			t.Errorf("defer: %v", err)
			return
		}
		content := "board after the move"
		if _, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{
			Content: &content, Files: []*discordgo.File{pngFile(t, 64, 64)},
		}); err != nil {
			t.Errorf("edit @original: %v", err)
		}
		if _, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{
			Content:         fmt.Sprintf("%s and %s: %s, your turn", alice.Mention(), bob.Mention(), bob.Mention()),
			AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{bob.ID}},
		}); err != nil {
			t.Errorf("followup: %v", err)
		}
	})
	ctx := testContext(t)

	in := f.SendSlash(alice, f.General, "render", StringArg("text", "x"), BoolArg("defer", true))
	resp, err := in.WaitResponse(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Type != CallbackDeferredMessage || !resp.Message.Loading() {
		t.Errorf("deferred response: type %d, loading %v", resp.Type, resp.Message.Loading())
	}
	m, err := in.WaitOriginal(ctx, func(m *Message) bool { return !m.Loading() })
	if err != nil {
		t.Fatal(err)
	}
	if m.Content != "board after the move" || m.Version != 1 || m.Previous != resp.Message || len(m.Attachments) != 1 {
		t.Fatalf("edited original: %+v", m)
	}
	if b, err := m.Attachments[0].PNGBounds(); err != nil || b.Dx() != 64 {
		t.Errorf("edited PNG: %v, %v", b, err)
	}
	followup, err := in.WaitFollowup(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	if pinged := followup.Pinged(); !slices.Equal(pinged, []string{bob.ID}) {
		t.Errorf("followup pings %v, want only bob", pinged)
	}
	if r, err := f.WaitRequest(ctx, func(r *Request) bool { return r.Route == "POST /api/v9/webhooks/{app}/{token}" }); err != nil || r.Query.Get("wait") != "true" || r.Status != 200 {
		t.Errorf("followup request: %+v, %v", r, err)
	}
}

func TestAutocompleteAnsweredWithChoices(t *testing.T) {
	t.Parallel()
	f := New(t)
	alice := f.AddUser("alice")
	openBot(t, f, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		if i.Type != discordgo.InteractionApplicationCommandAutocomplete {
			t.Errorf("interaction type %v", i.Type)
			return
		}
		var typed string
		for _, o := range i.ApplicationCommandData().Options {
			if o.Focused {
				typed = o.StringValue()
			}
		}
		var choices []*discordgo.ApplicationCommandOptionChoice
		for _, sq := range []string{"E6", "F7", "F8"} {
			if strings.HasPrefix(sq, strings.ToUpper(typed)) {
				choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: sq, Value: sq})
			}
		}
		if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: choices},
		}); err != nil {
			t.Errorf("autocomplete: %v", err)
		}
	})

	in := f.SendAutocomplete(alice, f.General, "place", Focused(StringArg("square", "f")))
	resp, err := in.WaitResponse(testContext(t))
	if err != nil {
		t.Fatal(err)
	}
	want := []Choice{{"F7", "F7"}, {"F8", "F8"}}
	if resp.Type != CallbackAutocomplete || !slices.Equal(resp.Choices, want) {
		t.Errorf("choices %v (type %d), want %v", resp.Choices, resp.Type, want)
	}
	if !strings.Contains(string(in.Payload), `"focused":true`) {
		t.Errorf("payload lacks the focused flag: %s", in.Payload)
	}
}

func TestButtonAndSelectUpdateTheMessage(t *testing.T) {
	t.Parallel()
	f := New(t)
	alice, bob := f.AddUser("alice"), f.AddUser("bob")
	minOne := 1
	buttons := func(disabled bool) []discordgo.MessageComponent {
		return []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Join", Style: discordgo.PrimaryButton, CustomID: "join", Disabled: disabled},
				discordgo.Button{Label: "Rules", Style: discordgo.LinkButton, URL: "https://example.org/rules"},
			}},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.SelectMenu{CustomID: "map", MinValues: &minOne, MaxValues: 1, Options: []discordgo.SelectMenuOption{
					{Label: "France", Value: "france"}, {Label: "Classic", Value: "classic"},
				}},
			}},
		}
	}
	openBot(t, f, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		var resp *discordgo.InteractionResponse
		switch {
		case i.Type == discordgo.InteractionApplicationCommand:
			resp = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "lobby", Components: buttons(false)}}
		case i.MessageComponentData().CustomID == "join":
			if i.Message == nil || i.Message.Content != "lobby" || len(i.Message.Components) != 2 {
				t.Errorf("clicked message as decoded: %+v", i.Message)
			}
			resp = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Content: i.Member.User.Username + " joined", Components: buttons(true)}}
		default: // the select: acknowledge now, edit the message after
			if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
				t.Errorf("deferred update: %v", err)
			}
			content := "map: " + i.MessageComponentData().Values[0]
			if _, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &content}); err != nil {
				t.Errorf("edit after deferred update: %v", err)
			}
			return
		}
		if err := s.InteractionRespond(i.Interaction, resp); err != nil {
			t.Errorf("respond: %v", err)
		}
	})
	ctx := testContext(t)

	lobby, err := f.SendSlash(alice, f.General, "carc", SubCommand("new", StringArg("map", "france"))).WaitResponse(ctx)
	if err != nil {
		t.Fatal(err)
	}
	click := f.SendButton(bob, lobby.Message, "join")
	resp, err := click.WaitResponse(ctx)
	if err != nil {
		t.Fatal(err)
	}
	m := resp.Message
	if resp.Type != CallbackUpdate || m.ID != lobby.Message.ID || m.Version != 1 || m.Content != "bob joined" {
		t.Fatalf("update: type %d, message %+v", resp.Type, m)
	}
	if b := m.Buttons(); len(b) != 2 || !b[0].Disabled || b[0].CustomID != "join" {
		t.Errorf("buttons after the update: %+v", b)
	}
	if f.LastMessage(f.General.ID) != m {
		t.Error("the channel does not show the updated message")
	}

	// The button is disabled now: Discord's client would not send a click.
	if _, err := f.SendButton(alice, m, "join").WaitResponse(ctx); err == nil || !strings.Contains(err.Error(), "disabled") {
		t.Errorf("click on a disabled button: %v", err)
	}
	expectProblem(t, f, ProblemSend)

	sel := f.SendSelect(alice, m, "map", "classic")
	if resp, err := sel.WaitResponse(ctx); err != nil || resp.Type != CallbackDeferredUpdate {
		t.Fatalf("select: %+v, %v", resp, err)
	}
	edited, err := sel.WaitOriginal(ctx, func(m *Message) bool { return m.Content == "map: classic" })
	if err != nil || edited.ID != lobby.Message.ID || edited.Version != 2 {
		t.Errorf("after the select: %+v, %v", edited, err)
	}
}

func TestLateCallbackIsRefused(t *testing.T) {
	t.Parallel()
	f := New(t, WithDeadline(100*time.Millisecond))
	alice := f.AddUser("alice")
	ctx := testContext(t)
	answered := make(chan error, 1)
	openBot(t, f, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		// A slow bot: answer only once the fake has given up on it. Waiting
		// for that, rather than sleeping, keeps the test deterministic.
		if _, err := f.ExpectProblem(ctx, ProblemDeadline); err != nil {
			answered <- err
			return
		}
		answered <- s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "too late"},
		})
	})

	f.SendSlash(alice, f.General, "render", StringArg("text", "x"))
	err := <-answered
	if err == nil {
		t.Fatal("a late callback was accepted")
	}
	if status, code := restCode(t, err); status != 404 || code != 10062 {
		t.Errorf("late callback: %d %d, want 404 10062", status, code)
	}
	if msgs := f.Messages(f.General.ID); len(msgs) != 0 {
		t.Errorf("a refused callback left messages: %+v", msgs)
	}
	r, err := f.WaitRequest(ctx, func(r *Request) bool { return r.Route == "POST /api/v9/interactions/{id}/{token}/callback" })
	if err != nil || r.ErrorCode() != 10062 {
		t.Errorf("recorded callback: %+v, %v", r, err)
	}
}

func TestSecondCallbackIsRefused(t *testing.T) {
	t.Parallel()
	f := New(t)
	alice := f.AddUser("alice")
	second := make(chan error, 1)
	openBot(t, f, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "once"}}
		if err := s.InteractionRespond(i.Interaction, resp); err != nil {
			t.Errorf("first callback: %v", err)
		}
		second <- s.InteractionRespond(i.Interaction, resp)
	})

	in := f.SendSlash(alice, f.General, "render", StringArg("text", "x"))
	if _, err := in.WaitResponse(testContext(t)); err != nil {
		t.Fatal(err)
	}
	err := <-second
	if err == nil {
		t.Fatal("a second callback was accepted")
	}
	if status, code := restCode(t, err); status != 400 || code != 40060 {
		t.Errorf("second callback: %d %d, want 400 40060", status, code)
	}
	expectProblem(t, f, ProblemAlreadyAcknowledged)
}

func TestInteractionsAreCheckedAgainstTheRegisteredCommands(t *testing.T) {
	t.Parallel()
	f := New(t)
	restSession(t, f)
	alice, bob := f.AddUser("alice"), f.AddUser("bob")
	for _, tc := range []struct {
		in   *Interaction
		want string
	}{
		{f.Slash(alice, f.General, "nope"), "not registered"},
		{f.Slash(alice, f.General, "render", StringArg("txt", "x")), `no option "txt"`},
		{f.Slash(alice, f.General, "render", IntArg("text", 1)), "registered with type 3"},
		{f.Slash(alice, f.General, "render"), `missing required option "text"`},
		{f.Slash(alice, f.General, "carc", SubCommand("new", StringArg("map", "mars"))), "not one of the registered choices"},
		{f.Slash(alice, f.General, "carc"), "exactly one subcommand"},
		{f.Autocomplete(alice, f.General, "place", StringArg("square", "F")), "exactly one Focused"},
		{f.Autocomplete(alice, f.General, "render", Focused(StringArg("text", "F"))), "not registered with autocomplete"},
	} {
		_, err := tc.in.WaitResponse(testContext(t))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want an error containing %q", err, tc.want)
		}
		expectProblem(t, f, ProblemSend)
	}
	// Valid ones build, with resolved users and integer choices.
	in := f.Slash(alice, f.General, "carc", SubCommand("new", StringArg("map", "france"), UserArg("with", bob)))
	place := f.Slash(alice, f.General, "place", StringArg("square", "F7"), IntArg("rotation", 90))
	for _, in := range []*Interaction{in, place} {
		var i discordgo.Interaction
		if err := i.UnmarshalJSON(in.Payload); err != nil {
			t.Fatalf("payload does not decode: %v", err)
		}
	}
	if !strings.Contains(string(in.Payload), `"resolved":{"members":{"`+bob.ID) {
		t.Errorf("no resolved member for the user option: %s", in.Payload)
	}
}
