package script

import (
	"fmt"
	"hash/fnv"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/leaguecmd"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// Leagues at the local table (bot play, table scripts): /league runs against a store in memory
// (leaguecmd.Memory) with the texts Discord shows, and each round's games open as local tables of
// their own, which the script plays after !table GAME-ID (the runner goes to the first of them by
// itself when no game runs at its table). A game's end records its result in the season, and the
// next round starts as on Discord. The local "server" has no Manage Server members: a league's
// creator administers it.

// localGuild and localChannel are where local leagues live.
const (
	localGuild   = "local"
	localChannel = "local"
)

// localLeagues is the league side of a runner: the store and which tables are league games.
type localLeagues struct {
	store leaguecmd.Memory
	// games maps the id of a league game not yet over to its league and season.
	games map[string]leagueGame
}

type leagueGame struct {
	league string
	season int
}

// leagueLine runs one /league input.
func (r *Runner) leagueLine(n int, user, cmd string, in commands.Input) error {
	all, _ := r.leagues.store.Leagues("")
	c := leaguecmd.Context{Store: &r.leagues.store, Guild: localGuild, Channel: localChannel, Now: r.now(), NewID: "L" + strconv.Itoa(len(all)+1),
		Local: true, GuildLocale: r.langs.GuildLocale}
	lr := leaguecmd.Handle(c, in)
	text := localText(lr.Text)
	if lr.File != nil {
		text += "\n" + r.writeFile(lr.File)
	}
	if lr.Standings != nil && r.DrawStandings != nil && r.OutDir != "" {
		png, err := r.DrawStandings(lr.Standings)
		if err != nil {
			return fmt.Errorf("line %d: draw the standings: %w", n, err)
		}
		if err := r.writeImage(n, png); err != nil {
			return err
		}
	}
	reply := commands.Reply{Text: text, OK: lr.OK}
	r.last = &Answer{Accepted: lr.OK, Reply: text}
	if err := r.emit(inputLine{Line: n, User: user, Input: strings.TrimSpace(cmd), OK: lr.OK, Reply: text}, replyText(user, reply)); err != nil {
		return err
	}
	if lr.Start != nil {
		return r.openRound(n, lr.Start)
	}
	return nil
}

// openRound opens the games of a round that has just started as local tables, as the bot opens
// them in threads: the first player opens the table with the league's options, the others join,
// the first starts it. Each game's deal comes from a seed drawn from its id, so that a script
// replays.
func (r *Runner) openRound(n int, start *leaguecmd.RoundStart) error {
	l, s := start.League, start.Season
	var opened []string
	for _, fi := range start.Fixtures {
		f := s.Fixtures[fi]
		user := func(id string) table.User { return table.User{ID: id, Name: s.Name(id)} }
		newIn := commands.Input{User: user(f.Players[0]), Command: "carc", Sub: "new", Local: true, Table: f.GameID, Channel: f.GameID,
			Options: map[string]string{"map": l.Map, "seed": strconv.FormatUint(gameSeed(f.GameID), 10)}}
		for k, v := range l.TableOptions {
			newIn.Options[k] = v
		}
		// The league's mark makes its creator, never the table's first player, the game's
		// administrator, as on Discord.
		creator := table.User{ID: l.Creator, Name: s.Name(l.Creator)}
		mark := table.LeagueGame{ID: l.ID, Name: l.Name, Season: s.Number, Creator: creator, Policy: l.Policy}
		var others []table.User
		for _, p := range f.Players[1:] {
			others = append(others, user(p))
		}
		replies, err := commands.OpenLeagueGame(newIn, mark, others)
		if err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		var t *table.Table
		for _, reply := range replies {
			t = reply.Table
			t.Local = true
			if err := r.remember(t, reply.Step); err != nil {
				return fmt.Errorf("line %d: %w", n, err)
			}
		}
		reply := replies[len(replies)-1]
		if r.leagues.games == nil {
			r.leagues.games = map[string]leagueGame{}
		}
		r.leagues.games[t.ID] = leagueGame{league: l.ID, season: s.Number}
		opened = append(opened, t.ID)
		text := fmt.Sprintf("%s, season %d, round %d, table %d: game %s is open at the local table (!table %s plays at it).\n%s",
			l.Name, s.Number, f.Round, f.Table, t.ID, t.ID, reply.Text)
		if err := r.emit(inputLine{Line: n, User: leagueUser, Input: "(game " + t.ID + ")", OK: true, Reply: text}, text); err != nil {
			return err
		}
		if err := r.image(n, reply); err != nil {
			return err
		}
	}
	if len(opened) > 0 && (r.Table == nil || r.Table.Status != table.Playing) {
		return r.goTo(n, opened[0])
	}
	return nil
}

// leagueUser names the league's own lines in a script's output.
const leagueUser = "league"

// gameSeed is the seed of a local league game's deal, drawn from its id.
func gameSeed(id string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	return h.Sum64()
}

// leagueGameOver records the result of a league game that has just ended and starts the next
// round when it was the last of its round, as the bot does when a game's end is stored. A game
// played to its end counts as played, players who resigned last; an abandoned game is
// adjudicated by the league's rule, as at the round's deadline.
func (r *Runner) leagueGameOver(n int, t *table.Table) error {
	if t == nil {
		return nil
	}
	lg, ok := r.leagues.games[t.ID]
	if !ok || t.Status == table.Playing || t.Status == table.Lobby || t.Game == nil {
		return nil
	}
	delete(r.leagues.games, t.ID)
	store := &r.leagues.store
	l, err := store.League(lg.league)
	if err != nil {
		return fmt.Errorf("line %d: %w", n, err)
	}
	s, err := store.Season(l.ID, lg.season)
	if err != nil {
		return fmt.Errorf("line %d: %w", n, err)
	}
	fi := s.Fixture(t.ID)
	if fi < 0 {
		return fmt.Errorf("line %d: game %s is no fixture of %s's season %d", n, t.ID, l.Name, s.Number)
	}
	scores, places, status, err := fixtureResult(l, s.Fixtures[fi], t)
	if err != nil {
		return fmt.Errorf("line %d: %w", n, err)
	}
	now := r.now()
	if err := s.Record(fi, status, scores, places, now); err != nil {
		return fmt.Errorf("line %d: %w", n, err)
	}
	if err := store.SaveLeague(l, s); err != nil {
		return fmt.Errorf("line %d: %w", n, err)
	}
	f := s.Fixtures[fi]
	order := make([]int, len(f.Players))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return f.Places[a] - f.Places[b] })
	results := make([]string, len(order))
	for k, i := range order {
		results[k] = fmt.Sprintf("%d. %s %d", f.Places[i], s.Name(f.Players[i]), f.Scores[i])
	}
	text := fmt.Sprintf("%s, season %d: game %s (round %d, table %d) is %s: %s.", l.Name, s.Number, t.ID, f.Round, f.Table, f.Status,
		strings.Join(results, ", "))
	if err := r.emit(inputLine{Line: n, User: leagueUser, Input: "(result)", OK: true, Reply: text}, text); err != nil {
		return err
	}
	c := leaguecmd.Context{Store: store, Guild: localGuild, Channel: localChannel, Now: now, Local: true, GuildLocale: r.langs.GuildLocale}
	if next, ok := leaguecmd.StartNextRound(c, l, s); ok {
		text := localText(next.Text)
		if err := r.emit(inputLine{Line: n, User: leagueUser, Input: "(next round)", OK: true, Reply: text}, text); err != nil {
			return err
		}
		return r.openRound(n, next.Start)
	}
	if l.Status == league.Running && s.Over(&l) && s.Ended.IsZero() {
		s.Ended = now
		if err := store.SaveLeague(l, s); err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		text := leaguecmd.SeasonOverText(c, l, s)
		return r.emit(inputLine{Line: n, User: leagueUser, Input: "(season)", OK: true, Reply: text}, text)
	}
	return nil
}

