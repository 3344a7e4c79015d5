package script

import (
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TypedName is who a name typed before a command is at t (nil: no table yet): a player seated
// there under that name in any case (Ann, ann, ANN), else the name as typed, a newcomer.
func TypedName(t *table.Table, name string) string {
	if t == nil {
		return name
	}
	for _, u := range t.Seats {
		if strings.EqualFold(u.Name, name) {
			return u.ID
		}
	}
	return name
}
