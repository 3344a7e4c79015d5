package web

import (
	"net/http"
	"strings"
	"testing"
)

// Every address that does not open a page gets a page saying why, with a 4xx status, and the game
// is unchanged.
func TestBadAddressesGetAClearRefusal(t *testing.T) {
	st := newSite(t, "")
	tb := playGame(t, "g1", "france", dealKey("bad"), []string{"ann", "bob"}, 3, nil)
	st.games.put(Game{Table: tb, Version: 1})
	before, err := tb.Hash()
	if err != nil {
		t.Fatal(err)
	}
	good := st.gamePath(t, "g1")
	oldG1 := good
	cases := []struct {
		name, path string
		status     int
		says       string
	}{
		{"unknown page", "/nothing", 404, "There is no page at this address"},
		{"unknown game", strings.Replace(good, "/g1/", "/g9/", 1), 404, "This link is not valid"},
		{"mistyped token", good[:len(good)-3] + "x/", 404, "This link is not valid"},
		{"no token", "/g/g1/", 404, "There is no page"},
		{"move past the end", good + "?move=99", 400, "choose 0 (the deal) to 4"},
		{"negative move", good + "?move=-1", 400, "is not a position of this game"},
		{"move not a number", good + "?move=abc", 400, `Move &#34;abc&#34; is not a position`},
		{"move twice", good + "?move=1&move=2", 400, "given 2 times"},
		{"unknown parameter", good + "?zoom=3", 400, `&#34;zoom&#34; is not a parameter of this page: it takes move`},
		{"malformed query", good + "?move=%zz", 400, "malformed"},
		{"huge query", good + "?move=" + strings.Repeat("9", 5000), 414, "too long"},
		{"board out of range", good + "board/7.png", 404, "choose 0 (the deal) to 4"},
		{"board not a picture", good + "board/1.gif", 404, "board/12.png"},
		{"record before the end", good + "record.json", 404, "once the game is over"},
		{"jcz before the end", good + "game.jcz", 404, "once the game is over"},
		{"static file unknown", "/static/evil.js", 404, "no such file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, body, h := st.get(t, c.path)
			if code != c.status {
				t.Errorf("status %d, want %d: %s", code, c.status, body)
			}
			if !strings.Contains(body, c.says) {
				t.Errorf("the page does not say %q:\n%s", c.says, body)
			}
			if h.Get("Cache-Control") != "no-store" || h.Get("Content-Security-Policy") == "" {
				t.Errorf("headers %v", h)
			}
		})
	}
	// A revoked link stops working; the new one works.
	st.links.revoke("g1")
	if code, body, _ := st.get(t, oldG1); code != 404 || !strings.Contains(body, "revoked") {
		t.Errorf("a revoked link: status %d\n%s", code, body)
	}
	if code, _, _ := st.get(t, st.gamePath(t, "g1")); code != 200 {
		t.Errorf("the new link: status %d", code)
	}
	for _, m := range []string{http.MethodPost, http.MethodDelete} {
		req, _ := http.NewRequest(m, st.http.URL+st.gamePath(t, "g1"), strings.NewReader("x=1"))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusMethodNotAllowed && res.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("%s: status %d", m, res.StatusCode)
		}
	}
	after, err := tb.Hash()
	if err != nil {
		t.Fatal(err)
	}
	if after != before {
		t.Errorf("the game changed")
	}
}

// A client that asks too fast is told to wait.
func TestRateLimitPerClient(t *testing.T) {
	st := newSite(t, "")
	st.limit = newLimiter(1, 3, st.cfg.Now)
	codes := []int{}
	for range 5 {
		code, _, h := st.get(t, "/nothing")
		codes = append(codes, code)
		if code == http.StatusTooManyRequests && h.Get("Retry-After") == "" {
			t.Errorf("429 without Retry-After")
		}
	}
	if codes[0] != 404 || codes[2] != 404 || codes[3] != 429 || codes[4] != 429 {
		t.Errorf("statuses %v, want three answers then 429", codes)
	}
}

// Names are shown as text: a script, a right-to-left override and emoji stay what they are.
func TestGamePageEscapesNames(t *testing.T) {
	st := newSite(t, "")
	tb := playGame(t, "g1", "france", dealKey("names"), []string{"<script>alert(1)</script>", "\u202eevil", "cy 🐑"}, 2, nil)
	st.games.put(Game{Table: tb, Version: 1})
	_, body, _ := st.get(t, st.gamePath(t, "g1"))
	if strings.Contains(body, "<script>alert") {
		t.Fatal("a name went into the page as markup")
	}
	for _, want := range []string{"&lt;script&gt;alert(1)&lt;/script&gt;", "<bdi>\u202eevil</bdi>", "cy 🐑"} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}
