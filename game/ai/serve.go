package ai

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// Session is one game of `bot ai serve`: an AI that plays a seat against other programs, run by
// a driver that owns the deal. It speaks JSON lines: each request is one JSON object on a line,
// each answer one JSON object on a line, in order. Requests, by "cmd":
//
//	{"cmd":"new","map":"classic","players":["ai","rival"],"seat":0,"level":"hard","seed":7}
//	    a new game: the map (classic, france, ...), the players in turn order, the AI's seat, its
//	    level (easy, normal, hard, master) and a seed that deals the map's start tiles and face-down chips
//	    as the bot deals them for that seed (the stack order never matters: see tile).
//	{"cmd":"tile","tile":"V","discarded":["W"]}
//	    the tile the player to move has drawn, and before it, if any, the tiles drawn this turn
//	    that fit nowhere and left the game. Every turn needs one before its first move or go: the
//	    driver alone knows the stack, and the AI never sees more of it than this.
//	{"cmd":"move","move":{"kind":"place","player":1,"square":"DK115","rotation":90}}
//	    a move of another seat, as the engine writes it (kinds place, meeple with "spot", action
//	    with "action":{"name":..,"args":{..}}, draw, pass).
//	{"cmd":"go","ms":1000}
//	    the AI plays its next move within a budget of ms milliseconds: master if the budget allows
//	    3000 ms, hard 1000 ms, normal 200 ms, else easy, never above the level of new. A whole
//	    turn may take several moves (place, then meeple): the driver asks again while "to_move"
//	    is the AI's seat.
//	{"cmd":"state"}
//	    where the game stands.
//
// Every answer has "ok". An accepted request answers {"ok":true,...} with where the game stands:
// "turn", "to_move" (a seat), "phase", "need_tile" (a tile must be told before the next move),
// "scores", "over", and for go the "move" played. A refused one answers {"ok":false,"error":...}
// naming what was wrong, and changes nothing.
//
// The seeds of the AI's searches come from the seed of new and the number of moves, so a session
// replays exactly.
type Session struct {
	// Lookup finds a map's rules by id.
	Lookup func(id string) (game.MapRules, error)

	g     *game.Game
	seat  int
	level Level
	seed  uint64
	// told is the turn and move count at which the drawn tile was last told: until it is told
	// again the tile in the session's own stack is a placeholder nobody may play.
	told [2]int
	// discards is how many tiles the game had discarded when the tile was last told: the engine
	// discards on its own draws, which the driver's stack did not make.
	discards int
}

// Request is one line from the driver.
type Request struct {
	Cmd       string        `json:"cmd"`
	Map       string        `json:"map,omitempty"`
	Players   []string      `json:"players,omitempty"`
	Seat      *int          `json:"seat,omitempty"`
	Level     string        `json:"level,omitempty"`
	Seed      uint64        `json:"seed,omitempty"`
	Tile      *game.TileID  `json:"tile,omitempty"`
	Discarded []game.TileID `json:"discarded,omitempty"`
	Move      *game.Move    `json:"move,omitempty"`
	MS        int           `json:"ms,omitempty"`
}

// Answer is one line to the driver.
type Answer struct {
	OK       bool       `json:"ok"`
	Error    string     `json:"error,omitempty"`
	Move     *game.Move `json:"move,omitempty"`
	Turn     int        `json:"turn,omitempty"`
	ToMove   *int       `json:"to_move,omitempty"`
	Phase    string     `json:"phase,omitempty"`
	NeedTile bool       `json:"need_tile,omitempty"`
	Scores   []int      `json:"scores,omitempty"`
	Over     bool       `json:"over,omitempty"`
}

