package league

import (
	"math"
	"testing"
)

// near compares to the precision a reference value was published with.
func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

// TestRatingMatchesOpenSkillReferenceValues checks the model against the values the OpenSkill
// libraries publish for their default Plackett-Luce model (openskill.js and openskill.py READMEs).
func TestRatingMatchesOpenSkillReferenceValues(t *testing.T) {
	d := NewRating()
	t.Run("two teams of two, the first wins", func(t *testing.T) {
		teams := [][]Rating{{d, {Mu: 32.444, Sigma: 5.123}}, {{Mu: 43.381, Sigma: 2.421}, {Mu: 25.188, Sigma: 6.211}}}
		got := rateTeams(teams, []int{1, 2})
		want := [][]Rating{{{Mu: 28.669648436582808, Sigma: 8.071520788025197}, {Mu: 33.83086971107981, Sigma: 5.062772998705765}},
			{{Mu: 43.071274808241974, Sigma: 2.4166900452721256}, {Mu: 23.149503312339064, Sigma: 6.1378606973362135}}}
		for i := range want {
			for j := range want[i] {
				if !near(got[i][j].Mu, want[i][j].Mu, 1e-9) || !near(got[i][j].Sigma, want[i][j].Sigma, 1e-9) {
					t.Errorf("team %d player %d: got %.12f ± %.12f, want %.12f ± %.12f", i, j, got[i][j].Mu, got[i][j].Sigma, want[i][j].Mu, want[i][j].Sigma)
				}
			}
		}
	})
	cases := []struct {
		name   string
		places []int
		want   [][2]float64
	}{
		{"four players finishing 4th, 1st, 3rd, 2nd", []int{4, 1, 3, 2},
			[][2]float64{{20.963, 8.084}, {27.795, 8.263}, {24.689, 8.084}, {26.553, 8.179}}},
		{"four players, two sharing second place", Places([]int{37, 19, 37, 42}),
			[][2]float64{{24.689, 8.179}, {22.826, 8.179}, {24.689, 8.179}, {27.795, 8.263}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Rate([]Rating{d, d, d, d}, c.places)
			if err != nil {
				t.Fatal(err)
			}
			for i, w := range c.want {
				if !near(got[i].Mu, w[0], 0.0005) || !near(got[i].Sigma, w[1], 0.0005) {
					t.Errorf("player %d: got %.4f ± %.4f, want %.3f ± %.3f", i, got[i].Mu, got[i].Sigma, w[0], w[1])
				}
			}
		})
	}
}
