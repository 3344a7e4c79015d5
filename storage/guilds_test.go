package storage

import (
	"reflect"
	"testing"
)

func TestAServerKeepsItsSettingsAndOthersKeepTheDefaults(t *testing.T) {
	s, _ := openTest(t)
	if g, err := s.GuildSettings("g1"); err != nil || !reflect.DeepEqual(g, GuildSettings{}) {
		t.Fatalf("a server that set nothing: %+v %v", g, err)
	}
	if err := s.SetGuildSettings("g1", GuildSettings{VacationDays: 12}); err != nil {
		t.Fatal(err)
	}
	if g, err := s.GuildSettings("g1"); err != nil || g.VacationDays != 12 {
		t.Fatalf("after setting 12 days: %+v %v", g, err)
	}
	if g, err := s.GuildSettings("g2"); err != nil || !reflect.DeepEqual(g, GuildSettings{}) {
		t.Fatalf("another server: %+v %v", g, err)
	}
	if err := s.SetGuildSettings("", GuildSettings{}); err == nil {
		t.Fatal("an empty guild id was accepted")
	}
}
