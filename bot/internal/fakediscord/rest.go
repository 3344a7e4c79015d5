package fakediscord

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Request is one HTTP request the fake received, with the answer it gave.
// Requests are recorded in arrival order and never change once recorded.
type Request struct {
	Time   time.Time
	Method string
	Path   string // as received, e.g. "/api/v9/channels/1300000000000000003/messages"
	// Route is the pattern that handled the request, e.g.
	// "POST /api/v9/channels/{channel}/messages"; empty if no route matched.
	Route  string
	Query  url.Values
	Header http.Header
	Body   []byte
	// JSON is the request's JSON payload: the body of an application/json
	// request, or the payload_json part of a multipart one.
	JSON  []byte
	Files []File // the file parts of a multipart request

	Status   int    // the status the fake answered with
	Response []byte // the body the fake answered with
}

// Decode unmarshals the request's JSON payload into v.
func (r *Request) Decode(v any) error { return json.Unmarshal(r.JSON, v) }

// ErrorCode is the Discord error code the fake answered with (40060,
// 10062, 50035, ...), or 0 for a successful request.
func (r *Request) ErrorCode() int {
	var e struct {
		Code int `json:"code"`
	}
	if r.Status < 400 || json.Unmarshal(r.Response, &e) != nil {
		return 0
	}
	return e.Code
}

// Requests returns every request received so far, oldest first.
func (f *Fake) Requests() []*Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]*Request(nil), f.requests...)
}

// WaitRequest returns the first request, already received or still to come,
// for which match reports true. Because past requests count, it is safe to
// call after the action that causes the request; to wait for a later one,
// make match tell them apart (by route, body or time).
func (f *Fake) WaitRequest(ctx context.Context, match func(*Request) bool) (*Request, error) {
	return waitFor(ctx, f, "a matching request", func() (*Request, bool) {
		for _, r := range f.requests {
			if match(r) {
				return r, true
			}
		}
		return nil, false
	})
}

// rawFile is a handler's answer that is a file rather than JSON.
type rawFile File

// handler answers one request. It runs with f.mu held, so it sees and
// changes the fake's state atomically with the recording of the request.
// It returns the JSON body of a 200 answer, nil for 204 No Content, or an
// error (always an *apiError).
type handler func(r *Request, hr *http.Request) (any, error)

// auth says whether a route needs "Authorization: Bot <token>". Discord
// does not require it on interaction and webhook routes, whose URL carries a
// token, but rejects a wrong one if sent.
type auth int

const (
	authRequired auth = iota
	authOptional
)

const api = "/api/v9"

const postChannelMessage = "POST " + api + "/channels/{channel}/messages"

// HoldPosts makes new messages in a channel wait, unanswered, until release is called (a test
// kills a bot between two steps that way). A message whose client goes away while it waits is
// never created, as when a connection drops before Discord read the request.
func (f *Fake) HoldPosts(channelID string) (release func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	hold := make(chan struct{})
	f.holds[channelID] = hold
	var once sync.Once
	return func() {
		once.Do(func() {
			f.mu.Lock()
			if f.holds[channelID] == hold {
				delete(f.holds, channelID)
			}
			f.mu.Unlock()
			close(hold)
		})
	}
}

// DropAnswers makes the next n messages created in a channel lose their answer: each is made,
// then the connection closes before a byte of the answer is written, as when a request times out
// or its connection drops after Discord read it. The bot cannot tell whether the message exists.
func (f *Fake) DropAnswers(channelID string, n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.dropping[channelID] += n
}

func (f *Fake) dropAnswerLocked(channelID string) bool {
	if f.dropping[channelID] == 0 {
		return false
	}
	f.dropping[channelID]--
	return true
}

// dropConnection closes a request's connection without answering it.
func dropConnection(w http.ResponseWriter) {
	if hj, ok := w.(http.Hijacker); ok {
		if conn, _, err := hj.Hijack(); err == nil {
			conn.Close()
			return
		}
	}
	panic(http.ErrAbortHandler) // the server closes the connection without an answer
}

// waitHold waits while the channel of a new message is held; false if the client went away.
func (f *Fake) waitHold(hr *http.Request) bool {
	ch := hr.PathValue("channel")
	f.mu.Lock()
	hold := f.holds[ch]
	if hold != nil {
		f.holding[ch]++
	}
	f.mu.Unlock()
	if hold == nil {
		return true
	}
	defer func() {
		f.mu.Lock()
		f.holding[ch]--
		f.broadcastLocked()
		f.mu.Unlock()
	}()
	select {
	case <-hold:
		return true
	case <-hr.Context().Done():
		return false
	}
}

