package lang

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// The rules of Traditional Chinese text (catalog/glossary/zh-TW.toml, [punctuation] and [spacing]):
// full-width punctuation in Chinese sentences, one space between Chinese characters and Latin
// letters or digits, none beside full-width punctuation, and each template value set apart or
// not by what it holds. Command examples and code keep their half-width punctuation.

// fullWidth is the punctuation of Chinese sentences.
const fullWidth = "，。：；！？（）「」、"

var (
	zhValue  = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)
	zhNamed  = regexp.MustCompile(`\{\{\s*(cmd|opt)\b.*?\}\}`)
	zhAction = regexp.MustCompile(`\{\{.*?\}\}`)
)

// Marks of a template value in a text under check: open, its name, shut.
const valueOpen, valueShut = '\x01', '\x02'

func isHan(r rune) bool { return unicode.Is(unicode.Han, r) }

// isLatin is a Latin letter or a digit, which a space sets apart from Chinese characters.
func isLatin(r rune) bool {
	return unicode.IsDigit(r) && r < 0x80 || unicode.Is(unicode.Latin, r)
}

// zhSpacing says whether a value of a message is set apart from Chinese characters by a space
// ("spaced", "unspaced", or "" where the glossary does not say).
func zhSpacing(rule spacingRule, id, name string) string {
	switch {
	case slices.Contains(rule.SpacedIn, id+"."+name):
		return "spaced"
	case slices.Contains(rule.UnspacedIn, id+"."+name):
		return "unspaced"
	case slices.Contains(rule.Spaced, name):
		return "spaced"
	case slices.Contains(rule.Unspaced, name):
		return "unspaced"
	}
	return ""
}

// zhProblems are the breaches of the rules in the text of message id.
func zhProblems(rule spacingRule, id, text string) []string {
	s := zhValue.ReplaceAllString(text, string(valueOpen)+"$1"+string(valueShut))
	s = zhNamed.ReplaceAllString(s, string(valueOpen)+"$1"+string(valueShut))
	s = zhAction.ReplaceAllString(s, string(valueOpen)+"action"+string(valueShut))
	// Code is Latin script to the rules, whatever it holds.
	s = codeSpan.ReplaceAllString(s, "C")
	r := []rune(s)
	at := func(i int) rune {
		if i < 0 || i >= len(r) {
			return 0
		}
		return r[i]
	}
	var out []string
	say := func(i int, format string, a ...any) {
		lo, hi := max(i-6, 0), min(i+7, len(r))
		show := strings.NewReplacer(string(valueOpen), "{{.", string(valueShut), "}}").Replace(string(r[lo:hi]))
		out = append(out, fmt.Sprintf(format, a...)+fmt.Sprintf(" (…%s…)", show))
	}
	for i, c := range r {
		next := at(i + 1)
		switch {
		case isHan(c) && strings.ContainsRune(",.;!?)", next):
			say(i, "half-width %q after a Chinese character: write it full-width", next)
		case isHan(c) && next == ':' && (at(i+2) == ' ' || at(i+2) == 0):
			say(i, "half-width colon ending a Chinese phrase: write ：")
		case c == '(' && isHan(next):
			say(i, "half-width ( before a Chinese character: write （")
		case isHan(c) && strings.ContainsRune(`"“”`, next), strings.ContainsRune(`"“”`, c) && isHan(next):
			say(i, "quotation mark beside a Chinese character: write 「」")
		case isHan(c) && isLatin(next), isLatin(c) && isHan(next):
			say(i, "no space between Chinese and Latin script: write one")
		case c == ' ' && next == ' ' && (isHan(at(i-1)) || isHan(at(i+2))):
			say(i, "two spaces beside a Chinese character: write one")
		case c == ' ' && (strings.ContainsRune(fullWidth, next) || i > 0 && strings.ContainsRune(fullWidth, at(i-1))):
			say(i, "a space beside full-width punctuation: write none")
		}
	}
	if len(r) > 1 && r[0] == ' ' && isHan(r[1]) && r[len(r)-1] != ' ' {
		say(0, "a message that follows a Chinese sentence begins with no space")
	}
	for i := 0; i < len(r); i++ {
		if r[i] != valueOpen {
			continue
		}
		j := i + 1
		for j < len(r) && r[j] != valueShut {
			j++
		}
		name := string(r[i+1 : j])
		how := zhSpacing(rule, id, name)
		if at(i-1) == ':' && at(i-2) != ' ' && at(i-2) != 0 {
			how = "spaced" // a value to type after its option's colon: a command example
		}
		for _, side := range []struct {
			tight, loose bool
			where        string
		}{
			{isHan(at(i - 1)), at(i-1) == ' ' && isHan(at(i-2)), "before"},
			{isHan(at(j + 1)), at(j+1) == ' ' && isHan(at(j+2)), "after"},
		} {
			switch {
			case how == "spaced" && side.tight:
				say(i, "{{.%s}} holds Latin script or digits: one space %s it", name, side.where)
			case how == "unspaced" && side.loose:
				say(i, "{{.%s}} holds Chinese words: no space %s it", name, side.where)
			case how == "" && (side.tight || side.loose):
				say(i, "{{.%s}} beside Chinese: say in glossary/zh-TW.toml whether it is spaced or unspaced", name)
			}
		}
		i = j
	}
	return out
}

