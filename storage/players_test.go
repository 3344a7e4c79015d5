package storage

import (
	"errors"
	"reflect"
	"testing"
)

func TestPlayerSettings(t *testing.T) {
	s, _ := openTest(t)
	if got, err := s.PlayerSettings("alice"); !reflect.DeepEqual(got, Settings{}) || err != nil {
		t.Errorf("unknown player = %+v, %v; want zero settings", got, err)
	}
	want := Settings{TimeZone: "Europe/Paris", QuietStart: "22:00", QuietEnd: "07:30", Notify: "dm", NoReminders: true}
	if err := s.SetPlayerSettings("alice", want); err != nil {
		t.Fatal(err)
	}
	// Stats earned later are kept when the settings change again.
	g := newGame(t, s, "g1")
	last := g.commit(1, "end")
	last.Status, last.Standings = StatusFinished, []Standing{{"alice", 12, 2}, {"bob", 30, 1}}
	if _, err := s.AppendMove(last); err != nil {
		t.Fatal(err)
	}
	want.Notify = "off"
	if err := s.SetPlayerSettings("alice", want); err != nil {
		t.Fatal(err)
	}
	s = reopen(t, s)
	if got, _ := s.PlayerSettings("alice"); !reflect.DeepEqual(got, want) {
		t.Errorf("settings = %+v, want %+v", got, want)
	}
	if st, _ := s.PlayerStats("alice"); st != (Stats{Played: 1, Points: 12, Best: 12}) {
		t.Errorf("stats = %+v", st)
	}
	if err := s.SetPlayerSettings("", want); !errors.Is(err, ErrInvalid) {
		t.Errorf("empty user id: %v", err)
	}
}

func TestEachPlayerSettingsVisitsEveryPlayerOnce(t *testing.T) {
	s, _ := openTest(t)
	for _, id := range []string{"bob", "alice", "carol"} {
		if err := s.SetPlayerSettings(id, Settings{Notify: "dm", Follows: []Follow{{GameID: "g-" + id, Place: "c1"}}}); err != nil {
			t.Fatal(err)
		}
	}
	var seen []string
	err := s.EachPlayerSettings(func(id string, p Settings) error {
		if len(p.Follows) != 1 || p.Follows[0].GameID != "g-"+id {
			t.Errorf("%s's settings: %+v", id, p)
		}
		seen = append(seen, id)
		return nil
	})
	if err != nil || !reflect.DeepEqual(seen, []string{"alice", "bob", "carol"}) {
		t.Fatalf("visited %v (%v)", seen, err)
	}
	stop := errors.New("stop")
	if err := s.EachPlayerSettings(func(string, Settings) error { return stop }); !errors.Is(err, stop) {
		t.Fatalf("an error of the callback: %v", err)
	}
}
