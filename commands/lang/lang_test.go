package lang

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/nicksnyder/go-i18n/v2/i18n"
)

func TestEveryMessageInEveryLanguage(t *testing.T) {
	c := Default
	if len(c.IDs()) < 50 {
		t.Fatalf("only %d messages in en.toml", len(c.IDs()))
	}
	for _, code := range codes {
		p := For(code)
		for _, id := range c.IDs() {
			var got string
			if c.Plural(id) {
				got = p.N(id, 2, nil)
			} else {
				got = p.T(id, nil)
			}
			if strings.HasPrefix(got, "[") && strings.HasSuffix(got, "]") && got == "["+id+"]" {
				t.Errorf("%s: %s does not render", code, id)
			}
		}
	}
}

func TestCLDRPlurals(t *testing.T) {
	for _, c := range []struct {
		code string
		n    int
		want string
	}{
		{"en", 0, "0 tiles"}, {"en", 1, "1 tile"}, {"en", 2, "2 tiles"},
		// French counts 0 and 1 in the singular, and a round million takes "de".
		{"fr", 0, "0 tuile"}, {"fr", 1, "1 tuile"}, {"fr", 2, "2 tuiles"}, {"fr", 1000000, "1\u00a0000\u00a0000 de tuiles"},
		{"es", 1, "1 loseta"}, {"es", 5, "5 losetas"},
		{"nl", 1, "1 tegel"}, {"nl", 0, "0 tegels"},
		{"de", 1, "1 Plättchen"}, {"de", 1234, "1.234 Plättchen"},
		{"zh-TW", 1, "1 片板塊"},
		{"pt", 0, "0 peça"}, {"pt", 3, "3 peças"},
	} {
		if got := For(c.code).N("n_tiles", c.n, nil); got != c.want {
			t.Errorf("%s %d: %q, want %q", c.code, c.n, got, c.want)
		}
	}
	if got := For("de").N("n_points", 1, nil); got != "1 Punkt" {
		t.Errorf("de one point: %q", got)
	}
}

func TestLocaleResolution(t *testing.T) {
	for in, want := range map[string]string{
		"en-US": "en", "en-GB": "en", "de": "de", "fr": "fr", "es-ES": "es", "es-419": "es",
		"nl": "nl", "zh-TW": "zh-TW", "pt-BR": "pt", "ja": "en", "zh-CN": "en", "": "en", "???": "en",
	} {
		if got := Match(in); got != want {
			t.Errorf("Match(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Private("fr", "de"); got != "fr" {
		t.Errorf("a player's setting wins over the client's locale: %q", got)
	}
	if got := Private("", "de"); got != "de" {
		t.Errorf("without a setting the client's locale: %q", got)
	}
	if got := Public("nl", "de"); got != "nl" {
		t.Errorf("a table's language wins over the server's: %q", got)
	}
	if got := Public("", "es-ES"); got != "es" {
		t.Errorf("without one the server's: %q", got)
	}
}

// A broken catalogue stops the bot with the file and line of the problem.
func TestBrokenCataloguesNameFileAndLine(t *testing.T) {
	good := map[string]string{}
	for _, code := range codes {
		data, err := embedded.ReadFile("catalog/" + code + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		good[code] = string(data)
	}
	for _, c := range []struct {
		name, code, edit, want string
		// extra are files of an area of the bot, beside the main catalogues.
		extra map[string]string
	}{
		{"syntax", "de", "\nbroken = \"no end\n", "catalog/de.toml:", nil},
		{"extra message", "fr", "\nonly_french = \"x\"\n", "only_french is not a message of English", nil},
		{"invented placeholder", "es", "\n", "uses {{.Nope}}", nil},
		{"missing message", "nl", "", "catalog/nl.toml: joined is missing", nil},
		{"missing plural form", "fr", "", "lacks the plural form", nil},
		{"message given twice", "de", "", "catalog/web/de.toml:1: joined is given again (first at catalog/de.toml:",
			areaFiles("web", `only_web = "x"`, map[string]string{"de": "joined = \"{{.Player}} {{.Seats}} {{.Creator}}\"\nonly_web = \"x\"\n"})},
		{"an area without a language", "de", "", "catalog/web/nl.toml",
			areaFiles("web", `only_web = "x"`, map[string]string{"nl": ""})},
		{"an area's message missing", "de", "", "catalog/web/pt.toml: only_web is missing (English has it at catalog/web/en.toml:1)",
			areaFiles("web", `only_web = "x"`, map[string]string{"pt": "\n"})},
	} {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for code, data := range good {
				fsys["catalog/"+code+".toml"] = &fstest.MapFile{Data: []byte(data)}
			}
			data := good[c.code] + c.edit
			switch c.name {
			case "invented placeholder":
				data = strings.Replace(data, "{{.Player}} se unió.", "{{.Nope}} se unió.", 1)
			case "missing message":
				data = strings.Replace(data, "joined = ", "# joined = ", 1)
			case "missing plural form":
				data = strings.Replace(data, `many = "{{.Count}} de tuiles", `, "", 1)
			}
			fsys["catalog/"+c.code+".toml"] = &fstest.MapFile{Data: []byte(data)}
			for name, data := range c.extra {
				if data == "" {
					delete(fsys, name)
					continue
				}
				fsys[name] = &fstest.MapFile{Data: []byte(data)}
			}
			_, err := Load(fsys)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error with %q", err, c.want)
			}
			if c.name == "invented placeholder" && !strings.Contains(err.Error(), "catalog/es.toml:") {
				t.Fatalf("the error does not name the line: %v", err)
			}
		})
	}
}

