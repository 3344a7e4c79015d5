package render

import (
	"bytes"
	"image/png"
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// TestScoreSeriesIsTheScoreAfterEachTurn: points count from the turn they were scored in, the
// final scoring adds one last step, and the last value is each player's score.
func TestScoreSeriesIsTheScoreAfterEachTurn(t *testing.T) {
	v := &game.View{Turn: 4, Players: []game.Player{{Name: "ann", Score: 15}, {Name: "bob", Score: 6}},
		Log: []game.ScoreEntry{
			{Turn: 1, Player: 0, Points: 4},
			{Turn: 3, Player: 1, Points: 2},
			{Turn: 3, Player: 0, Points: 9},
			{Turn: 4, Player: 1, Points: 3, Final: true},
			{Turn: 4, Player: 0, Points: 2, Final: true},
			{Turn: 4, Player: 1, Points: 1, Final: true},
		}}
	got := ScoreSeries(v)
	want := [][]int{{0, 4, 4, 13, 13, 15}, {0, 0, 0, 2, 2, 6}}
	for p := range want {
		if !slices.Equal(got[p], want[p]) {
			t.Errorf("player %d: %v, want %v", p, got[p], want[p])
		}
	}
}

// TestScoreChartOfAFinishedGame: the chart of a whole game is a PNG of its fixed size, and its
// series end at the players' scores.
func TestScoreChartOfAFinishedGame(t *testing.T) {
	v := finishedView(t)
	for p, s := range ScoreSeries(v) {
		if s[len(s)-1] != v.Players[p].Score {
			t.Errorf("%s's line ends at %d, the score is %d", v.Players[p].Name, s[len(s)-1], v.Players[p].Score)
		}
	}
	data, err := ScoreChart(v, nil)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil || img.Bounds().Dx() != chartW || len(data) > 1<<20 {
		t.Fatalf("the chart: %v, %d bytes", err, len(data))
	}
}

func finishedView(t *testing.T) *game.View {
	t.Helper()
	g := newGame(t, franceMap(t), []string{"ann", "bob", "cy", "dee"}, nil)
	playUntil(t, g, -1)
	return g.View(false)
}
