package discord

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// firstLogLine is the first line of logs that holds msg ("" when none).
func firstLogLine(logs, msg string) string {
	for _, line := range strings.Split(logs, "\n") {
		if strings.Contains(line, msg) {
			return line
		}
	}
	return ""
}

// TestARefusalNamesDiscordsCodeAndEveryFieldItRefused: the log attributes of a request Discord
// refused carry its status, its code, its message and each refused field's path with its codes,
// from Discord's nested "errors" tree; an error that is no answer of Discord's carries only itself.
func TestARefusalNamesDiscordsCodeAndEveryFieldItRefused(t *testing.T) {
	t.Parallel()
	body := []byte(`{"code":50035,"message":"Invalid Form Body","errors":{"content":{"_errors":[{"code":"BASE_TYPE_MAX_LENGTH","message":"Must be 2000 or fewer in length."}]},` +
		`"components":{"0":{"components":{"1":{"custom_id":{"_errors":[{"code":"COMPONENT_CUSTOM_ID_DUPLICATED","message":"Duplicated."}]}}}}}}}`)
	err := fmtErr(&discordgo.RESTError{Response: &http.Response{StatusCode: http.StatusBadRequest}, ResponseBody: body,
		Message: &discordgo.APIErrorMessage{Code: 50035, Message: "Invalid Form Body"}})
	attrs := refusalAttrs(err, "game", "g1")
	got := map[string]any{}
	for i := 0; i+1 < len(attrs); i += 2 {
		got[attrs[i].(string)] = attrs[i+1]
	}
	want := map[string]any{"game": "g1", "status": 400, "discord_code": 50035, "discord_message": "Invalid Form Body",
		"fields": "components.0.components.1.custom_id: COMPONENT_CUSTOM_ID_DUPLICATED (Duplicated.) | content: BASE_TYPE_MAX_LENGTH (Must be 2000 or fewer in length.)"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	if got["err"] != err {
		t.Errorf("err = %v", got["err"])
	}
	plain := refusalAttrs(errors.New("connection reset"), "game", "g1")
	if len(plain) != 4 {
		t.Errorf("an error that is no refusal: %v", plain)
	}
	server := &discordgo.RESTError{Response: &http.Response{StatusCode: http.StatusBadGateway}, ResponseBody: []byte(`{}`)}
	if _, refused := refusalOf(server); refused {
		t.Error("a 502 read as Discord's refusal")
	}
}

// fmtErr wraps err as the bot's callers do, which refusalOf must see through.
func fmtErr(err error) error { return errors.Join(errors.New("post the turn"), err) }
