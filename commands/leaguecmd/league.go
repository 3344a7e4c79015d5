package leaguecmd

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
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
	// GuildLocale is the server's language as last known, for what a league posts with no
	// command behind it (StartNextRound); a command's own guild_locale wins over it.
	GuildLocale string
	// Local is true in local play, whose readers type the commands as declared.
	Local bool

	own, public *lang.Printer // the caller's language and the league channel's (speaking)
}

// speaking sets the languages of a command's replies: the caller's own for what only they read,
// the server's for what the league's channel reads.
func (c Context) speaking(in commands.Input) Context {
	guild := in.GuildLocale
	if guild == "" {
		guild = c.GuildLocale
	}
	c.own, c.public = lang.For(lang.Private(in.Language, in.Locale)), lang.For(lang.Public("", guild))
	if c.Local || in.Local {
		c.own, c.public = c.own.Typed(), c.public.Typed()
	}
	return c
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

// refuse is the error of message id with its values: the command layer's refusal, written in
// its reader's language.
func refuse(id string, a lang.A) error { return commands.Refusal(id, a) }

// fail refuses a command with message id, in the caller's language.
func fail(c Context, id string, a lang.A) Reply {
	return Reply{Text: commands.SentenceOf(c.own, id, a)}
}

// failErr refuses a command with an error, in the caller's language where the catalogues wrote it.
func failErr(c Context, err error) Reply {
	return Reply{Text: commands.ErrorTextIn(c.own, err)}
}

// Handle runs one /league or /season command. Its refusals and the views only the caller sees are in the
// caller's language; what the league's channel reads is in the server's.
func Handle(c Context, in commands.Input) Reply {
	c = c.speaking(in)
	if name, r := commands.Unstorable(in); name != "" {
		return fail(c, "text_unfit", lang.A{"Option": name, "Char": fmt.Sprintf("%U", r)})
	}
	if c.Guild == "" {
		return fail(c, "league_in_server", nil)
	}
	list := subs
	if in.Command == "season" {
		list = seasonSubs
	}
	sub, ok := commands.Lookup(list, in.Sub)
	if !ok {
		return fail(c, "league_not_a_sub", lang.A{"Command": in.Command, "Sub": game.Echo(in.Sub), "Subs": commands.Names(list)})
	}
	if sub.run == nil {
		return leagueCreate(c, in)
	}
	l, err := findLeague(c, in.Options["league"])
	if err != nil {
		return failErr(c, err)
	}
	// Only the seasons a command needs are read: a season of thousands of games is the costly
	// part of a league.
	var season *league.Season
	if sub.admin {
		switch s, err := c.Store.Season(l.ID, l.Season); {
		case err == nil:
			season = &s
		case !c.Store.NotFound(err):
			return fail(c, "league_season_unread", lang.A{"League": lang.Name(l.Name), "Why": c.Store.ForPlayers(err)})
		}
		if refusal, ok := administers(c, l, season, in); !ok {
			return refusal
		}
	}
	return sub.run(c, l, season, in)
}

// administers tells whether in's user may use an administrator's command of the league, by the
// rule of every administrative power (commands.Office): its creator or a member with Manage
// Server, and never one who plays in it. A refusal says who may, and a member who would
// administer it that they may leave it while it is open.
func administers(c Context, l league.League, s *league.Season, in commands.Input) (Reply, bool) {
	plays := league.PlaysIn(&l, s, in.User.ID)
	o := commands.Office{League: true, Creator: l.Creator}
	if o.Administers(commands.Holder{User: in.User.ID, Server: c.Manager, Plays: plays}) {
		return Reply{}, true
	}
	a := lang.A{"League": lang.Name(l.Name), "Cmd": c.own.Command(commandPath(in))}
	if !plays || !(c.Manager || in.User.ID == l.Creator) {
		return fail(c, "league_admins_only", a), false
	}
	text := c.own.T("league_admin_plays", a)
	if l.Status == league.Open && l.Member(in.User.ID) >= 0 {
		text += " " + c.own.T("league_admin_leave_first", a)
	}
	return Reply{Text: commands.Sentence(text)}, false
}

// findLeague picks the league a command means: the one named, else the server's only league not
// ended (its only league at all when every one has ended), else the one of this channel.
func findLeague(c Context, name string) (league.League, error) {
	all, err := c.Store.Leagues(c.Guild)
	if err != nil {
		return league.League{}, refuse("league_leagues_unread", lang.A{"Why": c.Store.ForPlayers(err)})
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
			return league.League{}, refuse("league_which", lang.A{"Count": len(pick), "Names": leagueNames(c.own, pick)})
		}
		pick = pick[here : here+1]
	}
	if len(pick) == 0 {
		if name != "" {
			return league.League{}, refuse("league_no_such", lang.A{"Name": game.Echo(name), "Names": leagueNames(c.own, all)})
		}
		return league.League{}, refuse("league_none_here", lang.A{"Map": commands.DefaultMap})
	}
	return pick[0], nil
}

