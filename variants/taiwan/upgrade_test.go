package taiwan

import (
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

func hand(chips ...string) []game.Chip {
	var out []game.Chip
	for _, s := range chips {
		c, why := parsePay(s)
		if !why.IsZero() {
			panic(why.English())
		}
		out = append(out, c...)
	}
	return out
}

// TestT6ExactlyFourPays lists, for hands of chips, every payment an upgrade may take: chips worth
// exactly 4 (4 × 1, 2 × 2, 2 × 1 + 1 × 2), colours mixed freely, never more (TE2: {1,1,2,2} = 6
// is no payment), each written once.
func TestT6ExactlyFourPays(t *testing.T) {
	for _, tc := range []struct {
		rule string
		hand []game.Chip
		want []string
	}{
		{"T6: two 2s", hand("blue 2", "orange 2"), []string{"blue 2 + orange 2"}},
		{"T6: four 1s of three colours", hand("orange 1", "purple 1", "blue 1", "purple 1"), []string{"purple 1 + purple 1 + blue 1 + orange 1"}},
		{"T6: a 2 and two 1s", hand("purple 1", "orange 2", "blue 1"), []string{"orange 2 + purple 1 + blue 1"}},
		{"TE2: {1,1,2,2} pays 2+2 or 2+1+1, never 6", hand("purple 1", "purple 1", "blue 2", "orange 2"),
			[]string{"blue 2 + orange 2", "blue 2 + purple 1 + purple 1", "orange 2 + purple 1 + purple 1"}},
		{"T8: 3 is not enough", hand("purple 1", "orange 2"), nil},
		{"T8: 2+1+1+1 pays 2+1+1 and keeps a 1 (no change)", hand("orange 2", "blue 1", "blue 1", "blue 1"),
			[]string{"orange 2 + blue 1 + blue 1"}},
		{"T8: three 2s pay two of them", hand("purple 2", "purple 2", "blue 2"), []string{"purple 2 + purple 2", "purple 2 + blue 2"}},
		{"no chips", nil, nil},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			got := payTexts(tc.hand)
			if !slices.Equal(got, tc.want) {
				t.Errorf("hand %s pays %q, want %q", game.ChipList(tc.hand), got, tc.want)
			}
			if canPay(tc.hand) != (len(tc.want) > 0) {
				t.Errorf("canPay(%s) = %v, but the payments are %q", game.ChipList(tc.hand), canPay(tc.hand), tc.want)
			}
			for _, p := range payments(tc.hand) {
				if value(p.chips) != UpgradeCost {
					t.Errorf("payment %s is worth %d", p.text, value(p.chips))
				}
			}
		})
	}
}

// TestT9AnUpgradedMeepleWeighsTwoUntilItScores: in random games, after every move, a meeple
// counts 2 in a majority exactly while a chip lies under it (T9), and 1 again once it went home
// (T10).
func TestT9AnUpgradedMeepleWeighsTwoUntilItScores(t *testing.T) {
	upgraded := 0
	for seed := range 20 {
		g, err := game.NewGame(Map(), Variant{}, game.Setup{Players: []string{"a", "b"}, Seed: uint64(seed)})
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(uint64(seed))
		for g.Phase != game.PhaseOver {
			var m game.Move
			if acts := g.LegalActions(); len(acts) > 0 {
				a := acts[rng.Intn(len(acts))].Action
				m = game.Move{Kind: game.MoveAction, Player: g.Current, Action: &a}
			} else {
				m, _ = g.RandomMove(&rng, nil)
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			for _, mp := range g.Meeples {
				chip := slices.ContainsFunc(st(g).Under, func(u under) bool { return u.Square == mp.Square })
				if want := map[bool]int{false: 1, true: UpgradedWeight}[chip]; mp.Weight != want {
					t.Fatalf("seed %d, turn %d: the meeple on %s (a chip under it: %v) counts %d, want %d", seed, g.Turn, mp.Square, chip, mp.Weight, want)
				}
				if chip {
					upgraded++
				}
			}
		}
	}
	if upgraded == 0 {
		t.Fatal("no meeple was ever upgraded: the test tests nothing")
	}
}

// TestThereAre39WaysToPayFour: 6 of two 2s, 18 of a 2 and two 1s, 15 of four 1s (multisets of
// the three colours), each worth exactly 4 and written once.
func TestThereAre39WaysToPayFour(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range allPayments {
		if value(p.chips) != UpgradeCost || seen[p.arg] {
			t.Errorf("payment %s: worth %d, seen before %v", p.text, value(p.chips), seen[p.arg])
		}
		seen[p.arg] = true
	}
	if len(allPayments) != 39 {
		t.Errorf("%d ways to pay 4, want 39", len(allPayments))
	}
}

// TestUpgradesHappenInRandomGames: over random games, players do upgrade meeples, upgraded
// meeples score and lose their chips, and every legal upgrade is accepted, so the playouts test
// the rules rather than games where nobody could pay.
func TestUpgradesHappenInRandomGames(t *testing.T) {
	upgrades, returned := 0, 0
	for seed := range 50 {
		g, err := game.NewGame(Map(), Variant{}, game.Setup{Players: []string{"a", "b"}, Seed: uint64(seed)})
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(uint64(seed))
		for g.Phase != game.PhaseOver {
			if g.Phase == game.PhaseFinish && len(g.LegalActions()) > 0 {
				a := g.LegalActions()[0].Action
				if err := g.Play(game.Move{Kind: game.MoveAction, Player: g.Current, Action: &a}); err != nil {
					t.Fatalf("seed %d: legal %v refused: %v", seed, a, err)
				}
				upgrades++
				continue
			}
			before := len(st(g).Under)
			m, _ := g.RandomMove(&rng, nil)
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			returned += max(0, before-len(st(g).Under))
		}
	}
	if upgrades < 50 || returned < 10 {
		t.Errorf("%d upgrades and %d upgraded meeples scored in 50 games: too few to test anything", upgrades, returned)
	}
}
