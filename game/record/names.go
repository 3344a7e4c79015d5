package record

import (
	"fmt"
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// A document names players, never their Discord ids: every user of the record goes by the name
// they sat under (or, for a league's creator, the league's name for them), and a member who
// acted without a seat (a moderator) by "member 1", "member 2" and so on. The bot's own author
// ids ("bot", "script") and AI seats' ids are no one's and stay. Since each id keeps its one
// name throughout, the steps of a document replay as the table's record does.
type names struct {
	byID   map[string]string
	taken  map[string]bool
	others int
}

// namer learns every user's name from the table and its record.
func namer(t *table.Table, steps []Stored) *names {
	n := &names{byID: map[string]string{}, taken: map[string]bool{}}
	learn := func(u table.User) {
		if _, ok := n.byID[u.ID]; !ok && u.ID != "" {
			n.give(u.ID, u.Name)
		}
	}
	for _, s := range steps {
		for _, ev := range s.Step.Events {
			if ev.User != nil {
				learn(*ev.User)
			}
			for _, u := range ev.Seats {
				learn(u)
			}
			if ev.League != nil {
				learn(ev.League.Creator)
			}
		}
	}
	for _, u := range append(slices.Clone(t.Seats), t.Left...) {
		learn(u)
	}
	learn(t.Creator)
	return n
}

// name is the name a document gives the user id.
func (n *names) name(id string) string {
	if _, isAI := table.AILevel(table.User{ID: id}); isAI || id == "" || id == "bot" || id == "script" {
		return id
	}
	if name, ok := n.byID[id]; ok {
		return name
	}
	n.others++
	return n.give(id, fmt.Sprintf("member %d", n.others))
}

// give names id: name, or, if another id has it already (two people who sat under one name at
// different times), name with a number.
func (n *names) give(id, name string) string {
	unique := name
	for i := 2; n.taken[unique]; i++ {
		unique = fmt.Sprintf("%s (%d)", name, i)
	}
	n.byID[id], n.taken[unique] = unique, true
	return unique
}

// user is the user as a document names them.
func (n *names) user(u table.User) table.User {
	if _, isAI := table.AILevel(u); isAI {
		return u
	}
	name := n.name(u.ID)
	return table.User{ID: name, Name: u.Name}
}

// step is a step as a document writes it: users by name and, unless the game is over (complete),
// nothing hidden: no deal key or seed, and no parts of the deal a local script fixed.
func (n *names) step(s table.Step, complete bool) table.Step {
	out := table.Step{By: n.name(s.By), Input: s.Input}
	for _, ev := range s.Events {
		if ev.Kind == table.KindSetup && !complete {
			continue
		}
		if ev.By != "" {
			ev.By = n.name(ev.By)
		}
		if ev.User != nil {
			u := n.user(*ev.User)
			ev.User = &u
		}
		if ev.Seats != nil {
			seats := make([]table.User, len(ev.Seats))
			for i, u := range ev.Seats {
				seats[i] = n.user(u)
			}
			ev.Seats = seats
		}
		if ev.League != nil {
			l := *ev.League
			l.Creator = n.user(l.Creator)
			ev.League = &l
		}
		if ev.Settings != nil && !complete {
			s := *ev.Settings
			s.Key, s.Seed = "", 0
			ev.Settings = &s
		}
		out.Events = append(out.Events, ev)
	}
	return out
}
