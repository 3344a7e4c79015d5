package bot

import (
	"sort"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// gameLine is one line of /player games, with what sorts it: the games waiting for the player
// first, the most pressing deadline first.
type gameLine struct {
	yours bool
	due   int64
	text  string
}

// myGames answers /player games: every game of the player in every server the bot is in (their
// own turns first, with their deadlines), the lobbies they sit in, and the games they follow.
func (b *Host) myGames(pr *lang.Printer, userID string) string {
	words := commands.WordsFor(pr.Code())
	var playing, lobbies, followed []gameLine
	for _, e := range b.allGames() {
		e.mu.Lock()
		t := e.table
		link := b.ChannelLink(e.guild, e.place)
		switch {
		case t.Status == table.Lobby && t.Seat(userID) >= 0:
			lobbies = append(lobbies, gameLine{text: pr.N("games_lobby", len(t.Seats), lang.A{"Map": words.MapTitle(t.Entry()), "Link": link})})
		case t.Status == table.Playing && t.Seat(userID) >= 0:
			cur, _ := t.Current()
			l := gameLine{yours: cur.ID == userID}
			a := lang.A{"Map": words.MapTitle(t.Entry()), "Turn": t.Game.Turn, "Player": lang.Name(cur.Name), "Link": link}
			if l.yours {
				l.text = pr.T("games_yours", a)
			} else {
				l.text = pr.T("games_theirs", a)
			}
			if at := b.turnDeadline(e); !at.IsZero() {
				l.due = at.Unix()
				l.text += pr.T("games_ends", lang.A{"When": Stamp(at, "R")})
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
				line := pr.T("games_theirs", lang.A{"Map": words.MapTitle(e.table.Entry()), "Turn": e.table.Game.Turn, "Player": lang.Name(cur.Name),
					"Link": b.ChannelLink(f.Guild, f.Place)})
				e.mu.Unlock()
				if f.EndOnly {
					line += pr.T("games_end_only", nil)
				}
				followed = append(followed, gameLine{text: line})
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
		parts = append(parts, pr.T("games_none", nil))
	} else {
		waiting := 0
		for _, l := range playing {
			if l.yours {
				waiting++
			}
		}
		parts = append(parts, pr.N("games_head", len(playing), lang.A{"Waiting": waiting})+"\n"+lines(playing))
	}
	if len(lobbies) > 0 {
		parts = append(parts, pr.T("games_waiting", nil)+"\n"+lines(lobbies))
	}
	if len(followed) > 0 {
		parts = append(parts, pr.T("games_followed", nil)+"\n"+lines(followed))
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

// GameIn is the id of the game in memory at place, for a log line ("" when none).
func (b *Host) GameIn(place string) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if e := b.places[place]; e != nil {
		return e.id
	}
	return ""
}

// Seated are the tables of the running games where userID sits.
func (b *Host) Seated(userID string) []*table.Table {
	var out []*table.Table
	for _, e := range b.allGames() {
		if !b.lock(e) {
			continue
		}
		if e.table.Status == table.Playing && e.table.Seat(userID) >= 0 {
			out = append(out, e.table)
		}
		b.release(e)
	}
	return out
}

// allGames are the running games and lobbies.
func (b *Host) allGames() []*gameEntry {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]*gameEntry, 0, len(b.games))
	for _, e := range b.games {
		out = append(out, e)
	}
	return out
}
