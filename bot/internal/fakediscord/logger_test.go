package fakediscord

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestWrongJSONTypeIsReported is deliberately not parallel: discordgo's log
// lines carry no session, so the error it logs is recorded on every live
// fake, and Go runs this test before resuming the parallel ones.
func TestWrongJSONTypeIsReported(t *testing.T) {
	f := New(t)
	alice := f.AddUser("alice")
	types := make(chan discordgo.InteractionType, 1)
	openBot(t, f, func(_ *discordgo.Session, i *discordgo.InteractionCreate) { types <- i.Type })

	// A valid interaction with one field of the wrong type: app_permissions
	// is a string on the wire, and a number here.
	perms := strconv.FormatInt(DefaultAppPermissions, 10)
	in := f.Slash(alice, f.General, "render", StringArg("text", "x"))
	bad := bytes.Replace(in.Payload, []byte(`"app_permissions":"`+perms+`"`), []byte(`"app_permissions":`+perms), 1)
	if bytes.Equal(bad, in.Payload) {
		t.Fatal("could not corrupt the payload")
	}
	if err := f.Dispatch("INTERACTION_CREATE", bad); err != nil {
		t.Fatal(err)
	}

	p := expectProblem(t, f, ProblemLog)
	if !strings.Contains(p.Detail, "error unmarshalling INTERACTION_CREATE event") {
		t.Errorf("logged: %v", p)
	}
	// What the problem guards against: discordgo still calls the handler,
	// with a zero interaction.
	if typ := <-types; typ != 0 {
		t.Errorf("handler got interaction type %v, want the zero value", typ)
	}
}

// TestALoggedErrorNamingAFakeIsRecordedOnItAlone is not parallel either (it logs through
// discordgo's global logger): a failed heartbeat names its gateway, so only the fake that serves
// that gateway records it, and the heartbeat that races its own session's close is no problem.
func TestALoggedErrorNamingAFakeIsRecordedOnItAlone(t *testing.T) {
	named, other := New(t), New(t)
	gateway := "ws" + strings.TrimPrefix(named.URL(), "http") + "/gateway/?v=9&encoding=json"
	discordgo.Logger(discordgo.LogError, 0, "error sending heartbeat to gateway %s, %s", gateway, "write: broken pipe")
	if p := expectProblem(t, named, ProblemLog); !strings.Contains(p.Detail, "broken pipe") {
		t.Errorf("logged: %v", p)
	}
	discordgo.Logger(discordgo.LogError, 0, "error sending heartbeat to gateway %s, %s", gateway, "websocket: close sent")
	if err := named.Err(); err != nil {
		t.Errorf("the heartbeat racing its session's own close is a problem: %v", err)
	}
	if err := other.Err(); err != nil {
		t.Errorf("another fake's heartbeat is recorded: %v", err)
	}
}
