package fakediscord

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// rawPost sends body to the fake as the bot would, with its token, and returns the answer's status
// and Discord's error body.
func rawPost(t *testing.T, f *Fake, path, contentType string, body []byte) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, "https://discord.com/api/v9"+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bot "+f.Token)
	req.Header.Set("Content-Type", contentType)
	resp, err := f.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var answer map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&answer)
	return resp.StatusCode, answer
}

// fieldErrors is the "_errors" list Discord's answer gives the field at path ("content").
func fieldErrors(answer map[string]any, path string) []any {
	node, _ := answer["errors"].(map[string]any)
	for _, part := range strings.Split(path, ".") {
		node, _ = node[part].(map[string]any)
	}
	errs, _ := node["_errors"].([]any)
	return errs
}

// TestAContentThatIsANumberIsRefusedWithItsFieldPath: a message whose content is a number, which
// Discord's description types as a string, is answered 400 Invalid Form Body naming the field
// content, whether the body is JSON or the payload_json of a multipart body with a file; the
// request fails the test unless it claims the problem.
func TestAContentThatIsANumberIsRefusedWithItsFieldPath(t *testing.T) {
	t.Parallel()
	f := New(t)
	var form bytes.Buffer
	w := multipart.NewWriter(&form)
	_ = w.WriteField("payload_json", `{"content":5}`)
	part, _ := w.CreateFormFile("files[0]", "board.png")
	_, _ = part.Write([]byte("png"))
	_ = w.Close()
	for _, c := range []struct {
		name, contentType string
		body              []byte
	}{
		{"JSON", "application/json", []byte(`{"content":5}`)},
		{"multipart", w.FormDataContentType(), form.Bytes()},
	} {
		status, answer := rawPost(t, f, "/channels/"+f.General.ID+"/messages", c.contentType, c.body)
		if status != http.StatusBadRequest || answer["code"] != float64(50035) || answer["message"] != "Invalid Form Body" {
			t.Errorf("%s: %d %v, want 400 50035 Invalid Form Body", c.name, status, answer)
		}
		errs := fieldErrors(answer, "content")
		if len(errs) != 1 || !strings.Contains(fmt.Sprint(errs[0]), "got number, want null or string") {
			t.Errorf("%s: the errors of content are %v; the answer %v", c.name, errs, answer)
		}
		p := expectProblem(t, f, ProblemContract)
		if !strings.Contains(p.Detail, "POST /channels/{channel_id}/messages") || !strings.Contains(p.Detail, "content: got number, want null or string") {
			t.Errorf("%s: the problem says %q", c.name, p.Detail)
		}
	}
	if n := len(f.Messages(f.General.ID)); n != 0 {
		t.Errorf("%d refused messages were stored", n)
	}
}

