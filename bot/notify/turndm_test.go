package notify_test

import (
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/hosttest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/notify"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// bobsTurnAt opens a short classic game (hosttest.ShortGame) of ann and bob at each of places (the table's own first) with
// the turn DMs feature alone, bob having set his notices with settings first, and plays ann's
// first turn in each: every game then waits for bob.
func bobsTurnAt(t *testing.T, settings string, places ...string) *hosttest.Table {
	t.Helper()
	x := hosttest.New(t, notify.New())
	if settings != "" {
		x.Do("bob: /player settings " + settings)
	}
	for _, place := range places {
		x.Go(place)
		x.ShortGame("ann", "bob")
		x.Do("ann: /place square:DK114 rotation:180 meeple:none")
	}
	return x
}

// TestATurnIsSentByDMOnceAsThePlayerChose: a player who chose turn DMs (notify:dm) is sent the
// turn that becomes theirs at the timer loop's next round, with its tile and its deadline, once
// however often the loop runs; a player who did not choose them, or chose otherwise before the
// loop ran, is sent none; a turn played before the loop ran is not sent.
func TestATurnIsSentByDMOnceAsThePlayerChose(t *testing.T) {
	for _, c := range []struct {
		rule     string
		settings string // bob's, before the game
		then     string // a line after ann's turn, before the loop runs
		want     string // the DM bob is sent ("" none)
	}{
		{"a player who chose DMs is sent their turn", "notify:dm", "",
			"Your turn in Classic (open table) (turn 2): local\nYour tile: U. The turn ends 2026-03-04 09:00 UTC"},
		{"a player who did not choose DMs is sent none", "", "", ""},
		{"a player who chose mentions meanwhile is sent none", "notify:dm", "bob: /player settings notify:mention", ""},
		{"a turn played before the loop runs is not sent", "notify:dm", "bob: /place square:DK116 rotation:0 meeple:none", ""},
	} {
		t.Run(c.rule, func(t *testing.T) {
			t.Parallel()
			x := bobsTurnAt(t, c.settings, "local")
			if c.then != "" {
				x.Do(c.then)
			}
			dms := x.Clock("+1m").DMs("bob")
			switch {
			case c.want == "" && len(dms) != 0:
				t.Fatalf("bob is sent %q", dms)
			case c.want != "" && (len(dms) != 1 || !strings.HasPrefix(dms[0], c.want)):
				t.Fatalf("bob is sent %q, want %q", dms, c.want)
			}
			for _, later := range []string{"+1m", "+1h"} {
				if again := x.Clock(later).DMs("bob"); len(again) != 0 {
					t.Errorf("at %s bob is sent again %q", later, again)
				}
			}
		})
	}
}

// TestQuietHoursHoldATurnDMUntilTheyEnd: a turn that becomes a player's in their quiet hours is
// sent when the hours end, not before, and once.
func TestQuietHoursHoldATurnDMUntilTheyEnd(t *testing.T) {
	x := bobsTurnAt(t, "notify:dm quiet:8-12 timezone:UTC", "local")
	for _, at := range []string{"+1m", "2026-03-02T11:59Z"} {
		if dms := x.Clock(at).DMs("bob"); len(dms) != 0 {
			t.Fatalf("at %s, in bob's quiet hours, bob is sent %q", at, dms)
		}
	}
	dms := x.Clock("2026-03-02T12:00Z").DMs("bob")
	if len(dms) != 1 || !strings.HasPrefix(dms[0], "Your turn in Classic (open table) (turn 2): local") {
		t.Fatalf("when bob's quiet hours end he is sent %q", dms)
	}
	if again := x.Clock("+1h").DMs("bob"); len(again) != 0 {
		t.Errorf("bob is sent again %q", again)
	}
}

// TestAVacationHoldsATurnDMUntilThePlayerIsBack: a turn that becomes a player's while they are
// on vacation is sent when the vacation ends, not before, and once.
func TestAVacationHoldsATurnDMUntilThePlayerIsBack(t *testing.T) {
	x := hosttest.New(t, notify.New())
	x.Do("bob: /player settings notify:dm")
	p, err := x.Store().PlayerSettings("bob")
	if err != nil {
		t.Fatal(err)
	}
	p.Vacations = []storage.Vacation{{From: hosttest.Start.Add(-time.Hour), To: hosttest.Start.Add(20 * time.Hour)}}
	if err := x.Store().SetPlayerSettings("bob", p); err != nil {
		t.Fatal(err)
	}
	x.ShortGame("ann", "bob")
	x.Do("ann: /place square:DK114 rotation:180 meeple:none")
	for _, at := range []string{"+1m", "2026-03-03T04:59Z"} {
		if dms := x.Clock(at).DMs("bob"); len(dms) != 0 {
			t.Fatalf("at %s, on vacation, bob is sent %q", at, dms)
		}
	}
	if dms := x.Clock("2026-03-03T05:00Z").DMs("bob"); len(dms) != 1 || !strings.HasPrefix(dms[0], "Your turn in Classic (open table) (turn 2): local") {
		t.Fatalf("back from his vacation bob is sent %q", dms)
	}
	if again := x.Clock("+1h").DMs("bob"); len(again) != 0 {
		t.Errorf("bob is sent again %q", again)
	}
}

// TestAPlayerWhoseDMsAreClosedIsMentionedInstead: a turn DM the chat refuses (the player closed
// their DMs) becomes a mention in the game's channel that says why, once; from then on the player
// is mentioned like everyone, and no DM is tried, until they choose notify:dm again.
func TestAPlayerWhoseDMsAreClosedIsMentionedInstead(t *testing.T) {
	x := bobsTurnAt(t, "notify:dm", "local")
	x.CloseDMs("bob")
	said := x.Clock("+1m")
	posts := said.Posts("")
	if len(said.DMs("bob")) != 0 || len(posts) != 1 || !strings.HasPrefix(posts[0], "bob, it is your turn (turn 2). I could not send you a direct message: your DMs are closed to me.") {
		t.Fatalf("with bob's DMs closed the table is told %q", posts)
	}
	if p, err := x.Store().PlayerSettings("bob"); err != nil || p.TurnDMs() {
		t.Errorf("bob still gets turn DMs (%v)", err)
	}
	if again := x.Clock("+1h"); len(again.Posts("")) != 0 {
		t.Errorf("the table is told again %q", again.Posts(""))
	}
	x.Go("second")
	x.ShortGame("ann", "bob")
	x.Do("ann: /place square:DK114 rotation:180 meeple:none")
	if said := x.Clock("+1m"); said.Has("I could not send you") || len(said.DMs("bob")) != 0 {
		t.Errorf("bob's turn in another game is tried by DM again:\n%s", said.Text())
	}
}

// TestTurnsWaitingTogetherComeInOneDM: the turns of several games that wait for a player when the
// loop runs come in one message, a digest of them all.
func TestTurnsWaitingTogetherComeInOneDM(t *testing.T) {
	x := bobsTurnAt(t, "notify:dm", "local", "second")
	dms := x.Clock("+1m").DMs("bob")
	if len(dms) != 1 || !strings.HasPrefix(dms[0], "Your turn in 2 games:") ||
		!strings.Contains(dms[0], "Classic (open table) (turn 2): local") || !strings.Contains(dms[0], "Classic (open table) (turn 2): second") {
		t.Fatalf("bob is sent %q, want one digest of both games", dms)
	}
}
