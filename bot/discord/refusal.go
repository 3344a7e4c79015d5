package discord

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// When Discord refuses a request (a 4xx), what it says is what the bot's host needs to fix it: its
// error code (50035 Invalid Form Body, 50013 Missing Permissions, ...) and, for a body it refuses,
// the path of every field it refuses with its own code ({"errors": {"content": {"_errors":
// [{"code": "BASE_TYPE_MAX_LENGTH", ...}]}}}). The log lines of a refused post, edit or
// registration carry them (refusalAttrs), with the game's id where there is a game.

// refusal is what Discord said when it refused a request.
type refusal struct {
	status  int
	code    int
	message string
	fields  []string // "content: BASE_TYPE_MAX_LENGTH (Must be 2000 or fewer in length.)"
}

// refusalOf reads Discord's refusal in err: false when err is no answer of Discord's below 500.
func refusalOf(err error) (refusal, bool) {
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response == nil || rest.Response.StatusCode < 400 || rest.Response.StatusCode >= 500 {
		return refusal{}, false
	}
	r := refusal{status: rest.Response.StatusCode}
	if rest.Message != nil {
		r.code, r.message = rest.Message.Code, rest.Message.Message
	}
	var body struct {
		Errors json.RawMessage `json:"errors"`
	}
	if json.Unmarshal(rest.ResponseBody, &body) == nil && len(body.Errors) > 0 {
		r.fields = formErrors(body.Errors, "")
	}
	return r, true
}

// formErrors lists the fields of Discord's "errors" tree, each with its codes and messages: the
// path runs through the keys down to an "_errors" list.
func formErrors(tree json.RawMessage, path string) []string {
	var node map[string]json.RawMessage
	if json.Unmarshal(tree, &node) != nil {
		return nil
	}
	var out []string
	if raw, ok := node["_errors"]; ok {
		var errs []struct{ Code, Message string }
		_ = json.Unmarshal(raw, &errs)
		var what []string
		for _, e := range errs {
			what = append(what, fmt.Sprintf("%s (%s)", e.Code, e.Message))
		}
		out = append(out, fmt.Sprintf("%s: %s", strings.TrimPrefix(path, "."), strings.Join(what, "; ")))
	}
	keys := make([]string, 0, len(node))
	for k := range node {
		if k != "_errors" {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		out = append(out, formErrors(node[k], path+"."+k)...)
	}
	return out
}

// refusalAttrs are the attributes of a log line about a failed request: the error, and when Discord
// refused it, its status, its code, its message and the fields it refused.
func refusalAttrs(err error, attrs ...any) []any {
	attrs = append(attrs, "err", err)
	if r, ok := refusalOf(err); ok {
		attrs = append(attrs, "status", r.status, "discord_code", r.code, "discord_message", r.message)
		if len(r.fields) > 0 {
			attrs = append(attrs, "fields", strings.Join(r.fields, " | "))
		}
	}
	return attrs
}
