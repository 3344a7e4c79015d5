package discord

import (
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

var pageLink = regexp.MustCompile(`<https://carc\.example(/web/g/[^>]+)>`)

// The game's page is served beside the HTTP interactions under /web; /carc board and the turn
// messages link to it; an administrator's revocation stops the old link, and the bot links anew.
func TestGamePagesBesideHTTPInteractions(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	pages, err := h.b.Web(bot.WebPath, "https://carc.example/")
	if err != nil {
		t.Fatal(err)
	}
	pub, _, _ := ed25519.GenerateKey(rand.Reader)
	srv := httptest.NewServer(bot.WithWeb(h.a.HTTPHandler(pub), pages))
	t.Cleanup(srv.Close)
	get := func(path string) (int, string) {
		t.Helper()
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(body)
	}

	alice, _, ch := openGame(h, "france", 7)
	m := h.slash(alice, ch, "carc", fakediscord.SubCommand("board"))
	found := pageLink.FindStringSubmatch(m.Content)
	if found == nil {
		t.Fatalf("/carc board has no link to the page: %s", m.Content)
	}
	link := found[1]
	code, body := get(link)
	if code != http.StatusOK || !strings.Contains(body, "alice") || !strings.Contains(body, `id="slider"`) {
		t.Fatalf("the page: status %d\n%s", code, body)
	}
	if code, _ := get(link + "board/0.png"); code != http.StatusOK {
		t.Errorf("the deal's board: status %d", code)
	}
	posts := h.posts(ch.ID)
	if last := posts[len(posts)-1]; !strings.Contains(last.Content, "https://carc.example"+link) {
		t.Errorf("the start message has no link to the page: %s", last.Content)
	}
	if code, _ := get("/"); code != http.StatusUnauthorized {
		t.Errorf("an unsigned interaction beside the pages: status %d", code)
	}

	id := h.table(ch.ID).ID
	if r := bot.RunAdmin(h.store, bot.AdminRequest{Op: "revoke-link", Game: id}); !r.OK || r.Generation != 1 {
		t.Fatalf("revoke-link: %+v", r)
	}
	if code, body := get(link); code != http.StatusNotFound || !strings.Contains(body, "revoked") {
		t.Errorf("the revoked link: status %d", code)
	}
	m = h.slash(alice, ch, "carc", fakediscord.SubCommand("board"))
	fresh := pageLink.FindStringSubmatch(m.Content)
	if fresh == nil || fresh[1] == link {
		t.Fatalf("after the revocation /carc board links to %v", fresh)
	}
	if code, _ := get(fresh[1]); code != http.StatusOK {
		t.Errorf("the new link: status %d", code)
	}
	if r := bot.RunAdmin(h.store, bot.AdminRequest{Op: "revoke-link", Game: "nope"}); r.OK {
		t.Errorf("revoking the links of no game succeeded")
	}

	// In Discord: a player of this rated game may not revoke its links; a moderator may.
	m = h.slash(alice, ch, "carc", fakediscord.SubCommand("board", fakediscord.BoolArg("revoke", true)))
	if !strings.Contains(m.Content, "only") || !strings.Contains(m.Content, "revoke the links") {
		t.Errorf("a player revoking the links: %s", m.Content)
	}
	if code, _ := get(fresh[1]); code != http.StatusOK {
		t.Errorf("a refused revocation stopped the link: status %d", code)
	}
	mod := h.f.AddUserWithPermissions("mod", discordgo.PermissionManageChannels|fakediscord.DefaultMemberPermissions)
	m = h.slash(mod, ch, "carc", fakediscord.SubCommand("board", fakediscord.BoolArg("revoke", true)))
	third := pageLink.FindStringSubmatch(m.Content)
	if !strings.Contains(m.Content, "no longer open it") || third == nil || third[1] == fresh[1] {
		t.Fatalf("a moderator revoking the links: %s", m.Content)
	}
	if code, _ := get(fresh[1]); code != http.StatusNotFound {
		t.Errorf("the link revoked in Discord: status %d", code)
	}
	if code, _ := get(third[1]); code != http.StatusOK {
		t.Errorf("the link after it: status %d", code)
	}
}

// Without a public address for the pages, no message carries a link.
func TestNoLinkWithoutPages(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	alice, _, ch := openGame(h, "france", 7)
	m := h.slash(alice, ch, "carc", fakediscord.SubCommand("board"))
	if strings.Contains(m.Content, "zoomable") {
		t.Errorf("/carc board links to pages the bot does not serve: %s", m.Content)
	}
}

var leaguePageLink = regexp.MustCompile(`<https://carc\.example(/l/[^>]+)>`)

// A league's round start links to the league's page, which lists the standings and links to each
// game's page.
func TestLeaguePageFromTheRoundStart(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	r := newLeagueRun(h, "Spring", []string{"ann", "bob", "cy"})
	pages, err := h.b.Web("", "https://carc.example")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(pages.Handler())
	t.Cleanup(srv.Close)
	r.playRound()
	var link string
	for _, m := range h.posts(h.f.General.ID) {
		if found := leaguePageLink.FindStringSubmatch(m.Content); found != nil {
			link = found[1]
		}
	}
	if link == "" {
		t.Fatal("no round start links to the league's page")
	}
	for _, sub := range []string{"standings", "schedule"} {
		if found := leaguePageLink.FindStringSubmatch(r.slash(r.members[0], sub)); found == nil || found[1] != link {
			t.Errorf("/league %s does not link to the league's page %s", sub, link)
		}
	}
	res, err := http.Get(srv.URL + link)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(body), "Spring") || !strings.Contains(string(body), `id="standings"`) {
		t.Fatalf("the league page: status %d\n%s", res.StatusCode, body)
	}
	for _, name := range []string{"ann", "bob", "cy"} {
		if !strings.Contains(string(body), "<bdi>"+name+"</bdi>") {
			t.Errorf("the standings lack %s", name)
		}
	}
	game := regexp.MustCompile(`href="((?:\.\./)+)(g/[^"]+)"`).FindStringSubmatch(string(body))
	if game == nil {
		t.Fatal("the schedule links to no game's page")
	}
	res, err = http.Get(srv.URL + "/" + game[2])
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("a game of the league: status %d", res.StatusCode)
	}
}

// A finished game's page, its links revoked, is reached again through /carc board in its channel,
// which gives its new link (it said "No game here yet" once the game had left the channel) (#48).
func TestARevokedFinishedGamesPageIsReachedThroughCarcBoard(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	pages, err := h.b.Web(bot.WebPath, "https://carc.example/")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(pages)
	t.Cleanup(srv.Close)
	alice, bob, ch := openGame(h, "france", 7)
	id := h.table(ch.ID).ID
	h.slash(bob, ch, "carc", fakediscord.SubCommand("resign"))
	if h.table(ch.ID) != nil {
		t.Fatal("the game of two did not end with bob's resignation")
	}
	if r := bot.RunAdmin(h.store, bot.AdminRequest{Op: "revoke-link", Game: id}); !r.OK {
		t.Fatalf("revoke-link: %+v", r)
	}
	m := h.slash(alice, ch, "carc", fakediscord.SubCommand("board"))
	found := pageLink.FindStringSubmatch(m.Content)
	if found == nil || strings.Contains(m.Content, "No game here yet") {
		t.Fatalf("/carc board after the end: %s", m.Content)
	}
	res, err := http.Get(srv.URL + found[1])
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("the finished game's new link: status %d", res.StatusCode)
	}
}
