package commands

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang/langtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// Discord's limits on what a message carries. A longer text goes out as several messages, cut
// between lines (bot's split, at 1,900 bytes): each line must fit one, so that no sentence is cut.
const (
	maxLineBytes    = 1900
	maxButtonLabel  = 80
	maxSelectOption = 100
	maxPlaceholder  = 150
)

// discordLimits lists what of a reply Discord would refuse or cut.
func discordLimits(r Reply) []string {
	var bad []string
	for _, text := range []string{r.Text, r.Refused} {
		for _, line := range strings.Split(text, "\n") {
			if len(line) > maxLineBytes {
				bad = append(bad, fmt.Sprintf("a line of %d bytes", len(line)))
			}
		}
	}
	for _, row := range r.Buttons {
		for _, b := range row {
			if n := utf8.RuneCountInString(b.Label); n > maxButtonLabel || n == 0 {
				bad = append(bad, fmt.Sprintf("button label %q", b.Label))
			}
		}
	}
	if s := r.Select; s != nil {
		if utf8.RuneCountInString(s.Placeholder) > maxPlaceholder {
			bad = append(bad, fmt.Sprintf("select placeholder %q", s.Placeholder))
		}
		for _, o := range s.Options {
			if n := utf8.RuneCountInString(o.Name); n > maxSelectOption || n == 0 {
				bad = append(bad, fmt.Sprintf("select option %q", o.Name))
			}
		}
	}
	return bad
}

// wordCut finds a label shortened in the middle of a word.
var wordCut = regexp.MustCompile(`\p{L}…$`)

func cutWords(r Reply) []string {
	var bad []string
	for _, row := range r.Buttons {
		for _, b := range row {
			if wordCut.MatchString(b.Label) && strings.Contains(b.Label, " ") {
				bad = append(bad, b.Label)
			}
		}
	}
	if s := r.Select; s != nil {
		for _, o := range s.Options {
			if wordCut.MatchString(o.Name) && strings.Contains(o.Name, " ") {
				bad = append(bad, o.Name)
			}
		}
	}
	return bad
}

// readAlong is what a player asks for during a game, in their language: every read-only reply.
func readAlong(t *table.Table, langs Langs) map[string]Reply {
	out := map[string]Reply{}
	for _, sub := range []string{"status", "board", "tiles", "log", "settings", "rules", "help"} {
		out[sub] = Handle(t, Input{User: t.Seats[0], Command: CommandOf(sub), Sub: sub, Local: true, Langs: langs})
	}
	return out
}

