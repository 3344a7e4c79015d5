package leagues

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// Context is where a /league command runs.
type Context struct {
	Store   Store
	Guild   string
	Channel string
	Now     time.Time
	// Manager is true for members with Manage Server, who administer every league of the server
	// (besides each league's creator).
	Manager bool
	// NewID is the id /league create gives the league (the bot derives it from the interaction).
	NewID string
	// Prepared is the season PrepareStart scheduled before the caller took its league lock. /league
	// start takes it if the league still has exactly those members, and schedules again if not.
	Prepared *league.Season
}

// Reply is the answer to a /league command.
type Reply struct {
	Text string
	// Public replies are posted for the channel; the others only to the caller.
	Public bool
	OK     bool
	// File is an attachment (the CSV of /league export).
	File *commands.File
	// Standings asks for the picture of the standings (/league standings), drawn by the bot.
	Standings *StandingsPicture
	// Start asks the bot to open the games of a round that has just started, in this order.
	Start *RoundStart
	// League is the id of the league a view shows (standings, schedule), so that the bot can
	// link to its web page.
	League string
}

// RoundStart is a round to open: the league and season as saved, and the fixtures to play.
type RoundStart struct {
	League   league.League
	Season   league.Season
	Fixtures []int
}

// leagueTableOptions are the /carc new options a league passes on to each of its games.
var leagueTableOptions = []string{"deadline", "policy", "tiles", "expansions", "rules", "meeples", "missed",
	"order", "hints", "leaving", "vacations", "bank", "increment"}

// DefaultRoundDeadline is how long a league round lasts unless the league says otherwise.
const DefaultRoundDeadline = 7 * 24 * time.Hour

func fail(format string, a ...any) Reply {
	return Reply{Text: commands.Sentence(fmt.Sprintf(format, a...))}
}

// Handle runs one /league command.
func Handle(c Context, in commands.Input) Reply {
	if c.Guild == "" {
		return fail("Leagues live in a server: use /league in one of its channels")
	}
	sub, ok := commands.Lookup(subs, in.Sub)
	if !ok {
		return fail("/league %s is not a subcommand: use %s", game.Echo(in.Sub), commands.Names(subs))
	}
	if sub.run == nil {
		return leagueCreate(c, in)
	}
	l, err := findLeague(c, in.Options["league"])
	if err != nil {
		return fail("%v", err)
	}
	if sub.admin && !c.Manager && in.User.ID != l.Creator {
		return fail("Only %s's creator or a member with Manage Server can use /league %s", l.Name, in.Sub)
	}
	// Only the seasons a command needs are read: a season of thousands of games is the costly
	// part of a league.
	var season *league.Season
	if sub.admin {
		switch s, err := c.Store.Season(l.ID, l.Season); {
		case err == nil:
			season = &s
		case !c.Store.NotFound(err):
			return fail("The season of %s could not be read: %s", l.Name, c.Store.ForPlayers(err))
		}
	}
	return sub.run(c, l, season, in)
}

// findLeague picks the league a command means: the one named, else the server's only league not
// ended (its only league at all when every one has ended), else the one of this channel.
func findLeague(c Context, name string) (league.League, error) {
	all, err := c.Store.Leagues(c.Guild)
	if err != nil {
		return league.League{}, fmt.Errorf("the leagues could not be read: %s", c.Store.ForPlayers(err))
	}
	var pick []league.League
	for _, l := range all {
		if name != "" && strings.EqualFold(l.Name, name) {
			pick = []league.League{l}
			break
		}
		if name == "" && l.Status != league.Ended {
			pick = append(pick, l)
		}
	}
	if name == "" && len(pick) == 0 {
		pick = all // between seasons a league is ended, and still the one meant
	}
	if len(pick) > 1 {
		here := slices.IndexFunc(pick, func(l league.League) bool { return l.Channel == c.Channel })
		if here < 0 {
			return league.League{}, fmt.Errorf("this server runs %d leagues: say which with league:<name> (%s)", len(pick), leagueNames(pick))
		}
		pick = pick[here : here+1]
	}
	if len(pick) == 0 {
		if name != "" {
			return league.League{}, fmt.Errorf("no league is called %q here: the leagues are %s", game.Echo(name), leagueNames(all))
		}
		return league.League{}, fmt.Errorf("no league is running here: create one with /league create name:<text> map:%s", commands.DefaultMap)
	}
	return pick[0], nil
}

func leagueNames(ls []league.League) string {
	if len(ls) == 0 {
		return "none yet"
	}
	names := make([]string, len(ls))
	for i, l := range ls {
		names[i] = l.Name
	}
	return strings.Join(names, ", ")
}