func leagueNames(p *lang.Printer, ls []league.League) string {
	if len(ls) == 0 {
		return p.T("league_none_yet", nil)
	}
	names := make([]string, len(ls))
	for i, l := range ls {
		names[i] = p.Shown(l.Name)
	}
	return strings.Join(names, ", ")
}

func save(c Context, l league.League, seasons ...league.Season) error {
	if err := c.Store.SaveLeague(l, seasons...); err != nil {
		return refuse("league_unsaved", lang.A{"Why": c.Store.ForPlayers(err)})
	}
	return nil
}

func leagueCreate(c Context, in commands.Input) Reply {
	name := strings.TrimSpace(in.Options["name"])
	if name == "" || len([]rune(name)) > 50 {
		return fail(c, "league_bad_name", nil)
	}
	all, err := c.Store.Leagues(c.Guild)
	if err != nil {
		return fail(c, "league_leagues_unread", lang.A{"Why": c.Store.ForPlayers(err)})
	}
	if slices.ContainsFunc(all, func(l league.League) bool { return strings.EqualFold(l.Name, name) }) {
		return fail(c, "league_name_taken", lang.A{"Name": lang.Name(name)})
	}
	l := league.League{ID: c.NewID, Guild: c.Guild, Channel: c.Channel, Name: name, Creator: in.User.ID, Map: commands.DefaultMap,
		Format: league.RoundRobin, TableSize: 2, Policy: league.PolicyScoreStands, RoundDeadline: DefaultRoundDeadline,
		Members: []league.Member{{ID: in.User.ID, Name: in.User.Name}}, Status: league.Open, Season: 1, Created: c.Now,
		TableOptions: map[string]string{}}
	if v, ok := in.Options["map"]; ok {
		l.Map = v
	}
	if e, err := variants.Lookup(l.Map); err != nil || e.Test {
		return fail(c, "league_bad_map", lang.A{"Value": game.Echo(l.Map), "Maps": strings.Join(variants.IDs(false), ", ")})
	}
	if v, ok := in.Options["format"]; ok {
		l.Format = league.Format(strings.ToLower(v))
		if !slices.Contains(league.Formats(), l.Format) {
			return fail(c, "league_bad_format", lang.A{"Value": game.Echo(v)})
		}
	}
	if v, ok := in.Options["players"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < league.MinTableSize || n > league.MaxTableSize {
			return fail(c, "league_bad_players", lang.A{"Value": game.Echo(v), "Min": league.MinTableSize, "Max": league.MaxTableSize})
		}
		l.TableSize = n
	}
	if knockOut(l.Format) && l.TableSize != 2 {
		return fail(c, "league_cup_of_two", lang.A{"Value": l.TableSize})
	}
	if v, ok := in.Options["reset"]; ok {
		if l.Format != league.DoubleCup || v != "true" && v != "false" {
			return fail(c, "league_bad_reset", lang.A{"Value": game.Echo(v)})
		}
		l.NoReset = v == "false"
	}
	if l.Format == league.Swiss {
		l.Rounds = 5
	}
	if v, ok := in.Options["rounds"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 30 || l.Format != league.Swiss {
			return fail(c, "league_bad_rounds", lang.A{"Value": game.Echo(v)})
		}
		l.Rounds = n
	}
	if v, ok := in.Options["round"]; ok {
		d, err := commands.ParseDuration(v)
		if err != nil || d < time.Hour {
			return fail(c, "league_bad_round", lang.A{"Value": game.Echo(v)})
		}
		l.RoundDeadline = d
	}
	if v, ok := in.Options["next"]; ok {
		l.Next = league.Next(strings.ToLower(v))
		if l.Next != league.NextWhenPlayed && l.Next != league.NextOnDate {
			return fail(c, "league_bad_next", lang.A{"Value": game.Echo(v)})
		}
	}
	if v, ok := in.Options["dates"]; ok {
		dates, err := roundDates(v, c.Now)
		if err != nil {
			return failErr(c, err)
		}
		if _, chosen := in.Options["next"]; chosen && !l.OnDates() {
			return fail(c, "league_dates_next", lang.A{"Value": game.Echo(v)})
		}
		l.Next, l.RoundDates = league.NextOnDate, dates
	}
	if v, ok := in.Options["adjudicate"]; ok {
		l.Policy = league.Policy(strings.ToLower(v))
		if l.Policy != league.PolicyScoreStands && l.Policy != league.PolicyForfeit {
			return fail(c, "league_bad_adjudicate", lang.A{"Value": game.Echo(v)})
		}
	}
	if v, ok := in.Options["rated"]; ok {
		return fail(c, "league_rated", lang.A{"Value": game.Echo(v)})
	}
	// The table options are those of /carc new, checked by /carc new itself.
	table := commands.Input{User: in.User, Command: "carc", Sub: "new", Options: map[string]string{"map": l.Map}, Local: in.Local, Langs: in.Langs}
	for _, k := range leagueTableOptions {
		if v, ok := in.Options[k]; ok {
			table.Options[k], l.TableOptions[k] = v, v
		}
	}
	if r := commands.Handle(nil, table); !r.OK {
		return Reply{Text: r.Text}
	}
	if err := l.Check(); err != nil {
		return failErr(c, err)
	}
	if err := save(c, l); err != nil {
		return failErr(c, err)
	}
	p := c.public
	return Reply{OK: true, Public: true, Text: p.T("league_created", lang.A{"League": lang.Name(l.Name), "ID": l.ID, "Map": variantTitle(p, l.Map),
		"Format": formatText(p, l), "Players": p.N("league_n_players_a_game", l.TableSize, nil), "Round": commands.DurationText(p, l.RoundDeadline),
		"Policy": policyText(p, l.Policy), "Next": nextText(p, l), "Creator": lang.Name(in.User.Name)})}
}

