package leagues

import (
	"fmt"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// LeaderboardSize is how many players /carc leaderboard lists.
const LeaderboardSize = 20

// ratingLine is a rating as players see it: the conservative rating, and whether it is
// provisional.
func ratingLine(r league.Rating) string {
	s := fmt.Sprintf("%.1f", r.Shown())
	if r.Provisional() {
		s += fmt.Sprintf(" (provisional: %d of %d games)", r.Games, league.ProvisionalGames)
	}
	return s
}

// RatingText answers /carc rating [user]: the overall rating, games, wins, best map and last
// games of a player in this server.
func RatingText(st RatingStore, guild string, caller table.User, in commands.Input) string {
	if guild == "" {
		return "Ratings belong to a server: use /carc me rating in one of its channels."
	}
	who := caller.ID
	if v := in.Options["user"]; v != "" {
		who = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(v, "<@"), "!"), ">")
	}
	r, err := st.Rating(guild, "", who)
	if err != nil {
		return "The rating could not be read: " + st.ForPlayers(err) + "."
	}
	if r.Games == 0 {
		return fmt.Sprintf("<@%s> has no rated game in this server yet: finished games of two or more players are rated, unless their table says rated:false.", who)
	}
	games, err := st.RatedGames(guild, who, 0)
	if err != nil {
		return "The rated games could not be read: " + st.ForPlayers(err) + "."
	}
	wins := 0
	for _, g := range games {
		i := slices.Index(g.Players, who)
		if g.Places[i] == 1 && slices.Index(g.Places[i+1:], 1) < 0 && slices.Index(g.Places[:i], 1) < 0 {
			wins++
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<@%s>: rating %s, %s, %s (μ %.2f, σ %.2f; the rating shown is μ − 3σ).", who, ratingLine(r),
		commands.Plural(r.Games, "rated game", "rated games"), commands.Plural(wins, "win", "wins"), r.Mu, r.Sigma)
	best, bestMap := 0.0, ""
	for _, id := range variants.IDs(false) {
		mr, err := st.Rating(guild, id, who)
		if err == nil && mr.Games > 0 && (bestMap == "" || mr.Shown() > best) {
			best, bestMap = mr.Shown(), id
		}
	}
	if bestMap != "" {
		fmt.Fprintf(&b, "\nBest map: %s (%.1f).", variantTitle(bestMap), best)
	}
	b.WriteString("\nLast games:")
	for _, g := range games[:min(5, len(games))] {
		i := slices.Index(g.Players, who)
		fmt.Fprintf(&b, "\n- <t:%d:d> %s: place %d of %d, %d points, rating after %.1f", g.At.Unix(), variantTitle(g.Map), g.Places[i],
			len(g.Players), g.Scores[i], g.Shown[i])
	}
	return b.String()
}

// LeaderboardText answers /carc leaderboard [map]: the top of the server's ratings (overall or
// on one map), with the caller's own place.
func LeaderboardText(st RatingStore, guild string, caller table.User, in commands.Input) string {
	if guild == "" {
		return "Leaderboards belong to a server: use /carc leaderboard in one of its channels."
	}
	mapID, title := "", "overall"
	if v := in.Options["map"]; v != "" {
		e, err := variants.Lookup(v)
		if err != nil || e.Test {
			return fmt.Sprintf("map:%s is not a map: choose %s, or leave it out for the overall leaderboard.", game.Echo(v), strings.Join(variants.IDs(false), ", "))
		}
		mapID, title = e.ID, e.Title
	}
	rows, err := st.Leaderboard(guild, mapID)
	if err != nil {
		return "The leaderboard could not be read: " + st.ForPlayers(err) + "."
	}
	if len(rows) == 0 {
		return fmt.Sprintf("No rated game yet (%s): finished games of two or more players are rated, unless their table says rated:false.", title)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Leaderboard, %s (%s; rating μ − 3σ):", title, commands.Plural(len(rows), "player", "players"))
	mine := -1
	for i, r := range rows {
		if r.UserID == caller.ID {
			mine = i
		}
		if i < LeaderboardSize {
			fmt.Fprintf(&b, "\n%d. <@%s> %s, %s", i+1, r.UserID, ratingLine(r.Rating), commands.Plural(r.Rating.Games, "game", "games"))
		}
	}
	switch {
	case mine >= LeaderboardSize:
		fmt.Fprintf(&b, "\nYou: %d. %s.", mine+1, ratingLine(rows[mine].Rating))
	case mine < 0:
		b.WriteString("\nYou have no rated game here yet.")
	}
	return b.String()
}
