package league

import (
	"fmt"
	"slices"
	"time"
)

// FixtureStatus is where one game of a season stands.
type FixtureStatus string

// Fixture statuses.
const (
	Scheduled   FixtureStatus = "scheduled"   // its round has not started
	Playing     FixtureStatus = "playing"     // its game runs in its thread
	Finished    FixtureStatus = "finished"    // played to the end
	Adjudicated FixtureStatus = "adjudicated" // stopped at the round's deadline (see Policy)
)

// Fixture is one game of a season.
type Fixture struct {
	Round   int           `json:"round"` // from 1
	Table   int           `json:"table"` // from 1, within the round
	Players []string      `json:"players"`
	Status  FixtureStatus `json:"status"`
	GameID  string        `json:"game_id,omitempty"`
	Thread  string        `json:"thread,omitempty"`
	// Scores and Places are the result, once the game is over (Places decide the league points).
	Scores   []int     `json:"scores,omitempty"`
	Places   []int     `json:"places,omitempty"`
	Finished time.Time `json:"finished,omitzero"`
	// Stage is where a double elimination cup's game stands in its brackets.
	Stage *Stage `json:"stage,omitempty"`
}

// Done tells whether the fixture has its result.
func (f Fixture) Done() bool { return f.Status == Finished || f.Status == Adjudicated }

// Season is one season of a league: its players, its rounds and its games.
type Season struct {
	League  string   `json:"league"`
	Number  int      `json:"number"`
	Members []Member `json:"members"`
	// Rounds are the pairings of the rounds known so far: a round-robin knows them all at the
	// start, a swiss season adds each when it starts.
	Rounds   []Round   `json:"rounds"`
	Started  int       `json:"started"` // rounds started
	Fixtures []Fixture `json:"fixtures"`
	// Deadline is when the running round's unfinished games are adjudicated.
	Deadline time.Time `json:"deadline,omitzero"`
	Ended    time.Time `json:"ended,omitzero"`
	// Seeds and Bracket are a cup's: its players best seed first, and its first round's bracket
	// ("" for an empty place, a bye); the later rounds follow from the results (cup.go).
	Seeds   []string `json:"seeds,omitempty"`
	Bracket []string `json:"bracket,omitempty"`
	// Double marks a double elimination cup; Reset, its bracket reset (double.go).
	Double bool `json:"double,omitempty"`
	Reset  bool `json:"reset,omitempty"`
}

// NewSeason schedules a season of the league's members. Round-robin rounds are all known now;
// swiss rounds are paired as they start.
func NewSeason(l *League, number int) (Season, error) {
	s := Season{League: l.ID, Number: number, Members: slices.Clone(l.Members)}
	if l.Format == Cup || l.Format == DoubleCup {
		if l.TableSize != 2 {
			return Season{}, fmt.Errorf("a cup plays games of two, not %d", l.TableSize)
		}
		if err := checkPlayers(l.MemberIDs(), 2); err != nil {
			return Season{}, err
		}
		s.Seeds = l.MemberIDs()
		bracket, err := newCup(s.Seeds)
		if err != nil {
			return Season{}, err
		}
		s.Bracket = bracket
		s.Double, s.Reset = l.Format == DoubleCup, l.Format == DoubleCup && !l.NoReset
		return s, nil
	}
	if l.Format == Swiss {
		return s, checkPlayers(l.MemberIDs(), l.TableSize)
	}
	rounds, err := RoundRobinRounds(l.MemberIDs(), l.TableSize, l.Format == DoubleRoundRobin)
	if err != nil {
		return Season{}, err
	}
	s.Rounds = rounds
	return s, nil
}

// TotalRounds is the number of rounds the season plays.
func (s *Season) TotalRounds(l *League) int {
	switch l.Format {
	case Swiss:
		return l.Rounds
	case Cup:
		return cupRounds(s.Bracket)
	case DoubleCup:
		return s.doubleRounds()
	}
	return len(s.Rounds)
}

// RoundOver tells whether every game of the running round has its result.
func (s *Season) RoundOver() bool {
	for _, f := range s.Fixtures {
		if f.Round == s.Started && !f.Done() {
			return false
		}
	}
	return true
}

