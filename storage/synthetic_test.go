package storage

import (
	"encoding/json"
	"strconv"
)

// syntheticState returns a deterministic state document shaped like the engine's (section 2.4 of
// the design): a board of turn tiles, meeples, face-down chips, the hidden tile order ("deck"),
// players and a score log. score makes different move sequences give different states.
func syntheticState(seed int64, turn int, score int64) []byte {
	r := uint64(seed)*0x9E3779B97F4A7C15 + 1
	next := func(n int) int { // xorshift: stable across Go versions, unlike math/rand streams
		r ^= r << 13
		r ^= r >> 7
		r ^= r << 17
		return int(r % uint64(n))
	}
	tiles := []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X"}
	colors := []string{"purple", "blue", "orange"}
	square := func() string { return string(rune('A'+next(26))) + strconv.Itoa(1+next(30)) }

	type tile struct {
		Square   string `json:"square"`
		Tile     string `json:"tile"`
		Rotation int    `json:"rotation"`
	}
	type meeple struct {
		Player   string `json:"player"`
		Square   string `json:"square"`
		Spot     string `json:"spot"`
		Upgraded bool   `json:"upgraded"`
	}
	type chip struct {
		Square string `json:"square"`
		Color  string `json:"color"`
		Value  int    `json:"value"`
		Face   string `json:"face"`
	}
	type player struct {
		Name    string `json:"name"`
		Score   int64  `json:"score"`
		Meeples int    `json:"meeples"`
	}
	type entry struct {
		Turn   int    `json:"turn"`
		Player string `json:"player"`
		Points int    `json:"points"`
		Reason string `json:"reason"`
	}
	state := struct {
		Map       string   `json:"map"`
		Status    string   `json:"status"`
		Turn      int      `json:"turn"`
		Current   string   `json:"current"`
		Phase     string   `json:"phase"`
		Drawn     string   `json:"drawn"`
		TilesLeft int      `json:"tiles_left"`
		Deck      []string `json:"deck"`
		Players   []player `json:"players"`
		Board     []tile   `json:"board"`
		Meeples   []meeple `json:"meeples"`
		MapChips  []chip   `json:"map_chips"`
		Log       []entry  `json:"log"`
	}{Map: "france", Status: "playing", Turn: turn, Phase: "place", Drawn: tiles[next(24)], TilesLeft: max(0, 160-turn)}
	names := []string{"alice", "bob", "carol", "dave"}
	state.Current = names[turn%4]
	for i := range state.TilesLeft {
		state.Deck = append(state.Deck, tiles[(i*7+turn)%24])
	}
	for i, n := range names {
		state.Players = append(state.Players, player{n, score + int64(i), 9 - min(turn/8, 6)})
	}
	for range turn {
		state.Board = append(state.Board, tile{square(), tiles[next(24)], 90 * next(4)})
	}
	for i := range min(turn/3, 16) {
		state.Meeples = append(state.Meeples, meeple{names[i%4], square(), "city:N", i%5 == 0})
	}
	for i := range 20 {
		state.MapChips = append(state.MapChips, chip{square(), colors[i%3], 1 + next(3), "down"})
	}
	for i := range turn / 6 {
		state.Log = append(state.Log, entry{i * 6, names[i%4], next(12), "city completed"})
	}
	data, _ := json.Marshal(state) // a struct of strings and ints always encodes
	return data
}
