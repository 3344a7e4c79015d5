package web

import (
	"html"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang/langtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// englishIn lists the English messages in a page's text (its markup's entities read, so that the
// words in attributes, which the page's script shows, are looked at too). The maps' own sentences
// in the history (a French wine sale, a British set of chips) are taken out first.
func englishIn(e *langtest.English, page string, mapSentences []string) []langtest.Found {
	text := html.UnescapeString(page)
	for _, s := range mapSentences {
		text = strings.ReplaceAll(text, s, "")
	}
	return e.Find(text)
}

// mapSentences are the sentences a game's map wrote in its history (game.EventVariant).
func mapSentences(t testing.TB, tables ...*table.Table) []string {
	t.Helper()
	var out []string
	for _, tb := range tables {
		e := tb.Entry()
		g, err := game.NewGame(e.Map, e.Variant, tb.Setup)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range tb.Moves {
			evs, err := g.Apply(l.Move)
			if err != nil {
				t.Fatal(err)
			}
			for _, ev := range evs {
				if ev.Kind == game.EventVariant {
					out = append(out, strings.TrimSuffix(ev.Text, "."))
				}
			}
		}
	}
	return out
}

// getIn fetches a path with the browser's Accept-Language.
func (st *site) getIn(t testing.TB, path, accept string) (int, string, http.Header) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, st.http.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if accept != "" {
		req.Header.Set("Accept-Language", accept)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(body), res.Header
}

// everyPage is a site with one of each page: a running game (with its deadline, on a map with
// chips), finished games (one whose key can be checked and whose JCloisterZone file is offered,
// one on a map with chips and a shared or won result), a round-robin league and a double
// elimination cup, and a set of refused addresses.
func everyPage(t *testing.T) (*site, []string, []string) {
	t.Helper()
	st := newSite(t, "")
	running := playGame(t, "g1", "france", dealKey("every running"), []string{"ann", "bob", "cy"}, 14, nil)
	classic := playGame(t, "g2", "classic", dealKey("every classic"), []string{"ann", "bob"}, 0, nil)
	britain := playGame(t, "g3", "greatbritain", dealKey("every britain"), []string{"ann", "bob"}, 0, nil)
	// Every other map, finished (#48: every language on every map).
	taiwan := playGame(t, "g4", "taiwan", dealKey("every taiwan"), []string{"ann", "bob"}, 0, nil)
	iberia := playGame(t, "g5", "iberia", dealKey("every iberia"), []string{"ann", "bob"}, 0, nil)
	benelux := playGame(t, "g6", "benelux", dealKey("every benelux"), []string{"ann", "bob"}, 0, nil)
	st.games.put(Game{Table: running, Version: 1, Deadline: time.Date(2026, 11, 27, 18, 30, 0, 0, time.UTC)})
	for _, tb := range []*table.Table{classic, britain, taiwan, iberia, benelux} {
		st.games.put(Game{Table: tb, Version: 1})
	}
	st.leagues["L1"] = sampleLeague(t)
	st.leagues["L2"] = doubleCup(t)
	var paths []string
	for _, id := range []string{"g1", "g2", "g3", "g4", "g5", "g6"} {
		paths = append(paths, st.gamePath(t, id), st.gamePath(t, id)+"?move=3")
	}
	for _, id := range []string{"L1", "L2"} {
		p, err := st.LeaguePath(id)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	g1 := st.gamePath(t, "g1")
	paths = append(paths, "/nothing", strings.Replace(g1, "/g1/", "/g9/", 1), g1+"?move=99", g1+"?move=abc", g1+"?move=1&move=2",
		g1+"?zoom=3", g1+"?move=%zz", g1+"?move="+strings.Repeat("9", 300), g1+"board/99.png", g1+"board/1.gif", g1+"record.json",
		"/static/evil.js", st.gamePath(t, "g3")+"game.jcz")
	return st, paths, mapSentences(t, running, classic, britain, taiwan, iberia, benelux)
}

// withLang adds ?lang=code to a path's query.
func withLang(path, code string) string {
	if strings.Contains(path, "?") {
		return path + "&lang=" + code
	}
	return path + "?lang=" + code
}

// Every page, and every refusal, in every language holds none of the English catalogue: asked for
// with ?lang= and with the browser's Accept-Language alike. The words of the controls the script
// shows are in the page, so they are looked at too.
func TestEveryPageInEveryLanguageHoldsNoEnglish(t *testing.T) {
	st, paths, sentences := everyPage(t)
	for _, code := range lang.Codes()[1:] {
		t.Run(code, func(t *testing.T) {
			english := langtest.For(t, code, "web_")
			for _, path := range paths {
				for _, how := range []struct{ path, accept string }{{withLang(path, code), "en-US,en;q=0.9"}, {path, code + ",en;q=0.5"}} {
					status, body, h := st.getIn(t, how.path, how.accept)
					if status == http.StatusOK && h.Get("Content-Type") != "text/html; charset=utf-8" {
						continue
					}
					if want := `<html lang="` + code + `">`; !strings.Contains(body, want) {
						t.Errorf("%s (Accept-Language %s): status %d, no %s", how.path, how.accept, status, want)
					}
					for _, f := range englishIn(english, body, sentences) {
						t.Errorf("%s (Accept-Language %s, status %d): English of %s", how.path, how.accept, status, f)
					}
					// What the reader sees, outside the tags: no internal key as a word.
					visible := html.UnescapeString(regexp.MustCompile(`(?s)<script.*?</script>|<[^>]*>`).ReplaceAllString(body, " "))
					for _, k := range langtest.InternalKeys(lang.For(code), visible) {
						t.Errorf("%s (Accept-Language %s): the internal key %q", how.path, how.accept, k)
					}
				}
			}
		})
	}
}

// The page templates and the script hold no words of their own: every word comes from the
// catalogues, so none is left in English for a reader of another language.
func TestTheTemplatesAndTheScriptHoldNoWords(t *testing.T) {
	actions := regexp.MustCompile(`(?s)\{\{.*?\}\}`)
	tags := regexp.MustCompile(`(?s)<[^>]*>`)
	words := regexp.MustCompile(`[A-Za-z]{2,}`)
	entries, err := assets.ReadDir("assets")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".html") {
			continue
		}
		data, err := assets.ReadFile("assets/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		text := tags.ReplaceAllString(actions.ReplaceAllString(string(data), " "), " ")
		for _, w := range words.FindAllString(text, -1) {
			t.Errorf("%s: the word %q is written in the template, not taken from the catalogues", e.Name(), w)
		}
		// Attributes a reader meets (a button's title, an aria-label, a picture's alt) come from
		// the catalogues too.
		attrs := regexp.MustCompile(`\b(title|aria-label|alt|placeholder|data-ok|data-bad|data-failed)="([^"]*)"`)
		for _, m := range attrs.FindAllStringSubmatch(actions.ReplaceAllString(string(data), ""), -1) {
			if words.MatchString(m[2]) {
				t.Errorf("%s: %s=%q is written in the template", e.Name(), m[1], m[2])
			}
		}
	}
	script, err := assets.ReadFile("assets/app.js")
	if err != nil {
		t.Fatal(err)
	}
	code := regexp.MustCompile(`(?m)(^|\s)//.*$`).ReplaceAllString(string(script), "")
	// What the script shows a reader: the text, titles and labels it sets, and its dialogs. Each
	// statement that sets one may read the page (data- attributes) but holds no word itself.
	shows := regexp.MustCompile(`\.(textContent|innerText|innerHTML|alt|title|ariaLabel|placeholder)\s*=[^=]|setAttribute\(\s*"(aria-label|title|alt)"|\b(alert|confirm|prompt)\(`)
	literal := regexp.MustCompile("\"[^\"\n]*\"|'[^'\n]*'|`[^`]*`")
	// An option's value ({ dateStyle: "medium" }) is a name the browser reads, not a word shown.
	option := regexp.MustCompile("\\w+:\\s*(\"[^\"\n]*\"|'[^'\n]*')")
	for _, stmt := range strings.Split(code, ";") {
		at := shows.FindStringIndex(stmt)
		if at == nil {
			continue
		}
		shown := option.ReplaceAllString(stmt[at[0]:], "")
		for _, lit := range literal.FindAllString(shown, -1) {
			if words.MatchString(regexp.MustCompile(`\$\{[^}]*\}`).ReplaceAllString(lit, "")) {
				t.Errorf("app.js shows the words %s: the page must give them (%s)", lit, strings.TrimSpace(stmt))
			}
		}
	}
	for _, id := range lang.Default.IDs() {
		if !strings.HasPrefix(id, "web_") || id == "web_chip" {
			continue
		}
		for _, f := range lang.Default.EnglishForms(id) {
			if lit := strings.TrimSpace(regexp.MustCompile(`\{\{[^}]*\}\}`).Split(f, -1)[0]); len(lit) >= 6 && strings.Contains(code, lit) {
				t.Errorf("app.js holds the English of %s: %q", id, lit)
			}
		}
	}
}

// An explicit ?lang= beats the browser's Accept-Language, which beats the table's language:
// setting, which beats English; a language the browser asks for first wins even when it is
// English. The answer varies with Accept-Language exactly when the header chose, and the page's
// own links and pictures keep the language.
func TestTheLangParameterBeatsAcceptLanguage(t *testing.T) {
	st := newSite(t, "")
	tb := playGame(t, "g1", "france", dealKey("choose"), []string{"ann", "bob"}, 6, nil)
	dutch := tb.Clone()
	dutch.Settings.Language = "nl"
	st.games.put(Game{Table: dutch, Version: 1})
	st.games.put(Game{Table: playGame(t, "g2", "france", dealKey("choose"), []string{"ann", "bob"}, 6, nil), Version: 1})
	g1, g2 := st.gamePath(t, "g1"), st.gamePath(t, "g2")
	cases := []struct {
		name, path, accept string
		want               string
		varies             bool
	}{
		{"lang beats the header", withLang(g1, "fr"), "de-DE,de;q=0.9", "fr", false},
		{"lang beats the header on a move", g1 + "?move=3&lang=zh-TW", "de", "zh-TW", false},
		{"the header beats the table", g1, "de-AT,de;q=0.9,en;q=0.5", "de", true},
		{"a Discord-like locale", g1, "es-419", "es", true},
		{"Brazilian Portuguese", g1, "pt-BR,pt;q=0.8", "pt", true},
		{"Traditional Chinese of Hong Kong", g1, "zh-HK", "zh-TW", true},
		{"English asked first", g1, "en-GB,de;q=0.5", "en", true},
		{"the first language the pages have", g1, "ja,fr;q=0.7,de;q=0.3", "fr", true},
		{"Simplified Chinese is not served as Traditional", g1, "zh-CN", "nl", true},
		{"no header: the table's", g1, "", "nl", true},
		{"any language: the table's", g1, "*", "nl", true},
		{"no header, no table language: English", g2, "", "en", true},
		{"a malformed header is ignored", g1, ";;;q=x", "nl", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, body, h := st.getIn(t, c.path, c.accept)
			if status != http.StatusOK {
				t.Fatalf("status %d: %s", status, body)
			}
			if !strings.Contains(body, `<html lang="`+c.want+`">`) || h.Get("Content-Language") != c.want {
				t.Errorf("Content-Language %q, want %s", h.Get("Content-Language"), c.want)
			}
			p := lang.For(c.want)
			if title := p.T("web_whole_board", nil); !strings.Contains(body, ">"+html.EscapeString(title)+"</button>") {
				t.Errorf("the page lacks the %s button %q", c.want, title)
			}
			if varies := strings.Contains(strings.Join(h.Values("Vary"), ","), "Accept-Language"); varies != c.varies {
				t.Errorf("Vary %q: varies with Accept-Language %v, want %v", h.Values("Vary"), varies, c.varies)
			}
			if !strings.Contains(body, `src="board/`) || !strings.Contains(body, `.png?v=1&amp;lang=`+c.want+`"`) {
				t.Errorf("the board picture is not asked for in %s", c.want)
			}
			explicit := strings.Contains(c.path, "lang=")
			if keeps := strings.Contains(body, `href="?move=2&amp;lang=`+c.want+`"`); keeps != explicit {
				t.Errorf("the log's links keep lang=%s: %v, want %v", c.want, keeps, explicit)
			}
		})
	}
	// The switcher offers every language, each named in itself, keeping the position shown.
	_, body, _ := st.getIn(t, g1+"?move=3", "de")
	for _, code := range lang.Codes() {
		name := html.EscapeString(lang.For(code).T("web_lang_name", nil))
		if code == "de" {
			if !strings.Contains(body, `<b lang="de" aria-current="true">`+name+`</b>`) {
				t.Errorf("the switcher does not mark German as the page's language")
			}
			continue
		}
		if want := `<a href="?lang=` + code + `&amp;move=3" lang="` + code + `" hreflang="` + code + `">` + name + `</a>`; !strings.Contains(body, want) {
			t.Errorf("the switcher lacks %s", want)
		}
	}
	// A language the pages lack is refused in the reader's language, naming the legal ones.
	status, body, h := st.getIn(t, g1+"?lang=klingon", "de")
	if status != http.StatusBadRequest || !strings.Contains(body, `<html lang="de">`) || !strings.Contains(body, strings.Join(lang.Codes(), ", ")) ||
		h.Get("Cache-Control") != "no-store" {
		t.Errorf("lang=klingon: status %d\n%s", status, body)
	}
	// An entity tag is the page's in its language: a German copy does not answer a French reader.
	_, _, hde := st.getIn(t, g1, "de")
	req, _ := http.NewRequest(http.MethodGet, st.http.URL+g1, nil)
	req.Header.Set("Accept-Language", "fr")
	req.Header.Set("If-None-Match", hde.Get("ETag"))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("a French reader holding the German page's tag got %d", res.StatusCode)
	}
	// The league page and a refusal follow the same choice.
	path, err := st.LeaguePath("L1")
	if err != nil {
		t.Fatal(err)
	}
	st.leagues["L1"] = sampleLeague(t)
	if _, body, _ := st.getIn(t, withLang(path, "es"), "de"); !strings.Contains(body, `<html lang="es">`) || !strings.Contains(body, ">Clasificación<") {
		t.Errorf("the league page is not in Spanish")
	}
	if _, body, h := st.getIn(t, "/nothing", "nl-BE"); !strings.Contains(body, `<html lang="nl">`) || h.Get("Content-Language") != "nl" {
		t.Errorf("a refusal is not in the browser's Dutch:\n%s", body)
	}
}

