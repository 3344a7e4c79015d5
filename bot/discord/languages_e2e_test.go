package discord

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang/langtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// TestNoReaderOfAnyLanguageMeetsEnglishOverDiscord: in each language of the catalogues but
// English, two players of that language on a server of it play a whole game through the fake
// Discord (each language on another map, so that every map is played), asking /carc status, board
// and tiles along the way. No post of the channel, no answer, no button and no picture's
// description holds a message of the English catalogue or an internal key (a spot without its
// word, an English chip colour, a typed duration, a rule key, an English AI level) (#48).
func TestNoReaderOfAnyLanguageMeetsEnglishOverDiscord(t *testing.T) {
	t.Parallel()
	mapIDs := variants.IDs(false)
	n := 0
	for _, code := range lang.Codes() {
		if code == lang.English {
			continue
		}
		mapID := mapIDs[n%len(mapIDs)]
		n++
		seed := n
		t.Run(code+"/"+mapID, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t)
			h.f.SetGuildLocale(h.f.GuildID, code)
			alice, bob := h.f.AddUser("alice"), h.f.AddUser("bob")
			h.f.SetLocale(alice, code)
			h.f.SetLocale(bob, code)
			h.start()
			ch := h.f.General
			h.deal.Store(int64(11 + seed))
			var texts []string
			keep := func(m *fakediscord.Message) {
				if m == nil {
					return
				}
				texts = append(texts, m.Content)
				for _, b := range m.Buttons() {
					texts = append(texts, b.Label)
				}
			}
			keep(h.slash(alice, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", mapID))))
			keep(h.slash(bob, ch, "carc", fakediscord.SubCommand("join")))
			keep(h.slash(alice, ch, "carc", fakediscord.SubCommand("start")))
			users := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}
			rng := game.NewRNG(uint64(seed))
			var buf []game.Placement
			untilTheEnd(h, ch, users, func(turn int, tbl *table.Table, u *fakediscord.User) {
				if turn%12 == 0 {
					for _, sub := range []string{"status", "board", "tiles"} {
						keep(h.slash(u, ch, "carc", fakediscord.SubCommand(sub)))
					}
				}
				if turn > 1500 {
					t.Fatal("the game does not end")
				}
				cur, _ := tbl.Current()
				// A random legal move of the step (a placement with a meeple, a chip action, a
				// source), typed as its command.
				var m game.Move
				m, buf = tbl.Game.RandomMove(&rng, buf)
				in := commands.InputFor(cur, m)
				var args []fakediscord.Arg
				for _, k := range slices.Sorted(maps.Keys(in.Options)) {
					args = append(args, fakediscord.StringArg(k, in.Options[k]))
				}
				if in.Sub != "" {
					args = []fakediscord.Arg{fakediscord.SubCommand(in.Sub, args...)}
				}
				keep(h.slash(u, ch, in.Command, args...))
				if after := h.table(ch.ID); after != nil && len(after.Moves) == len(tbl.Moves) {
					t.Fatalf("turn %d: /%s %s %v was not played", turn, in.Command, in.Sub, in.Options)
				}
			})
			for _, m := range h.posts(ch.ID) {
				keep(m)
			}
			_, described, alts := describedFiles(t, h.f)
			if described == 0 {
				t.Error("no picture was described")
			}
			texts = append(texts, alts...)
			langtest.CheckReader(t, code, texts)
			p := lang.For(code)
			if end := []rune(p.T("final_over", nil)); len(texts) < 100 || !strings.Contains(strings.Join(texts, "\n"), string(end[:3])) {
				t.Errorf("%d texts, and the game's end not among them: the game did not run (%q)", len(texts), texts[max(0, len(texts)-6):])
			}
		})
	}
}