// fixtureResult is a league game's result in the order of its fixture's players: the scores, the
// places and whether it was played or adjudicated (commands.AdjudicatedPlaces, as the bot does).
func fixtureResult(l league.League, f league.Fixture, t *table.Table) ([]int, []int, league.FixtureStatus, error) {
	scores := make([]int, len(t.Seats))
	out := make([]bool, len(t.Seats))
	for i := range t.Seats {
		scores[i] = t.Game.Players[i].Score
		out[i] = t.Game.Players[i].Resigned || t.LeftBy(i).ID != ""
	}
	places, status := league.PlacesLast(scores, out), league.Finished
	if t.Status == table.Abandoned {
		var err error
		if places, err = commands.AdjudicatedPlaces(t, l.Policy); err != nil {
			return nil, nil, "", err
		}
		status = league.Adjudicated
	}
	fs, fp := make([]int, len(f.Players)), make([]int, len(f.Players))
	for i, p := range f.Players {
		seat := slices.IndexFunc(t.Seats, func(u table.User) bool { return u.ID == p })
		if seat < 0 {
			seat = slices.IndexFunc(t.Left, func(u table.User) bool { return u.ID == p })
		}
		if seat < 0 {
			return nil, nil, "", fmt.Errorf("%s of game %s has no seat at its table", p, t.ID)
		}
		fs[i], fp[i] = scores[seat], places[seat]
	}
	return fs, fp, status, nil
}

// discordMarkup are the mentions and dates of Discord's message syntax.
var discordMarkup = regexp.MustCompile(`<(@!?|#)([^>\s]+)>|<t:(-?\d+)(:[a-zA-Z])?>`)

// localText writes Discord's markup for the terminal: a mention as the name (local ids are
// names), a date in UTC.
func localText(s string) string {
	return discordMarkup.ReplaceAllStringFunc(s, func(m string) string {
		p := discordMarkup.FindStringSubmatch(m)
		if p[3] == "" {
			return p[2]
		}
		sec, err := strconv.ParseInt(p[3], 10, 64)
		if err != nil {
			return m
		}
		return time.Unix(sec, 0).UTC().Format("2006-01-02 15:04 UTC")
	})
}
