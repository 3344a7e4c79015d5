package commands

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// adminGame is a two-player France game of ann and bob on Discord (a secret deal, no local mark),
// with its record.
type adminGame struct {
	t     *testing.T
	table *table.Table
	rec   *recording
}

func newAdminGame(t *testing.T, opts map[string]string, mark *table.LeagueGame) *adminGame {
	t.Helper()
	g := &adminGame{t: t, rec: &recording{t: t}}
	opts["map"] = "france"
	g.must(Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Options: opts, Secret: testKey, Table: "g1"}))
	if mark != nil {
		g.must(MarkLeague(g.table, *mark))
	}
	g.must(Handle(g.table, Input{User: bob, Command: "carc", Sub: "join"}))
	g.must(Handle(g.table, Input{User: ann, Command: "carc", Sub: "start"}))
	return g
}

// must wants a change accepted, and keeps it in the game's record.
func (g *adminGame) must(r Reply) Reply {
	g.t.Helper()
	if !r.OK || !r.Changed {
		g.t.Fatalf("refused: %s", r.Text)
	}
	g.table = g.rec.keep(r)
	return r
}

// turn plays the first legal placement of the player to move, without a meeple.
func (g *adminGame) turn() {
	g.t.Helper()
	gm := g.table.Game
	p := gm.LegalPlacements(gm.Drawn)[0]
	g.must(Handle(g.table, Input{User: g.table.Seats[gm.Current], Command: "place",
		Options: map[string]string{"square": p.Square.String(), "rotation": p.Rotation.String(), "meeple": "none"}}))
}

// untilLeaderToMove plays until the player to move leads on points, so that the league's two
// rules (score stands, forfeit by the player to move) give different places.
func (g *adminGame) untilLeaderToMove() {
	g.t.Helper()
	for n := 0; ; n++ {
		ps, cur := g.table.Game.Players, g.table.Game.Current
		if ps[cur].Score > ps[1-cur].Score {
			return
		}
		if n > 120 {
			g.t.Fatal("the player to move never leads")
		}
		g.turn()
	}
}

var (
	mod      = table.User{ID: "7", Name: "mod"}
	manager  = table.User{ID: "8", Name: "manager"}
	leagueBy = table.User{ID: "9", Name: "lea"}
	cup      = table.LeagueGame{ID: "L1", Name: "Cup", Season: 1, Creator: leagueBy, Policy: league.PolicyScoreStands}
)