// maxRoundDates bounds the dates a league lists.
const maxRoundDates = 60

// roundDates reads dates:"2026-12-06 2026-12-13": each round's last day (UTC), in order and to
// come; a round ends at the end of its day.
func roundDates(v string, now time.Time) ([]time.Time, error) {
	fields := strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == ',' })
	if len(fields) == 0 || len(fields) > maxRoundDates {
		return nil, refuse("league_bad_dates", lang.A{"Value": game.Echo(v), "Max": maxRoundDates})
	}
	var out []time.Time
	for i, f := range fields {
		d, err := time.Parse("2006-01-02", f)
		if err != nil {
			return nil, refuse("league_date_not_a_day", lang.A{"Value": game.Echo(f)})
		}
		end := d.AddDate(0, 0, 1)
		switch {
		case !end.After(now):
			return nil, refuse("league_date_passed", lang.A{"Round": i + 1, "Day": f})
		case i > 0 && !end.After(out[i-1]):
			return nil, refuse("league_date_order", lang.A{"Round": i + 1, "Day": f, "Previous": i})
		}
		out = append(out, end)
	}
	return out, nil
}

// variantTitle is a map's name in p's language.
func variantTitle(p *lang.Printer, id string) string {
	if e, err := variants.Lookup(id); err == nil {
		return commands.WordsFor(p.Code()).MapTitle(e)
	}
	return id
}

func formatText(p *lang.Printer, l league.League) string {
	switch {
	case l.Format == league.Cup:
		return p.T("league_format_cup", nil)
	case l.Format == league.DoubleCup && l.NoReset:
		return p.T("league_format_double_one", nil)
	case l.Format == league.DoubleCup:
		return p.T("league_format_double_reset", nil)
	case l.Format == league.Swiss:
		return p.N("league_format_swiss", l.Rounds, nil)
	case l.Format == league.DoubleRoundRobin:
		return p.T("league_format_double_round_robin", nil)
	}
	return p.T("league_format_round_robin", nil)
}

func nextText(p *lang.Printer, l league.League) string {
	if l.OnDates() && len(l.RoundDates) > 0 {
		days := make([]string, len(l.RoundDates))
		for i, d := range l.RoundDates {
			days[i] = fmt.Sprintf("%d: <t:%d:d>", i+1, d.Unix())
		}
		return p.T("league_next_dates", lang.A{"Days": strings.Join(days, ", "), "Apart": commands.DurationText(p, l.RoundDeadline)})
	}
	if l.OnDates() {
		return p.T("league_next_date", lang.A{"Apart": commands.DurationText(p, l.RoundDeadline)})
	}
	return p.T("league_next_ends", nil)
}

func policyText(p *lang.Printer, policy league.Policy) string {
	if policy == league.PolicyForfeit {
		return p.T("league_rule_forfeit", nil)
	}
	return p.T("league_rule_score", nil)
}

// statusWord is a league's status in p's language.
func statusWord(p *lang.Printer, s league.Status) string { return p.T("league_status_"+string(s), nil) }

