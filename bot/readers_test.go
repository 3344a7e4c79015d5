package bot

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// TestQuietHours: quiet hours may span midnight and are read in the player's time zone; a reminder
// due in them moves to their end.
func TestQuietHours(t *testing.T) {
	paris := storage.Settings{TimeZone: "Europe/Paris", QuietStart: "22:00", QuietEnd: "08:00"}
	day := func(h, m int) time.Time { return time.Date(2026, 11, 21, h, m, 0, 0, time.UTC) } // Paris is UTC+1 in November
	for _, c := range []struct {
		p     storage.Settings
		at    time.Time
		quiet bool
		until time.Time
	}{
		{paris, day(20, 59), false, day(20, 59)},
		{paris, day(21, 0), true, day(7, 0).Add(24 * time.Hour)},
		{paris, day(3, 30), true, day(7, 0)},
		{paris, day(7, 0), false, day(7, 0)},
		{storage.Settings{QuietStart: "13:00", QuietEnd: "14:30"}, day(13, 45), true, day(14, 30)},
		{storage.Settings{QuietStart: "13:00", QuietEnd: "14:30"}, day(14, 30), false, day(14, 30)},
		{storage.Settings{}, day(3, 0), false, day(3, 0)},
	} {
		in, until := QuietAt(c.p, c.at)
		if in != c.quiet || !until.Equal(c.until) {
			t.Errorf("%+v at %s: quiet %v until %s, want %v until %s", c.p, c.at, in, until, c.quiet, c.until)
		}
		if got := Awake(c.p, c.at); !got.Equal(c.until) {
			t.Errorf("Awake(%s) = %s, want %s", c.at, got, c.until)
		}
	}
}

func TestClockReadsHoursAndTimes(t *testing.T) {
	for in, want := range map[string]string{"22": "22:00", "7": "07:00", "22:30": "22:30", " 8:05 ": "08:05"} {
		if got, err := clock(in); err != nil || got != want {
			t.Errorf("clock(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"25", "x", "12:61", ""} {
		if _, err := clock(bad); err == nil {
			t.Errorf("clock(%q) accepted", bad)
		}
	}
}

// TestPersonalSettingsQuoteAShortPrefix: a refused personal setting repeats only the beginning of
// what was typed.
func TestPersonalSettingsQuoteAShortPrefix(t *testing.T) {
	s, err := storage.Open(filepath.Join(t.TempDir(), "p.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	b := &Host{store: s}
	for _, o := range prefOptions {
		huge := strings.Repeat("Zq", 10_000)
		reply := b.setPrefs("i1", commands.Input{User: table.User{ID: "1", Name: "ann"}, Command: "table", Sub: "settings", Options: map[string]string{o: huge}})
		if len(reply) > 300 || !strings.Contains(reply, o+":") {
			t.Errorf("%s: the refusal is %d characters: %.200s", o, len(reply), reply)
		}
	}
}

// TestLanguageSettingOverridesTheDiscordLocale: /player settings language: is kept per player and
// wins over the locale of their chat client; the server's locale comes with every request.
func TestLanguageSettingOverridesTheDiscordLocale(t *testing.T) {
	s, err := storage.Open(filepath.Join(t.TempDir(), "l.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	b := &Host{store: s}
	ann := table.User{ID: "1", Name: "ann"}
	i := &Request{Interaction: &Interaction{Locale: "de"}, GuildLocale: "nl"}
	if l := b.langs(i, ann.ID); l.Locale != "de" || l.GuildLocale != "nl" || l.Language != "" {
		t.Fatalf("before any setting: %+v", l)
	}
	set := func(v string) string {
		return b.setPrefs("i1", commands.Input{User: ann, Command: "player", Sub: "settings", Options: map[string]string{"language": v}})
	}
	if reply := set("klingon"); !strings.Contains(reply, "en, de, fr, es, nl, zh-TW, pt") {
		t.Fatalf("an unknown language is refused with the legal ones: %q", reply)
	}
	if reply := set("zh-tw"); !strings.Contains(reply, "語言：zh-TW") {
		t.Fatalf("saved, and said in the language just chosen: %q", reply)
	}
	if l := b.langs(i, ann.ID); l.Language != "zh-TW" || l.Locale != "de" {
		t.Fatalf("after language:zh-TW: %+v", l)
	}
	if got := commands.Handle(nil, commands.Input{User: ann, Command: "carc", Sub: "join", Langs: b.langs(i, ann.ID)}).Text; !strings.Contains(got, "這裡還沒有遊戲") {
		t.Fatalf("the refusal is in the player's own language: %q", got)
	}
	if set("none"); b.langs(i, ann.ID).Language != "" {
		t.Fatal("language:none goes back to the Discord locale")
	}
}
