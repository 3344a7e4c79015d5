package discord

import (
	"fmt"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang/langtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// germanChipGame plays a German Iberia game through the command layer until a treat has scored
// (a score reason only the map writes) and a treat's square is to be chosen (an open choice):
// its record's steps and the table they make.
func germanChipGame(t *testing.T, ann, bob table.User, channel string) ([]table.Step, *table.Table) {
	t.Helper()
	for seed := uint64(1); seed < 40; seed++ {
		newIn := commands.Input{User: ann, Command: "carc", Sub: "new", Options: map[string]string{"map": "iberia", "language": "de"},
			Secret: strings.Repeat(fmt.Sprintf("%02x", seed), 32), Table: "iberia1", Channel: channel}
		steps, tbl := played(t, newIn, commands.Input{User: bob, Command: "carc", Sub: "join"}, commands.Input{User: ann, Command: "carc", Sub: "start"})
		rng := game.NewRNG(seed)
		var buf []game.Placement
		for tbl.Status == table.Playing {
			g := tbl.Game
			mapReason := false
			for _, e := range g.Log {
				mapReason = mapReason || e.Text != ""
			}
			if mapReason && g.TurnState.Choice != nil {
				return steps, tbl
			}
			var m game.Move
			m, buf = g.RandomMove(&rng, buf)
			in := commands.InputFor(tbl.Seats[m.Player], m)
			in.Local = false
			r := commands.Handle(tbl, in)
			if !r.OK || r.Step == nil {
				t.Fatalf("%s: %s", in, r.Text)
			}
			steps, tbl = append(steps, *r.Step), r.Table
		}
	}
	t.Fatal("no Iberia game with a treat scored and a treat to place")
	return nil, nil
}

// TestAGameLoadedAfterARestartSpeaksItsPlayersLanguage: a German Iberia game stored with a treat
// scored and a treat's square still to choose, read by a bot that starts after it was stored (it
// loads the game from its snapshot), gives the score log, the status with the open choice's
// prompt and the history in German: no score reason or prompt in the engine's English, no
// message of the English catalogue.
func TestAGameLoadedAfterARestartSpeaksItsPlayersLanguage(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.f.SetGuildLocale(h.f.GuildID, "de")
	h.start()
	ann, bob := h.f.AddUser("ann"), h.f.AddUser("bob")
	h.f.SetLocale(ann, "de")
	ch := h.f.AddChannel("iberia")
	steps, tbl := germanChipGame(t, table.User{ID: ann.ID, Name: "ann"}, table.User{ID: bob.ID, Name: "bob"}, ch.ID)
	for i, s := range steps {
		at, err := table.Replay(steps[:i+1])
		if err != nil {
			t.Fatal(err)
		}
		c, err := bot.StepCommit(at, s)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			err = h.store.CreateGame(storage.GameRecord{ID: at.ID, ChannelID: ch.ID, Guild: h.f.GuildID, Setup: c.Move.Data,
				Players: c.Players, Status: storage.StatusLobby}, c.Snapshot, c.Hash)
		} else {
			c.GameID, c.ExpectSeq, c.Move.Actor, c.Move.InteractionID = at.ID, uint64(i-1), "bot", fmt.Sprintf("i-%d", i)
			_, err = h.store.AppendMove(c)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	h.stop()
	h.start()

	var english []string
	for _, e := range tbl.Game.Log {
		if e.Text != "" {
			english = append(english, e.Text)
		}
	}
	english = append(english, tbl.Game.TurnState.Choice.Prompt)
	catalogue := langtest.For(t, "de")
	for _, sub := range []string{"log", "status", "history"} {
		m := h.slash(ann, ch, commands.CommandOf(sub), fakediscord.SubCommand(sub))
		if m.Content == "" {
			t.Fatalf("/carc %s says nothing", sub)
		}
		catalogue.Check(t, "/"+commands.CommandOf(sub)+" "+sub, m.Content)
		for _, en := range english {
			if strings.Contains(m.Content, en) {
				t.Errorf("/carc %s after the restart holds the English %q:\n%s", sub, en, m.Content)
			}
		}
	}
}
