package main

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// TestALocalGameIsSavedResumedAndFinished: a hot-seat game lives in the database, saved after
// every move: after Ctrl-D bot play offers it, --resume plays on where it stopped, and once it
// is over bot export --record writes its record, which bot replay checks and bot render draws,
// and bot verify replays it with the database's other games.
func TestALocalGameIsSavedResumedAndFinished(t *testing.T) {
	t.Chdir(t.TempDir())
	first := hotSeat(t, "!seed 3\nann: /carc new map:classic\nbob: /carc join\n!stack D U\nann: /carc start\n"+
		"ann: /place square:DK114 rotation:180 meeple:none\n")
	m := regexp.MustCompile(`Game (local-\S+) is saved: bot play --resume (\S+) plays on\.`).FindStringSubmatch(first)
	if m == nil || m[1] != m[2] {
		t.Fatalf("Ctrl-D does not say how to play on:\n%s", first)
	}
	id := m[1]
	if offered := hotSeat(t, ""); !strings.Contains(offered, "Games in progress here") || !strings.Contains(offered, id+"  Classic (open table), turn 2, ann, bob") {
		t.Errorf("bot play does not offer the game in progress:\n%s", offered)
	}
	if last := hotSeat(t, "/carc status\n", "--resume", "last"); !strings.Contains(last, "Playing on game "+id) {
		t.Errorf("--resume last does not play on the latest game:\n%s", last)
	}
	resumed := hotSeat(t, "bob: /place square:DK116 rotation:0 meeple:none\n/carc status\n", "--resume", id)
	if !strings.Contains(resumed, "Playing on game "+id) || !strings.Contains(resumed, "The game is over.") {
		t.Fatalf("the resumed game did not play to its end:\n%s", resumed)
	}
	if offered := hotSeat(t, ""); strings.Contains(offered, id) {
		t.Errorf("a finished game is still offered:\n%s", offered)
	}
	var rec bytes.Buffer
	if err := run([]string{"export", "--record", id}, nil, &rec); err != nil {
		t.Fatal(err)
	}
	// The game's table is named by its id in the database, as a Discord game's is: its record,
	// and the pages that cache its pictures by it, never mix two games of the terminal.
	if !strings.Contains(rec.String(), `"game": "`+id+`"`) {
		t.Errorf("the record does not name game %s:\n%.300s", id, rec.String())
	}
	os.WriteFile("game.json", rec.Bytes(), 0o644)
	for _, args := range [][]string{{"replay", "game.json"}, {"render", "--record", "game.json", "-o", "a.png"},
		{"render", "--game", id, "-o", "b.png"}, {"verify"}} {
		var out bytes.Buffer
		if err := run(args, nil, &out); err != nil {
			t.Errorf("bot %s: %v\n%s", strings.Join(args, " "), err, out.String())
		}
	}
	a, _ := os.ReadFile("a.png")
	b, _ := os.ReadFile("b.png")
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Error("the record and the database draw the end differently")
	}
	if err := run([]string{"play", "--resume", id}, strings.NewReader(""), &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "is over") {
		t.Errorf("--resume of a finished game: %v", err)
	}
}

// TestPlayServesThePagesOfItsGames: bot play --web ADDR serves the pages of the games it keeps
// while the session lasts, and tells each game's link when it begins.
func TestPlayServesThePagesOfItsGames(t *testing.T) {
	t.Chdir(t.TempDir())
	in, typed := io.Pipe()
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- play([]string{"--web", "127.0.0.1:0"}, in, out) }()
	fmt.Fprintln(typed, "ann: /carc new map:france\nbob: /carc join\nann: /carc start")
	link := ""
	pageLink := regexp.MustCompile(`Its page: (http://\S+) `)
	for deadline := time.Now().Add(20 * time.Second); link == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := pageLink.FindStringSubmatch(out.String()); m != nil {
			link = m[1]
		}
	}
	if link == "" {
		typed.Close()
		<-done
		t.Fatalf("no page link:\n%s", out.String())
	}
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(out.String(), "The game begins") && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	resp, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "bob") {
		t.Errorf("%s: %s\n%.300s", link, resp.Status, body)
	}
	typed.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get(link); err == nil {
		t.Error("the pages are still served after the session")
	}
}

// TestTheBotLeavesTheTerminalsGamesAlone: the bot started on the database where the terminal keeps
// its games loads none of them: no timer, AI turn or lobby expiry of its own runs them, and no chat
// hears of them.
func TestTheBotLeavesTheTerminalsGamesAlone(t *testing.T) {
	t.Chdir(t.TempDir())
	out := hotSeat(t, "ann: /carc new map:france\nann: /table bot level:easy\nann: /carc start\n")
	id := regexp.MustCompile(`Game (local-\S+) is saved`).FindStringSubmatch(out)
	if id == nil {
		t.Fatalf("no game saved:\n%s", out)
	}
	store, err := storage.Open("carcassonne.db", storage.Options{NoSync: true, Engine: bot.Engine{}})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	host, err := bot.New(bot.Config{Store: store, Port: &quietPort{}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	if err := host.Load(); err != nil {
		t.Fatal(err)
	}
	if _, ok := host.InspectGame(id[1]); ok {
		t.Errorf("the bot loaded the terminal's game %s", id[1])
	}
}

// TestAGamePlayedOnFromARecordIsKept: at the hot-seat table a game played on from a record is a
// game of the database like any other, a new one each time the record is played on: bot play
// offers it, and --resume plays on it.
func TestAGamePlayedOnFromARecordIsKept(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("e.carc", []byte("!seed 3\nann: /carc new map:classic\nbob: /carc join\n!stack D U\nann: /carc start\n"+
		"ann: /place square:DK114 rotation:180 meeple:none\nbob: /place square:DK116 rotation:0 meeple:none\nann: /carc export\n"), 0o644)
	if err := run([]string{"play", "--script", "e.carc", "--out", "out"}, nil, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	kept := regexp.MustCompile(`Playing on from the record as game (record-\S+), saved in`)
	var ids []string
	for range 2 {
		out := hotSeat(t, "", "--record", "out/local-1.json", "--move", "1")
		m := kept.FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("the game played on is not kept:\n%s", out)
		}
		ids = append(ids, m[1])
	}
	if ids[0] == ids[1] {
		t.Fatalf("the record was played on twice as one game %s", ids[0])
	}
	offered := hotSeat(t, "")
	for _, id := range ids {
		if !strings.Contains(offered, id+"  Classic (open table), turn 2, ann, bob") {
			t.Errorf("bot play does not offer %s:\n%s", id, offered)
		}
	}
	if out := hotSeat(t, "bob: /place square:DK116 rotation:0 meeple:none\n", "--resume", ids[0]); !strings.Contains(out, "The game is over.") {
		t.Errorf("the game played on from the record did not play on to its end:\n%s", out)
	}
}