func save(c Context, l league.League, seasons ...league.Season) error {
	if err := c.Store.SaveLeague(l, seasons...); err != nil {
		return fmt.Errorf("the league could not be saved: %s", c.Store.ForPlayers(err))
	}
	return nil
}

func leagueCreate(c Context, in commands.Input) Reply {
	name := strings.TrimSpace(in.Options["name"])
	if name == "" || len([]rune(name)) > 50 {
		return fail("A league needs a name of 1 to 50 characters: /league create name:<text>")
	}
	all, err := c.Store.Leagues(c.Guild)
	if err != nil {
		return fail("The leagues could not be read: %s", c.Store.ForPlayers(err))
	}
	if slices.ContainsFunc(all, func(l league.League) bool { return strings.EqualFold(l.Name, name) }) {
		return fail("A league called %s exists already: choose another name, or start its next season with /league season new", name)
	}
	l := league.League{ID: c.NewID, Guild: c.Guild, Channel: c.Channel, Name: name, Creator: in.User.ID, Map: commands.DefaultMap,
		Format: league.RoundRobin, TableSize: 2, Policy: league.PolicyScoreStands, RoundDeadline: DefaultRoundDeadline,
		Members: []league.Member{{ID: in.User.ID, Name: in.User.Name}}, Status: league.Open, Season: 1, Created: c.Now,
		TableOptions: map[string]string{}}
	if v, ok := in.Options["map"]; ok {
		l.Map = v
	}
	if e, err := variants.Lookup(l.Map); err != nil || e.Test {
		return fail("map:%s is not a map: choose %s", game.Echo(l.Map), strings.Join(variants.IDs(false), ", "))
	}
	if v, ok := in.Options["format"]; ok {
		l.Format = league.Format(strings.ToLower(v))
		if !slices.Contains(league.Formats, l.Format) {
			return fail("format:%s: choose round-robin, double-round-robin, swiss, cup (knock-out) or double-elimination (a knock-out cup out at the second loss)", game.Echo(v))
		}
	}
	if v, ok := in.Options["players"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < league.MinTableSize || n > league.MaxTableSize {
			return fail("players:%s: a league game seats %d to %d players", game.Echo(v), league.MinTableSize, league.MaxTableSize)
		}
		l.TableSize = n
	}
	if knockOut(l.Format) && l.TableSize != 2 {
		return fail("players:%d: a cup (knock-out) plays games of two", l.TableSize)
	}
	if v, ok := in.Options["reset"]; ok {
		if l.Format != league.DoubleCup || v != "true" && v != "false" {
			return fail("reset:%s: only a double-elimination league chooses its grand final: reset:true (a deciding game if the losers' bracket winner wins it, the default) or reset:false (one game)", game.Echo(v))
		}
		l.NoReset = v == "false"
	}
	if l.Format == league.Swiss {
		l.Rounds = 5
	}
	if v, ok := in.Options["rounds"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 30 || l.Format != league.Swiss {
			return fail("rounds:%s: only a swiss league chooses its rounds, 1 to 30 (a round-robin plays everyone once)", game.Echo(v))
		}
		l.Rounds = n
	}
	if v, ok := in.Options["round"]; ok {
		d, err := commands.ParseDuration(v)
		if err != nil || d < time.Hour {
			return fail("round:%s: write how long a round lasts, like 7d or 3d12h, between 1 hour and 30 days", game.Echo(v))
		}
		l.RoundDeadline = d
	}
	if v, ok := in.Options["next"]; ok {
		l.Next = league.Next(strings.ToLower(v))
		if l.Next != league.NextWhenPlayed && l.Next != league.NextOnDate {
			return fail("next:%s: the next round starts when the last game of the round ends (ends) or on the round's date, one round length after the last (date)", game.Echo(v))
		}
	}
	if v, ok := in.Options["dates"]; ok {
		dates, err := roundDates(v, c.Now)
		if err != nil {
			return fail("%v", err)
		}
		if _, chosen := in.Options["next"]; chosen && !l.OnDates() {
			return fail("dates:%s: rounds with dates start on their dates: leave out next:ends (or choose next:date)", game.Echo(v))
		}
		l.Next, l.RoundDates = league.NextOnDate, dates
	}
	if v, ok := in.Options["adjudicate"]; ok {
		l.Policy = league.Policy(strings.ToLower(v))
		if l.Policy != league.PolicyScoreStands && l.Policy != league.PolicyForfeit {
			return fail("adjudicate:%s: a game unfinished at the round's deadline ends as the score stands (score) or lost by the player who let it run out (forfeit)", game.Echo(v))
		}
	}
	if v, ok := in.Options["rated"]; ok {
		return fail("rated:%s: league games are always rated, so a league takes no rated option", game.Echo(v))
	}
	// The table options are those of /carc new, checked by /carc new itself.
	table := commands.Input{User: in.User, Command: "carc", Sub: "new", Options: map[string]string{"map": l.Map}}
	for _, k := range leagueTableOptions {
		if v, ok := in.Options[k]; ok {
			table.Options[k], l.TableOptions[k] = v, v
		}
	}
	if r := commands.Handle(nil, table); !r.OK {
		return fail("%s", r.Text)
	}
	if err := l.Check(); err != nil {
		return fail("%v", err)
	}
	if err := save(c, l); err != nil {
		return fail("%v", err)
	}
	return Reply{OK: true, Public: true, Text: fmt.Sprintf("New league %s (id %s): %s, %s, %s, rounds of %s (then %s; %s). %s is a member; others join with /league join, then %s starts it with /league start.",
		l.Name, l.ID, variantTitle(l.Map), formatText(l), commands.Plural(l.TableSize, "player", "players")+" a game", commands.FormatDuration(l.RoundDeadline),
		policyText(l.Policy), nextText(l), in.User.Name, in.User.Name)}
}