func leagueJoin(c Context, l league.League, u table.User) Reply {
	if l.Status != league.Open {
		return fail(c, "league_join_closed", lang.A{"League": lang.Name(l.Name), "Status": statusWord(c.own, l.Status)})
	}
	if l.Member(u.ID) >= 0 {
		return fail(c, "league_join_again", lang.A{"League": lang.Name(l.Name), "Members": c.own.N("league_n_members", len(l.Members), nil)})
	}
	if len(l.Members) >= league.MaxMembers {
		return fail(c, "league_full", lang.A{"League": lang.Name(l.Name), "Members": c.own.N("league_n_members", league.MaxMembers, nil)})
	}
	l.Members = append(l.Members, league.Member{ID: u.ID, Name: u.Name})
	if err := save(c, l); err != nil {
		return failErr(c, err)
	}
	return Reply{OK: true, Public: true, Text: c.public.T("league_joined", lang.A{"Player": lang.Name(u.Name), "League": lang.Name(l.Name),
		"Members": c.public.N("league_n_members", len(l.Members), nil)})}
}

func leagueLeave(c Context, l league.League, u table.User) Reply {
	i := l.Member(u.ID)
	if i < 0 {
		return fail(c, "league_not_member", lang.A{"League": lang.Name(l.Name)})
	}
	if l.Status != league.Open {
		return fail(c, "league_leave_started", lang.A{"League": lang.Name(l.Name)})
	}
	l.Members = slices.Delete(l.Members, i, i+1)
	if err := save(c, l); err != nil {
		return failErr(c, err)
	}
	return Reply{OK: true, Public: true, Text: c.public.T("league_left", lang.A{"Player": lang.Name(u.Name), "League": lang.Name(l.Name),
		"Members": c.public.N("league_n_members", len(l.Members), nil)})}
}

// leagueStart starts the season (its first round) or its next round, and saves the fixtures with
// their game ids before any game is opened: a restart finds every game it must still open.
func leagueStart(c Context, l league.League, s *league.Season) Reply {
	switch l.Status {
	case league.Paused:
		return fail(c, "league_start_paused", lang.A{"League": lang.Name(l.Name)})
	case league.Ended:
		return fail(c, "league_start_ended", lang.A{"League": lang.Name(l.Name), "Season": l.Season})
	}
	if l.Status == league.Open {
		if len(l.Members) < 2 {
			return fail(c, "league_start_alone", lang.A{"League": lang.Name(l.Name), "Members": c.own.N("league_n_members", len(l.Members), nil)})
		}
		ns, err := newSeason(c, l)
		if err != nil {
			return fail(c, "league_season_cannot_start", lang.A{"Why": err.Error()})
		}
		s = &ns
		l.Status = league.Running
	}
	switch {
	case s.Started > 0 && !s.RoundOver():
		return fail(c, "league_round_running", lang.A{"Round": s.Started})
	case s.Started >= s.TotalRounds(&l):
		return fail(c, "league_rounds_played", lang.A{"Rounds": s.TotalRounds(&l)})
	}
	idx, err := s.StartRound(&l, c.Now)
	if err != nil {
		return fail(c, "league_round_cannot_start", lang.A{"Why": err.Error()})
	}
	for _, i := range idx {
		f := &s.Fixtures[i]
		f.GameID = fmt.Sprintf("%s-s%d-r%d-t%d", l.ID, s.Number, f.Round, f.Table)
	}
	if err := save(c, l, *s); err != nil {
		return failErr(c, err)
	}
	return Reply{OK: true, Public: true, Text: roundText(c.public, l, *s), Start: &RoundStart{League: l, Season: *s, Fixtures: idx}}
}

// commandPath is the path of a /league or /season command: "league kick", "season new".
func commandPath(in commands.Input) string { return in.Command + " " + in.Sub }