// TestNoPlayerAdministersAGameThatCounts: at a friendly table the creator administers the game;
// in a rated game only a member with Manage Channels who does not play in it, and in a league's
// game only the league's creator or a member with Manage Server, never one who plays in the game
// or anywhere in the league (Input.InLeague). A refusal names who can, says how the game moves on meanwhile, and changes nothing.
func TestNoPlayerAdministersAGameThatCounts(t *testing.T) {
	annCup := cup
	annCup.Creator = ann
	type actor struct {
		name string
		in   Input
	}
	var (
		creator       = actor{"the creator, a player", Input{User: ann}}
		opponent      = actor{"the opponent", Input{User: bob}}
		playingAdmin  = actor{"a player with Manage Channels and Manage Server", Input{User: ann, Admin: true, Manager: true}}
		channelAdmin  = actor{"a member with Manage Channels", Input{User: mod, Admin: true}}
		serverManager = actor{"a member with Manage Server", Input{User: manager, Manager: true}}
		leagueCreator = actor{"the league's creator", Input{User: leagueBy}}
		// Those who play in the league, if not in this game, administer none of its games.
		playingCreator = actor{"the league's creator, who plays in it", Input{User: leagueBy, InLeague: true}}
		playingManager = actor{"a member with Manage Server who plays in the league", Input{User: manager, Manager: true, InLeague: true}}
	)
	for _, c := range []struct {
		name    string
		opts    map[string]string
		mark    *table.LeagueGame
		allowed []actor
		refused []actor
		why     string
	}{
		{name: "an unrated friendly", opts: map[string]string{"rated": "false"},
			allowed: []actor{creator, playingAdmin, channelAdmin}, refused: []actor{opponent, serverManager},
			why: "Only ann, who opened the table, or someone with Manage Channels can %s."},
		{name: "a rated friendly", opts: map[string]string{},
			allowed: []actor{channelAdmin}, refused: []actor{creator, opponent, playingAdmin, serverManager},
			why: "This game is rated: only a member with Manage Channels who does not play in the game can %s. Meanwhile the turn deadline keeps the game moving: when a player lets 2 days pass, their turn is skipped (a missed turn)."},
		{name: "a league game", opts: map[string]string{}, mark: &cup,
			allowed: []actor{serverManager, leagueCreator}, refused: []actor{creator, opponent, playingAdmin, channelAdmin, playingCreator, playingManager},
			why: "This is a game of the league Cup: only lea, who runs Cup, or a member with Manage Server (never one who plays in the league) can %s."},
		{name: "a league game whose creator plays in it", opts: map[string]string{}, mark: &annCup,
			allowed: []actor{serverManager}, refused: []actor{creator, opponent, playingAdmin, channelAdmin, leagueCreator},
			why: "only ann, who runs Cup, or a member with Manage Server (never one who plays in the league) can %s"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, sub := range []string{"skip", "abandon", "kick"} {
				for _, a := range c.allowed {
					g := newAdminGame(t, c.opts, c.mark)
					g.table.Missed[1] = g.table.Settings.MissedLimit // a friendly's creator removes after the limit only
					in := a.in
					in.Command, in.Sub, in.Options = CommandOf(sub), sub, map[string]string{"player": "bob"}
					r := Handle(g.table, in)
					if !r.OK || !r.Changed {
						t.Errorf("%s cannot %s: %s", a.name, sub, r.Text)
					}
				}
				for _, a := range c.refused {
					g := newAdminGame(t, c.opts, c.mark)
					g.table.Missed[1] = g.table.Settings.MissedLimit
					before := g.table
					in := a.in
					in.Command, in.Sub, in.Options = CommandOf(sub), sub, map[string]string{"player": "bob"}
					if sub == "kick" && a.in.User == bob {
						in.Options["player"] = "ann"
						g.table.Missed[0] = g.table.Settings.MissedLimit
					}
					r := Handle(g.table, in)
					what := map[string]string{"skip": "skip", "abandon": "abandon", "kick": "remove a player"}[sub]
					if c.mark == nil && c.opts["rated"] == "false" && sub == "kick" && a.in.User == bob {
						// At an unrated friendly the other players remove one who missed too many turns
						// by a vote: bob alone here.
						if !r.OK || !r.Table.Game.Players[0].Resigned {
							t.Errorf("bob's vote at an unrated friendly does not remove ann: %s", r.Text)
						}
						continue
					}
					want := fmt.Sprintf(c.why, what)
					if c.mark == nil && c.opts["rated"] == "false" && sub == "kick" {
						want = "Only the players, ann who opened the table, or someone with Manage Channels can remove a player."
					}
					if r.OK || r.Changed || r.Table != before {
						t.Errorf("%s could %s: %s", a.name, sub, r.Text)
						continue
					}
					if !strings.Contains(r.Text, want) {
						t.Errorf("%s's %s is refused with %q, want %q", a.name, sub, r.Text, want)
					}
				}
			}
		})
	}
}

// TestAnAbandonedLeagueGameIsAdjudicatedByTheLeaguesRule: an administrator's abandon of a league
// game is never a played result: it is adjudicated like a game unfinished at the round's
// deadline, by the league's rule (the score stands, or the player to move forfeits), and the
// reply says so, with the places, the points by source and the deal's key.
func TestAnAbandonedLeagueGameIsAdjudicatedByTheLeaguesRule(t *testing.T) {
	for _, c := range []struct {
		policy league.Policy
		rule   string
		mover  int // the place of the player to move, who leads on points
	}{
		{league.PolicyScoreStands, "a game still running ends as the score stands", 1},
		{league.PolicyForfeit, "a game still running is lost by the player whose turn it is, the others placed by score", 2},
	} {
		t.Run(string(c.policy), func(t *testing.T) {
			mark := cup
			mark.Policy = c.policy
			g := newAdminGame(t, map[string]string{}, &mark)
			g.untilLeaderToMove()
			mover := g.table.Game.Current
			r := g.must(Handle(g.table, Input{User: manager, Manager: true, Command: "table", Sub: "abandon"}))
			for _, want := range []string{"manager abandoned this game of Cup. It is adjudicated like a game unfinished at the round's deadline: " + c.rule + ".",
				fmt.Sprintf("%d. %s", c.mover, g.table.Seats[mover].Name), "Points by source:", "The deal's key was " + testKey} {
				if !strings.Contains(r.Text, want) {
					t.Errorf("the abandon says %q, want %q", r.Text, want)
				}
			}
			places, err := r.Table.AdjudicatedPlaces(c.policy)
			if err != nil || places[mover] != c.mover || places[1-mover] != 3-c.mover {
				t.Errorf("places %v (%v), want the player to move %d", places, err, c.mover)
			}
			if r.Table.Status != table.Abandoned || r.Table.Unrated() != "" {
				t.Errorf("status %s, unrated %q: an adjudicated league game is rated like one at its round's deadline", r.Table.Status, r.Table.Unrated())
			}
		})
	}
	// A player who resigned is out: last under either rule, whatever their points.
	g := newAdminGame(t, map[string]string{}, &cup)
	g.untilLeaderToMove()
	leader := g.table.Game.Current
	g.table.Game.Players[leader].Resigned = true
	if places, err := g.table.AdjudicatedPlaces(league.PolicyScoreStands); err != nil || places[leader] != 2 {
		t.Errorf("the resigned leader's place: %v %v", places, err)
	}
}

