package discord

import (
	"encoding/csv"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestLeagueRoundRobinEndToEnd runs a 6-player round-robin league of 2-player France games
// through Discord from /league create to the final standings. The games are played by the turn
// deadline autopilot (policy auto, the harness's clock moved past each deadline); in round 2 the
// bot restarts mid-round; in round 3 two players resign and the third game is still running at
// the round's deadline, so it is adjudicated as a forfeit of the player to move. The standings,
// the CSV and the ratings are then checked against values computed here from the games' scores,
// and the standings come with their picture.
func TestLeagueRoundRobinEndToEnd(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures() // pictures are not what this test is about
	h.start()
	h.deal.Store(21)
	users := map[string]*fakediscord.User{}
	var members []*fakediscord.User
	for _, n := range []string{"ann", "bob", "cy", "dee", "eve", "fay"} {
		u := h.f.AddUser(n)
		users[u.ID] = u
		members = append(members, u)
	}
	ch := h.f.General
	ann := members[0]
	s := fakediscord.StringArg
	if m := h.slash(ann, ch, "league", fakediscord.SubCommand("create", s("name", "Cup"), s("map", "france"), s("format", "round-robin"),
		fakediscord.IntArg("players", 2), s("round", "1d"), s("adjudicate", "forfeit"), s("deadline", "10m"), s("policy", "auto"),
		fakediscord.IntArg("tiles", 72))); m.Content != "Done." {
		t.Fatalf("/league create: %s", m.Content)
	}
	for _, u := range members[1:] {
		if m := h.slash(u, ch, "league", fakediscord.SubCommand("join")); m.Content != "Done." {
			t.Fatalf("/league join: %s", m.Content)
		}
	}
	if m := h.slash(members[1], ch, "season", fakediscord.SubCommand("start")); !contains(m.Content, "Only Cup's creator") {
		t.Fatalf("a member started the league: %s", m.Content)
	}
	ref := addRef(h)
	h.slash(ref, ch, "season", fakediscord.SubCommand("start"))
	ls, err := h.store.Leagues("")
	if err != nil || len(ls) != 1 {
		t.Fatalf("leagues %v %v", ls, err)
	}
	id := ls[0].ID
	season := func() league.Season {
		t.Helper()
		se, err := h.store.Season(id, 1)
		if err != nil {
			t.Fatal(err)
		}
		return se
	}
	first := season()
	if len(first.Fixtures) != 3 || len(h.f.Threads(ch)) != 3 {
		t.Fatalf("round 1 opened %d games in %d threads", len(first.Fixtures), len(h.f.Threads(ch)))
	}
	for _, f := range first.Fixtures {
		intro := h.posts(f.Thread)[0]
		if got := intro.Pinged(); len(got) != 2 || !contains(intro.Content, "round 1, table") {
			t.Fatalf("the game's thread starts with %q pinging %v", intro.Content, got)
		}
	}

	turn := func() {
		h.clock.Add(11 * time.Minute)
		h.b.FireTimers(h.clock.Now())
	}
	for round := 1; round <= 5; round++ {
		if got := season().Started; got != round {
			t.Fatalf("round %d: the season says round %d", round, got)
		}
		switch round {
		case 2:
			for range 10 {
				turn()
			}
			h.stop()
			h.start()
		case 3:
			se := season()
			for _, f := range se.Fixtures[len(se.Fixtures)-2:] {
				thread := h.f.Channel(f.Thread)
				cur, _ := h.table(thread.ID).Current()
				if m := h.slash(users[cur.ID], thread, "carc", fakediscord.SubCommand("resign")); !contains(m.Content, "Done") {
					t.Fatalf("resign: %s", m.Content)
				}
			}
			turn()
			h.clock.Add(24 * time.Hour)
			h.b.FireTimers(h.clock.Now())
		}
		over := func() bool { se := season(); return se.Started > round || se.Over(&ls[0]) }
		for n := 0; !over(); n++ {
			if n > 400 {
				t.Fatalf("round %d does not end", round)
			}
			turn()
		}
	}
	final := season()
	if !final.Over(&ls[0]) || len(final.Fixtures) != 15 {
		t.Fatalf("the season is not over: %d games, %d rounds", len(final.Fixtures), final.Started)
	}

	// Hand computation from the games' scores: league points, score differences, ratings.
	points, diff := map[string]float64{}, map[string]int{}
	book := league.Book{}
	adjudicated, resigned := 0, 0
	for _, f := range final.Fixtures {
		a, b := f.Players[0], f.Players[1]
		sa, sb := f.Scores[0], f.Scores[1]
		switch {
		case f.Status == league.Adjudicated:
			adjudicated++
			// Forfeit: the player whose turn it was when the round ended (the game's last state)
			// is last, whatever the score.
			snap, err := h.store.Snapshot(f.GameID)
			if err != nil {
				t.Fatal(err)
			}
			tbl, err := table.Load(snap.State)
			if err != nil {
				t.Fatal(err)
			}
			if tbl.Status != table.Finished || tbl.Adjudicated != league.PolicyForfeit {
				t.Fatalf("the snapshot of adjudicated game %s: %s, adjudicated %q", f.GameID, tbl.Status, tbl.Adjudicated)
			}
			cur := tbl.Seats[tbl.Game.Current]
			if i := slices.Index(f.Players, cur.ID); i < 0 || f.Places[i] != 2 || f.Places[1-i] != 1 {
				t.Fatalf("the forfeit of %s gives places %v for players %v", cur.Name, f.Places, f.Players)
			}
		case f.Round == 3:
			resigned++
		}
		// Places: the score decides, except that a resigned or forfeiting player is last.
		pa, pb := f.Places[0], f.Places[1]
		if f.Round != 3 {
			pa, pb = 1+btoi(sb > sa), 1+btoi(sa > sb)
			if pa != f.Places[0] || pb != f.Places[1] {
				t.Fatalf("round %d table %d: places %v for scores %v", f.Round, f.Table, f.Places, f.Scores)
			}
		}
		switch {
		case pa < pb:
			points[a]++
		case pb < pa:
			points[b]++
		default:
			points[a] += 0.5
			points[b] += 0.5
		}
		diff[a] += sa - sb
		diff[b] += sb - sa
		if _, err := book.Record(league.Game{Players: f.Players, Places: []int{pa, pb}}); err != nil {
			t.Fatal(err)
		}
	}
	if adjudicated != 1 || resigned != 2 {
		t.Fatalf("%d adjudicated and %d resigned games in round 3, want 1 and 2", adjudicated, resigned)
	}
	standingsMsg := h.slash(ann, ch, "league", fakediscord.SubCommand("standings"))
	standings := standingsMsg.Content
	// The picture of the standings comes with the text: 800 pixels wide, a row for each of the six
	// members below the title and the heading (render's tests check what it draws).
	if len(standingsMsg.Attachments) != 1 || standingsMsg.Attachments[0].Name != "standings.png" {
		t.Fatalf("/league standings has attachments %+v", standingsMsg.Attachments)
	}
	if b, err := standingsMsg.Attachments[0].PNGBounds(); err != nil || b.Dx() != 800 || b.Dy() < 7*40 {
		t.Fatalf("the standings picture is %v (%v)", b, err)
	}
	lines := strings.Split(standings, "\n")
	prev := 1e9
	for _, u := range members {
		row := -1
		for i, l := range lines {
			if strings.Contains(l, "  "+u.Username+" ") {
				row = i
			}
		}
		if row < 0 {
			t.Fatalf("%s has no line in the standings:\n%s", u.Username, standings)
		}
		want := fmt.Sprintf(" %6s %+6d ", strings.TrimSuffix(fmt.Sprintf("%g", points[u.ID]), ".0"), diff[u.ID])
		if !strings.Contains(lines[row], want) {
			t.Fatalf("%s's line %q, want points and difference %q", u.Username, lines[row], want)
		}
	}
	for _, l := range lines[3 : 3+len(members)] {
		var rank int
		var name string
		var pts float64
		if _, err := fmt.Sscan(l, &rank, &name, &pts); err != nil || pts > prev {
			t.Fatalf("standings not in order of points at %q:\n%s", l, standings)
		}
		prev = pts
	}

	export := h.slash(ann, ch, "league", fakediscord.SubCommand("export"))
	if len(export.Attachments) != 1 {
		t.Fatalf("/league export has %d attachments", len(export.Attachments))
	}
	rows, err := csv.NewReader(strings.NewReader(string(export.Attachments[0].Data))).ReadAll()
	if err != nil || len(rows) != 1+2*15 {
		t.Fatalf("%d CSV rows, %v", len(rows), err)
	}
	sum := map[string]float64{}
	for _, r := range rows[1:] {
		var p float64
		if _, err := fmt.Sscan(r[12], &p); err != nil {
			t.Fatalf("CSV row %v: %v", r, err)
		}
		sum[r[8]] += p
	}
	for id, p := range points {
		if sum[id] != p {
			t.Fatalf("the CSV gives %s %v points, want %v", users[id].Username, sum[id], p)
		}
	}

	for id, want := range book {
		got, err := h.store.Rating(ls[0].Guild, "", id)
		if err != nil || got != want {
			t.Fatalf("%s's rating %+v (%v), want %+v", users[id].Username, got, err, want)
		}
		text := h.slash(users[id], ch, "player", fakediscord.SubCommand("rating")).Content
		if !contains(text, fmt.Sprintf("rating %.1f", want.Shown())) || !contains(text, "5 rated games") {
			t.Fatalf("/carc rating: %s, want %.1f", text, want.Shown())
		}
	}
	board := h.slash(ann, ch, "carc", fakediscord.SubCommand("leaderboard")).Content
	if !contains(board, "6 players") {
		t.Fatalf("/carc leaderboard: %s", board)
	}

	// The next season: the same members, open for joining until it starts.
	h.slash(ref, ch, "season", fakediscord.SubCommand("end"))
	if m := h.slash(ref, ch, "season", fakediscord.SubCommand("new", s("league", "Cup"))); m.Content != "Done." {
		t.Fatalf("/season new: %s", m.Content)
	}
	if l, err := h.store.League(id); err != nil || l.Season != 2 || l.Status != league.Open || len(l.Members) != 6 {
		t.Fatalf("after /season new: %+v %v", l, err)
	}
}

// TestFriendlyGamesAreRatedUnlessAbandoned: a finished game of two players in a server counts
// for their ratings; one abandoned by a moderator changes no rating.
func TestFriendlyGamesAreRatedUnlessAbandoned(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	alice, _, ch := openGame(h, "france", 5, fakediscord.StringArg("policy", "auto"), fakediscord.StringArg("deadline", "10m"),
		fakediscord.IntArg("tiles", 72))
	mod := h.f.AddUserWithPermissions("mod", discordgo.PermissionManageChannels|fakediscord.DefaultMemberPermissions)
	if m := h.slash(mod, ch, "table", fakediscord.SubCommand("abandon")); !contains(m.Content, "Done: mod abandoned the game.") {
		t.Fatalf("the moderator's /table abandon: %s", m.Content)
	}
	if rows, err := h.store.Leaderboard(h.f.GuildID, ""); err != nil || len(rows) != 0 {
		t.Fatalf("an abandoned game was rated: %+v %v", rows, err)
	}
	if m := h.slash(alice, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france"), fakediscord.StringArg("policy", "auto"),
		fakediscord.StringArg("deadline", "10m"), fakediscord.IntArg("tiles", 72))); !contains(m.Content, "Game opened") {
		t.Fatalf("/carc new after the abandoned game: %s", m.Content)
	}
	h.slash(h.f.AddUser("bea"), ch, "carc", fakediscord.SubCommand("join"))
	h.slash(alice, ch, "carc", fakediscord.SubCommand("start"))
	for n := 0; h.table(ch.ID) != nil; n++ {
		if n > 200 {
			t.Fatal("the game does not end")
		}
		h.clock.Add(11 * time.Minute)
		h.b.FireTimers(h.clock.Now())
	}
	rows, err := h.store.Leaderboard(h.f.GuildID, "france")
	if err != nil || len(rows) != 2 || rows[0].Rating.Games != 1 {
		t.Fatalf("the finished game was not rated: %+v %v", rows, err)
	}
	if text := h.slash(alice, ch, "player", fakediscord.SubCommand("rating")).Content; !contains(text, "provisional: 1 of 5 games") {
		t.Fatalf("/carc rating: %s", text)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