// TestEveryRequestIsCheckedAgainstTheDescription: the requests a session makes are each counted as
// validated, and a valid one passes untouched.
func TestEveryRequestIsCheckedAgainstTheDescription(t *testing.T) {
	f := New(t)
	s := restSession(t, f)
	before := Validated()
	if _, err := s.ChannelMessageSendComplex(f.General.ID, &discordgo.MessageSend{Content: "hello", Files: []*discordgo.File{pngFile(t, 4, 4)}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChannelMessages(f.General.ID, 10, "", "", ""); err != nil {
		t.Fatal(err)
	}
	if n := Validated() - before; n < 2 {
		t.Errorf("%d requests validated, want at least 2", n)
	}
}

// TestACommandOneCharacterOverDiscordsLimitIsRefused: a command of exactly 4,000 characters, its
// German descriptions the longest and counted, is registered; one of 4,001 is refused at its root
// with Discord's code, by the rule Discord documents and its description cannot state.
func TestACommandOneCharacterOverDiscordsLimitIsRefused(t *testing.T) {
	t.Parallel()
	f := New(t)
	s := f.Session(t)
	if _, err := s.ApplicationCommandBulkOverwrite(f.AppID, "", []*discordgo.ApplicationCommand{PaddedCommand(maxCommandSize)}); err != nil {
		t.Fatalf("a command of %d characters: %v", maxCommandSize, err)
	}
	_, err := s.ApplicationCommandBulkOverwrite(f.AppID, "", []*discordgo.ApplicationCommand{PaddedCommand(maxCommandSize + 1)})
	if status, code := restCode(t, err); status != 400 || code != 50035 {
		t.Fatalf("a command of %d characters: %d %d, want 400 50035", maxCommandSize+1, status, code)
	}
	p := expectProblem(t, f, ProblemBadRequest)
	if !strings.Contains(p.Detail, "0._root: Command exceeds maximum size (4000): it has 4001 characters") {
		t.Errorf("the problem says %q", p.Detail)
	}
	var body struct {
		Errors map[string]map[string]map[string][]map[string]string `json:"errors"`
	}
	if err := json.Unmarshal(p.Request.Response, &body); err != nil || body.Errors["0"]["_root"]["_errors"][0]["code"] != "APPLICATION_COMMAND_TOO_LARGE" {
		t.Errorf("the answer %s", p.Request.Response)
	}
}

// TestTheEmbedsOfAMessageHoldAtMost6000Characters: two embeds of 3,000 characters pass, one
// character more across them is refused.
func TestTheEmbedsOfAMessageHoldAtMost6000Characters(t *testing.T) {
	t.Parallel()
	f := New(t)
	s := restSession(t, f)
	embeds := func(extra int) []*discordgo.MessageEmbed {
		return []*discordgo.MessageEmbed{{Title: "T", Description: strings.Repeat("d", 2999)},
			{Description: strings.Repeat("e", 2000), Footer: &discordgo.MessageEmbedFooter{Text: strings.Repeat("f", 1000+extra)}}}
	}
	if _, err := s.ChannelMessageSendEmbeds(f.General.ID, embeds(0)); err != nil {
		t.Fatalf("6,000 characters of embeds: %v", err)
	}
	_, err := s.ChannelMessageSendEmbeds(f.General.ID, embeds(1))
	if status, code := restCode(t, err); status != 400 || code != 50035 {
		t.Fatalf("6,001 characters of embeds: %d %d", status, code)
	}
	if p := expectProblem(t, f, ProblemBadRequest); !strings.Contains(p.Detail, "embeds: The embeds of a message have 6001 characters") {
		t.Errorf("the problem says %q", p.Detail)
	}
}

// TestAFileLargerThanTheUploadLimitIsRefused: Discord answers 413 to a file past its upload limit.
func TestAFileLargerThanTheUploadLimitIsRefused(t *testing.T) {
	t.Parallel()
	f := New(t, WithUploadLimit(64))
	s := restSession(t, f)
	big := &discordgo.File{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(make([]byte, 65))}
	_, err := s.ChannelMessageSendComplex(f.General.ID, &discordgo.MessageSend{Content: "x", Files: []*discordgo.File{big}})
	if status, code := restCode(t, err); status != http.StatusRequestEntityTooLarge || code != 40005 {
		t.Fatalf("a file of 65 bytes past a limit of 64: %d %d", status, code)
	}
	expectProblem(t, f, ProblemBadRequest)
}

// TestAnInteractionsTokenExpires: past its life, an interaction's token neither edits its answer
// nor sends a followup (Discord: 15 minutes).
func TestAnInteractionsTokenExpires(t *testing.T) {
	t.Parallel()
	f := New(t, WithTokenLife(50*time.Millisecond))
	s := f.Session(t)
	s.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	})
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ApplicationCommandBulkOverwrite(f.AppID, "", testCommands); err != nil {
		t.Fatal(err)
	}
	in := f.SendSlash(f.AddUser("alice"), f.General, "render", StringArg("text", "x"))
	if _, err := in.WaitResponse(testContext(t)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(60 * time.Millisecond) // past the token's life
	content := "late"
	_, err := s.InteractionResponseEdit(&discordgo.Interaction{AppID: f.AppID, Token: in.Token}, &discordgo.WebhookEdit{Content: &content})
	if status, code := restCode(t, err); status != http.StatusUnauthorized || code != 50027 {
		t.Fatalf("an edit with an expired token: %d %d, want 401 50027", status, code)
	}
	if p := expectProblem(t, f, ProblemBadRequest); !strings.Contains(p.Detail, "past its 50ms") {
		t.Errorf("the problem says %q", p.Detail)
	}
}
