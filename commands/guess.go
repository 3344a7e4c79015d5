package commands

import (
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// maxGuessed is the longest word guess reads: longer than any name it could mean, and short enough
// that comparing it with every choice costs nothing (what is typed may be thousands of characters).
const maxGuessed = 64

// guess is the choice a mistyped word most likely meant: the one it is a part of, or that a
// letter or two of it tell apart (a swap counting as one), when exactly one is nearest; "" when
// none is near enough to say.
func guess(typed string, choices []string) string {
	typed = strings.ToLower(strings.TrimSpace(typed))
	if typed == "" || len(typed) > maxGuessed {
		return ""
	}
	var within []string
	for _, c := range choices {
		if len(typed) >= 3 && strings.Contains(strings.ToLower(c), typed) {
			within = append(within, c)
		}
	}
	if len(within) == 1 {
		return within[0]
	}
	best, bestD, ties := "", max(1, len(typed)/3)+1, 0
	for _, c := range choices {
		switch d := editDistance(typed, strings.ToLower(c)); {
		case d < bestD:
			best, bestD, ties = c, d, 1
		case d == bestD:
			ties++
		}
	}
	if ties != 1 {
		return ""
	}
	return best
}

// editDistance counts the letters to insert, delete or change, and the neighbours to swap, to
// turn a into b (optimal string alignment).
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

// failGuessed refuses as failT does, and adds the choice the player most likely meant, written as
// written must be (how, with the guess).
func failGuessed(t *table.Table, in Input, id string, a lang.A, typed string, choices []string, how func(string) string) Reply {
	r := failT(t, in, id, a)
	if g := guess(typed, choices); g != "" {
		r.Text += " " + in.own().T("did_you_mean", lang.A{"Guess": how(g)})
	}
	return r
}
