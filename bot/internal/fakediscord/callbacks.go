package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"time"
	"unicode/utf8"
)

// Callback (interaction response) types, as in Discord's API.
const (
	CallbackMessage         = 4
	CallbackDeferredMessage = 5
	CallbackDeferredUpdate  = 6
	CallbackUpdate          = 7
	CallbackAutocomplete    = 8
	CallbackModal           = 9
)

// callbackFits lists, for each callback type, the interaction types it can
// answer; Discord refuses the others.
var callbackFits = map[int][]int{
	CallbackMessage:         {InteractionCommand, InteractionComponent},
	CallbackDeferredMessage: {InteractionCommand, InteractionComponent},
	CallbackDeferredUpdate:  {InteractionComponent},
	CallbackUpdate:          {InteractionComponent},
	CallbackAutocomplete:    {InteractionAutocomplete},
	CallbackModal:           {InteractionCommand, InteractionComponent},
}

// postCallback answers POST /interactions/{id}/{token}/callback: 204 for
// the first valid callback within the deadline, 404 10062 for an unknown or
// expired interaction, 400 40060 for a second callback.
func (f *Fake) postCallback(r *Request, hr *http.Request) (any, error) {
	in := f.interactions[hr.PathValue("id")]
	if in == nil || in.Token != hr.PathValue("token") || !in.sent {
		return nil, notFound(10062, "Unknown interaction", hr.PathValue("id"))
	}
	if in.response != nil {
		return nil, &apiError{kind: ProblemAlreadyAcknowledged, status: http.StatusBadRequest, code: 40060,
			message: "Interaction has already been acknowledged.", detail: "second callback for " + in.what}
	}
	if err := f.checkDeadlineLocked(in, r.Time); err != nil {
		return nil, err
	}
	return nil, f.applyCallbackLocked(in, r.JSON, r.Files, r)
}

// checkDeadlineLocked refuses a callback after the deadline, as Discord
// does (the interaction is gone: 10062): "you must send an initial response within 3 seconds of
// receiving the event" (Interactions: Receiving and Responding,
// https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction). The lateness is one problem, a
// ProblemDeadline, whether the timer or the callback notices it first.
func (f *Fake) checkDeadlineLocked(in *Interaction, at time.Time) error {
	late := at.Sub(in.sentAt)
	if !in.expired && late <= f.cfg.deadline {
		return nil
	}
	if !in.expired {
		in.expired = true
		f.problemLocked(ProblemDeadline, nil, "%s (interaction %s) was acknowledged after %v, past the %v deadline",
			in.what, in.ID, late.Round(time.Millisecond), f.cfg.deadline)
	}
	return &apiError{status: http.StatusNotFound, code: 10062, message: "Unknown interaction",
		detail: fmt.Sprintf("callback %v after the interaction, past the %v deadline", late.Round(time.Millisecond), f.cfg.deadline)}
}

