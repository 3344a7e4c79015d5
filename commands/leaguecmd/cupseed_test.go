package leaguecmd

import (
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// ratedMemory is a league store that also knows the members' ratings.
type ratedMemory struct {
	*Memory
	ratings map[string]league.Rating
}

func (m ratedMemory) Rating(guild, mapID, user string) (league.Rating, error) {
	return m.ratings[user], nil
}

// TestACupIsSeededByRating: the best rated member is seed 1, members without a rated game come
// after the rated ones in the order they joined; other formats keep the joining order.
func TestACupIsSeededByRating(t *testing.T) {
	st := ratedMemory{Memory: &Memory{}, ratings: map[string]league.Rating{
		"bob": {Mu: 30, Sigma: 2, Games: 4}, "dee": {Mu: 28, Sigma: 1, Games: 9}, "cy": {Mu: 20, Sigma: 5, Games: 1},
	}}
	l := league.League{Format: league.Cup, Members: []league.Member{{ID: "ann"}, {ID: "bob"}, {ID: "cy"}, {ID: "dee"}, {ID: "eve"}}}
	var got []string
	for _, m := range seeded(Context{Store: st, Guild: "g"}, l).Members {
		got = append(got, m.ID)
	}
	if want := []string{"dee", "bob", "cy", "ann", "eve"}; !slices.Equal(got, want) {
		t.Fatalf("seeds %v, want %v (dee 25, bob 24, cy 5, then the unrated)", got, want)
	}
	l.Format = league.Swiss
	if m := seeded(Context{Store: st, Guild: "g"}, l).Members; m[0].ID != "ann" {
		t.Fatalf("a swiss league was reordered: %v", m)
	}
}