// WaitHeldPostsGone waits until no new message waits in the held channel: each was dropped by
// its client going away. A test that kills a bot calls it before the release, so that the dead
// bot's waiting post, whose connection the server may notice closed only a moment later, is
// never created.
func (f *Fake) WaitHeldPostsGone(ctx context.Context, channelID string) error {
	_, err := waitFor(ctx, f, "the held posts of channel "+channelID+" to go", func() (struct{}, bool) {
		return struct{}{}, f.holding[channelID] == 0
	})
	return err
}

func (f *Fake) routes(mux *http.ServeMux) {
	route := func(pattern string, a auth, h handler) {
		mux.Handle(pattern, f.wrap(pattern, a, h))
	}
	route("GET "+api+"/gateway", authRequired, f.getGateway)
	route("GET "+api+"/gateway/bot", authRequired, f.gatewayBot)
	mux.HandleFunc("GET /gateway/", f.serveGateway)

	route("PUT "+api+"/applications/{app}/commands", authRequired, f.putCommands)
	route("POST "+api+"/applications/{app}/commands", authRequired, f.postCommand)
	route("GET "+api+"/applications/{app}/commands", authRequired, f.getCommands)
	route("PUT "+api+"/applications/{app}/guilds/{guild}/commands", authRequired, f.putCommands)
	route("POST "+api+"/applications/{app}/guilds/{guild}/commands", authRequired, f.postCommand)
	route("GET "+api+"/applications/{app}/guilds/{guild}/commands", authRequired, f.getCommands)

	route("POST "+api+"/interactions/{id}/{token}/callback", authOptional, f.postCallback)
	route("POST "+api+"/webhooks/{app}/{token}", authOptional, f.postFollowup)
	route("GET "+api+"/webhooks/{app}/{token}/messages/{message}", authOptional, f.getWebhookMessage)
	route("PATCH "+api+"/webhooks/{app}/{token}/messages/{message}", authOptional, f.patchWebhookMessage)
	route("DELETE "+api+"/webhooks/{app}/{token}/messages/{message}", authOptional, f.deleteWebhookMessage)

	route("GET "+api+"/channels/{channel}", authRequired, f.getChannel)
	route(postChannelMessage, authRequired, f.postMessage)
	route("GET "+api+"/channels/{channel}/messages", authRequired, f.getMessages)
	route("GET "+api+"/channels/{channel}/messages/{message}", authRequired, f.getMessage)
	route("PATCH "+api+"/channels/{channel}/messages/{message}", authRequired, f.patchMessage)
	route("DELETE "+api+"/channels/{channel}/messages/{message}", authRequired, f.deleteMessage)
	route("POST "+api+"/channels/{channel}/threads", authRequired, f.postThread)
	route("POST "+api+"/channels/{channel}/messages/{message}/threads", authRequired, f.postMessageThread)
	route("PUT "+api+"/channels/{channel}/thread-members/{user}", authRequired, f.putThreadMember)

	route("GET "+api+"/users/@me", authRequired, f.getMe)
	route("GET "+api+"/users/{user}", authRequired, f.getUser)
	route("POST "+api+"/users/@me/channels", authRequired, f.postDM)
	route("GET "+api+"/guilds/{guild}/members/{user}", authRequired, f.getMember)
	route("GET "+api+"/guilds/{guild}/roles", authRequired, f.getRoles)
	route("GET "+api+"/guilds/{guild}", authRequired, f.getGuild)

	route("GET /attachments/{channel}/{attachment}/{name}", authOptional, f.getAttachment)

	// Everything else. The most specific pattern wins in ServeMux, so this
	// only catches what no route above matches, whatever the method.
	mux.Handle("/", f.wrap("", authOptional, func(r *Request, _ *http.Request) (any, error) {
		return nil, &apiError{kind: ProblemUnhandledRoute, status: http.StatusNotFound,
			message: "404: Not Found", detail: "no such route in fakediscord"}
	}))
}