// applyCallbackLocked validates a callback body and applies it: it creates
// or updates the message, or records the choices. req is nil for answers
// given over HTTP.
func (f *Fake) applyCallbackLocked(in *Interaction, payload []byte, files []File, req *Request) error {
	var cb struct {
		Type int             `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(payload, &cb); err != nil {
		return formError("type", "MODEL_TYPE_CONVERT", "Invalid callback: "+err.Error())
	}
	if !slices.Contains(callbackFits[cb.Type], in.Type) {
		return formError("type", "INTERACTION_RESPONSE_TYPE_INVALID",
			fmt.Sprintf("Callback type %d cannot answer a type %d interaction.", cb.Type, in.Type))
	}
	resp := &Response{Type: cb.Type, Data: cb.Data, Request: req}
	switch cb.Type {
	case CallbackMessage, CallbackDeferredMessage, CallbackUpdate:
		p, err := parseMessageFields(cb.Data)
		if err != nil {
			return err
		}
		switch cb.Type {
		case CallbackMessage:
			if err := validateMessage(p, files, true, true); err != nil {
				return err
			}
			resp.Message = f.createMessageLocked(in.channel, p, files, in.ID, 0)
			f.checkMentionsLocked(req, resp.Message)
		case CallbackDeferredMessage:
			// Only the ephemeral flag counts: the message is empty until
			// the bot edits it (or sends its first followup).
			empty := &messageFields{present: map[string]bool{}, flags: p.flags & flagEphemeral}
			resp.Message = f.createMessageLocked(in.channel, empty, nil, in.ID, flagLoading)
		case CallbackUpdate:
			if err := validateMessage(p, files, false, true); err != nil {
				return err
			}
			old := f.messages[in.messageID]
			if old.Deleted {
				return notFound(10008, "Unknown Message", old.ID)
			}
			resp.Message = f.editMessageLocked(old, p, files)
		}
		in.originalID = resp.Message.ID
	case CallbackDeferredUpdate:
		in.originalID = in.messageID
	case CallbackAutocomplete:
		choices, err := parseChoices(cb.Data)
		if err != nil {
			return err
		}
		resp.Choices = choices
	case CallbackModal:
		var modal struct {
			CustomID   string      `json:"custom_id"`
			Title      string      `json:"title"`
			Components []Component `json:"components"`
		}
		if err := json.Unmarshal(cb.Data, &modal); err != nil {
			return formError("data", "MODEL_TYPE_CONVERT", err.Error())
		}
		if modal.CustomID == "" || modal.Title == "" || len(modal.Components) == 0 {
			return formError("data", "BASE_TYPE_REQUIRED", "A modal needs a custom_id, a title and components.")
		}
	}
	in.response = resp
	if in.timer != nil {
		in.timer.Stop()
	}
	return nil
}

// parseChoices checks an autocomplete answer as Discord's documentation states it (Interactions:
// Receiving and Responding, Autocomplete, "up to 25 choices",
// https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-autocomplete),
// which its description leaves to the docs: at most 25 choices, names of
// 1 to 100 characters, values that are strings of at most 100 characters
// or numbers.
func parseChoices(data json.RawMessage) ([]Choice, error) {
	var d struct {
		Choices []Choice `json:"choices"`
	}
	if err := json.Unmarshal(data, &d); err != nil {
		return nil, formError("data.choices", "MODEL_TYPE_CONVERT", err.Error())
	}
	if len(d.Choices) > 25 {
		return nil, formError("data.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
	}
	for i, c := range d.Choices {
		p := fmt.Sprintf("data.choices.%d", i)
		if n := utf8.RuneCountInString(c.Name); n < 1 || n > 100 {
			return nil, formError(p+".name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
		}
		switch v := c.Value.(type) {
		case string:
			if utf8.RuneCountInString(v) > 100 {
				return nil, formError(p+".value", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
			}
		case float64:
		default:
			return nil, formError(p+".value", "MODEL_TYPE_CONVERT", "Must be a string or a number.")
		}
	}
	if d.Choices == nil {
		d.Choices = []Choice{}
	}
	return d.Choices, nil
}

// The webhook routes: the interaction's token is the webhook token, and
// the application id the webhook id.

func (f *Fake) webhookLocked(hr *http.Request) (*Interaction, error) {
	in := f.tokens[hr.PathValue("token")]
	if hr.PathValue("app") != f.AppID || in == nil || !in.sent {
		return nil, notFound(10015, "Unknown Webhook", hr.PathValue("app")+"/<token>")
	}
	// "Interaction tokens are valid for 15 minutes" (Discord's documentation, Interactions:
	// Receiving and Responding, https://discord.com/developers/docs/interactions/receiving-and-responding#followup-messages).
	if age := time.Since(in.sentAt); age > f.cfg.tokenLife {
		return nil, &apiError{kind: ProblemBadRequest, status: http.StatusUnauthorized, code: 50027, message: "Invalid Webhook Token",
			detail: fmt.Sprintf("the token of %s is %v old, past its %v", in.what, age.Round(time.Millisecond), f.cfg.tokenLife)}
	}
	return in, nil
}

// webhookMessageLocked resolves {message}: "@original" or the id of the
// original response or of a followup of this interaction.
func (f *Fake) webhookMessageLocked(hr *http.Request) (*Interaction, *Message, error) {
	in, err := f.webhookLocked(hr)
	if err != nil {
		return nil, nil, err
	}
	id := hr.PathValue("message")
	if id == "@original" {
		id = in.originalID
	}
	m := f.messages[id]
	if id == "" && in.overHTTP {
		e := notFound(10008, "Unknown Message", hr.PathValue("message"))
		e.kind = ""
		return nil, nil, e
	}
	if id == "" || m == nil || m.Deleted || id != in.originalID && !slices.Contains(in.followups, id) {
		return nil, nil, notFound(10008, "Unknown Message", hr.PathValue("message"))
	}
	return in, m, nil
}

func (f *Fake) getWebhookMessage(r *Request, hr *http.Request) (any, error) {
	_, m, err := f.webhookMessageLocked(hr)
	if err != nil {
		return nil, err
	}
	return f.messageJSONLocked(m), nil
}

// patchWebhookMessage edits the original response or a followup. Filling
// in a deferred response is when the user is notified, so it must not be
// empty and its mentions are checked.
func (f *Fake) patchWebhookMessage(r *Request, hr *http.Request) (any, error) {
	_, m, err := f.webhookMessageLocked(hr)
	if err != nil {
		return nil, err
	}
	p, err := parseMessageFields(r.JSON)
	if err != nil {
		return nil, err
	}
	if err := validateMessage(p, r.Files, m.Loading(), true); err != nil {
		return nil, err
	}
	edited := f.editMessageLocked(m, p, r.Files)
	if m.Loading() {
		f.checkMentionsLocked(r, edited)
	}
	return f.messageJSONLocked(edited), nil
}

func (f *Fake) deleteWebhookMessage(r *Request, hr *http.Request) (any, error) {
	_, m, err := f.webhookMessageLocked(hr)
	if err != nil {
		return nil, err
	}
	f.deleteMessageLocked(m)
	return nil, nil
}

// postFollowup sends a followup (POST /webhooks/{app}/{token}). Discord
// answers 204 unless ?wait=true asks for the message. The first followup
// after a deferred callback fills in the deferred response.
func (f *Fake) postFollowup(r *Request, hr *http.Request) (any, error) {
	in, err := f.webhookLocked(hr)
	if err != nil {
		return nil, err
	}
	if in.response == nil {
		return nil, notFound(10015, "Unknown Webhook", "interaction "+in.ID+" not acknowledged yet")
	}
	p, err := parseMessageFields(r.JSON)
	if err != nil {
		return nil, err
	}
	if err := validateMessage(p, r.Files, true, true); err != nil {
		return nil, err
	}
	var m *Message
	if orig := f.messages[in.originalID]; orig != nil && orig.Loading() && !orig.Deleted {
		m = f.editMessageLocked(orig, p, r.Files)
	} else {
		m = f.createMessageLocked(in.channel, p, r.Files, in.ID, 0)
		in.followups = append(in.followups, m.ID)
	}
	f.checkMentionsLocked(r, m)
	if r.Query.Get("wait") != "true" {
		return nil, nil
	}
	return f.messageJSONLocked(m), nil
}