// TestChineseTextsUseFullWidthPunctuationAndOneSpacingRule: every Traditional Chinese text,
// outside code and command examples, punctuates its Chinese with full-width marks and sets
// Chinese apart from Latin script and digits as its glossary says. Discord's command names hold
// no spaces and are left out.
func TestChineseTextsUseFullWidthPunctuationAndOneSpacingRule(t *testing.T) {
	rule := glossaryOf(t, "zh-TW").Spacing
	if rule.Rule == "" || len(rule.Spaced) == 0 || len(rule.Unspaced) == 0 {
		t.Fatal("glossary/zh-TW.toml states no spacing rule")
	}
	texts := catalogueTexts(t, "zh-TW")
	for _, id := range slices.Sorted(maps.Keys(texts)) {
		if strings.HasPrefix(id, "name_") {
			continue
		}
		for _, text := range texts[id] {
			for _, p := range zhProblems(rule, id, text) {
				t.Errorf("zh-TW %s: %s", id, p)
			}
		}
	}
}

// TestTheChineseRulesFindTheirBreaches: the check finds each kind of breach and accepts text
// written by the rules, command examples and code included.
func TestTheChineseRulesFindTheirBreaches(t *testing.T) {
	rule := spacingRule{Spaced: []string{"Player", "Count", "cmd", "opt"}, Unspaced: []string{"Map"},
		UnspacedIn: []string{"odd.Count"}}
	for _, c := range []struct {
		id, text string
		bad      bool
	}{
		{"m", "遊戲結束，分數：{{.Player}} 3 分。", false},
		{"m", "遊戲結束,分數。", true},
		{"m", "遊戲結束.", true},
		{"m", "分數: 3", true},
		{"m", "請寫成 名稱:值，例如 {{opt `place square`}}:F7。", false},
		{"m", "(未完成)", true},
		{"m", "他說\"好\"", true},
		{"m", "第3回合", true},
		{"m", "用AI玩家", true},
		{"m", "第  3 回合", true},
		{"m", "結束。 下一回合", true},
		{"m", " 尚未出現：{{.Player}}。", true},
		{"m", " 和 ", false},
		{"m", "輪到{{.Player}}", true},
		{"m", "輪到 {{.Player}}。", false},
		{"m", "遊戲在 {{.Map}} 開始", true},
		{"m", "遊戲在{{.Map}}開始", false},
		{"m", "用 {{cmd `carc new`}} {{opt `carc new map`}}:{{.Map}} 開一局", false},
		{"m", "另有{{.Unknown}}", true},
		{"m", "以 `bot export 檔案` 匯出", false},
		{"m", "以`bot export`匯出", true},
		{"odd", "錯過{{.Count}}後", false},
		{"m", "錯過{{.Count}}後", true},
	} {
		if got := len(zhProblems(rule, c.id, c.text)) > 0; got != c.bad {
			t.Errorf("%q: breach found %v, want %v: %v", c.text, got, c.bad, zhProblems(rule, c.id, c.text))
		}
	}
}
