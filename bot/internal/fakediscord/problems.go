package fakediscord

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// ProblemKind classifies a Problem.
type ProblemKind string

// The kinds of problems the fake records. Each one is something that would
// go wrong against real Discord, or a sign that the test itself is wrong.
const (
	// ProblemUnauthorized: a request without "Authorization: Bot <token>",
	// or an IDENTIFY with the wrong token.
	ProblemUnauthorized ProblemKind = "unauthorized"
	// ProblemUnhandledRoute: a request to a route the fake does not know.
	// Either the bot calls an endpoint the fake does not implement yet, or
	// it builds a wrong URL.
	ProblemUnhandledRoute ProblemKind = "unhandled route"
	// ProblemNotFound: an unknown channel, message, user, interaction or
	// webhook (Discord's 10003, 10008, 10013, 10062, 10015, ...).
	ProblemNotFound ProblemKind = "not found"
	// ProblemBadRequest: a body Discord would refuse (invalid JSON, invalid
	// form body, empty message, a response type that does not fit the
	// interaction, missing permissions).
	ProblemBadRequest ProblemKind = "bad request"
	// ProblemAlreadyAcknowledged: a second callback for one interaction
	// (Discord's 40060).
	ProblemAlreadyAcknowledged ProblemKind = "already acknowledged"
	// ProblemDeadline: an interaction not acknowledged within the deadline.
	// The user saw "The application did not respond"; a later callback is
	// refused with 10062 and adds no second problem.
	ProblemDeadline ProblemKind = "deadline"
	// ProblemMentions: a message whose content mentions users, roles or
	// everyone without allowed_mentions, so Discord would ping all of them.
	ProblemMentions ProblemKind = "mentions"
	// ProblemGateway: the bot broke the gateway protocol, or the fake could
	// not write to the websocket.
	ProblemGateway ProblemKind = "gateway"
	// ProblemLog: discordgo logged an error, typically "error unmarshalling
	// INTERACTION_CREATE event" for a payload with a field of the wrong JSON
	// type. discordgo then calls the handlers with a zero value, so this is
	// never harmless.
	ProblemLog ProblemKind = "discordgo log"
	// ProblemContract: a request Discord's own OpenAPI description refuses (contract.go): a
	// field of the wrong type or length, a value it does not take, a parameter it lacks.
	ProblemContract ProblemKind = "contract"
	// ProblemNoOperation: a REST request whose method and path name no operation of Discord's
	// OpenAPI description: an endpoint that does not exist, or a wrong URL.
	ProblemNoOperation ProblemKind = "no operation"
	// ProblemSend: the test tried to send an interaction Discord's client
	// could not produce (unknown command or option, disabled button, ...).
	ProblemSend ProblemKind = "send"
)

// Problem is one thing the fake found wrong.
type Problem struct {
	Kind    ProblemKind
	Detail  string
	Request *Request // the request that caused it; nil for gateway, log and send problems
}

func (p Problem) String() string {
	if p.Request != nil {
		return fmt.Sprintf("%s: %s %s: %s", p.Kind, p.Request.Method, p.Request.Path, p.Detail)
	}
	return fmt.Sprintf("%s: %s", p.Kind, p.Detail)
}

// Err returns the problems recorded and not yet claimed, joined, or nil.
// The fake checks it when the test ends.
func (f *Fake) Err() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	errs := make([]error, len(f.problems))
	for i, p := range f.problems {
		errs[i] = errors.New(p.String())
	}
	return errors.Join(errs...)
}

// Problems returns the problems recorded and not yet claimed, oldest first.
func (f *Fake) Problems() []Problem {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Problem(nil), f.problems...)
}

// ExpectProblem waits for a problem of the given kind, removes it (so that
// it no longer fails the test) and returns it. Tests that provoke a problem
// on purpose use it to say so, and assert on the returned detail.
func (f *Fake) ExpectProblem(ctx context.Context, kind ProblemKind) (Problem, error) {
	return waitFor(ctx, f, fmt.Sprintf("a %q problem", kind), func() (Problem, bool) {
		for i, p := range f.problems {
			if p.Kind == kind {
				f.problems = append(f.problems[:i], f.problems[i+1:]...)
				return p, true
			}
		}
		return Problem{}, false
	})
}

func (f *Fake) problemLocked(kind ProblemKind, req *Request, format string, args ...any) {
	f.problems = append(f.problems, Problem{Kind: kind, Detail: fmt.Sprintf(format, args...), Request: req})
	f.broadcastLocked()
}

func (f *Fake) problem(kind ProblemKind, format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.problemLocked(kind, nil, format, args...)
}

// problemSummaryLocked is appended to wait errors.
func (f *Fake) problemSummaryLocked() string {
	if len(f.problems) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("; problems so far:")
	for _, p := range f.problems {
		b.WriteString("\n\t")
		b.WriteString(p.String())
	}
	return b.String()
}
