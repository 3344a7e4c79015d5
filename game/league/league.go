package league

import (
	"fmt"
	"slices"
	"time"
)

// Format is how a season pairs its players.
type Format string

// Formats.
const (
	RoundRobin       Format = "round-robin"
	DoubleRoundRobin Format = "double-round-robin"
	Swiss            Format = "swiss"
	Cup              Format = "cup"                // knock-out, single elimination (cup.go)
	DoubleCup        Format = "double-elimination" // knock-out, two brackets (double.go)
)

var formats = []Format{RoundRobin, DoubleRoundRobin, Swiss, Cup, DoubleCup}

// Formats lists the formats in the order they are offered.
func Formats() []Format { return slices.Clone(formats) }

// Policy is what happens to a game still running at its round's deadline.
type Policy string

// Round deadline policies (see the package doc).
const (
	PolicyScoreStands Policy = "score"
	PolicyForfeit     Policy = "forfeit"
)

// Next is when a league's next round starts.
type Next string

// When the next round starts (see the package doc). The zero value is NextWhenPlayed.
const (
	NextWhenPlayed Next = "ends" // when the last game of the round has its result
	NextOnDate     Next = "date" // on the round's date, one round length after the last round's
)

// Table sizes a league may choose.
const (
	MinTableSize = 2
	MaxTableSize = 5
)

// MaxMembers is the most members a league takes. Every format schedules a season of this many in
// well under a second (BenchmarkSchedule), and a round of it opens at most 500 games; a league
// larger than that would be a new kind of event (several leagues, or divisions), not more of one.
const MaxMembers = 1000

// Status is where a league is in its life.
type Status string

// League statuses.
const (
	Open    Status = "open"    // members join and leave
	Running Status = "running" // a season is being played
	Paused  Status = "paused"  // no round starts and no deadline is adjudicated
	Ended   Status = "ended"   // the season is over; /season new opens the next
)

// Member is a player of a league.
type Member struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// League is a server's league: its rules, its members and its current season.
type League struct {
	ID      string `json:"id"`
	Guild   string `json:"guild"`
	Channel string `json:"channel"` // where rounds are announced and game threads opened
	Name    string `json:"name"`
	Creator string `json:"creator"`
	Map     string `json:"map"`
	Format  Format `json:"format"`
	// TableSize is the number of seats at each game (2 to 5).
	TableSize int `json:"table_size"`
	// Rounds is the number of swiss rounds; round-robins derive it from the players.
	Rounds int    `json:"rounds,omitempty"`
	Policy Policy `json:"policy"`
	// NoReset plays a double elimination cup's grand final as a single game, even when the
	// losers' bracket winner wins it (double.go); the common rule, a deciding game, is the default.
	NoReset bool `json:"no_reset,omitempty"`
	// RoundDeadline is how long a round lasts before its unfinished games are adjudicated.
	RoundDeadline time.Duration `json:"round_deadline"`
	// Next is when the next round starts: when the round is played, or on its date.
	Next Next `json:"next,omitempty"`
	// RoundDates are the ends of the first rounds of a league on dates, one per round, in order
	// (each round then starts when the one before ends); rounds past them keep the calendar of
	// RoundDeadline.
	RoundDates []time.Time `json:"round_dates,omitempty"`
	// TableOptions are the options of /carc new each game of the league is opened with.
	TableOptions map[string]string `json:"table_options,omitempty"`
	Members      []Member          `json:"members"`
	Status       Status            `json:"status"`
	Season       int               `json:"season"` // number of the current (or last) season, from 1
	Created      time.Time         `json:"created"`
}

// Member returns the index of a member, or -1.
func (l *League) Member(id string) int {
	return slices.IndexFunc(l.Members, func(m Member) bool { return m.ID == id })
}

// MemberIDs are the members' ids in joining order.
func (l *League) MemberIDs() []string {
	ids := make([]string, len(l.Members))
	for i, m := range l.Members {
		ids[i] = m.ID
	}
	return ids
}

// PlaysIn tells whether a user plays in the league: a member, or a player of the season s (nil
// when none is read), where a member removed since played. No player administers a league they
// play in (commands.Office).
func PlaysIn(l *League, s *Season, id string) bool {
	if l.Member(id) >= 0 {
		return true
	}
	if s == nil {
		return false
	}
	return s.member(id) >= 0 || slices.ContainsFunc(s.Fixtures, func(f Fixture) bool { return slices.Contains(f.Players, id) })
}

// Check validates the league's rules.
func (l *League) Check() error {
	if !slices.Contains(formats, l.Format) {
		return fmt.Errorf("format %q is not one of %v", l.Format, formats)
	}
	if l.TableSize < MinTableSize || l.TableSize > MaxTableSize {
		return fmt.Errorf("tables of %d players: choose %d to %d", l.TableSize, MinTableSize, MaxTableSize)
	}
	if l.Policy != PolicyScoreStands && l.Policy != PolicyForfeit {
		return fmt.Errorf("round deadline policy %q is not %q or %q", l.Policy, PolicyScoreStands, PolicyForfeit)
	}
	if (l.Format == Cup || l.Format == DoubleCup) && l.TableSize != 2 {
		return fmt.Errorf("a cup plays games of two, not %d", l.TableSize)
	}
	if l.Format == Swiss && l.Rounds < 1 {
		return fmt.Errorf("a swiss league needs at least 1 round")
	}
	if l.Next != "" && l.Next != NextWhenPlayed && l.Next != NextOnDate {
		return fmt.Errorf("the next round starts %q: choose %q or %q", l.Next, NextWhenPlayed, NextOnDate)
	}
	for i := range l.RoundDates {
		if i > 0 && !l.RoundDates[i].After(l.RoundDates[i-1]) {
			return fmt.Errorf("round %d ends %s, not after round %d (%s)", i+1, l.RoundDates[i].Format("2006-01-02"), i, l.RoundDates[i-1].Format("2006-01-02"))
		}
	}
	if len(l.RoundDates) > 0 && !l.OnDates() {
		return fmt.Errorf("round dates need a league on dates (next:date)")
	}
	if l.RoundDeadline <= 0 {
		return fmt.Errorf("the round deadline must be positive")
	}
	return nil
}

// OnDates tells whether the league starts each round on its date rather than when the last game
// of the round before has its result.
func (l *League) OnDates() bool { return l.Next == NextOnDate }

// tableSizes splits n players into tables of at most size seats, as even as possible. Only tables
// of two leave a player out (the bye); larger tables shrink by one seat instead.
func tableSizes(n, size int) (sizes []int, byes int) {
	if size == 2 {
		return slices.Repeat([]int{2}, n/2), n % 2
	}
	if n < 2 {
		return nil, n
	}
	tables := (n + size - 1) / size
	for i := range tables {
		s := n / tables
		if i < n%tables {
			s++
		}
		sizes = append(sizes, s)
	}
	return sizes, 0
}
