package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// Once the game is over its page shows the deal's key beside the commitment, and offers the
// complete record (which bot replay checks) and, for the classic table, the JCloisterZone file.
func TestFinishedGameOffersTheRecordAndTheKey(t *testing.T) {
	st := newSite(t, "")
	k := dealKey("over")
	tb := playGame(t, "g1", "classic", k, []string{"ann", "bob"}, 0, nil)
	if tb.Status != table.Finished {
		t.Fatalf("the game is %s", tb.Status)
	}
	st.games.put(Game{Table: tb, Version: 5})
	path := st.gamePath(t, "g1")
	code, body, _ := st.get(t, path)
	if code != http.StatusOK {
		t.Fatalf("status %d", code)
	}
	for _, want := range []string{k, table.DealCommitment("g1", k), `href="record.json"`, `href="game.jcz"`, `id="check"`, `id="result"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// The page with its script, style sheet and chart, before the board's picture.
	weight := len(body)
	for _, f := range []string{"/static/app.js", "/static/app.css", path + "chart.png?v=5"} {
		_, b, _ := st.get(t, f)
		weight += len(b)
	}
	if weight > 300<<10 {
		t.Errorf("the page of a whole game weighs %d bytes before its board", weight)
	}
	t.Logf("the page of a finished game of %d moves: %d bytes (HTML %d) before its board", len(tb.Moves), weight, len(body))
	if strings.Contains(body, "now: move") {
		t.Errorf("a finished game shows a turn being played")
	}
	code, data, h := st.get(t, path+"record.json")
	if code != http.StatusOK || !strings.Contains(h.Get("Content-Disposition"), `filename="g1.json"`) {
		t.Fatalf("record: status %d, %v", code, h)
	}
	var d record.Document
	if err := json.Unmarshal([]byte(data), &d); err != nil {
		t.Fatal(err)
	}
	if !d.Complete || d.Commitment != table.DealCommitment("g1", k) {
		t.Errorf("the record is not complete or has another commitment")
	}
	if _, err := record.Replay(d); err != nil {
		t.Errorf("the record does not replay: %v", err)
	}
	code, jcz, _ := st.get(t, path+"game.jcz")
	if code != http.StatusOK || len(jcz) == 0 {
		t.Errorf("jcz: status %d, %d bytes", code, len(jcz))
	}
}

// While the game runs the page shows the commitment only: the key stays secret.
func TestRunningGameKeepsTheKey(t *testing.T) {
	st := newSite(t, "")
	k := dealKey("secret")
	tb := playGame(t, "g1", "classic", k, []string{"ann", "bob"}, 4, nil)
	st.games.put(Game{Table: tb, Version: 1})
	_, body, _ := st.get(t, st.gamePath(t, "g1"))
	if strings.Contains(body, k) {
		t.Fatal("the page of a running game shows the deal's key")
	}
	if !strings.Contains(body, table.DealCommitment("g1", k)) {
		t.Error("the page lacks the commitment")
	}
}

// The page's history gives the final scoring a line of its own, after the last turn's, in the
// page's language; the style sheet keeps the line break the history line holds.
func TestTheFinalScoringIsItsOwnLineOnThePage(t *testing.T) {
	st := newSite(t, "")
	tb := playGame(t, "g1", "classic", dealKey("over"), []string{"ann", "bob"}, 0, nil)
	st.games.put(Game{Table: tb, Version: 5})
	_, body, _ := st.get(t, st.gamePath(t, "g1")+"?lang=de")
	items := strings.Split(body, `<li id="m`)
	last := items[len(items)-1]
	if !strings.Contains(last, "\nSchlusswertung: ") {
		t.Errorf("the last entry of the history has no line of the final scoring: %.300q", last)
	}
	for _, before := range items[1 : len(items)-1] {
		if strings.Contains(before, "Schlusswertung") {
			t.Errorf("an earlier entry holds the final scoring: %.200q", before)
		}
	}
	_, css, _ := st.get(t, "/static/app.css")
	if !strings.Contains(css, "#log li a { color: inherit; text-decoration: none; display: block; white-space: pre-line; }") ||
		!strings.Contains(css, "#line { white-space: pre-line; }") {
		t.Error("the style sheet writes a history line's two lines as one")
	}
}