// maxRoundDates bounds the dates a league lists.
const maxRoundDates = 60

// roundDates reads dates:"2026-12-06 2026-12-13": each round's last day (UTC), in order and to
// come; a round ends at the end of its day.
func roundDates(v string, now time.Time) ([]time.Time, error) {
	fields := strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == ',' })
	if len(fields) == 0 || len(fields) > maxRoundDates {
		return nil, fmt.Errorf("dates:%s: list each round's last day, like 2026-12-06 2026-12-13 (1 to %d days, UTC)", game.Echo(v), maxRoundDates)
	}
	var out []time.Time
	for i, f := range fields {
		d, err := time.Parse("2006-01-02", f)
		if err != nil {
			return nil, fmt.Errorf("dates: %s is not a day: write days as 2026-12-06 (year-month-day)", game.Echo(f))
		}
		end := d.AddDate(0, 0, 1)
		switch {
		case !end.After(now):
			return nil, fmt.Errorf("dates: round %d's day %s has passed", i+1, f)
		case i > 0 && !end.After(out[i-1]):
			return nil, fmt.Errorf("dates: round %d's day %s does not come after round %d's", i+1, f, i)
		}
		out = append(out, end)
	}
	return out, nil
}

func variantTitle(id string) string {
	if e, err := variants.Lookup(id); err == nil {
		return e.Title
	}
	return id
}

func formatText(l league.League) string {
	switch {
	case l.Format == league.Cup:
		return "knock-out cup seeded by rating"
	case l.Format == league.DoubleCup && l.NoReset:
		return "double elimination cup seeded by rating, the grand final one game"
	case l.Format == league.DoubleCup:
		return "double elimination cup seeded by rating, with a deciding game if the losers' bracket winner wins the grand final"
	}
	if l.Format == league.Swiss {
		return fmt.Sprintf("swiss, %s", commands.Plural(l.Rounds, "round", "rounds"))
	}
	return string(l.Format)
}

func nextText(l league.League) string {
	if l.OnDates() && len(l.RoundDates) > 0 {
		days := make([]string, len(l.RoundDates))
		for i, d := range l.RoundDates {
			days[i] = fmt.Sprintf("%d: <t:%d:d>", i+1, d.Unix())
		}
		return "the rounds end on their dates (round " + strings.Join(days, ", ") + "), later ones " + commands.FormatDuration(l.RoundDeadline) + " apart"
	}
	if l.OnDates() {
		return "each round starts on its date, " + commands.FormatDuration(l.RoundDeadline) + " after the last"
	}
	return "the next round starts when the last game of a round ends"
}

func policyText(p league.Policy) string {
	if p == league.PolicyForfeit {
		return "an unfinished game is lost by the player whose turn it is"
	}
	return "an unfinished game ends as the score stands"
}

func leagueJoin(c Context, l league.League, u table.User) Reply {
	if l.Status != league.Open {
		return fail("%s is %s: members join between seasons (after /league end and /league season new)", l.Name, l.Status)
	}
	if l.Member(u.ID) >= 0 {
		return fail("You are already a member of %s (%s)", l.Name, commands.Plural(len(l.Members), "member", "members"))
	}
	if len(l.Members) >= league.MaxMembers {
		return fail("%s is full: a league takes at most %s. A server runs as many leagues as it likes: ask an administrator to open another with /league create",
			l.Name, commands.Plural(league.MaxMembers, "member", "members"))
	}
	l.Members = append(l.Members, league.Member{ID: u.ID, Name: u.Name})
	if err := save(c, l); err != nil {
		return fail("%v", err)
	}
	return Reply{OK: true, Public: true, Text: fmt.Sprintf("%s joined %s: %s.", u.Name, l.Name, commands.Plural(len(l.Members), "member", "members"))}
}

