package bot

import (
	"fmt"
	"sort"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// gameLine is one line of /carc me games, with what sorts it: the games waiting for the player
// first, the most pressing deadline first.
type gameLine struct {
	yours bool
	due   int64
	text  string
}

// myGames answers /carc me games: every game of the player in every server the bot is in (their
// own turns first, with their deadlines), the lobbies they sit in, and the games they follow.
func (b *Bot) myGames(userID string) string {
	var playing, lobbies, followed []gameLine
	for _, e := range b.allGames() {
		e.mu.Lock()
		t := e.table
		link := channelLink(e.guild, e.place)
		switch {
		case t.Status == table.Lobby && t.Seat(userID) >= 0:
			lobbies = append(lobbies, gameLine{text: fmt.Sprintf("%s lobby: %s (%d seated)", t.Entry().Title, link, len(t.Seats))})
		case t.Status == table.Playing && t.Seat(userID) >= 0:
			cur, _ := t.Current()
			l := gameLine{yours: cur.ID == userID}
			whose := cur.Name + "'s turn"
			if l.yours {
				whose = "your turn"
			}
			l.text = fmt.Sprintf("%s, turn %d, %s: %s", t.Entry().Title, t.Game.Turn, whose, link)
			if at := b.turnDeadline(e); !at.IsZero() {
				l.due = at.Unix()
				l.text += ", ends " + stamp(at, "R")
			}
			playing = append(playing, l)
		}
		e.mu.Unlock()
	}
	p, err := b.store.PlayerSettings(userID)
	if err == nil {
		for _, f := range p.Follows {
			if e := b.running(f.GameID); e != nil {
				e.mu.Lock()
				cur, _ := e.table.Current()
				line := fmt.Sprintf("%s, turn %d, %s's turn: %s", f.Title, e.table.Game.Turn, cur.Name, channelLink(f.Guild, f.Place))
				e.mu.Unlock()
				followed = append(followed, gameLine{text: line + followWhen(f)})
			}
		}
	}
	sort.SliceStable(playing, func(i, j int) bool {
		if playing[i].yours != playing[j].yours {
			return playing[i].yours
		}
		return playing[i].due < playing[j].due
	})
	var parts []string
	if len(playing) == 0 {
		parts = append(parts, "You play in no running game.")
	} else {
		waiting := 0
		for _, l := range playing {
			if l.yours {
				waiting++
			}
		}
		parts = append(parts, fmt.Sprintf("Your games (%d, your turn in %d):\n%s", len(playing), waiting, lines(playing)))
	}
	if len(lobbies) > 0 {
		parts = append(parts, "Waiting to start:\n"+lines(lobbies))
	}
	if len(followed) > 0 {
		parts = append(parts, "Games you follow:\n"+lines(followed))
	}
	return strings.Join(parts, "\n")
}

func lines(ls []gameLine) string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = "- " + l.text
	}
	return strings.Join(out, "\n")
}

func followWhen(f storage.Follow) string {
	if f.EndOnly {
		return " (its end only)"
	}
	return ""
}
