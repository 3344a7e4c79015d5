package commands

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestLegacyAutopilotMovesUpgradeAsRecorded: an old record's missed deadline under policy auto
// kept the moves the autopilot made, and its upgrade plays those again, not what the autopilot
// would choose now; moves that do not replay are refused. A record from before the moves were kept
// upgrades with the simplest moves, which the autopilot played then.
func TestLegacyAutopilotMovesUpgradeAsRecorded(t *testing.T) {
	tbl := midGame(t, "france", 20)
	g := tbl.Game
	legal := g.LegalPlacements(g.Drawn)
	other := legal[len(legal)-1]
	played := []game.Move{{Kind: game.MovePlace, Player: g.Current, Square: other.Square, Rotation: other.Rotation},
		{Kind: game.MoveMeeple, Player: g.Current, Spot: "none"}}
	// The rest of the turn as the simplest moves would finish it after this placement.
	g2 := g.Clone()
	if _, err := g2.Apply(played[0]); err != nil {
		t.Fatal(err)
	}
	played = played[:1]
	for g2.Current == g.Current && g2.Turn == g.Turn && !g2.Over() {
		m := g2.SimplestMove()
		played = append(played, m)
		if _, err := g2.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	r := applyLegacy(tbl, LegacyEntry{Timeout: table.PolicyAuto, Played: played})
	if !r.OK {
		t.Fatalf("the recorded autopilot moves: %s", r.Text)
	}
	if got := r.Table.Moves[len(tbl.Moves)].Move; got.Square != other.Square {
		t.Fatalf("the replay placed on %s, the record says %s", got.Square, other.Square)
	}
	bad := append([]game.Move{}, played...)
	bad[0].Player = (bad[0].Player + 1) % len(tbl.Seats)
	if r := applyLegacy(tbl, LegacyEntry{Timeout: table.PolicyAuto, Played: bad}); r.OK {
		t.Fatal("moves that do not replay were accepted")
	}
	legacy := applyLegacy(tbl, LegacyEntry{Timeout: table.PolicyAuto})
	if !legacy.OK || legacy.Table.Moves[len(tbl.Moves)].Move.Square != legal[0].Square {
		t.Fatalf("a record from before kept moves: %s", legacy.Text)
	}
}

// TestLegacyStepsOfARatedGameUpgradeWithTheirAuthority: a record kept before steps holds what its
// release accepted, and some of it today's rules refuse to a player of a rated game: a player's
// /carc skip, a player's /carc kick opening a vote, the vote's button, the creator's kick of a
// player who missed the limit of turns, and the creator's /carc abandon. They upgrade as the facts
// they are; a move the engine never allowed still does not.
func TestLegacyStepsOfARatedGameUpgradeWithTheirAuthority(t *testing.T) {
	alice, bob, carl, dina := table.User{ID: "1", Name: "alice"}, table.User{ID: "2", Name: "bob"},
		table.User{ID: "3", Name: "carl"}, table.User{ID: "4", Name: "dina"}
	cmd := func(u table.User, sub string, opts ...string) LegacyEntry {
		in := Input{User: u, Command: "carc", Sub: sub, Options: map[string]string{}}
		for i := 0; i+1 < len(opts); i += 2 {
			in.Options[opts[i]] = opts[i+1]
		}
		return LegacyEntry{Input: &in}
	}
	open := cmd(alice, "new", "map", "france", "deadline", "1h", "policy", "skip", "missed", "1")
	open.Input.Secret, open.Input.Table, open.Input.Channel = strings.Repeat("5a", 32), "g1", "c1"
	missed := LegacyEntry{Timeout: table.PolicySkip}
	entries := []LegacyEntry{open, cmd(bob, "join"), cmd(carl, "join"), cmd(dina, "join"), cmd(alice, "start"),
		missed,                 // alice's turn passes: current bob
		cmd(alice, "skip"),     // the creator, a player, skips bob's turn
		missed, missed, missed, // carl's, dina's and alice's turns pass
		missed,                             // bob's: he missed the limit of one turn
		cmd(carl, "kick", "player", "bob"), // a player opens a vote to remove him
	}
	upgrade := func(entries []LegacyEntry) ([]table.Step, *table.Table, error) {
		raw := make([]json.RawMessage, len(entries))
		for i, e := range entries {
			var err error
			if raw[i], err = json.Marshal(e); err != nil {
				t.Fatal(err)
			}
		}
		return UpgradeLegacy(raw)
	}
	_, tbl, err := upgrade(entries)
	if err != nil {
		t.Fatalf("the steps up to the kick vote: %v", err)
	}
	if !tbl.Rated() || tbl.Kick == nil {
		t.Fatalf("the table is rated %v with the vote %+v: the test no longer tells what it should", tbl.Rated(), tbl.Kick)
	}
	// Today a player of a rated game may do none of it: the authority is the record's, not today's.
	if r := Handle(tbl, Input{User: alice, Command: CommandOf("skip"), Sub: "skip"}); r.OK || !strings.Contains(r.Text, "This game is rated") {
		t.Fatalf("today's rules let a player of a rated game skip: %s", r.Text)
	}
	entries = append(entries,
		LegacyEntry{Click: &LegacyClick{User: dina, ID: ComponentID(tbl, "kick", "yes")}}, // the vote's buttons
		LegacyEntry{Click: &LegacyClick{User: alice, ID: ComponentID(tbl, "kick", "yes")}},
		cmd(alice, "kick", "player", "carl"), // carl missed the limit too
		cmd(alice, "abandon"))
	steps, tbl, err := upgrade(entries)
	if err != nil {
		t.Fatalf("the record does not upgrade: %v", err)
	}
	if len(steps) != len(entries) || tbl.Status != table.Abandoned {
		t.Fatalf("%d steps of %d entries, the table %s", len(steps), len(entries), tbl.Status)
	}
	for _, who := range []string{"2", "3"} {
		if p := tbl.Game.Players[tbl.Seat(who)]; !p.Resigned {
			t.Errorf("player %s is still in the game", who)
		}
	}

	// A move the engine never allowed is a damaged record, not history.
	g := entries[:5]
	placed := cmd(alice, "place")
	placed.Input.Command, placed.Input.Sub, placed.Input.Options = "place", "", map[string]string{"square": "A1", "rotation": "0"}
	if _, _, err := upgrade(append(g, placed)); !errors.Is(err, ErrLegacy) {
		t.Fatalf("an illegal placement upgraded: %v", err)
	}
}

// TestATextNoStoreKeepsIsRefusedAtTheDoor: a command whose option holds U+0000, which PostgreSQL
// cannot keep, is refused before it changes anything, naming the option.
func TestATextNoStoreKeepsIsRefusedAtTheDoor(t *testing.T) {
	ann := table.User{ID: "1", Name: "ann"}
	open := Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Options: map[string]string{"map": "france"}, Secret: strings.Repeat("5a", 32), Table: "g1", Channel: "c1"})
	if !open.OK {
		t.Fatal(open.Text)
	}
	for _, in := range []Input{
		{User: ann, Command: "carc", Sub: "new", Options: map[string]string{"map": "france", "rules": "ferryModel=c\x00"}, Secret: strings.Repeat("5a", 32), Table: "g2", Channel: "c2"},
		{User: ann, Command: CommandOf("settings"), Sub: "settings", Options: map[string]string{"deadline": "48h\x00"}},
	} {
		tbl := open.Table
		if in.Sub == "new" {
			tbl = nil
		}
		r := Handle(tbl, in)
		if r.OK || r.Changed || r.Step != nil || !strings.Contains(r.Text, "holds U+0000, a character the bot never stores") {
			t.Errorf("/carc %s with U+0000: %+v", in.Sub, r)
		}
	}
}
