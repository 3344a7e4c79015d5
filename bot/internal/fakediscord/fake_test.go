package fakediscord

import (
	"net/http"
	"strings"
	"testing"
)

// recordingTB lets a test run a Fake's cleanup itself and see what it
// reports, to check that problems nobody claimed fail the test.
type recordingTB struct {
	testing.TB
	cleanups []func()
	errors   []string
}

func (r *recordingTB) Helper()           {}
func (r *recordingTB) Cleanup(fn func()) { r.cleanups = append(r.cleanups, fn) }
func (r *recordingTB) Errorf(format string, args ...any) {
	r.errors = append(r.errors, format)
	r.TB.Logf("(expected) "+format, args...)
}

func TestUnclaimedProblemsFailTheTest(t *testing.T) {
	t.Parallel()
	rec := &recordingTB{TB: t}
	f := New(rec)
	resp, err := f.HTTPClient().Get("https://discord.com/api/v9/not-a-route")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("unknown route answered %d", resp.StatusCode)
	}
	reqs := f.Requests()
	if len(reqs) != 1 || reqs[0].Status != 404 || reqs[0].ErrorCode() != 0 || reqs[0].Route != "" {
		t.Errorf("recorded %+v", reqs)
	}
	if ps := f.Problems(); len(ps) != 1 || ps[0].Kind != ProblemNoOperation || ps[0].Request != reqs[0] {
		t.Errorf("problems %v", ps)
	}

	for i := len(rec.cleanups) - 1; i >= 0; i-- {
		rec.cleanups[i]()
	}
	if len(rec.errors) != 1 || !strings.HasPrefix(rec.errors[0], "fakediscord:") {
		t.Errorf("cleanup reported %q, want one fakediscord error", rec.errors)
	}
	if err := f.Err(); err == nil || !strings.Contains(err.Error(), "no operation: GET /api/v9/not-a-route") {
		t.Errorf("Err() = %v", err)
	}
}
