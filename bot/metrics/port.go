package metrics

import (
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
)

// Port is a host's port whose answers are timed: from the person's command or click reaching
// this process to the answer that replaces their "thinking...". (The chat's own time of the
// interaction is on another clock; a late answer, given by a process that did not receive the
// interaction, is not timed.)
type Port struct {
	bot.Port
	m *Metrics
}

// Port wraps p.
func (m *Metrics) Port(p bot.Port) *Port { return &Port{Port: p, m: m} }

func (p *Port) Answer(to *bot.Interaction, msg bot.Message) error {
	err := p.Port.Answer(to, msg)
	if to != nil && !to.Received.IsZero() {
		p.m.answer.Observe(time.Since(to.Received).Seconds())
	}
	return err
}