// TestEveryReplyOfAFullGameFitsDiscordInEveryLanguage plays a whole game on each map in each
// language (and the pseudo-locale, longer than any), with the table's language set and the
// players' Discord in it, and checks every reply against Discord's limits, and that no label is
// cut in the middle of a word.
func TestEveryReplyOfAFullGameFitsDiscordInEveryLanguage(t *testing.T) {
	codes := append(append([]string(nil), lang.Codes()...), lang.Pseudo)
	for _, id := range variants.IDs(false) {
		for _, code := range codes {
			t.Run(id+"/"+code, func(t *testing.T) {
				langs := Langs{Locale: code, GuildLocale: code, Language: code}
				replies := 0
				check := func(r Reply, what string) {
					replies++
					for _, b := range discordLimits(r) {
						t.Errorf("%s: %s", what, b)
					}
					for _, c := range cutWords(r) {
						t.Errorf("%s: %q is cut inside a word", what, c)
					}
				}
				n := 0
				_, err := AutoGameIn(id, 3, 7, langs, func(tb *table.Table, in Input, r Reply) error {
					check(r, in.String())
					if n++; n%25 == 0 && tb.Game != nil {
						for sub, rr := range readAlong(tb, langs) {
							check(rr, "/"+CommandOf(sub)+" "+sub)
						}
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				if replies < 50 {
					t.Fatalf("only %d replies: the game did not run", replies)
				}
			})
		}
	}
}

// TestAGermanPlayerNeverReadsTheEnglishCatalogue: a whole game on each map in German, with every
// read-only command asked along the way and moves refused on purpose at every step, shows no
// sentence of the English catalogue and none of the English the engine and the maps write beside
// their messages (their refusals, chip actions' labels, prompts, history sentences, score
// reasons and rules); so does one with the expansions' rules (rules:all), whose pieces' and
// goods' names autocomplete and /carc history give in German too.
func TestAGermanPlayerNeverReadsTheEnglishCatalogue(t *testing.T) { playerNeverReadsEnglish(t, "de") }

// TestNoPlayerReadsEnglishInAnyLanguage is the German test in every other language of the
// catalogues (#48): French, Spanish, Dutch, Traditional Chinese and Portuguese readers play a
// whole game on each map, with and without the expansions' rules, and read no English and no
// internal key (a spot without the reader's word for it, an English colour, a duration as typed,
// a rule option's key outside the option to type, an AI named in English).
func TestNoPlayerReadsEnglishInAnyLanguage(t *testing.T) {
	for _, code := range lang.Codes() {
		if code == lang.English || code == "de" {
			continue
		}
		// Each language plays its games apart from the others': they share no table.
		t.Run(code, func(t *testing.T) { t.Parallel(); playerNeverReadsEnglish(t, code) })
	}
}

func playerNeverReadsEnglish(t *testing.T, code string) {
	patterns := langtest.For(t, code)
	langs := Langs{Locale: code, GuildLocale: code, Language: code}
	words := englishWordsIn(code)
	english := Langs{Locale: "en", GuildLocale: "en", Language: "en"}
	var games [][2]string
	for _, id := range variants.IDs(false) {
		games = append(games, [2]string{id, ""}, [2]string{id, "all"})
	}
	for _, gm := range games {
		id, rules := gm[0], gm[1]
		t.Run(id+"/rules:"+rules, func(t *testing.T) {
			seen := map[string]bool{}
			look := func(tb *table.Table, r Reply, what string) {
				text := replyText(r)
				for _, f := range patterns.Find(text) {
					if !seen[f.ID] {
						seen[f.ID] = true
						t.Errorf("%s: English of %s in a German reply", what, f)
					}
				}
				for _, w := range engineEnglish(tb, r) {
					if !seen[w] && strings.Contains(text, w) {
						seen[w] = true
						t.Errorf("%s: the engine's English %q in a reply in %s: %q", what, w, code, text)
					}
				}
				for _, k := range langtest.InternalKeys(lang.For(code), text) {
					if !seen[k] {
						seen[k] = true
						t.Errorf("%s: the internal key %q in a reply in %s: %q", what, k, code, text)
					}
				}
			}
			n, pieces, refused := 0, 0, map[string]bool{}
			_, err := AutoGameInRules(id, 2, 11, langs, rules, func(tb *table.Table, in Input, r Reply) error {
				look(tb, r, in.String())
				if n++; n%10 == 0 && tb.Game != nil {
					for sub, rr := range readAlong(tb, langs) {
						look(tb, rr, "/"+CommandOf(sub)+" "+sub)
					}
				}
				if tb.Status != table.Playing {
					return nil
				}
				if rules != "" {
					pieces += noEnglishPieces(t, tb, langs, code)
				}
				for _, probe := range refusedMoves(tb) {
					de := probe
					de.Langs, de.Local = langs, true
					r := Handle(tb.Clone(), de)
					if r.OK {
						continue
					}
					look(tb, r, "refused "+probe.String())
					probe.Langs, probe.Local = english, true
					en := Handle(tb.Clone(), probe)
					for _, s := range englishSentences(en.Text) {
						if strings.Contains(r.Text, s) {
							t.Errorf("refused %s: the English %q in the refusal in %s %q", probe.String(), s, code, r.Text)
						}
					}
					if m := words.FindString(r.Text); m != "" {
						t.Errorf("refused %s: the English word %q in %q", probe.String(), m, r.Text)
					}
					refused[en.Text] = true
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if rules != "" && pieces == 0 {
				t.Error("no expansion piece or good was named along the game: the check saw nothing")
			}
			if len(refused) < 20 {
				t.Errorf("only %d different refusals along the game: the refusals were not tried", len(refused))
			}
		})
	}
}

// replyText is everything of a reply a player reads: its text, the refusal of a partial turn,
// its buttons and its menu.
func replyText(r Reply) string {
	parts := []string{r.Text, r.Refused}
	for _, row := range r.Buttons {
		for _, b := range row {
			parts = append(parts, b.Label)
		}
	}
	if s := r.Select; s != nil {
		parts = append(parts, s.Placeholder)
		for _, o := range s.Options {
			parts = append(parts, o.Name)
		}
	}
	return strings.Join(parts, "\n")
}

// refusedMoves are moves a player might try at this point of the game that are refused: a
// player out of turn, a move of another step, a taken square, a rotation that does not fit, a
// spot the tile does not have, each chip action of the map with values no rule allows, and one
// the map does not have. The engine, the maps and the command layer each refuse some of them.
func refusedMoves(tb *table.Table) []Input {
	g := tb.Game
	cur, other := tb.Seats[g.Current], tb.Seats[(g.Current+1)%len(tb.Seats)]
	at := func(u table.User, command, sub string, opts map[string]string) Input {
		return Input{User: u, Command: command, Sub: sub, Options: opts}
	}
	placed := g.Placed()
	last := placed[len(placed)-1].Square.String()
	out := []Input{
		at(other, "turn", "draw", nil),
		at(cur, "chips", "juggle", map[string]string{}),
		at(cur, "place", "", map[string]string{"square": "Q99"}),
	}
	switch g.Phase {
	case game.PhasePlace:
		out = append(out, at(cur, "turn", "pass", nil), at(cur, "place", "", map[string]string{"square": last, "rotation": "0"}),
			at(cur, "place", "", map[string]string{"square": "A1", "rotation": "45"}))
		for _, sq := range g.LegalSquares(g.Drawn) {
			if rots := g.LegalRotations(g.Drawn, sq); len(rots) < 4 {
				bad := game.Rotation(0)
				for slices.Contains(rots, bad) {
					bad++
				}
				out = append(out, at(cur, "place", "", map[string]string{"square": sq.String(), "rotation": bad.String()}))
				break
			}
		}
	case game.PhaseMeeple:
		out = append(out, at(cur, "turn", "draw", nil), at(cur, "meeple", "", map[string]string{"spot": "9"}))
		for _, spot := range []string{"city:N", "city:E", "city:S", "city:W", "road:N", "road:E", "road:S", "road:W", "cloister", "field:inner"} {
			m := game.Move{Kind: game.MoveMeeple, Player: g.Current, Spot: spot}
			if g.Clone().Play(m) != nil {
				out = append(out, at(cur, "meeple", "", map[string]string{"spot": spot}))
				break
			}
		}
		if g.Opts.TB() {
			out = append(out, at(cur, "meeple", "", map[string]string{"spot": "field:inner", "kind": "builder"}))
		}
	default:
		out = append(out, at(cur, "meeple", "", map[string]string{"spot": "none"}))
	}
	for _, spec := range tb.Entry().Actions {
		opts := map[string]string{}
		for _, o := range spec.Options {
			opts[o.Name] = "zz9"
		}
		out = append(out, at(cur, "chips", spec.Name, opts))
	}
	return out
}

// typedWords are the words of the command grammar, the same in every language: the spots,
// pieces, colours and values players type.
var typedWords = map[string]bool{"none": true, "big": true, "builder": true, "pig": true, "meeple": true, "cloister": true,
	"field": true, "city": true, "road": true, "inner": true, "purple": true, "blue": true, "orange": true, "abroad": true,
	"town": true, "yes": true, "sell": true, "wine": true}

// englishSentences are the parts of an English text that are English words, not names or typed
// values: the pieces between its stops and colons with four such words or more.
func englishSentences(text string) []string {
	var out []string
	word := regexp.MustCompile(`^[A-Za-z']+,?$`)
	for _, piece := range regexp.MustCompile(`[.:;()?!\n]`).Split(text, -1) {
		piece = strings.TrimSpace(piece)
		words := 0
		for _, w := range strings.Fields(piece) {
			if len(w) >= 3 && word.MatchString(w) && !typedWords[strings.ToLower(strings.TrimSuffix(w, ","))] {
				words++
			}
		}
		if words >= 4 {
			out = append(out, piece)
		}
	}
	return out
}

// englishPieces are the English names of the expansions' pieces, and of the goods taken.
var englishPieces = regexp.MustCompile(`(?i)\b(big meeple|builder|pig|took \d+ \w+ tokens?)\b`)

// noEnglishPieces checks what names the expansions' pieces and goods in German: the choices
// autocomplete offers for /meeple's spot and kind, and /carc history. It returns how many
// pieces and goods it saw named.
func noEnglishPieces(t *testing.T, tb *table.Table, langs Langs, code string) int {
	t.Helper()
	de := lang.For(code)
	var own []string
	for _, id := range []string{"piece_big", "piece_builder", "piece_pig", "good_wine", "good_grain", "good_cloth"} {
		own = append(own, regexp.QuoteMeta(de.T(id, nil)))
	}
	german := regexp.MustCompile(strings.Join(own, "|"))
	var texts []string
	if tb.Game.Phase == game.PhaseMeeple {
		in := Input{User: tb.Seats[tb.Game.Current], Command: "meeple", Local: true, Langs: langs, Options: map[string]string{}}
		for _, focused := range []string{"spot", "kind"} {
			for _, c := range Autocomplete(tb, in, focused) {
				texts = append(texts, c.Name)
			}
		}
	}
	if tb.Game.Phase == game.PhasePlace && tb.Game.Turn%8 == 0 {
		texts = append(texts, Handle(tb, Input{User: tb.Seats[0], Command: "carc", Sub: "history", Local: true, Langs: langs}).Text)
	}
	seen := 0
	for _, text := range texts {
		if m := englishPieces.FindString(text); m != "" {
			t.Errorf("English %q in a game in %s: %q", m, code, text)
		}
		seen += len(german.FindAllString(text, -1))
	}
	return seen
}

// TestEphemeralRepliesFollowTheReaderPublicOnesTheTable: a refusal is written in the language of
// the player who typed it; what the channel reads in the table's.
func TestEphemeralRepliesFollowTheReaderPublicOnesTheTable(t *testing.T) {
	ann := table.User{ID: "ann", Name: "ann"}
	bob := table.User{ID: "bob", Name: "bob"}
	r := Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Local: true, Options: map[string]string{"map": "france", "language": "fr"},
		Langs: Langs{Locale: "de", GuildLocale: "nl"}})
	if !r.OK || !strings.Contains(r.Text, "Nouvelle partie") {
		t.Fatalf("the table's language is French: %q", r.Text)
	}
	tb := r.Table
	r = Handle(tb, Input{User: bob, Command: "carc", Sub: "start", Local: true, Langs: Langs{Locale: "es-ES", GuildLocale: "nl"}})
	if r.OK || !strings.Contains(r.Text, "Solo ann") {
		t.Fatalf("bob's refusal is in his Spanish: %q", r.Text)
	}
	r = Handle(tb, Input{User: bob, Command: "carc", Sub: "start", Local: true, Langs: Langs{Locale: "es-ES", Language: "zh-TW"}})
	if r.OK || !strings.Contains(r.Text, "只有開桌的 ann") {
		t.Fatalf("bob's own setting wins over his client's locale: %q", r.Text)
	}
	r = Handle(tb, Input{User: bob, Command: "carc", Sub: "join", Local: true, Langs: Langs{Locale: "es-ES", GuildLocale: "nl"}})
	if !r.OK || !strings.Contains(r.Text, "a rejoint") {
		t.Fatalf("the channel reads the table's French: %q", r.Text)
	}
	r = Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Local: true, Options: map[string]string{"map": "france"},
		Langs: Langs{Locale: "de", GuildLocale: "nl"}})
	if !r.OK || !strings.Contains(r.Text, "Nieuw spel") {
		t.Fatalf("without a table language the channel reads the server's Dutch: %q", r.Text)
	}
	if r.Step == nil || strings.Contains(fmt.Sprint(r.Step.Events), "Nieuw") {
		t.Fatalf("the record holds translated text: %+v", r.Step)
	}
	r = Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Local: true, Options: map[string]string{"map": "france", "language": "klingon"}})
	if r.OK || !strings.Contains(r.Text, "en, de, fr, es, nl, zh-TW, pt") {
		t.Fatalf("an unknown language lists the legal ones: %q", r.Text)
	}
}