// StartRound pairs (for swiss) and schedules the next round, returning its fixtures' indexes. The
// caller opens each game and records its id with Fixture.GameID.
func (s *Season) StartRound(l *League, now time.Time) ([]int, error) {
	if s.Started > 0 && !s.RoundOver() {
		return nil, fmt.Errorf("round %d is still being played", s.Started)
	}
	if s.Started >= s.TotalRounds(l) {
		return nil, fmt.Errorf("all %d rounds have been played", s.TotalRounds(l))
	}
	if l.Format == Swiss {
		var order []string
		for _, st := range s.Standings() {
			order = append(order, st.Player)
		}
		r, err := SwissRound(order, l.TableSize, s.Rounds)
		if err != nil {
			return nil, err
		}
		s.Rounds = append(s.Rounds, r)
	}
	switch l.Format {
	case Cup:
		s.Rounds = append(s.Rounds, s.cupRound())
	case DoubleCup:
		s.Rounds = append(s.Rounds, s.doubleRound())
	}
	s.Started++
	// A member kicked after the schedule was made leaves their tables; a table left with one
	// player becomes that player's bye.
	round := &s.Rounds[s.Started-1]
	var tables [][]string
	var stages []Stage
	for i, t := range round.Tables {
		t = slices.DeleteFunc(slices.Clone(t), func(p string) bool { return s.member(p) < 0 })
		switch len(t) {
		case 0:
		case 1:
			round.Byes = append(round.Byes, t[0])
		default:
			tables = append(tables, t)
			if i < len(round.Stages) {
				stages = append(stages, round.Stages[i])
			}
		}
	}
	round.Byes = slices.DeleteFunc(round.Byes, func(p string) bool { return s.member(p) < 0 })
	round.Tables, round.Stages = tables, stages
	var idx []int
	for t, players := range round.Tables {
		idx = append(idx, len(s.Fixtures))
		f := Fixture{Round: s.Started, Table: t + 1, Players: slices.Clone(players), Status: Playing}
		if t < len(round.Stages) {
			f.Stage = &round.Stages[t]
		}
		s.Fixtures = append(s.Fixtures, f)
	}
	s.Deadline = s.roundEnd(l, now)
	return idx, nil
}

// roundEnd is when a round started at now ends. A league on dates ends a round on its own date
// when the league has one for it (RoundDates) and it is still to come; otherwise it keeps its calendar: the round
// ends one round length after the round before it, even if an administrator started it early or
// the bot a little late; a round whose calendar date has already passed (after a pause) gets its
// full length from now, like every round of a league that starts rounds when they are played.
func (s *Season) roundEnd(l *League, now time.Time) time.Time {
	if r := s.Started; l.OnDates() && r >= 1 && r <= len(l.RoundDates) && l.RoundDates[r-1].After(now) {
		return l.RoundDates[r-1] // the round's own date
	}
	if next := s.Deadline.Add(l.RoundDeadline); l.OnDates() && !s.Deadline.IsZero() && next.After(now) {
		return next
	}
	return now.Add(l.RoundDeadline)
}

// NextRoundDue tells whether the next round of a running season may start now: its round is over
// and, for a league on dates, the round's date has come. False once every round has started.
func (s *Season) NextRoundDue(l *League, now time.Time) bool {
	if s.Started >= s.TotalRounds(l) || !s.RoundOver() {
		return false
	}
	return !l.OnDates() || s.Started == 0 || !now.Before(s.Deadline)
}

// Fixture returns the index of the fixture played as game id, or -1.
func (s *Season) Fixture(gameID string) int {
	return slices.IndexFunc(s.Fixtures, func(f Fixture) bool { return f.GameID == gameID })
}

// Record stores a fixture's result.
func (s *Season) Record(i int, status FixtureStatus, scores, places []int, at time.Time) error {
	if i < 0 || i >= len(s.Fixtures) {
		return fmt.Errorf("no fixture %d in season %d", i, s.Number)
	}
	f := &s.Fixtures[i]
	if f.Done() {
		return fmt.Errorf("round %d table %d already has its result", f.Round, f.Table)
	}
	if len(scores) != len(f.Players) {
		return fmt.Errorf("%d scores for %d players", len(scores), len(f.Players))
	}
	if err := checkPlaces(places, len(f.Players)); err != nil {
		return err
	}
	f.Status, f.Scores, f.Places, f.Finished = status, slices.Clone(scores), slices.Clone(places), at
	return nil
}

// Over tells whether every round has been played to its result.
func (s *Season) Over(l *League) bool {
	return s.Started == s.TotalRounds(l) && s.RoundOver()
}

// Standings are the season's standings from the results so far and the byes of started rounds.
func (s *Season) Standings() []Standing {
	var results []Result
	for _, f := range s.Fixtures {
		if f.Done() {
			results = append(results, Result{Players: f.Players, Scores: f.Scores, Places: f.Places})
		}
	}
	var byes []string
	for _, r := range s.Rounds[:min(s.Started, len(s.Rounds))] {
		byes = append(byes, r.Byes...)
	}
	ids := make([]string, len(s.Members))
	for i, m := range s.Members {
		ids[i] = m.ID
	}
	st := Standings(ids, results, byes)
	if s.Bracket != nil {
		return s.cupStandings(st)
	}
	return st
}

func (s *Season) member(id string) int {
	return slices.IndexFunc(s.Members, func(m Member) bool { return m.ID == id })
}

// Name is a member's name in this season (the id when unknown).
func (s *Season) Name(id string) string {
	if i := s.member(id); i >= 0 {
		return s.Members[i].Name
	}
	return id
}

// Kick removes a member from the season: they have no line in the standings and leave the
// tables of rounds not yet started. Games already running go on.
func (s *Season) Kick(id string) {
	if i := s.member(id); i >= 0 {
		s.Members = slices.Delete(s.Members, i, i+1)
	}
}
