package commands

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

const testKey = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"

// TestDealsAndRulesAreFixedWhenTheTableOpens: a game on Discord is dealt from the bot's secret key
// with ChaCha8, and the value of each of its map's rule options is stored with it, so that a
// default changed later never changes it. A record stored before secret deals (a Discord /carc new
// without a key) replays with the rules it was played under: France's chips then keep the
// open-edge reading of OQ-15 it was dealt with.
func TestDealsAndRulesAreFixedWhenTheTableOpens(t *testing.T) {
	france, _ := variants.Lookup("france")
	flag, _ := game.FindFlag(france.Flags, "chipNoAdjacentToAnyLargeCitySquare")
	ann := table.User{ID: "a", Name: "ann"}
	open := func(in Input) *table.Table {
		t.Helper()
		in.User, in.Command, in.Sub = ann, "carc", "new"
		in.Options = map[string]string{"map": "france"}
		r := Handle(nil, in)
		if !r.OK {
			t.Fatalf("/carc new: %s", r.Text)
		}
		return r.Table
	}
	discord := open(Input{Secret: testKey})
	if s := discord.Settings; s.Generator != game.GeneratorChaCha8 || s.Key != testKey || s.Options.Legacy || s.Options.Variant[flag.Name] != "true" {
		t.Fatalf("a Discord table: %+v", s)
	}
	if local := open(Input{Local: true}); local.Settings.Generator != "" || local.Settings.Options.Variant[flag.Name] != "true" {
		t.Fatalf("a local table: %+v", local.Settings)
	}
	old := open(Input{})
	if !old.Settings.Options.Legacy || old.Settings.Options.Value(flag) != "false" {
		t.Fatalf("a record from before secret deals does not keep its rules: %+v", old.Settings)
	}
	if r := Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Secret: "not-hex"}); r.OK || !strings.Contains(r.Text, "deal key") {
		t.Fatalf("a broken key was accepted: %s", r.Text)
	}
	bob := table.User{ID: "b", Name: "bob"}
	discord = Handle(discord, Input{User: bob, Command: "carc", Sub: "join"}).Table
	started := Handle(discord, Input{User: ann, Command: "carc", Sub: "start"})
	if !started.OK || started.Table.Game.Setup.Generator != game.GeneratorChaCha8 {
		t.Fatalf("the game is not dealt from its key: %s", started.Text)
	}
}

// TestDiscordOffersNoSeed: a seed a player chooses makes the deal knowable; /carc new on Discord
// has no such option (seeds stay for local play and table scripts).
func TestDiscordOffersNoSeed(t *testing.T) {
	for _, c := range Surface() {
		if c.Name != "carc" {
			continue
		}
		for _, sub := range c.Subs {
			for _, o := range sub.Options {
				if o.Name == "seed" {
					t.Fatalf("/carc %s offers seed:", sub.Name)
				}
			}
		}
	}
}

// TestTheDealIsCommittedThenRevealed: a game on Discord posts the SHA-256 commitment of its deal
// key (bound to the game's id) when it starts, never the key while it runs, and the key when it
// ends; the key then gives back the commitment.
func TestTheDealIsCommittedThenRevealed(t *testing.T) {
	ann, bob := table.User{ID: "a", Name: "ann"}, table.User{ID: "b", Name: "bob"}
	tbl := Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Secret: testKey, Table: "g42", Options: map[string]string{"map": "classic", "tiles": "72"}}).Table
	tbl = Handle(tbl, Input{User: bob, Command: "carc", Sub: "join"}).Table
	start := Handle(tbl, Input{User: ann, Command: "carc", Sub: "start"})
	commitment := table.DealCommitment("g42", testKey)
	if !strings.Contains(start.Text, commitment) || strings.Contains(start.Text, testKey) {
		t.Fatalf("the start message must carry the commitment and not the key: %s", start.Text)
	}
	if table.DealCommitment("g43", testKey) == commitment || table.DealCommitment("g42", strings.Repeat("1", 64)) == commitment {
		t.Fatal("the commitment does not bind both the game and the key")
	}
	tbl = start.Table
	for tbl.Status == table.Playing {
		r := Timeout(tbl, table.PolicyAuto)
		if !r.OK {
			t.Fatal(r.Text)
		}
		if tbl = r.Table; tbl.Status == table.Playing && strings.Contains(r.Text+statusText(en, tbl)+tilesText(en, tbl), testKey) {
			t.Fatalf("the key shows while the game runs: %s", r.Text)
		}
		if tbl.Status != table.Playing && !strings.Contains(r.Text, testKey) {
			t.Fatalf("the end message does not reveal the key: %s", r.Text)
		}
	}
}
