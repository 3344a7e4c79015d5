package follow_test

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/follow"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/hosttest"
)

// The three turns of ann and bob's short game (hosttest.ShortGame): ann's, bob's, and ann's
// last, which ends it.
const (
	annPlaces  = "ann: /place square:DK114 rotation:180 meeple:none"
	bobPlaces  = "bob: /place square:DK116 rotation:0 meeple:none"
	annLastOne = "ann: /place square:DK113 rotation:0 meeple:none"
)

// shortGame is a local table with the follows feature alone, where ann and bob play a classic game
// of three tiles at the table's place (local).
func shortGame(t *testing.T) *hosttest.Table {
	t.Helper()
	x := hosttest.New(t, follow.New())
	x.ShortGame("ann", "bob")
	return x
}

// body is what a follower's DM tells of the game, without its head line (the map and the link).
func body(dm string) string {
	_, rest, _ := strings.Cut(dm, "\n")
	return rest
}

// TestAFollowerHearsWhatTheChannelHears: a follower by DM (when:turns, the default) is sent each
// turn as the game's channel read it, and the end; a follower of the end (when:end) only the end;
// one who stopped (when:off) nothing more. A DM tells nothing the channel was not told: no tile
// to come, no hidden chip, no deal before the end.
func TestAFollowerHearsWhatTheChannelHears(t *testing.T) {
	x := shortGame(t)
	said := x.Do("cid: /player follow")
	if a := said.Answer().Reply; a != "You follow this game: a DM at every turn, and at its end. /player follow when:off stops it." {
		t.Errorf("the follow is answered %q", a)
	}
	if dms := said.DMs("cid"); len(dms) != 1 || dms[0] != "You follow a game of Classic (open table): local. Its turns come here." {
		t.Errorf("the follow is confirmed by %q", dms)
	}
	x.Do("dan: /player follow when:end")
	x.Do("eve: /player follow")
	if got := x.Do("eve: /player follow when:off").Answer().Reply; got != "You no longer follow this game." {
		t.Errorf("when:off is answered %q", got)
	}
	for _, c := range []struct {
		line      string
		cid, dan  int // the DMs each follower is sent
		end       bool
		seenByCid string
	}{
		{annPlaces, 1, 0, false, "ann placed D on DK114 at 180°."},
		{bobPlaces, 1, 0, false, "bob placed U on DK116 at 0°."},
		{annLastOne, 1, 1, true, "The game is over."},
	} {
		said := x.Do(c.line)
		channel := said.Answer().Reply
		cid, dan := said.DMs("cid"), said.DMs("dan")
		if len(cid) != c.cid || len(dan) != c.dan || len(said.DMs("eve")) != 0 || len(said.DMs("ann"))+len(said.DMs("bob")) != 0 {
			t.Fatalf("%s: DMs to cid %q, dan %q, eve %q, the players %q %q", c.line, cid, dan, said.DMs("eve"), said.DMs("ann"), said.DMs("bob"))
		}
		for _, dm := range append(cid, dan...) {
			if b := body(dm); b == "" || !strings.Contains(channel, b) {
				t.Errorf("%s: a follower is told %q, which the channel was not told:\n%s", c.line, b, channel)
			}
			if head := strings.SplitN(dm, "\n", 2)[0]; c.end != strings.HasPrefix(head, "The game of Classic (open table) you follow is over") {
				t.Errorf("%s: a follower's DM is headed %q", c.line, head)
			}
		}
		if !strings.Contains(cid[0], c.seenByCid) {
			t.Errorf("%s: cid is told %q, want %q", c.line, cid[0], c.seenByCid)
		}
	}
	p, err := x.Store().PlayerSettings("cid")
	if err != nil || len(p.Follows) != 0 {
		t.Errorf("cid still follows the ended game: %+v (%v)", p.Follows, err)
	}
}

// TestAFollowThatCannotBeIsRefusedWithItsReason: one follows only a game one may read: at its
// channel, or elsewhere with its page's link, never with its bare id; nobody follows their own
// game, nor a place with no game; a wrong option says what is right. Nothing is followed.
func TestAFollowThatCannotBeIsRefusedWithItsReason(t *testing.T) {
	for _, c := range []struct {
		rule, place, line, want string
		dmsClosed               bool // cid closed their DMs
	}{
		{"a game's bare id shows nothing", "elsewhere", "cid: /player follow game:GAME",
			"game:GAME is not a link: a game's id alone does not show that you may read the game.", false},
		{"a link must open the game's page", "elsewhere", "cid: /player follow game:https://carc.example/g/GAME/forged",
			"That link does not open a game's page: it was revoked, mistyped or never given out, so nothing was followed.", false},
		{"a place with no game has nothing to follow", "elsewhere", "cid: /player follow",
			"Use /player follow in the channel (or thread) of a running game, or anywhere with the link of its page", false},
		{"a player does not follow their own game", "", "ann: /player follow", "You play in this game: your own turns come as you chose", false},
		{"when: is turns, end or off", "", "cid: /player follow when:sometimes", "when:sometimes: use turns (every turn and the end), end (the end only) or off.", false},
		{"off stops a follow there is", "", "cid: /player follow when:off", "You do not follow this game.", false},
		{"channel: names a thread's channel", "", "cid: /player follow channel:#games", "channel: names where the followers' thread opens", false},
		{"a follow by DM needs open DMs", "", "cid: /player follow",
			"I cannot send you direct messages, so you cannot follow games by DM. Allow direct messages from this server's members, or follow in a thread", true},
	} {
		t.Run(c.rule, func(t *testing.T) {
			t.Parallel()
			x := shortGame(t)
			if _, err := x.Host.Web("", "https://carc.example"); err != nil {
				t.Fatal(err)
			}
			id := x.Game().ID
			if c.dmsClosed {
				x.CloseDMs("cid")
			}
			if c.place != "" {
				x.Go(c.place)
			}
			line := strings.ReplaceAll(c.line, "GAME", id)
			if got, want := x.Refused(line), strings.ReplaceAll(c.want, "GAME", id); !strings.Contains(got, want) {
				t.Errorf("refused with %q, want %q", got, want)
			}
			for _, u := range []string{"ann", "cid"} {
				if p, err := x.Store().PlayerSettings(u); err != nil || len(p.Follows) != 0 {
					t.Errorf("%s follows %+v (%v)", u, p.Follows, err)
				}
			}
		})
	}
}

// TestTheLinkOfAGamesPageFollowsItFromAnywhere: with the link its players share (that /carc board
// gives), a member follows a game from another channel, and hears its turns.
func TestTheLinkOfAGamesPageFollowsItFromAnywhere(t *testing.T) {
	x := shortGame(t)
	if _, err := x.Host.Web("", "https://carc.example"); err != nil {
		t.Fatal(err)
	}
	board := x.Do("ann: /carc board").Answer().Reply
	i := strings.Index(board, "https://carc.example/")
	if i < 0 {
		t.Fatalf("/carc board gives no link to the game's page: %s", board)
	}
	link := strings.Fields(board[i:])[0]
	x.Go("elsewhere")
	if got := x.Do("cid: /player follow game:" + link).Answer().Reply; !strings.HasPrefix(got, "You follow this game: a DM at every turn") {
		t.Errorf("the follow by link is answered %q", got)
	}
	x.Go("local")
	if dms := x.Do(annPlaces).DMs("cid"); len(dms) != 1 || !strings.Contains(dms[0], "ann placed D on DK114 at 180°.") {
		t.Errorf("the follower by link is told %q", dms)
	}
}