// areaFiles are the files of an area of the catalogues (catalog/AREA/CODE.toml): every language
// says text, except where changed says otherwise ("" leaves the file out).
func areaFiles(area, text string, changed map[string]string) map[string]string {
	out := map[string]string{}
	for _, code := range codes {
		data, ok := changed[code]
		if !ok {
			data = text + "\n"
		}
		out["catalog/"+area+"/"+code+".toml"] = data
	}
	return out
}

// An area of the bot may keep its messages in files of its own; they join the language's others.
func TestAreaCataloguesJoinTheirLanguage(t *testing.T) {
	fsys := fstest.MapFS{}
	for _, code := range codes {
		data, err := embedded.ReadFile("catalog/" + code + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		fsys["catalog/"+code+".toml"] = &fstest.MapFile{Data: data}
		fsys["catalog/web/"+code+".toml"] = &fstest.MapFile{Data: []byte(`only_web = "web ` + code + `"` + "\n")}
	}
	c, err := Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Has("only_web") || !c.Has("joined") {
		t.Fatalf("the area's message or the main one is lost")
	}
	got, err := i18n.NewLocalizer(c.bundle, "de").Localize(&i18n.LocalizeConfig{MessageID: "only_web"})
	if err != nil || got != "web de" {
		t.Fatalf("German reads %q (%v)", got, err)
	}
}

func TestPseudoLocaleStretchesTextNotPlaceholders(t *testing.T) {
	got := For(Pseudo).T("joined", A{"Player": "ann", "Seats": "ann, bob", "Creator": "ann"})
	if !strings.Contains(got, "ann") || !strings.Contains(got, "jööò") || len([]rune(got)) < len("ann joined. Seats: ann, bob. ann starts the game with /carc start.")*5/4 {
		t.Fatalf("pseudo text %q", got)
	}
	if Match(Pseudo) != English {
		t.Fatal("the pseudo-locale is offered to players")
	}
}

// TestStatusAgreesWithItsCount: French counts 0 in the singular, and the adjective agrees
// ("0 tuile restante", never "0 tuile restantes").
func TestStatusAgreesWithItsCount(t *testing.T) {
	for n, want := range map[int]string{0: "0 tuile restante", 1: "1 tuile restante", 2: "2 tuiles restantes"} {
		if got := For("fr").N("n_tiles_left", n, nil); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
}

// TestFrenchPunctuationIsBoundToItsWord: the printer binds the space before French : ; ? ! and
// inside « » with a no-break space, so that a line never begins with the mark; other languages
// keep their texts as written.
func TestFrenchPunctuationIsBoundToItsWord(t *testing.T) {
	fr := For("fr").T("points_by_source", A{"List": "ann"})
	if !strings.Contains(fr, "\u00a0:") || strings.Contains(fr, " :") {
		t.Errorf("French: %q", fr)
	}
	if de := For("de").T("points_by_source", A{"List": "ann"}); strings.Contains(de, "\u00a0") {
		t.Errorf("German: %q", de)
	}
}