// Line answers one request line. It never panics: a line that is not a request, or a request
// that cannot be followed, is answered with an error and changes nothing.
func (s *Session) Line(line []byte) (out []byte) {
	defer func() {
		if r := recover(); r != nil {
			out = encode(Answer{Error: fmt.Sprintf("internal error, nothing changed: %v", r)})
		}
	}()
	var req Request
	dec := json.NewDecoder(strings.NewReader(string(line)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return encode(Answer{Error: fmt.Sprintf("not a request: %v; a request is one JSON object such as {\"cmd\":\"state\"}", err)})
	}
	if _, err := dec.Token(); err != io.EOF {
		return encode(Answer{Error: "not a request: more than one JSON value on the line; send one request per line"})
	}
	a, err := s.handle(req)
	if err != nil {
		return encode(Answer{Error: err.Error()})
	}
	return encode(a)
}

func encode(a Answer) []byte {
	b, _ := json.Marshal(a)
	return b
}

func (s *Session) handle(req Request) (Answer, error) {
	if req.Cmd == "new" {
		return s.newGame(req)
	}
	if s.g == nil && slices.Contains([]string{"tile", "move", "go", "state"}, req.Cmd) {
		return Answer{}, fmt.Errorf("%s: no game yet: start one with new", req.Cmd)
	}
	switch req.Cmd {
	case "tile":
		return s.tile(req)
	case "move":
		if req.Move == nil {
			return Answer{}, fmt.Errorf("move: the request has no \"move\"")
		}
		if req.Move.Player == s.seat {
			return Answer{}, fmt.Errorf("move: seat %d is the AI's: ask it with go", s.seat)
		}
		return s.play(*req.Move, "move")
	case "go":
		return s.goMove(req)
	case "state":
		return s.state(), nil
	}
	return Answer{}, fmt.Errorf("cmd %q is not a request: use new, tile, move, go or state", req.Cmd)
}

func (s *Session) newGame(req Request) (Answer, error) {
	rules, err := s.Lookup(req.Map)
	if err != nil {
		return Answer{}, fmt.Errorf("new: map %q: %w", req.Map, err)
	}
	if len(req.Players) < 2 || len(req.Players) > 6 {
		return Answer{}, fmt.Errorf("new: \"players\" lists %d names: a game has 2 to 6 players", len(req.Players))
	}
	if req.Seat == nil || *req.Seat < 0 || *req.Seat >= len(req.Players) {
		return Answer{}, fmt.Errorf("new: \"seat\" must be the AI's seat, 0 to %d", len(req.Players)-1)
	}
	level, err := ParseLevel(req.Level)
	if err != nil || level == Random {
		return Answer{}, fmt.Errorf("new: \"level\" %q: use easy, normal, hard or master", req.Level)
	}
	g, err := game.NewGame(rules.Map, rules.Variant, game.Setup{Players: req.Players, Seed: req.Seed, Options: game.DefaultOptions()})
	if err != nil {
		return Answer{}, fmt.Errorf("new: %w", err)
	}
	*s = Session{Lookup: s.Lookup, g: g, seat: *req.Seat, level: level, seed: req.Seed, told: [2]int{-1, -1}, discards: len(g.Discarded)}
	return s.state(), nil
}

// needTile reports whether the tile to place has not been told this turn.
func (s *Session) needTile() bool {
	return s.g.Phase == game.PhasePlace && s.told != [2]int{s.g.Turn, s.g.Moves}
}

// tile makes the tile the driver drew the one to place: the session's own stack only holds the
// tiles left, in an order that means nothing.
func (s *Session) tile(req Request) (Answer, error) {
	g := s.g
	if g.Phase != game.PhasePlace {
		return Answer{}, fmt.Errorf("tile: no tile is drawn now (phase %s)", g.Phase)
	}
	if !s.needTile() {
		return Answer{}, fmt.Errorf("tile: the tile of this turn is already told (%s)", g.Drawn)
	}
	c := g.Clone()
	// Tiles the engine discarded on its own draws go back: the driver says which left the game.
	left := append(slices.Clone(c.Deck), c.Drawn)
	left = append(left, c.Discarded[s.discards:]...)
	c.Discarded = c.Discarded[:s.discards]
	take := func(id game.TileID, what string) error {
		i := slices.Index(left, id)
		if i < 0 {
			return fmt.Errorf("tile: %s %q is not among the %d tiles left", what, id, len(left))
		}
		left = slices.Delete(left, i, i+1)
		return nil
	}
	for _, d := range req.Discarded {
		if err := take(d, "discarded tile"); err != nil {
			return Answer{}, err
		}
		if len(c.LegalPlacements(d)) > 0 {
			return Answer{}, fmt.Errorf("tile: discarded tile %s fits the board, so it would not leave the game", d)
		}
		c.Discarded = append(c.Discarded, d)
	}
	if req.Tile == nil {
		return Answer{}, fmt.Errorf("tile: the request has no \"tile\"")
	}
	t := *req.Tile
	if err := take(t, "tile"); err != nil {
		return Answer{}, err
	}
	if len(c.LegalPlacements(t)) == 0 {
		return Answer{}, fmt.Errorf("tile: %s fits nowhere, so it leaves the game: list it in \"discarded\" with the tile drawn after it", t)
	}
	c.Deck, c.Drawn = left, t
	s.g, s.told, s.discards = c, [2]int{c.Turn, c.Moves}, len(c.Discarded)
	return s.state(), nil
}

// play applies a move, or refuses it and changes nothing.
func (s *Session) play(m game.Move, cmd string) (Answer, error) {
	if s.g.Over() {
		return Answer{}, fmt.Errorf("%s: the game is over", cmd)
	}
	if s.needTile() {
		return Answer{}, fmt.Errorf("%s: tell the tile %s drew first: {\"cmd\":\"tile\",\"tile\":...}", cmd, s.g.Players[s.g.Current].Name)
	}
	if m.Player != s.g.Current {
		return Answer{}, fmt.Errorf("%s: it is seat %d's move, not seat %d's", cmd, s.g.Current, m.Player)
	}
	c := s.g.Clone()
	if err := c.Play(m); err != nil {
		return Answer{}, fmt.Errorf("%s: refused: %w", cmd, err)
	}
	s.g = c
	return s.state(), nil
}

// goMove plays the AI's next move.
func (s *Session) goMove(req Request) (Answer, error) {
	if s.g.Over() || s.g.Current != s.seat {
		return Answer{}, fmt.Errorf("go: it is not the AI's move (seat %d to move, the AI is seat %d)", s.g.Current, s.seat)
	}
	if s.needTile() {
		return Answer{}, fmt.Errorf("go: tell the tile the AI drew first: {\"cmd\":\"tile\",\"tile\":...}")
	}
	level := min(levelRank(s.level), budgetRank(req.MS))
	m, err := Choose(s.g, levels[level], s.seed<<20^uint64(s.g.Moves))
	if err != nil {
		return Answer{}, fmt.Errorf("go: %w", err)
	}
	a, err := s.play(m, "go")
	if err != nil {
		return Answer{}, err
	}
	a.Move = &m
	return a, nil
}

func levelRank(l Level) int { return slices.Index(levels, l) }

// budgetRank is the strongest level whose time budget fits ms.
func budgetRank(ms int) int {
	switch {
	case ms >= 3000:
		return levelRank(Master)
	case ms >= 1000:
		return levelRank(Hard)
	case ms >= 200:
		return levelRank(Normal)
	}
	return levelRank(Easy)
}

func (s *Session) state() Answer {
	g := s.g
	cur := g.Current
	a := Answer{OK: true, Turn: g.Turn, ToMove: &cur, Phase: string(g.Phase), NeedTile: s.needTile(), Over: g.Over()}
	for _, p := range g.Players {
		a.Scores = append(a.Scores, p.Score)
	}
	return a
}
