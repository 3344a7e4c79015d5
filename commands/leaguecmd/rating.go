package leaguecmd

import (
	"fmt"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// LeaderboardSize is how many players /carc leaderboard lists.
const LeaderboardSize = 20

// ratingLine is a rating as players see it: the conservative rating, and whether it is
// provisional.
func ratingLine(p *lang.Printer, r league.Rating) string {
	s := fmt.Sprintf("%.1f", r.Shown())
	if r.Provisional() {
		s += " (" + p.T("rating_provisional", lang.A{"Games": r.Games, "Needed": league.ProvisionalGames}) + ")"
	}
	return s
}

// own is the printer of a reply only in's user reads.
func own(in commands.Input) *lang.Printer {
	p := lang.For(lang.Private(in.Language, in.Locale))
	if in.Local {
		return p.Typed()
	}
	return p
}

// RatingText answers /player rating [user]: the overall rating, games, wins, best map and last
// games of a player in this server.
func RatingText(st RatingStore, guild string, caller table.User, in commands.Input) string {
	p := own(in)
	if guild == "" {
		return p.T("rating_in_server", nil)
	}
	who := caller.ID
	if v := in.Options["user"]; v != "" {
		who = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(v, "<@"), "!"), ">")
	}
	r, err := st.Rating(guild, "", who)
	if err != nil {
		return p.T("rating_unread", lang.A{"Why": st.ForPlayers(err)})
	}
	if r.Games == 0 {
		return p.T("rating_none_yet", lang.A{"User": who})
	}
	games, err := st.RatedGames(guild, who, 0)
	if err != nil {
		return p.T("rating_games_unread", lang.A{"Why": st.ForPlayers(err)})
	}
	wins := 0
	for _, g := range games {
		i := slices.Index(g.Players, who)
		if g.Places[i] == 1 && slices.Index(g.Places[i+1:], 1) < 0 && slices.Index(g.Places[:i], 1) < 0 {
			wins++
		}
	}
	var b strings.Builder
	b.WriteString(p.T("rating_line", lang.A{"User": who, "Rating": ratingLine(p, r), "Games": p.N("rating_n_rated_games", r.Games, nil),
		"Wins": p.N("rating_n_wins", wins, nil), "Mu": fmt.Sprintf("%.2f", r.Mu), "Sigma": fmt.Sprintf("%.2f", r.Sigma)}))
	best, bestMap := 0.0, ""
	for _, id := range variants.IDs(false) {
		mr, err := st.Rating(guild, id, who)
		if err == nil && mr.Games > 0 && (bestMap == "" || mr.Shown() > best) {
			best, bestMap = mr.Shown(), id
		}
	}
	if bestMap != "" {
		b.WriteString("\n" + p.T("rating_best_map", lang.A{"Map": variantTitle(p, bestMap), "Rating": fmt.Sprintf("%.1f", best)}))
	}
	b.WriteString("\n" + p.T("rating_last_games", nil))
	for _, g := range games[:min(5, len(games))] {
		i := slices.Index(g.Players, who)
		b.WriteString(fmt.Sprintf("\n- <t:%d:d> ", g.At.Unix()) + p.T("rating_game", lang.A{"Map": variantTitle(p, g.Map), "Place": g.Places[i],
			"Players": len(g.Players), "Points": p.N("n_points", g.Scores[i], nil), "Rating": fmt.Sprintf("%.1f", g.Shown[i])}))
	}
	return b.String()
}

// LeaderboardText answers /carc leaderboard [map]: the top of the server's ratings (overall or
// on one map), with the caller's own place.
func LeaderboardText(st RatingStore, guild string, caller table.User, in commands.Input) string {
	p := own(in)
	if guild == "" {
		return p.T("leaderboard_in_server", nil)
	}
	mapID, title := "", p.T("leaderboard_overall", nil)
	if v := in.Options["map"]; v != "" {
		e, err := variants.Lookup(v)
		if err != nil || e.Test {
			return p.T("leaderboard_bad_map", lang.A{"Value": game.Echo(v), "Maps": strings.Join(variants.IDs(false), ", ")})
		}
		mapID, title = e.ID, variantTitle(p, e.ID)
	}
	rows, err := st.Leaderboard(guild, mapID)
	if err != nil {
		return p.T("leaderboard_unread", lang.A{"Why": st.ForPlayers(err)})
	}
	if len(rows) == 0 {
		return p.T("leaderboard_empty", lang.A{"Title": title})
	}
	var b strings.Builder
	b.WriteString(p.N("leaderboard_title", len(rows), lang.A{"Title": title}))
	mine := -1
	for i, r := range rows {
		if r.UserID == caller.ID {
			mine = i
		}
		if i < LeaderboardSize {
			fmt.Fprintf(&b, "\n%d. <@%s> %s, %s", i+1, r.UserID, ratingLine(p, r.Rating), p.N("n_games_count", r.Rating.Games, nil))
		}
	}
	switch {
	case mine >= LeaderboardSize:
		b.WriteString("\n" + p.T("leaderboard_you", lang.A{"Place": mine + 1, "Rating": ratingLine(p, rows[mine].Rating)}))
	case mine < 0:
		b.WriteString("\n" + p.T("leaderboard_you_none", nil))
	}
	return b.String()
}