// PrepareStart schedules the season a /season start would start now, for the caller to pass as
// Context.Prepared: a round-robin of a thousand members is the costly part of the command,
// and is better done before the caller takes the lock that every league command and league timer
// shares. Nil when the command would not start a season (another subcommand, a caller who may not
// start it, a league already running).
func PrepareStart(c Context, in commands.Input) *league.Season {
	if c.Guild == "" || in.Command != "season" || in.Sub != "start" {
		return nil
	}
	c = c.speaking(in)
	l, err := findLeague(c, in.Options["league"])
	if err != nil || l.Status != league.Open || len(l.Members) < 2 {
		return nil
	}
	if _, ok := administers(c, l, nil, in); !ok {
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
	r := leagueStart(c.speaking(commands.Input{}), l, &s)
	return r, r.OK
}

// roundText announces a round: its tables and byes.
func roundText(p *lang.Printer, l league.League, s league.Season) string {
	var b strings.Builder
	b.WriteString(p.T("league_round_started", lang.A{"League": lang.Name(l.Name), "Season": s.Number, "Round": s.Started, "Rounds": s.TotalRounds(&l),
		"Ends": fmt.Sprintf("<t:%d:f>", s.Deadline.Unix())}))
	if l.OnDates() && s.Started < s.TotalRounds(&l) {
		b.WriteString(" " + p.T("league_round_next_then", lang.A{"Round": s.Started + 1}))
	}
	for _, f := range s.Fixtures {
		if f.Round == s.Started {
			b.WriteString("\n" + p.T("league_table", lang.A{"Table": f.Table, "Stage": stageText(p, f.Stage), "Players": mentions(f.Players)}))
		}
	}
	if byes := s.Rounds[s.Started-1].Byes; len(byes) > 0 {
		b.WriteString("\n" + p.T("league_bye", lang.A{"Players": mentions(byes)}))
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
		return fail(c, "league_kick_unknown", lang.A{"Who": game.Echo(who), "League": lang.Name(l.Name), "Members": memberNames(c.own, l.Members)})
	}
	m := l.Members[i]
	l.Members = slices.Delete(l.Members, i, i+1)
	var seasons []league.Season
	if s != nil && l.Status != league.Open {
		s.Kick(m.ID)
		seasons = append(seasons, *s)
	}
	if err := save(c, l, seasons...); err != nil {
		return failErr(c, err)
	}
	return Reply{OK: true, Public: true, Text: c.public.T("league_kicked", lang.A{"Player": lang.Name(m.Name), "League": lang.Name(l.Name)})}
}

func memberNames(p *lang.Printer, ms []league.Member) string {
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = p.Shown(m.Name)
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
		return fail(c, "league_status_nothing", lang.A{"League": lang.Name(l.Name), "Status": statusWord(c.own, l.Status), "Cmd": c.own.Command("season " + sub),
			"What": c.own.T("league_what_"+string(l.Status), nil)})
	}
	if err := save(c, l, seasons...); err != nil {
		return failErr(c, err)
	}
	done := map[string]string{"pause": "league_paused_now", "resume": "league_resumed", "end": "league_ended_now"}[sub]
	return Reply{OK: true, Public: true, Text: c.public.T(done, lang.A{"League": lang.Name(l.Name)})}
}

func leagueSeasonNew(c Context, l league.League) Reply {
	if l.Status != league.Ended {
		return fail(c, "league_season_not_ended", lang.A{"League": lang.Name(l.Name), "Season": l.Season, "Status": statusWord(c.own, l.Status)})
	}
	l.Season++
	l.Status = league.Open
	if err := save(c, l); err != nil {
		return failErr(c, err)
	}
	return Reply{OK: true, Public: true, Text: c.public.T("league_season_new", lang.A{"League": lang.Name(l.Name), "Season": l.Season,
		"Members": c.public.N("league_n_members", len(l.Members), nil)})}
}

// SeasonOverText announces a season whose every game has its result, with its standings, in the
// language of the server's locale guildLocale (local play: as typed).
func SeasonOverText(c Context, l league.League, s league.Season) string {
	p := c.speaking(commands.Input{}).public
	played := p.T("league_every_game_played", nil)
	if w := s.Champion(); w != "" && s.Double {
		played = p.T("league_grand_final_played", lang.A{"Player": lang.Name(s.Name(w))})
	} else if w != "" {
		played = p.T("league_final_played", lang.A{"Player": lang.Name(s.Name(w))})
	}
	return p.T("league_season_over", lang.A{"League": lang.Name(l.Name), "Season": s.Number, "Played": played}) + "\n" +
		StandingsText(p, l, s) + "\n" + p.T("league_close_season", nil)
}

// Mark is what a league's game records of its league (table.LeagueGame): who administers it,
// and the league's rule for a game stopped before its end. The creator is named as a member when
// they are one, else by a mention (shown as their name, never a ping).
func Mark(l league.League, s league.Season) table.LeagueGame {
	name := "<@" + l.Creator + ">"
	if i := l.Member(l.Creator); i >= 0 {
		name = l.Members[i].Name
	} else if n := s.Name(l.Creator); n != l.Creator {
		name = n
	}
	return table.LeagueGame{ID: l.ID, Name: l.Name, Season: s.Number, Creator: table.User{ID: l.Creator, Name: name}, Policy: l.Policy}
}
