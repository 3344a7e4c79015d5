package metrics

import (
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// Draw is draw counted and timed as the chat's board pictures (bot.Config.Draw).
func (m *Metrics) Draw(draw func(t *table.Table, r commands.Reply) ([]byte, error)) func(t *table.Table, r commands.Reply) ([]byte, error) {
	return func(t *table.Table, r commands.Reply) ([]byte, error) {
		start := time.Now()
		png, err := draw(t, r)
		m.drawings.Inc()
		m.drawTime.Observe(time.Since(start).Seconds())
		return png, err
	}
}

// AIMove is move timed as the AI's search, by the level of the seat it plays (bot.Config.AIMove).
func (m *Metrics) AIMove(move func(t *table.Table, guildLocale string) commands.Reply) func(t *table.Table, guildLocale string) commands.Reply {
	return func(t *table.Table, guildLocale string) commands.Reply {
		level := "none"
		if l, ok := t.AIToPlay(); ok {
			level = string(l)
		}
		start := time.Now()
		r := move(t, guildLocale)
		m.aiSearch.WithLabelValues(level).Observe(time.Since(start).Seconds())
		return r
	}
}
