package leaguecmd

import (
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// leagueSub is a subcommand of /league and what runs it: at the league the command means (its
// season read first for an administrator's command), or, for create (run nil), before any.
type leagueSub struct {
	commands.Sub
	// admin marks what only the league's creator and members with Manage Server do.
	admin bool
	run   func(c Context, l league.League, s *league.Season, in commands.Input) Reply
}

// subs are the subcommands of /league, and seasonSubs those of /season, its administrators' command
// for the season's life, in the order Discord lists them: two commands, so that each stays well
// within Discord's 4,000 characters a command. (Set in init: the handlers lead back to the
// dispatch that reads the lists.)
var subs, seasonSubs []leagueSub

func init() {
	subs = []leagueSub{
		{Sub: commands.Sub{Name: "create", Description: "Create a league in this channel (you administer it)", Options: []commands.Option{
			commands.TextOption("name", "The league's name").Needed(),
			commands.TextOption("map", "The map: "+strings.Join(variants.IDs(false), ", ")),
			commands.TextOption("format", "How players are paired (default round-robin)").Among("round-robin", "double-round-robin", "swiss", "cup", "double-elimination"),
			commands.IntegerOption("players", "Players at each game, 2 to 5 (default 2)", 2, 5),
			commands.IntegerOption("rounds", "Swiss rounds (default 5)", 1, 30),
			commands.FlagOption("reset", "Double elimination: a deciding game if the losers' bracket wins the grand final (default true)"),
			commands.TextOption("round", "How long a round lasts, like 7d (default 7d)"),
			commands.TextOption("next", "Next round: when the last game ends, or on the round's date (round: after the last)").Among("ends", "date"),
			commands.TextOption("dates", "Each round's last day, like 2026-12-06 2026-12-13 (UTC; the rounds then start on dates)"),
			commands.TextOption("adjudicate", "A game unfinished at the round's end: score stands, or forfeit by the player to move").Among("score", "forfeit"),
			commands.TextOption("deadline", "Games: time per turn, like 48h"),
			commands.TextOption("policy", "Games: when a turn deadline passes").Among(table.PolicySkip, table.PolicyAuto),
			commands.IntegerOption("tiles", "Games: number of land tiles, 72 to 114", 72, 114),
			commands.TextOption("rules", "Games: rule options, like ferryModel=c"),
			commands.TextOption("expansions", "Games: tile pool, none (72), ic (90) or all (114)").Among("none", "ic", "all"),
			commands.IntegerOption("meeples", "Games: meeples per player (default 9)", 1, 20),
			commands.IntegerOption("missed", "Games: missed turns before a player can be removed (default 3)", 1, 20),
			commands.TextOption("order", "Games: turn order, join (the schedule's) or random").Among("join", "random"),
			commands.FlagOption("hints", "Games: the player to move may see the normal AI's move (/turn hint)"),
			commands.TextOption("leaving", "Games: a seat whose player resigns or is removed is dropped or played by an AI").Among("drop", "ai", "normal", "hard"),
			commands.FlagOption("vacations", "Games: a player's vacation stops their deadlines (default true)"),
			commands.TextOption("bank", "Games: with deadline:bank, each player's starting time bank, like 3d"),
			commands.TextOption("increment", "Games: with deadline:bank, the time each turn adds, like 1d"),
		}}},
		{Sub: which(commands.Sub{Name: "join", Description: "Join the league before its season starts"}),
			run: func(c Context, l league.League, _ *league.Season, in commands.Input) Reply {
				return leagueJoin(c, l, in.User)
			}},
		{Sub: which(commands.Sub{Name: "leave", Description: "Leave the league before its season starts"}),
			run: func(c Context, l league.League, _ *league.Season, in commands.Input) Reply {
				return leagueLeave(c, l, in.User)
			}},
		{Sub: which(commands.Sub{Name: "kick", Description: "Remove a member (administrators)", Options: []commands.Option{
			commands.MemberOption("player", "Who").Needed()}}), admin: true,
			run: func(c Context, l league.League, s *league.Season, in commands.Input) Reply {
				return leagueKick(c, l, s, in.Options["player"])
			}},
		{Sub: which(commands.Sub{Name: "standings", Description: "The standings", Options: []commands.Option{
			commands.IntegerOption("season", "A past season", 1, 1000)}}),
			run: func(c Context, l league.League, _ *league.Season, in commands.Input) Reply {
				return leagueStandings(c, l, in.Options["season"])
			}},
		{Sub: which(commands.Sub{Name: "schedule", Description: "The rounds, each game's state and thread", Options: []commands.Option{
			commands.IntegerOption("season", "A past season", 1, 1000)}}),
			run: func(c Context, l league.League, _ *league.Season, in commands.Input) Reply {
				return leagueSchedule(c, l, in.Options["season"])
			}},
		{Sub: which(commands.Sub{Name: "export", Description: "Every game as a CSV file"}),
			run: func(c Context, l league.League, _ *league.Season, _ commands.Input) Reply {
				seasons, err := c.Store.Seasons(l.ID)
				if err != nil {
					return fail(c, "league_seasons_unread", lang.A{"League": lang.Name(l.Name), "Why": c.Store.ForPlayers(err)})
				}
				return leagueExport(c.own, l, seasons)
			}},
	}
	seasonSubs = []leagueSub{
		{Sub: which(commands.Sub{Name: "start", Description: "Start the season, or its next round (administrators)"}), admin: true,
			run: func(c Context, l league.League, s *league.Season, _ commands.Input) Reply {
				return leagueStart(c, l, s)
			}},
		{Sub: which(commands.Sub{Name: "pause", Description: "Pause the league: no round starts, no deadline applies (administrators)"}), admin: true, run: leagueStatus},
		{Sub: which(commands.Sub{Name: "resume", Description: "Resume a paused league (administrators)"}), admin: true, run: leagueStatus},
		{Sub: which(commands.Sub{Name: "end", Description: "End the season (administrators)"}), admin: true, run: leagueStatus},
		{Sub: which(commands.Sub{Name: "new", Description: "Start the next season with the same members (administrators)"}), admin: true,
			run: func(c Context, l league.League, _ *league.Season, _ commands.Input) Reply {
				return leagueSeasonNew(c, l)
			}},
	}
}

// which adds the option that names the league a subcommand means.
func which(s commands.Sub) commands.Sub {
	s.Options = append(s.Options, commands.TextOption("league", "Which league (needed only when the server runs several)"))
	return s
}

// Surface is /league and /season, as the bot registers them.
func Surface() []commands.Command {
	league := commands.Command{Name: "league", Description: "Leagues: seasons of games the bot schedules and referees"}
	season := commands.Command{Name: "season", Description: "A league's season, by its administrators: start, pause, resume, end, or the next"}
	for _, s := range subs {
		league.Subs = append(league.Subs, s.Sub)
	}
	for _, s := range seasonSubs {
		season.Subs = append(season.Subs, s.Sub)
	}
	return []commands.Command{league, season}
}

var carcSubs = []commands.Sub{
	{Name: "leaderboard", Description: "The server's top 20, overall or on one map", Options: []commands.Option{commands.TextOption("map", "One map's leaderboard")}},
}

// CarcSubs are the subcommands of /carc that leagues answer from the store: the server's
// leaderboard (LeaderboardText).
func CarcSubs() []commands.Sub { return slices.Clone(carcSubs) }

var playerSubs = []commands.Sub{
	{Name: "rating", Description: "A player's rating in this server", Options: []commands.Option{commands.MemberOption("user", "Whose (default: yours)")}},
}

// PlayerSubs are the subcommands of /player that leagues answer: a player's rating (RatingText).
func PlayerSubs() []commands.Sub { return slices.Clone(playerSubs) }