// The pictures are drawn in the page's language and kept apart per language: the chart of a
// German page is not the Chinese one, and each is answered for its own address.
func TestPicturesAreDrawnInThePagesLanguage(t *testing.T) {
	st := newSite(t, "")
	tb := playGame(t, "g1", "taiwan", dealKey("pictures"), []string{"ann", "bob"}, 8, nil)
	tb.Settings.Language = "fr"
	st.games.put(Game{Table: tb, Version: 1})
	path := st.gamePath(t, "g1")
	pictures := map[string]string{}
	for _, code := range []string{"en", "de", "zh-TW"} {
		for _, what := range []string{"chart.png", "board/9.png"} {
			status, data, h := st.get(t, path+what+"?v=1&lang="+code)
			if status != http.StatusOK || h.Get("Content-Type") != "image/png" {
				t.Fatalf("%s in %s: status %d", what, code, status)
			}
			if !strings.Contains(h.Get("Cache-Control"), "immutable") || strings.Contains(strings.Join(h.Values("Vary"), ","), "Accept-Language") {
				t.Errorf("%s in %s: Cache-Control %q, Vary %q", what, code, h.Get("Cache-Control"), h.Values("Vary"))
			}
			pictures[what+"/"+code] = data
		}
	}
	for _, what := range []string{"chart.png", "board/9.png"} {
		if pictures[what+"/de"] == pictures[what+"/zh-TW"] || pictures[what+"/en"] == pictures[what+"/de"] {
			t.Errorf("%s is drawn alike in English, German and Chinese", what)
		}
	}
	// Without ?lang= a picture follows the reader as the page does (and says it varies).
	_, data, h := st.getIn(t, path+"chart.png?v=1", "de")
	if data != pictures["chart.png/de"] || !strings.Contains(strings.Join(h.Values("Vary"), ","), "Accept-Language") {
		t.Errorf("a chart asked for by a German browser is not the German chart, or does not vary")
	}
	if _, data, _ := st.getIn(t, path+"chart.png?v=1", ""); data == pictures["chart.png/en"] {
		t.Errorf("without a language the chart is not in the table's French")
	}
}

