package discord

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang/langtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// untilTheEnd calls step with the table of channel ch and the player to act, again and again,
// until the game there is over: step makes that player's next move.
func untilTheEnd(h *harness, ch *fakediscord.Channel, users map[string]*fakediscord.User, step func(turn int, tbl *table.Table, u *fakediscord.User)) {
	for turn := 0; ; turn++ {
		tbl := h.table(ch.ID)
		if tbl == nil {
			return
		}
		cur, _ := tbl.Current()
		step(turn, tbl, users[cur.ID])
	}
}

// describedFiles counts the files of the bot's requests to the fake and those that carry a
// description (the payload's "attachments", by the file's index), and returns the descriptions.
func describedFiles(t *testing.T, f *fakediscord.Fake) (files, described int, texts []string) {
	t.Helper()
	for _, r := range f.Requests() {
		if len(r.Files) == 0 || r.Status >= 300 {
			continue
		}
		var body struct {
			Attachments []struct {
				ID          string `json:"id"`
				Description string `json:"description"`
			} `json:"attachments"`
		}
		if err := json.Unmarshal(r.JSON, &body); err != nil {
			t.Fatalf("%s %s: %v", r.Method, r.Path, err)
		}
		byID := map[string]string{}
		for _, a := range body.Attachments {
			byID[a.ID] = a.Description
		}
		for i, file := range r.Files {
			files++
			index := strings.TrimSuffix(strings.TrimPrefix(file.Field, "files["), "]")
			if index == file.Field {
				index = strconv.Itoa(i)
			}
			if d := byID[index]; d != "" {
				described++
				texts = append(texts, d)
			} else if strings.HasSuffix(file.Name, ".png") || strings.HasSuffix(file.Name, ".gif") {
				t.Errorf("%s %s: the picture %s has no description", r.Method, r.Path, file.Name)
			}
		}
	}
	return files, described, texts
}

// TestEveryPictureTheBotPostsIsDescribedInTheReadersLanguage plays a whole German game through
// the fake Discord, with the read-only answers that carry pictures along the way (/carc board,
// /carc tiles): every picture the bot sends (turn boards, private answers, the end's board, chart
// and animation) carries an attachment description of at most 1,024 characters, in German (no
// English catalogue text), which names the map and the scores (#48).
func TestEveryPictureTheBotPostsIsDescribedInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	alice, bob := h.f.AddUser("alice"), h.f.AddUser("bob")
	h.f.SetLocale(alice, "de")
	h.f.SetLocale(bob, "de")
	ch := h.f.General
	h.deal.Store(7)
	h.slash(alice, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france"), fakediscord.StringArg("language", "de")))
	h.slash(bob, ch, "carc", fakediscord.SubCommand("join"))
	h.slash(alice, ch, "carc", fakediscord.SubCommand("start"))
	users := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}
	posts := len(h.posts(ch.ID))
	untilTheEnd(h, ch, users, func(turn int, tbl *table.Table, u *fakediscord.User) {
		if turn%10 == 0 {
			h.slash(u, ch, "carc", fakediscord.SubCommand("board"))
			h.slash(u, ch, "carc", fakediscord.SubCommand("tiles"))
		}
		p := tbl.Game.LegalPlacements(tbl.Game.Drawn)[0]
		if m := h.slash(u, ch, "place", fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()),
			fakediscord.StringArg("meeple", "none")); m == nil {
			t.Fatalf("turn %d: no answer", turn)
		}
		posts++
		h.waitPost(ch.ID, posts)
	})
	files, described, texts := describedFiles(t, h.f)
	t.Logf("%d files sent, %d with a description", files, described)
	if files < 50 || described < files-5 {
		t.Fatalf("%d files, %d described: every picture must be", files, described)
	}
	english := langtest.For(t, "de")
	de := lang.For("de")
	mapName := de.T("map_france", nil)
	for _, d := range texts {
		if n := utf8.RuneCountInString(d); n > 1024 {
			t.Errorf("a description of %d characters, past Discord's 1,024: %q", n, d)
		}
		for _, f := range english.Find(d) {
			t.Errorf("English of %s in a German description: %q", f, d)
		}
		if !strings.Contains(d, mapName) && !strings.HasPrefix(d, "Plättchen") {
			t.Errorf("a description that does not name the map %s: %q", mapName, d)
		}
	}
	t.Logf("for example: %q", texts[len(texts)/2])
}
