package commands

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// engineIDs are the message ids the engine and the maps name in their Words (game.Say), as
// string literals of their sources; an id built from a prefix ("engine_wrong_phase_"+phase) is
// listed with each of its ends.
func engineIDs(t *testing.T) []string {
	t.Helper()
	literal := regexp.MustCompile(`"((?:engine|mapchips|france|taiwan|greatbritain|iberia|benelux|relay)_[a-z_]*)"`)
	ends := map[string][]string{
		"engine_wrong_phase_":  {"source", "place", "meeple", "finish", "decide"},
		"engine_piece_on_map_": {"big", "builder", "pig"},
		"benelux_no_chip_":     {"purple", "blue", "orange"},
	}
	var out []string
	for _, pattern := range []string{"../game/*.go", "../variants/*/*.go"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range literal.FindAllStringSubmatch(string(src), -1) {
				id := m[1]
				if !strings.HasSuffix(id, "_") {
					out = append(out, id)
					continue
				}
				if _, ok := ends[id]; !ok {
					t.Errorf("%s: the id prefix %q has no ends listed", f, id)
				}
				for _, end := range ends[id] {
					out = append(out, id+end)
				}
			}
		}
	}
	if len(out) < 150 {
		t.Fatalf("only %d ids found in the engine's and the maps' sources", len(out))
	}
	return out
}

// TestEveryMessageTheEngineNamesIsInTheCatalogues: every refusal, label, prompt, history sentence
// and score reason the engine and the maps name has its message (the catalogues' own check then
// holds it in every language with the same values).
func TestEveryMessageTheEngineNamesIsInTheCatalogues(t *testing.T) {
	for _, id := range engineIDs(t) {
		if !lang.Default.Has(id) {
			t.Errorf("%s is named by the engine or a map but is in no catalogue", id)
		}
	}
}

// TestEveryMapsRulesReadInEveryLanguage: /carc rules and /carc help give a map's own rules and
// help line from its catalogue (rules_ID_1..., help_map_ID), where alone they are written; the
// catalogues' check holds them in every language.
func TestEveryMapsRulesReadInEveryLanguage(t *testing.T) {
	for _, e := range variants.All(true) {
		if e.Variant == nil {
			continue // the plain game's rules are rules_1 to rules_3, every map's
		}
		ids := []string{fmt.Sprintf("rules_%s_1", e.ID)}
		if !e.Test {
			ids = append(ids, "help_map_"+e.ID)
		}
		for _, id := range ids {
			if !lang.Default.Has(id) {
				t.Errorf("%s: the map's rules have no message %s", e.ID, id)
			}
		}
	}
}

// TestAnEngineRefusalReadsInEveryLanguage: a square already taken is refused in each language
// with the squares that would be legal, and without the engine's English.
func TestAnEngineRefusalReadsInEveryLanguage(t *testing.T) {
	e, err := variants.Lookup("france")
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.NewGame(e.Map, e.Variant, game.Setup{Map: "france", Players: []string{"ann", "bob"}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	placed := g.Placed()
	err = g.Play(game.Move{Kind: game.MovePlace, Player: g.Current, Square: placed[0].Square})
	var me *game.MoveError
	if !errors.As(err, &me) || me.ID != "engine_square_taken" {
		t.Fatalf("a taken square: %v", err)
	}
	legal := g.LegalSquares(g.Drawn)[0].String()
	for _, code := range lang.Codes() {
		text := errorTextIn(lang.For(code), err)
		if !strings.Contains(text, legal) || !strings.Contains(text, placed[0].Square.String()) {
			t.Errorf("%s: %q names neither the square nor the legal ones", code, text)
		}
		if code != lang.English && strings.Contains(text, "already holds a tile") {
			t.Errorf("%s: the engine's English in %q", code, text)
		}
	}
}

// scoreEntries are score entries of every kind the engine writes a reason for.
var scoreEntries = []game.ScoreEntry{
	{Kind: "city", Complete: true, Tiles: 3, Arms: 1, Points: 8, From: game.At(3, 3), To: game.At(4, 4)},
	{Kind: "city", Complete: false, Tiles: 1, Points: 1, From: game.At(3, 3), To: game.At(3, 3)},
	{Kind: "city", Complete: true, Tiles: 4, Arms: 2, Cathedral: true, Points: 18, From: game.At(3, 3), To: game.At(4, 5)},
	{Kind: "city", Complete: false, Tiles: 4, Cathedral: true, From: game.At(3, 3), To: game.At(4, 5)},
	{Kind: "road", Complete: true, Tiles: 1, Points: 1, From: game.At(2, 2), To: game.At(2, 2), Part: "E"},
	{Kind: "road", Complete: true, Tiles: 3, Inn: true, Points: 6, From: game.At(2, 2), To: game.At(2, 4)},
	{Kind: "road", Complete: false, Tiles: 3, Inn: true, From: game.At(2, 2), To: game.At(2, 4)},
	{Kind: "cloister", Complete: true, Points: 9, From: game.At(5, 5), To: game.At(5, 5)},
	{Kind: "cloister", Neighbours: 2, Points: 3, From: game.At(5, 5), To: game.At(5, 5)},
	{Kind: "farm", Cities: 1, Points: 3, From: game.At(1, 1), To: game.At(6, 6)},
	{Kind: "farm", Cities: 2, Pig: true, Points: 8, From: game.At(1, 1), To: game.At(6, 6)},
	{Kind: "goods", Good: "wine", Tokens: 3, Points: 10, From: game.NoSquare, To: game.NoSquare},
	{Kind: "chip", Chip: game.Chip{Color: "blue", Value: 2}, Points: 2, From: game.At(4, 9), To: game.At(4, 9)},
}

// TestAScoresReasonIsWrittenInOnePlace: the state's log (game.ScoreEntry.Reason, English) and a
// reader (the catalogues, in every language) write a score's reason from the same messages, so
// an English reader reads the state's words and no other language reads an English one.
func TestAScoresReasonIsWrittenInOnePlace(t *testing.T) {
	english := regexp.MustCompile(`\b(tiles?|coats? of arms|inn|cathedral|surrounded|neighbours?|completed|cit(y|ies)|road|cloister|farm|incomplete|chip on|most|tokens?|wine|blue)\b`)
	for _, e := range scoreEntries {
		if got, want := reasonIn(lang.For(lang.English), e), e.Reason(); got != want {
			t.Errorf("%s: an English reader reads %q, the state's log %q", e.Kind, got, want)
		}
		for _, code := range []string{"de", "fr", "es", "nl", "zh-TW", "pt"} {
			if got := reasonIn(lang.For(code), e); english.MatchString(got) {
				t.Errorf("%s in %s: %q has English words", e.Kind, code, got)
			}
		}
	}
}