// wrap reads and records a request, checks its authorization, runs h with
// f.mu held, records the answer and any problem, wakes the waiters, and only
// then writes the answer, so a test that sees the request also sees its
// effects.
func (f *Fake) wrap(pattern string, a auth, h handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, hr *http.Request) {
		req := &Request{
			Time: time.Now(), Method: hr.Method, Path: hr.URL.Path, Route: pattern,
			Query: hr.URL.Query(), Header: hr.Header.Clone(),
		}
		var body any
		var err error
		if req.Body, err = io.ReadAll(hr.Body); err != nil {
			return // the client went away before its request was whole (a killed process): Discord never got it
		}
		err = f.checkAuth(hr, a)
		if err == nil {
			err = parseBody(req)
		}
		if err == nil {
			err = checkContract(req)
		}
		if err == nil {
			err = f.checkUploads(req)
		}

		if pattern == postChannelMessage && !f.waitHold(hr) {
			return // the client went away while its message waited: it was never created
		}
		f.mu.Lock()
		if err == nil {
			body, err = h(req, hr)
		}
		status := http.StatusOK
		switch {
		case err != nil:
			e, ok := err.(*apiError)
			if !ok {
				e = &apiError{kind: ProblemBadRequest, status: http.StatusBadRequest, code: 50035,
					message: "Invalid Form Body", detail: err.Error()}
			}
			status, body = e.status, e.body()
			if e.kind != "" {
				f.problems = append(f.problems, Problem{Kind: e.kind, Detail: e.String(), Request: req})
			}
		case body == nil:
			status = http.StatusNoContent
		}
		req.Status = status
		contentType := "application/json"
		switch b := body.(type) {
		case nil:
		case rawFile:
			req.Response, contentType = b.Data, b.ContentType
		default:
			req.Response, _ = json.Marshal(b) // only maps, slices and strings
		}
		f.requests = append(f.requests, req)
		drop := pattern == postChannelMessage && status == http.StatusOK && f.dropAnswerLocked(hr.PathValue("channel"))
		f.broadcastLocked()
		f.mu.Unlock()

		if drop {
			dropConnection(w)
			return
		}
		if req.Response != nil {
			w.Header().Set("Content-Type", contentType)
		}
		w.WriteHeader(status)
		w.Write(req.Response)
	})
}

func (f *Fake) checkAuth(hr *http.Request, a auth) error {
	got, sent := hr.Header.Get("Authorization"), len(hr.Header.Values("Authorization")) > 0
	if got == "Bot "+f.Token || (a == authOptional && !sent) {
		return nil
	}
	detail := "missing Authorization header"
	switch {
	case got == f.Token:
		detail = `Authorization is the bare token; it needs the "Bot " prefix`
	case sent:
		detail = fmt.Sprintf("Authorization %q is not %q", redact(got), "Bot <token>")
	}
	return &apiError{kind: ProblemUnauthorized, status: http.StatusUnauthorized, message: "401: Unauthorized", detail: detail}
}

// redact keeps a wrong token out of test logs beyond its first characters.
func redact(s string) string {
	if len(s) > 8 {
		return s[:8] + "…"
	}
	return s
}

// apiError is an error answer in Discord's shape:
// {"message": "...", "code": 50035, "errors": {...}}.
type apiError struct {
	kind    ProblemKind // recorded as a problem; "" when one is already recorded
	status  int
	code    int
	message string
	detail  string         // what exactly was wrong, for the Problem
	errors  map[string]any // the "errors" tree of an Invalid Form Body
}

func (e *apiError) Error() string { return e.String() }

func (e *apiError) String() string {
	s := fmt.Sprintf("%d %s (code %d)", e.status, e.message, e.code)
	if e.detail != "" {
		s += ": " + e.detail
	}
	return s
}

func (e *apiError) body() map[string]any {
	b := map[string]any{"message": e.message, "code": e.code}
	if e.errors != nil {
		b["errors"] = e.errors
	}
	return b
}

// notFound is Discord's answer for an unknown resource, e.g.
// notFound(10003, "Unknown Channel", id).
func notFound(code int, message, id string) *apiError {
	return &apiError{kind: ProblemNotFound, status: http.StatusNotFound, code: code, message: message,
		detail: fmt.Sprintf("%s %s", strings.ToLower(message), id)}
}

// formError is Discord's 50035 Invalid Form Body. path is the dotted path of
// the offending field ("components.0.components.1.custom_id"); Discord nests
// it in "errors" with an "_errors" list at the leaf.
func formError(path, code, message string) *apiError {
	leaf := map[string]any{"_errors": []any{map[string]any{"code": code, "message": message}}}
	tree := leaf
	parts := strings.Split(path, ".")
	for i := len(parts) - 1; i >= 0; i-- {
		tree = map[string]any{parts[i]: tree}
	}
	return &apiError{kind: ProblemBadRequest, status: http.StatusBadRequest, code: 50035,
		message: "Invalid Form Body", detail: path + ": " + message, errors: tree}
}

// badRequest is a 400 with a specific Discord code, e.g. 50006 "Cannot send
// an empty message".
func badRequest(code int, message string) *apiError {
	return &apiError{kind: ProblemBadRequest, status: http.StatusBadRequest, code: code, message: message}
}

// missingPermissions is Discord's 403 50013.
func missingPermissions(detail string) *apiError {
	return &apiError{kind: ProblemBadRequest, status: http.StatusForbidden, code: 50013,
		message: "Missing Permissions", detail: detail}
}

func (f *Fake) getGateway(*Request, *http.Request) (any, error) {
	return map[string]any{"url": f.gatewayURL()}, nil
}

// gatewayURL is where GET /gateway sends discordgo; it appends "/" and the
// query, which the "GET /gateway/" route serves.
func (f *Fake) gatewayURL() string {
	return "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/gateway"
}