// engineEnglish are the English texts the engine and the maps keep beside their messages, which
// a reader of another language never sees: the sentences of the reply's events, the chip
// actions' labels and the prompt of the game as it stands, its score reasons, and every map's
// rules, help and rule options' descriptions.
func engineEnglish(tb *table.Table, r Reply) []string {
	var out []string
	for _, e := range r.Events {
		if e.Kind == game.EventVariant && e.Text != "" {
			out = append(out, strings.TrimSuffix(e.Text, "."))
		}
	}
	for _, e := range variants.All(false) {
		for _, f := range variants.Flags(e) {
			out = append(out, f.Description)
		}
	}
	if g := tb.Game; g != nil {
		for _, a := range g.LegalActions() {
			out = append(out, a.Label)
		}
		if c := g.TurnState.Choice; c != nil {
			out = append(out, c.Prompt)
		}
		for _, e := range g.Log {
			if e.Text != "" {
				out = append(out, e.Text)
			}
			if e.Kind == "city" || e.Kind == "road" || e.Kind == "farm" || e.Kind == "cloister" {
				out = append(out, strings.SplitN(e.Reason(), ": ", 2)[1])
			}
		}
	}
	return out
}

// TestMapsAndPlacesGoByTheirCommonNames: every map has its name in every language, and a place
// with a common name in a language goes by it.
func TestMapsAndPlacesGoByTheirCommonNames(t *testing.T) {
	for _, e := range variants.All(false) {
		if !lang.Default.Has("map_" + e.ID) {
			t.Errorf("map %s has no map_%s in the catalogues", e.ID, e.ID)
		}
		for _, s := range e.Map.Starts {
			if !lang.Default.Has("place_" + placeSlug(s.Name)) {
				t.Errorf("%s: start %s has no place_%s", e.ID, s.Name, placeSlug(s.Name))
			}
		}
	}
	for _, c := range []struct{ code, name, want string }{
		{"zh-TW", "Mount Jade", "玉山"}, {"fr", "Pamplona", "Pampelune"}, {"fr", "Murcia", "Murcie"},
		{"de", "León", "León"}, {"en", "Évora", "Évora"}, {"nl", "Nowhere", "Nowhere"},
	} {
		if got := placeName(lang.For(c.code), c.name); got != c.want {
			t.Errorf("%s in %s: %q, want %q", c.name, c.code, got, c.want)
		}
	}
	r := Handle(nil, Input{User: table.User{ID: "a", Name: "a"}, Command: "carc", Sub: "new", Local: true,
		Options: map[string]string{"map": "taiwan", "language": "zh-TW"}})
	if !strings.Contains(r.Text, "臺灣") {
		t.Fatalf("the Taiwan map in Chinese: %q", r.Text)
	}
}

