package fakediscord

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func TestOpenReadyGuildCreateAndCommands(t *testing.T) {
	t.Parallel()
	f := New(t, WithHeartbeatInterval(100*time.Millisecond))
	guildCreated := make(chan *discordgo.GuildCreate, 1)
	s := f.Session(t)
	s.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) { guildCreated <- g })
	if err := s.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	ctx := testContext(t)

	// READY is processed inside Open.
	if s.State.User.ID != f.AppID || !s.State.User.Bot || s.State.Application.ID != f.AppID {
		t.Errorf("state after Open: user %+v, application %+v", s.State.User, s.State.Application)
	}
	select {
	case g := <-guildCreated:
		if g.ID != f.GuildID || len(g.Channels) != 1 || g.Channels[0].Name != "general" || len(g.Roles) == 0 {
			t.Errorf("GUILD_CREATE: %+v", g.Guild)
		}
	case <-ctx.Done():
		t.Fatal("no GUILD_CREATE")
	}
	if f.Seq() != 2 {
		t.Errorf("Seq after READY and GUILD_CREATE = %d, want 2", f.Seq())
	}
	// discordgo heartbeats with the last sequence it received; the fake
	// ACKs each one, or discordgo would log an error and reconnect.
	if _, err := f.WaitGateway(ctx, func(fr GatewayFrame) bool { return fr.Op == 1 && string(fr.D) == "2" }); err != nil {
		t.Fatal(err)
	}
	identify, err := f.WaitGateway(ctx, func(fr GatewayFrame) bool { return fr.Op == 2 })
	if err != nil || !strings.Contains(string(identify.D), `"compress":false`) {
		t.Errorf("IDENTIFY %s, %v", identify.D, err)
	}

	created, err := s.ApplicationCommandBulkOverwrite(s.State.Application.ID, "", testCommands)
	if err != nil {
		t.Fatal(err)
	}
	if len(created) != len(testCommands) || created[0].ID == "" || created[0].ApplicationID != f.AppID || created[0].Version == "" {
		t.Fatalf("registered: %+v", created[0])
	}
	again, err := s.ApplicationCommandBulkOverwrite(f.AppID, "", testCommands)
	if err != nil || again[0].ID != created[0].ID {
		t.Errorf("re-registering changed the id: %v, %v", again, err)
	}
	listed, err := s.ApplicationCommands(f.AppID, "")
	if err != nil || len(listed) != len(testCommands) || listed[1].Options[0].Options[0].Choices[0].Value != "france" {
		t.Errorf("listed commands: %v, %v", listed, err)
	}
	guildCmd, err := s.ApplicationCommandCreate(f.AppID, f.GuildID, &discordgo.ApplicationCommand{Name: "admin", Description: "Admin"})
	if err != nil || guildCmd.GuildID != f.GuildID {
		t.Errorf("guild command: %+v, %v", guildCmd, err)
	}
}

func TestIdentifyWithWrongTokenIsRefused(t *testing.T) {
	t.Parallel()
	f := New(t)
	s := f.Session(t)
	s.Identify.Token = "Bot not-the-token"
	if err := s.Open(); err == nil {
		t.Fatal("Open succeeded with a wrong IDENTIFY token")
	}
	p := expectProblem(t, f, ProblemUnauthorized)
	if !strings.Contains(p.Detail, "IDENTIFY") {
		t.Errorf("problem %v", p)
	}
}

func TestDispatchNeedsAConnection(t *testing.T) {
	t.Parallel()
	f := New(t)
	if err := f.Dispatch("TYPING_START", []byte(`{}`)); err == nil {
		t.Error("Dispatch without a gateway connection succeeded")
	}
	restSession(t, f)
	alice := f.AddUser("alice")
	in := f.SendSlash(alice, f.General, "render", StringArg("text", "x"))
	if _, err := in.WaitResponse(testContext(t)); err == nil || !strings.Contains(err.Error(), "no identified gateway connection") {
		t.Errorf("WaitResponse = %v, want the dispatch error", err)
	}
	expectProblem(t, f, ProblemSend)
}
