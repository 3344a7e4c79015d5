package local

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang/langtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// TestNoReaderOfAnyLanguageMeetsEnglishAtTheLocalTable: at the local table, on the host as on
// Discord, players of each language of the catalogues but English (!locale) play a whole game on
// every map at a table opened in their language, with random legal moves typed as commands and /carc status, board, tiles and
// history asked along the way. Nothing the table prints (posts, answers, refusals) holds a
// message of the English catalogue or an internal key shown as words (#48); the commands
// themselves are typed by their canonical names, as the local table takes them.
func TestNoReaderOfAnyLanguageMeetsEnglishAtTheLocalTable(t *testing.T) {
	for _, code := range lang.Codes() {
		if code == lang.English {
			continue
		}
		for i, mapID := range variants.IDs(false) {
			t.Run(code+"/"+mapID, func(t *testing.T) {
				t.Parallel()
				replies := playWholeGameIn(t, code, mapID, uint64(7+i))
				langtest.CheckReader(t, code, replies)
				end := []rune(lang.For(code).T("final_over", nil))
				if !strings.Contains(strings.Join(replies, "\n"), string(end[:3])) {
					t.Errorf("%d replies, and the game's end not among them: the game did not run", len(replies))
				}
			})
		}
	}
}

// playWholeGameIn plays a game of two on mapID at a local table whose language is code, and
// returns every text the table printed.
func playWholeGameIn(t *testing.T, code, mapID string, seed uint64) []string {
	var out bytes.Buffer
	tb := newTable(t, Options{Out: &out})
	n := 0
	line := func(l string) {
		n++
		if err := tb.Line(n, l); err != nil {
			t.Fatalf("line %d %q: %v", n, l, err)
		}
	}
	line(fmt.Sprintf("!seed %d", seed))
	line("!locale " + code) // the players read their own language, as Discord tells the bot theirs
	line(fmt.Sprintf("alice: /carc new map:%s language:%s", mapID, code))
	line("bob: /carc join")
	line("alice: /carc start")
	rng := game.NewRNG(seed)
	var buf []game.Placement
	for turn := 0; ; turn++ {
		g := tb.Game()
		if g == nil || g.Status != table.Playing {
			break
		}
		if turn > 1500 {
			t.Fatal("the game does not end")
		}
		cur, _ := g.Current()
		if turn%12 == 0 {
			for _, sub := range []string{"status", "board", "tiles", "history"} {
				line(cur.Name + ": /carc " + sub)
			}
		}
		var m game.Move
		m, buf = g.Game.RandomMove(&rng, buf)
		before := len(g.Moves)
		line(cur.Name + ": " + commands.InputFor(cur, m).String())
		if after := tb.Game(); after != nil && after.Status == table.Playing && len(after.Moves) == before {
			t.Fatalf("turn %d: %s was not played:\n%s", turn, commands.InputFor(cur, m), lastLines(out.String(), 3))
		}
	}
	var replies []string
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var l struct {
			Reply string `json:"reply"`
		}
		if json.Unmarshal(sc.Bytes(), &l) == nil && l.Reply != "" {
			replies = append(replies, l.Reply)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(replies) < 100 {
		t.Fatalf("only %d replies: the game did not run", len(replies))
	}
	return replies
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