// TestATurnRefusalIsInThePlayersLanguage: a move out of step is refused in the mover's language,
// with the legal squares.
func TestATurnRefusalIsInThePlayersLanguage(t *testing.T) {
	ann, bob := table.User{ID: "ann", Name: "ann"}, table.User{ID: "bob", Name: "bob"}
	r := Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Local: true, Options: map[string]string{"map": "france", "seed": "3"}})
	r = Handle(r.Table, Input{User: bob, Command: "carc", Sub: "join", Local: true})
	r = Handle(r.Table, Input{User: ann, Command: "carc", Sub: "start", Local: true})
	cur := r.Table.Seats[r.Table.Game.Current]
	got := Handle(r.Table, Input{User: cur, Command: "meeple", Local: true, Options: map[string]string{"spot": "none"}, Langs: Langs{Locale: "de"}})
	if got.OK || !strings.Contains(got.Text, "Leg zuerst dein Plättchen") || !strings.Contains(got.Text, "erlaubte Felder") {
		t.Fatalf("the refusal in German: %q", got.Text)
	}
}

// englishWords are words of English sentences that no German text holds: a reply with one was
// written in English outside the catalogues.
var englishWords = regexp.MustCompile(`(?:^|[^/\pL])(the|you|your|cannot|has|have|is|are|was|with|who|only|game|turn)\b`)

