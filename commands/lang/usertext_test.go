package lang

import (
	"strings"
	"testing"
)

// TestNoValueForgesACommandsName: whatever a message's values hold, the printer writes the
// commands its own text names and nothing else: NULs in a value (the printer's mark) never make a
// command's name out of it, never break the message, never reach the reader.
func TestNoValueForgesACommandsName(t *testing.T) {
	for _, v := range []any{"\x00\x00\x00", "\x00opt\x00\x00", "Cup\x00cmd\x00carc new\x00", Name("\x00cmd\x00league leave\x00")} {
		for _, p := range []*Printer{For(English), For("de"), For(English).Typed(), For(English).Plain()} {
			got := p.T("league_admins_only", A{"League": v, "Cmd": v})
			if strings.ContainsRune(got, 0) || strings.Contains(got, "/carc new") || strings.Contains(got, "/league leave") || strings.Contains(got, "/liga") {
				t.Errorf("%s: %q writes %q", p.Code(), v, got)
			}
		}
	}
}

// TestANameShowsAsTyped: a Name's markdown is escaped for Discord, so that it shows as typed and
// never as a heading, a masked link, a mention or emphasis; a terminal (Typed) and a web page or
// a picture (Plain) get it as it is. Other values are the printer's own text, written as they are.
func TestANameShowsAsTyped(t *testing.T) {
	for name, escaped := range map[string]string{
		"# [Win](https://evil.example) <@1> **b** _i_ ~s~ `c` ||x|| @everyone \\": `\# \[Win\](https://evil.example) \<\@1> \*\*b\*\* \_i\_ \~s\~ \` + "`" + `c\` + "`" + ` \|\|x\|\| \@everyone \\`,
		"> quote":         `\> quote`,
		"- item":          `\- item`,
		"-# small":        `\-# small`,
		"12. ordered":     `12\. ordered`,
		"Anne-Marie 2.0":  "Anne-Marie 2.0",
		"bob (AI, easy)":  "bob (AI, easy)",
		"Ann > Bob # 1. ": "Ann > Bob # 1. ",
	} {
		if got := For(English).T("league_joined", A{"Player": Name(name), "League": "Cup", "Members": "2"}); !strings.HasPrefix(got, escaped+" joined Cup") {
			t.Errorf("for Discord: %q, want it to begin with %q", got, escaped)
		}
	}
	name := "# [Win](https://evil.example) <@1> **b**"
	for _, p := range []*Printer{For(English).Typed(), For(English).Plain()} {
		if got := p.T("league_joined", A{"Player": Name(name), "League": "Cup", "Members": "2"}); !strings.HasPrefix(got, name+" joined Cup") {
			t.Errorf("typed %v, plain %v: %q", p.typed, p.plain, got)
		}
	}
	if got := For(English).T("league_joined", A{"Player": "<@1>", "League": "Cup", "Members": "2"}); !strings.HasPrefix(got, "<@1> joined") {
		t.Errorf("a value that is no Name: %q", got)
	}
}