func leagueLeave(c Context, l league.League, u table.User) Reply {
	i := l.Member(u.ID)
	if i < 0 {
		return fail("You are not a member of %s", l.Name)
	}
	if l.Status != league.Open {
		return fail("%s has started: you can no longer leave it; ask its creator to /league kick you", l.Name)
	}
	l.Members = slices.Delete(l.Members, i, i+1)
	if err := save(c, l); err != nil {
		return fail("%v", err)
	}
	return Reply{OK: true, Public: true, Text: fmt.Sprintf("%s left %s: %s.", u.Name, l.Name, commands.Plural(len(l.Members), "member", "members"))}
}

// leagueStart starts the season (its first round) or its next round, and saves the fixtures with
// their game ids before any game is opened: a restart finds every game it must still open.
func leagueStart(c Context, l league.League, s *league.Season) Reply {
	switch l.Status {
	case league.Paused:
		return fail("%s is paused: /league resume it first", l.Name)
	case league.Ended:
		return fail("%s's season %d is over: /league season new starts the next", l.Name, l.Season)
	}
	if l.Status == league.Open {
		if len(l.Members) < 2 {
			return fail("%s needs at least 2 members to start; it has %s. Others join with /league join", l.Name, commands.Plural(len(l.Members), "member", "members"))
		}
		ns, err := newSeason(c, l)
		if err != nil {
			return fail("The season cannot start: %v", err)
		}
		s = &ns
		l.Status = league.Running
	}
	idx, err := s.StartRound(&l, c.Now)
	if err != nil {
		return fail("The next round cannot start: %v", err)
	}
	for _, i := range idx {
		f := &s.Fixtures[i]
		f.GameID = fmt.Sprintf("%s-s%d-r%d-t%d", l.ID, s.Number, f.Round, f.Table)
	}
	if err := save(c, l, *s); err != nil {
		return fail("%v", err)
	}
	return Reply{OK: true, Public: true, Text: roundText(l, *s), Start: &RoundStart{League: l, Season: *s, Fixtures: idx}}
}

// PrepareStart schedules the season a /league start would start now, for the caller to pass as
// Context.Prepared: a round-robin of a thousand members is the costly part of the command,
// and is better done before the caller takes the lock that every league command and league timer
// shares. Nil when the command would not start a season (another subcommand, a caller who may not
// start it, a league already running).
func PrepareStart(c Context, in commands.Input) *league.Season {
	if c.Guild == "" || in.Sub != "start" {
		return nil
	}
	l, err := findLeague(c, in.Options["league"])
	if err != nil || l.Status != league.Open || len(l.Members) < 2 || !(c.Manager || in.User.ID == l.Creator) {
		return nil
	}
	l = seeded(c, l)
	s, err := league.NewSeason(&l, l.Season)
	if err != nil {
		return nil
	}
	return &s
}

// ratings is what seeding a cup needs of the store.
type ratings interface {
	Rating(guild, mapID, user string) (league.Rating, error)
}

// knockOut tells the cups apart from the leagues where everyone plays every round.
func knockOut(f league.Format) bool { return f == league.Cup || f == league.DoubleCup }

// seeded orders a cup's members by their rating in the server, best first (the shown rating,
// μ − 3σ; members without one keep the order they joined in, after those with one). Other formats
// keep the joining order.
func seeded(c Context, l league.League) league.League {
	rs, ok := c.Store.(ratings)
	if !knockOut(l.Format) || !ok {
		return l
	}
	shown := map[string]float64{}
	for _, m := range l.Members {
		if r, err := rs.Rating(c.Guild, "", m.ID); err == nil && r.Games > 0 {
			shown[m.ID] = r.Shown()
		} else {
			shown[m.ID] = math.Inf(-1)
		}
	}
	l.Members = slices.Clone(l.Members)
	slices.SortStableFunc(l.Members, func(a, b league.Member) int { return cmp.Compare(shown[b.ID], shown[a.ID]) })
	return l
}

// newSeason is the season l starts: the prepared one when it was scheduled for these members.
func newSeason(c Context, l league.League) (league.Season, error) {
	l = seeded(c, l)
	if p := c.Prepared; p != nil && p.League == l.ID && p.Number == l.Season && slices.Equal(p.Members, l.Members) {
		return *p, nil
	}
	return league.NewSeason(&l, l.Season)
}