// Numbers and dates are written in the reader's convention: a deadline, a league's round and a
// game's finish in the language's words, a rating with its decimal comma.
func TestNumbersAndDatesFollowTheReader(t *testing.T) {
	st := newSite(t, "")
	tb := playGame(t, "g1", "france", dealKey("dates"), []string{"ann", "bob"}, 6, nil)
	st.games.put(Game{Table: tb, Version: 1, Deadline: time.Date(2026, 3, 5, 18, 30, 0, 0, time.UTC)})
	l := sampleLeague(t)
	l.Ratings[0].Rating = 1234.5
	st.leagues["L1"] = l
	league, err := st.LeaguePath("L1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		code, deadline, rating, round string
	}{
		{"en", "Mar 5, 2026, 18:30 UTC", "1,234.5", "Round 1, to be played by Nov 8, 2026, 12:00 UTC"},
		{"de", "5. März 2026, 18:30 UTC", "1.234,5", "Runde 1, zu spielen bis 8. Nov. 2026, 12:00 UTC"},
		{"fr", "5 mars 2026, 18:30 UTC", "1\u00a0234,5", "Ronde 1, à jouer avant le 8 nov. 2026, 12:00 UTC"},
		{"zh-TW", "2026 年 3 月 5 日 18:30 UTC", "1,234.5", "第 1 輪，須在 2026 年 11 月 8 日 12:00 UTC 前完成"},
	} {
		_, body, _ := st.get(t, withLang(st.gamePath(t, "g1"), c.code))
		if want := `<time datetime="2026-03-05T18:30:00Z">` + c.deadline + `</time>`; !strings.Contains(body, want) {
			t.Errorf("%s: the page lacks %s", c.code, want)
		}
		_, body, _ = st.get(t, withLang(league, c.code))
		for _, want := range []string{"<td>" + c.rating + " ", "<h3>" + html.EscapeString(c.round) + "</h3>"} {
			if !strings.Contains(body, want) {
				t.Errorf("%s: the league page lacks %q", c.code, want)
			}
		}
	}
}

