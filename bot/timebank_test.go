package bot

import (
	"slices"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
)

// TestATimeBankRunsOutAndThePolicyApplies: with deadline:bank bank:1d increment:2h, a turn
// played in 3 hours leaves 21 hours plus 2; the other player's bank runs out after a day, the
// table's policy (skip) applies, and their bank is the increment alone. The banks are in the
// record: replaying it gives the same table.
func TestATimeBankRunsOutAndThePolicyApplies(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	alice, bob, ch := openGame(h, "france", 7, fakediscord.StringArg("deadline", "bank"),
		fakediscord.StringArg("bank", "1d"), fakediscord.StringArg("increment", "2h"))
	tbl := h.table(ch.ID)
	if !slices.Equal(tbl.Banks, []time.Duration{24 * time.Hour, 24 * time.Hour}) {
		t.Fatalf("the banks at the start: %v", tbl.Banks)
	}
	start := h.posts(ch.ID)[len(h.posts(ch.ID))-1]
	if !contains(start.Content, "alice's time bank runs out "+stamp(h.clock.Now().Add(24*time.Hour), "f")) {
		t.Fatalf("the start message does not show alice's bank: %s", start.Content)
	}
	h.clock.Add(3 * time.Hour)
	playTurn(h, alice, ch)
	if got := h.table(ch.ID).Banks[0]; got != 23*time.Hour {
		t.Fatalf("alice's bank after a turn of 3 hours: %v, want 21h + 2h", got)
	}
	status := h.slash(alice, ch, "carc", fakediscord.SubCommand("status")).Content
	if !contains(status, "Time banks at the start of each one's turn: alice 23h, bob 1d") ||
		!contains(status, "bob's time bank runs out "+stamp(h.clock.Now().Add(24*time.Hour), "f")) {
		t.Fatalf("/carc status: %s", status)
	}
	h.clock.Add(23 * time.Hour)
	h.b.FireTimers(h.clock.Now())
	if cur, _ := h.table(ch.ID).Current(); cur.ID != bob.ID {
		t.Fatal("bob's turn ended before his bank ran out")
	}
	h.clock.Add(time.Hour + time.Minute)
	h.b.FireTimers(h.clock.Now())
	after := h.table(ch.ID)
	if cur, _ := after.Current(); cur.ID != alice.ID || after.Missed[1] != 1 {
		t.Fatalf("the bank ran out: current %s, missed %v; want bob skipped", cur.Name, after.Missed)
	}
	if got := after.Banks[1]; got != 2*time.Hour {
		t.Fatalf("bob's bank after it ran out: %v, want the increment", got)
	}
	steps, err := h.b.record(h.b.entryAt(ch.ID).id)
	if err != nil {
		t.Fatal(err)
	}
	var record []table.Step
	for _, s := range steps {
		record = append(record, s.Step)
	}
	replayed, err := table.Replay(record)
	if err != nil || !slices.Equal(replayed.Banks, after.Banks) {
		t.Fatalf("the record replays the banks as %v (%v), want %v", replayed.Banks, err, after.Banks)
	}
}