// englishWordsIn are englishWords but those the language itself writes (Dutch "is", "was";
// Spanish "has").
func englishWordsIn(code string) *regexp.Regexp {
	own := map[string][]string{"nl": {"is", "was"}, "es": {"has"}}[code]
	var keep []string
	for _, w := range []string{"the", "you", "your", "cannot", "has", "have", "is", "are", "was", "with", "who", "only", "game", "turn"} {
		if !slices.Contains(own, w) {
			keep = append(keep, w)
		}
	}
	return regexp.MustCompile(`(?:^|[^/\pL])(` + strings.Join(keep, "|") + `)\b`)
}

// noEnglish fails when text holds a message of the English catalogue (patterns) or a common
// English word.
func noEnglish(t *testing.T, patterns *langtest.English, what, text string) {
	t.Helper()
	patterns.Check(t, what, text)
	if m := englishWords.FindString(text); m != "" {
		t.Errorf("%s: the English word %q: %q", what, m, text)
	}
}

// TestAGermanAdministratorNeverReadsEnglish: the administration of a German table (a refused and
// an accepted skip, a kick refused in each way and voted, an undo asked and voted on, a missed
// deadline, the game abandoned) shows no sentence of the English catalogue and no English words.
func TestAGermanAdministratorNeverReadsEnglish(t *testing.T) {
	patterns := langtest.For(t, "de")
	langs := Langs{Locale: "de", GuildLocale: "de", Language: "de"}
	ann, bob, cid := table.User{ID: "ann", Name: "ann"}, table.User{ID: "bob", Name: "bob"}, table.User{ID: "cid", Name: "cid"}
	var tb *table.Table
	n := 0
	look := func(what string, r Reply) {
		n++
		text := replyText(r)
		if tb != nil {
			for _, w := range engineEnglish(tb, r) {
				if strings.Contains(text, w) {
					t.Errorf("%s: the engine's English %q: %q", what, w, text)
				}
			}
		}
		noEnglish(t, patterns, what, text)
		if r.Table != nil {
			tb = r.Table
		}
	}
	do := func(u table.User, sub string, opts map[string]string) {
		look("/"+CommandOf(sub)+" "+sub, Handle(tb, Input{User: u, Command: CommandOf(sub), Sub: sub, Options: opts, Langs: langs}))
	}
	click := func(u table.User, verb, arg string) {
		look("click "+verb+" "+arg, HandleComponentIn(tb, u, ComponentID(tb, verb, arg), nil, langs))
	}
	do(ann, "new", map[string]string{"map": "france", "rated": "false", "missed": "1", "language": "de"})
	do(bob, "join", nil)
	do(cid, "join", nil)
	do(bob, "kick", map[string]string{"player": "cid"})
	do(ann, "kick", map[string]string{"player": "nobody"})
	do(ann, "kick", map[string]string{"player": "cid"})
	do(cid, "join", nil)
	do(ann, "start", nil)
	do(bob, "skip", nil)
	do(ann, "skip", nil)
	look("timeout", Timeout(tb, table.PolicySkip))
	do(bob, "kick", map[string]string{"player": "bob"})
	do(bob, "kick", map[string]string{"player": "ann"})
	do(cid, "kick", map[string]string{"player": "bob"})
	click(cid, "kick", "yes")
	click(ann, "kick", "no")
	click(ann, "kick", "no")
	do(bob, "undo", nil)
	click(bob, "undo", "yes")
	click(ann, "undo", "no")
	do(ann, "abandon", nil)
	do(ann, "abandon", nil)
	if n < 15 {
		t.Fatalf("only %d replies", n)
	}
}
