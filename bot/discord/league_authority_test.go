package discord

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// TestLeaguePlayersDoNotAdministerTheirGames: in a league's game, the table's first player (who
// opened it, for the bot) can neither skip the opponent's turn, abandon the game nor remove the
// opponent, and neither can the league's creator, who plays in the league, in her game or in one
// she does not play in, nor a channel moderator; the refusal names who can. This holds after a
// restart. A member with Manage Server who does not play in the league skips a turn, and abandons a
// game, which is adjudicated by the league's rule (forfeit: the player to move is last), not stored
// as a played result: the standings show a win and a loss where a played 0-0 would be a shared
// place.
func TestLeaguePlayersDoNotAdministerTheirGames(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	r := newLeagueRun(h, "Cup", []string{"ann", "bob", "cy", "dee"}, fakediscord.StringArg("adjudicate", "forfeit"))
	ann := r.members[0]
	users := map[string]*fakediscord.User{}
	for _, u := range r.members {
		users[u.ID] = u
	}
	boss := h.f.AddUserWithPermissions("boss", discordgo.PermissionManageGuild|fakediscord.DefaultMemberPermissions)
	mod := h.f.AddUserWithPermissions("mod", discordgo.PermissionManageChannels|fakediscord.DefaultMemberPermissions)
	season := r.season()
	var hers, other league.Fixture
	for _, f := range season.Fixtures {
		if slices.Contains(f.Players, ann.ID) {
			hers = f
		} else {
			other = f
		}
	}
	h.stop() // the league's mark is in each game's record: it holds across a restart
	h.start()

	thread := h.f.Channel(hers.Thread)
	first, second := users[hers.Players[0]], users[hers.Players[1]]
	if tbl := h.table(thread.ID); tbl.Creator.ID != first.ID || tbl.League == nil || tbl.League.ID != r.id {
		t.Fatalf("the game's creator %s and league %+v", tbl.Creator.Name, tbl.League)
	}
	if cur, _ := h.table(thread.ID).Current(); cur.ID == first.ID {
		// The first player plays a turn, so that the opponent is to move.
		g := h.table(thread.ID).Game
		p := g.LegalPlacements(g.Drawn)[0]
		h.slash(first, thread, "place", fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()),
			fakediscord.StringArg("meeple", "none"))
	}
	if cur, _ := h.table(thread.ID).Current(); cur.ID != second.ID {
		t.Fatalf("%s is to move, want %s", cur.Name, second.Username)
	}
	who := "only ann, who runs Cup, or a member with Manage Server (never one who plays in the league) can"
	for _, c := range []struct {
		u    *fakediscord.User
		sub  fakediscord.Arg
		what string
	}{
		{first, fakediscord.SubCommand("skip"), "skip"},
		{first, fakediscord.SubCommand("abandon"), "abandon"},
		{first, fakediscord.SubCommand("kick", fakediscord.StringArg("player", second.Username)), "remove a player"},
		{second, fakediscord.SubCommand("abandon"), "abandon"},
		{ann, fakediscord.SubCommand("skip"), "skip"},
		{mod, fakediscord.SubCommand("skip"), "skip"},
		{mod, fakediscord.SubCommand("abandon"), "abandon"},
	} {
		before := len(h.table(thread.ID).Moves)
		m := h.slash(c.u, thread, "table", c.sub)
		if want := "This is a game of the league Cup: " + who + " " + c.what + "."; !contains(m.Content, want) {
			t.Errorf("%s's /table %s: %q, want %q", c.u.Username, c.what, m.Content, want)
		}
		if tbl := h.table(thread.ID); tbl == nil || len(tbl.Moves) != before {
			t.Fatalf("%s's refused /carc %s changed the game", c.u.Username, c.what)
		}
	}

	// The league's creator plays in the league: she administers none of its games. ref, who does
	// not play in it, does.
	otherThread := h.f.Channel(other.Thread)
	skipped, _ := h.table(otherThread.ID).Current()
	if m := h.slash(ann, otherThread, "table", fakediscord.SubCommand("skip")); !contains(m.Content, "This is a game of the league Cup: "+who+" skip.") {
		t.Fatalf("ann's /table skip in a game she does not play in: %s", m.Content)
	}
	if m := h.slash(r.ref, otherThread, "table", fakediscord.SubCommand("skip")); !contains(m.Content, "Done: ref skipped "+skipped.Name+"'s turn.") {
		t.Fatalf("ref's /table skip: %s", m.Content)
	}

	// A member with Manage Server abandons ann's game: the league's rule adjudicates it.
	g := h.table(thread.ID).Game
	if g.Players[0].Score != g.Players[1].Score {
		t.Fatalf("scores %d-%d: the test wants a level game, where a played result would share the place", g.Players[0].Score, g.Players[1].Score)
	}
	m := h.slash(boss, thread, "table", fakediscord.SubCommand("abandon"))
	if !contains(m.Content, "Done: boss abandoned this game of Cup. It is adjudicated like a game unfinished at the round's deadline: a game still running is lost by the player whose turn it is") {
		t.Fatalf("boss's /table abandon: %s", m.Content)
	}
	if h.table(thread.ID) != nil {
		t.Fatal("the abandoned game still runs")
	}
	end := h.posts(thread.ID)
	if last := end[len(end)-1].Content; !contains(last, fmt.Sprintf("Places: 1. %s 0, 2. %s 0 (to move: forfeits).", first.Username, second.Username)) ||
		!contains(last, "The deal's key was ") {
		t.Fatalf("the abandon's message: %q", last)
	}
	var f league.Fixture
	for _, x := range r.season().Fixtures {
		if x.GameID == hers.GameID {
			f = x
		}
	}
	if f.Status != league.Adjudicated || fmt.Sprint(f.Places) != "[1 2]" {
		t.Fatalf("the abandoned game's fixture: %s, places %v", f.Status, f.Places)
	}
	rec, err := h.store.Game(hers.GameID)
	if err != nil || rec.Status != storage.StatusAbandoned {
		t.Fatalf("the stored game: %+v %v", rec.Status, err)
	}
	// The other game runs to the round's deadline: its end tells the rule, the places and the key.
	r.adjudicateRound(0)
	adjudicated := h.posts(other.Thread)
	if last := adjudicated[len(adjudicated)-1].Content; !contains(last, "The round's deadline has passed: the game ends here, adjudicated by the league's rule") ||
		!contains(last, "Places: 1. ") || !contains(last, "The deal's key was ") {
		t.Fatalf("the adjudication's message: %q", last)
	}
	standings := r.slash(ann, "standings")
	for _, c := range []struct {
		u      *fakediscord.User
		points string
	}{{first, "1"}, {second, "0"}} {
		line := ""
		for _, l := range strings.Split(standings, "\n") {
			if strings.Contains(l, "  "+c.u.Username+" ") {
				line = l
			}
		}
		if fields := strings.Fields(line); len(fields) < 7 || fields[2] != c.points || fields[6] != "1" {
			t.Errorf("%s's standings line %q, want %s points from 1 game:\n%s", c.u.Username, line, c.points, standings)
		}
	}
}