// TestTheLeagueMarkIsPartOfTheRecord: the mark a league game gets when the bot opens it replays
// with the record and survives the snapshot; a second mark, or one without a league or with an
// unknown policy, is refused.
func TestTheLeagueMarkIsPartOfTheRecord(t *testing.T) {
	g := newAdminGame(t, map[string]string{}, &cup)
	g.turn()
	data, err := json.Marshal(g.rec.steps)
	if err != nil {
		t.Fatal(err)
	}
	var steps []table.Step
	if err := json.Unmarshal(data, &steps); err != nil {
		t.Fatal(err)
	}
	replayed, err := table.Replay(steps)
	if err != nil || replayed.League == nil || *replayed.League != cup {
		t.Fatalf("the replayed table's league: %+v (%v)", replayed.League, err)
	}
	snap, err := g.table.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := table.Load(snap)
	if err != nil || loaded.League == nil || *loaded.League != cup {
		t.Fatalf("the loaded table's league: %+v (%v)", loaded.League, err)
	}
	if h1, h2 := mustHash(t, replayed), mustHash(t, g.table); h1 != h2 {
		t.Fatal("the replayed table differs from the played one")
	}
	for _, bad := range []table.LeagueGame{cup, {Name: "Cup", Policy: league.PolicyForfeit}, {ID: "L2", Policy: "coin"}} {
		if r := MarkLeague(g.table, bad); r.OK || r.Changed {
			t.Errorf("the mark %+v was accepted: %s", bad, r.Text)
		}
	}
	if status := Handle(g.table, Input{User: ann, Command: "carc", Sub: "status"}).Text; !strings.Contains(status,
		"A game of Cup, season 1, administered by lea, who runs Cup, or a member with Manage Server (never one who plays in the league).") {
		t.Errorf("/carc status does not say who administers the league game: %s", status)
	}
}

// TestNoVoteRemovesAPlayerFromAGameThatCounts: in a rated game the players cannot remove one
// who missed too many turns by a vote either (nor answer a vote left open); the deadline message
// names who can.
func TestNoVoteRemovesAPlayerFromAGameThatCounts(t *testing.T) {
	g := newAdminGame(t, map[string]string{"deadline": "1h"}, nil)
	for g.table.Missed[1] < g.table.Settings.MissedLimit {
		if g.table.Game.Current == 1 {
			r := g.must(Timeout(g.table, table.PolicySkip))
			if g.table.Missed[1] == g.table.Settings.MissedLimit &&
				!strings.Contains(r.Text, "After 3 missed turns a member with Manage Channels who does not play in the game may remove them with /table kick.") {
				t.Errorf("the deadline message: %s", r.Text)
			}
		} else {
			g.turn()
		}
	}
	r := Handle(g.table, Input{User: ann, Command: "table", Sub: "kick", Options: map[string]string{"player": "bob"}})
	if r.OK || r.Table.Kick != nil {
		t.Fatalf("ann removed bob from a rated game: %s", r.Text)
	}
	g.table.Kick = &table.KickVote{Seat: 1}
	if r := HandleComponent(g.table, ann, ComponentID(g.table, "kick", "yes"), nil); r.OK || !strings.Contains(r.Text, "This game is rated") {
		t.Fatalf("a vote left open removed bob: %s", r.Text)
	}
}