// The log of a game's page says what /carc history says, in the same language: a German player's
// history in Discord (an answer only they read, so in their Discord's language) and the German
// page give the same lines, written in German (a tile laid, a tile that fits nowhere, a skipped
// turn in German words, not English ones).
func TestTheLogSaysWhatTheHistorySays(t *testing.T) {
	st := newSite(t, "")
	tb := playGame(t, "g1", "greatbritain", dealKey("history"), []string{"ann", "bob", "cy"}, 30, nil)
	tb.Settings.Language = "de"
	st.games.put(Game{Table: tb, Version: 1})
	r := commands.Handle(tb, commands.Input{User: tb.Seats[0], Command: "carc", Sub: "history", Langs: commands.Langs{Locale: "de"}})
	if !r.OK {
		t.Fatalf("/carc history: %s", r.Text)
	}
	lines := strings.Split(r.Text, "\n")[1:]
	if len(lines) < 10 {
		t.Fatalf("/carc history has %d lines", len(lines))
	}
	_, body, _ := st.getIn(t, st.gamePath(t, "g1"), "de")
	de := lang.For("de")
	for _, line := range lines {
		if !strings.Contains(html.UnescapeString(body), ">"+line+"</a></li>") {
			t.Errorf("the German page's log lacks /carc history's line %q", line)
		}
		if m := regexp.MustCompile(`\bon [A-Z]+\d+ at \d+°|fits nowhere|turn skipped|\bresigned\b`).FindString(line); m != "" {
			t.Errorf("a German line of the history says %q: %q", m, line)
		}
	}
	want := regexp.QuoteMeta(de.T("hist_placed", lang.A{"Tile": "TILE", "Square": "SQUARE", "Rotation": "ROTATION"}))
	for _, v := range []string{"TILE", "SQUARE", "ROTATION"} {
		want = strings.Replace(want, v, `\S+`, 1)
	}
	if !regexp.MustCompile(want).MatchString(r.Text) {
		t.Errorf("/carc history does not lay its tiles in German words (%s):\n%s", want, r.Text)
	}
}
