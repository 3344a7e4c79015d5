package league

import (
	"fmt"
	"math"
)

// The model's constants: the OpenSkill defaults, on the scale where a new player is 25 ± 25/3.
const (
	DefaultMu    = 25.0
	DefaultSigma = DefaultMu / 3
	beta         = DefaultSigma / 2 // the spread of one game's performance around a skill
	kappa        = 0.0001           // the floor of the variance factor, so sigma never reaches 0
)

// ProvisionalGames is how many rated games a player plays before their rating is established.
const ProvisionalGames = 5

// Rating is a player's skill estimate: a normal distribution of mean Mu and deviation Sigma,
// and the number of rated games behind it.
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
	Games int     `json:"games"`
}

// NewRating is the rating of a player who has played no rated game.
func NewRating() Rating { return Rating{Mu: DefaultMu, Sigma: DefaultSigma} }

// Shown is the rating shown to players: the conservative mu - 3 sigma, which the player's skill
// exceeds with 99.7% confidence. It starts at 0 and rises as games narrow sigma.
func (r Rating) Shown() float64 { return r.Mu - 3*r.Sigma }

// Provisional tells whether the rating rests on fewer than ProvisionalGames games.
func (r Rating) Provisional() bool { return r.Games < ProvisionalGames }

// Rate updates the ratings of the players of one game from their finishing places (1 is first;
// equal places are a tie). Each player is a team of one in the Plackett-Luce model.
func Rate(players []Rating, places []int) ([]Rating, error) {
	if len(players) < 2 {
		return nil, fmt.Errorf("a rated game needs at least 2 players, not %d", len(players))
	}
	if err := checkPlaces(places, len(players)); err != nil {
		return nil, err
	}
	teams := make([][]Rating, len(players))
	for i, r := range players {
		teams[i] = []Rating{r}
	}
	rated := rateTeams(teams, places)
	out := make([]Rating, len(players))
	for i, t := range rated {
		out[i] = t[0]
		out[i].Games++
	}
	return out, nil
}

// rateTeams is Algorithm 4 of Weng and Lin (2011), the Plackett-Luce model, for teams whose
// strength is the sum of their players'. ranks: lower is better, equal ranks tie; tied teams
// share each term through A(q), the number of teams tied at q's rank.
func rateTeams(teams [][]Rating, ranks []int) [][]Rating {
	n := len(teams)
	mu, sigmaSq := make([]float64, n), make([]float64, n)
	var c float64
	for i, t := range teams {
		for _, p := range t {
			mu[i] += p.Mu
			sigmaSq[i] += p.Sigma * p.Sigma
		}
		c += sigmaSq[i] + beta*beta
	}
	c = math.Sqrt(c)
	strength := make([]float64, n) // exp(mu_i / c)
	for i := range teams {
		strength[i] = math.Exp(mu[i] / c)
	}
	sumQ, tied := make([]float64, n), make([]float64, n)
	for q := range teams {
		for i := range teams {
			if ranks[i] >= ranks[q] {
				sumQ[q] += strength[i]
			}
			if ranks[i] == ranks[q] {
				tied[q]++
			}
		}
	}
	out := make([][]Rating, n)
	for i, t := range teams {
		var omega, delta float64
		for q := range teams {
			if ranks[q] > ranks[i] {
				continue
			}
			share := strength[i] / sumQ[q]
			if q == i {
				omega += (1 - share) / tied[q]
			} else {
				omega -= share / tied[q]
			}
			delta += share * (1 - share) / tied[q]
		}
		gamma := math.Sqrt(sigmaSq[i]) / c
		omega *= sigmaSq[i] / c
		delta *= gamma * sigmaSq[i] / (c * c)
		out[i] = make([]Rating, len(t))
		for j, p := range t {
			w := p.Sigma * p.Sigma / sigmaSq[i]
			out[i][j] = Rating{Mu: p.Mu + w*omega, Sigma: p.Sigma * math.Sqrt(math.Max(1-w*delta, kappa)), Games: p.Games}
		}
	}
	return out
}