// StartNextRound starts the next round of a running league whose round is over (the bot calls
// it when a round's last game ends or its deadline passes). ok is false when there is nothing to
// start: the league is paused, the season is over, or a league on dates waits for the round's date.
func StartNextRound(c Context, l league.League, s league.Season) (Reply, bool) {
	if l.Status != league.Running || !s.NextRoundDue(&l, c.Now) {
		return Reply{}, false
	}
	r := leagueStart(c, l, &s)
	return r, r.OK
}

// roundText announces a round: its tables and byes.
func roundText(l league.League, s league.Season) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, season %d: round %d of %d has started; it ends <t:%d:f>.", l.Name, s.Number, s.Started, s.TotalRounds(&l), s.Deadline.Unix())
	if l.OnDates() && s.Started < s.TotalRounds(&l) {
		fmt.Fprintf(&b, " Round %d starts then.", s.Started+1)
	}
	for _, f := range s.Fixtures {
		if f.Round == s.Started {
			fmt.Fprintf(&b, "\nTable %d%s: %s", f.Table, stageText(f.Stage), mentions(f.Players))
		}
	}
	if byes := s.Rounds[s.Started-1].Byes; len(byes) > 0 {
		fmt.Fprintf(&b, "\nBye (worth a win): %s", mentions(byes))
	}
	return b.String()
}

func mentions(ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = "<@" + id + ">"
	}
	return strings.Join(out, ", ")
}

func leagueKick(c Context, l league.League, s *league.Season, who string) Reply {
	id := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(who), "<@"), "!"), ">")
	i := slices.IndexFunc(l.Members, func(m league.Member) bool { return m.ID == id || strings.EqualFold(m.Name, id) })
	if i < 0 {
		return fail("%s is not a member of %s: the members are %s", game.Echo(who), l.Name, memberNames(l.Members))
	}
	m := l.Members[i]
	l.Members = slices.Delete(l.Members, i, i+1)
	var seasons []league.Season
	if s != nil && l.Status != league.Open {
		s.Kick(m.ID)
		seasons = append(seasons, *s)
	}
	if err := save(c, l, seasons...); err != nil {
		return fail("%v", err)
	}
	return Reply{OK: true, Public: true, Text: fmt.Sprintf("%s is no longer a member of %s; the games already running go on, and the standings leave them out.", m.Name, l.Name)}
}

func memberNames(ms []league.Member) string {
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.Name
	}
	return strings.Join(names, ", ")
}

func leagueStatus(c Context, l league.League, s *league.Season, in commands.Input) Reply {
	sub := in.Sub
	var seasons []league.Season
	switch {
	case sub == "pause" && l.Status == league.Running:
		l.Status = league.Paused
	case sub == "resume" && l.Status == league.Paused:
		l.Status = league.Running
		if s != nil && !s.RoundOver() && s.Deadline.Before(c.Now) {
			// The time spent paused does not count against the running round.
			s.Deadline = c.Now.Add(l.RoundDeadline)
			seasons = append(seasons, *s)
		}
	case sub == "end" && l.Status != league.Ended:
		l.Status = league.Ended
		if s != nil {
			s.Ended = c.Now
			seasons = append(seasons, *s)
		}
	default:
		return fail("%s is %s, so /league %s does nothing: %s", l.Name, l.Status, sub, map[league.Status]string{
			league.Open: "/league start starts it", league.Running: "/league pause or /league end",
			league.Paused: "/league resume or /league end", league.Ended: "/league season new starts the next season"}[l.Status])
	}
	if err := save(c, l, seasons...); err != nil {
		return fail("%v", err)
	}
	text := map[string]string{"pause": "%s is paused: no round starts and no deadline is enforced until /league resume.",
		"resume": "%s is running again.", "end": "%s's season is over; the standings stay readable with /league standings."}[sub]
	return Reply{OK: true, Public: true, Text: fmt.Sprintf(text, l.Name)}
}

func leagueSeasonNew(c Context, l league.League) Reply {
	if l.Status != league.Ended {
		return fail("%s's season %d is %s: /league end it before starting the next", l.Name, l.Season, l.Status)
	}
	l.Season++
	l.Status = league.Open
	if err := save(c, l); err != nil {
		return fail("%v", err)
	}
	return Reply{OK: true, Public: true, Text: fmt.Sprintf("%s, season %d: the same %s; members join or leave now, then /league start. Past seasons stay readable with season:<n>.",
		l.Name, l.Season, commands.Plural(len(l.Members), "member", "members"))}
}
