package discord

import (
	"slices"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestLeagueCommandsAnswerWhileARoundOpens: the games of a round are opened without the lock every
// league command and league timer shares, so another league's /league join is answered while
// the first league's round is still being opened (its games' boards held back here), and the
// round opens all its games once they are drawn.
func TestLeagueCommandsAnswerWhileARoundOpens(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	release := make(chan struct{})
	h.draw = func(tbl *table.Table, _ commands.Reply) ([]byte, error) {
		if strings.Contains(tbl.ID, "-s1-r1-") {
			<-release // a league game's first board
		}
		return nil, nil
	}
	h.endFiles = func(*table.Table, string) []bot.File { return nil }
	h.start()
	s := fakediscord.StringArg
	ann, bob, cy := h.f.AddUser("ann"), h.f.AddUser("bob"), h.f.AddUser("cy")
	other := h.f.AddChannel("other")
	h.slash(ann, h.f.General, "league", fakediscord.SubCommand("create", s("name", "Cup")))
	h.slash(bob, h.f.General, "league", fakediscord.SubCommand("join", s("league", "Cup")))
	h.slash(cy, other, "league", fakediscord.SubCommand("create", s("name", "Shield")))
	start := h.f.SendSlash(addRef(h), h.f.General, "season", fakediscord.SubCommand("start", s("league", "Cup")))
	h.waitFor(func() bool { return len(h.f.Threads(h.f.General)) == 1 }) // the round is being opened
	if m := h.slash(bob, other, "league", fakediscord.SubCommand("join", s("league", "Shield"))); m.Content != "Done." {
		t.Fatalf("/league join while a round opens: %s", m.Content)
	}
	close(release)
	if m, err := start.WaitOriginal(h.ctx, func(m *fakediscord.Message) bool { return !m.Loading() }); err != nil || m.Content != "Done." {
		t.Fatalf("/season start: %v %v", m, err)
	}
	ls, err := h.store.Leagues("")
	if err != nil {
		t.Fatal(err)
	}
	cup := ls[slices.IndexFunc(ls, func(l league.League) bool { return l.Name == "Cup" })]
	se, err := h.store.Season(cup.ID, 1)
	if err != nil || len(se.Fixtures) != 1 || se.Fixtures[0].Thread == "" || h.table(se.Fixtures[0].Thread) == nil {
		t.Fatalf("the round's game is not open with its thread recorded: %+v %v", se.Fixtures, err)
	}
}