// TestALeagueGameFromBeforeTheMarkGetsIt: a league game opened before league games carried
// their league's mark (its record has none) gets it when the bot loads it, as an entry of its
// record (so it replays), keeping the turn's deadline; from then on its players cannot skip.
func TestALeagueGameFromBeforeTheMarkGetsIt(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	r := newLeagueRun(h, "Cup", []string{"ann", "bob"})
	ann, bob := r.members[0], r.members[1]
	ch := h.f.AddChannel("old")
	newIn := commands.Input{User: table.User{ID: ann.ID, Name: "ann"}, Command: "carc", Sub: "new", Options: map[string]string{"map": "france"},
		Secret: strings.Repeat("ab", 32), Table: "gold", Channel: ch.ID}
	steps, _ := played(t, newIn, commands.Input{User: table.User{ID: bob.ID, Name: "bob"}, Command: "carc", Sub: "join"},
		commands.Input{User: newIn.User, Command: "carc", Sub: "start"})
	deadline := h.clock.Now().Add(48 * time.Hour).UTC()
	var tbl *table.Table
	for i, s := range steps {
		tbl, _ = table.Replay(steps[:i+1])
		c, err := bot.StepCommit(tbl, s)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			err = h.store.CreateGame(storage.GameRecord{ID: "gold", ChannelID: ch.ID, Guild: h.f.GuildID, League: r.id, Season: 1,
				Setup: c.Move.Data, Players: c.Players, Status: storage.StatusLobby}, c.Snapshot, c.Hash)
		} else {
			c.GameID, c.ExpectSeq, c.Timers = "gold", uint64(i-1), []storage.Timer{{Kind: bot.KindDeadline, UserID: ann.ID, At: deadline}}
			c.Move.Actor, c.Move.InteractionID = "bot", fmt.Sprintf("old-%d", i)
			_, err = h.store.AppendMove(c)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	h.stop()
	h.start()
	if tbl := h.table(ch.ID); tbl == nil || tbl.League == nil || tbl.League.ID != r.id || tbl.League.Creator.ID != ann.ID {
		t.Fatalf("the old league game after loading: %+v", tbl)
	}
	moves, err := h.store.Moves("gold")
	if err != nil {
		t.Fatal(err)
	}
	var last table.Step
	if err := json.Unmarshal(moves[len(moves)-1].Data, &last); err != nil || len(last.Events) != 1 || last.Events[0].League == nil {
		t.Fatalf("the record's last step %s (%v) is not the league's mark", moves[len(moves)-1].Data, err)
	}
	if timers, err := h.store.Timers("gold"); err != nil || len(timers) != 1 || !timers[0].At.Equal(deadline) {
		t.Fatalf("the game's timers after its mark: %+v %v", timers, err)
	}
	if rep, err := h.store.Verify(bot.Engine{}); err != nil || !rep.OK() {
		t.Fatalf("verify after the mark: %+v %v", rep, err)
	}
	if m := h.slash(ann, ch, "table", fakediscord.SubCommand("skip")); !contains(m.Content, "This is a game of the league Cup") {
		t.Fatalf("ann's /table skip in her own league game: %s", m.Content)
	}
	h.stop() // the mark is stored once: a second load adds nothing
	h.start()
	if again, err := h.store.Moves("gold"); err != nil || len(again) != len(moves) {
		t.Fatalf("the record after a second load: %d entries, %d before (%v)", len(again), len(moves), err)
	}
}
