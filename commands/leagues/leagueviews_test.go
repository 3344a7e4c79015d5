package leagues

import (
	"strings"
	"testing"
)

// TestLeagueIDIsShown: the league's id, which the host's bot export --league needs, is in the
// reply to /league create and in the head of /league schedule.
func TestLeagueIDIsShown(t *testing.T) {
	b := newLeagueBench(t)
	b.ok(b.run("ann", false, "create", "name=Spring Cup"), "New league Spring Cup (id L1)")
	b.ok(b.run("bob", false, "join"), "2 members")
	b.ok(b.run("ann", false, "start"), "round 1")
	r := b.ok(b.run("bob", false, "schedule"), "league id L1")
	if head, _, _ := strings.Cut(r.Text, "\n"); !strings.Contains(head, "L1") {
		t.Errorf("the schedule's first line has no id: %q", head)
	}
}
