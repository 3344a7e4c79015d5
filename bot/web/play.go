package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/render"
)

// Plays takes the moves a player makes on the game's page to the host, which runs them through
// the command layer as the commands (or the turn message's buttons) they stand for, stores and
// announces them in the game's channel exactly as typed ones, and tells what it made of them.
type Plays interface {
	PlayFromPage(m PageMove) PageAnswer
}

// PageMove is a move made on a play page: the commands it stands for, or a click on one of the
// turn message's buttons, by the person in seat, on the position of version.
type PageMove struct {
	Game    string
	Seat    int
	User    string
	Version uint64
	// Key is the page's idempotency key for this move: the same key twice (a double tap, a
	// browser's retry) moves once, and is told what the first made of it.
	Key string
	// Lang is the page's language, the private answer's.
	Lang string
	// Inputs are typed commands, run in order; Click and Values a button or a menu's choice.
	Inputs []commands.Input
	Click  string
	Values []string
}

// PageAnswer is what became of a page's move.
type PageAnswer struct {
	// Moved: the game took the move (or took it before, under the same key).
	Moved bool
	// Stale: the game moved on since the page was drawn (an undo, a deadline): nothing was done.
	Stale bool
	// Text is the private answer, as Discord shows it to the player.
	Text string
}

// Limits of a page's move: its body, and by default how many moves a player may send (a turn
// takes one to three: a flood of them is a script, not a player).
const (
	maxMoveBody      = 4 << 10
	DefaultPlayRate  = 1.0
	DefaultPlayBurst = 8
	// DefaultPlayPoll is how often a play page asks whether its game moved on meanwhile.
	DefaultPlayPoll = 15 * time.Second
)

var moveKey = regexp.MustCompile(`^[A-Za-z0-9_-]{16,64}$`)

// play is a play link opened: the game, what the link is bound to, the page's language.
type play struct {
	Game
	Play
	token string
	rd    reader
}

// openPlay checks a play link (its MAC against the person in its seat now, the generation of the
// game's links) and reads the game in the reader's language; on a refusal it has answered.
func (s *Server) openPlay(w http.ResponseWriter, r *http.Request) (play, bool) {
	id, token := r.PathValue("id"), r.PathValue("token")
	p, mac, err := readPlay(id, token)
	if err != nil {
		s.refuse(w, r, err)
		return play{}, false
	}
	g, err := s.cfg.Games.WebGame(id)
	if err != nil {
		s.refuse(w, r, err)
		return play{}, false
	}
	user := ""
	if g.Table != nil && p.Seat < len(g.Table.Seats) {
		user = g.Table.Seats[p.Seat].ID
	}
	if err := s.cfg.Signer.checkPlay(p, mac, user); err != nil {
		s.refuse(w, r, err)
		return play{}, false
	}
	p.User = user
	fallback := lang.Public(g.Table.Settings.Language, g.GuildLocale)
	rd, err := languageOf(r, fallback)
	if err != nil {
		s.failIn(w, r, rd, http.StatusBadRequest, err.(msg.Message))
		return play{}, false
	}
	if g.Table.Game == nil {
		s.failIn(w, r, rd, http.StatusNotFound, msg.Message{ID: "web_err_not_started"})
		return play{}, false
	}
	return play{Game: g, Play: p, token: token, rd: rd}, true
}

// openPlayQuery is openPlay for a request whose query may name only allowed (and lang).
func (s *Server) openPlayQuery(w http.ResponseWriter, r *http.Request, allowed ...string) (play, url.Values, bool) {
	p, ok := s.openPlay(w, r)
	if !ok {
		return play{}, nil, false
	}
	q, err := query(r.URL.RawQuery, allowed...)
	if err != nil {
		s.failIn(w, r, p.rd, http.StatusBadRequest, err.(msg.Message))
		return play{}, nil, false
	}
	return p, q, true
}

// live tells whether the link plays now: its turn is the one being played, by its seat, and it
// has not expired.
func (s *Server) live(p play) bool {
	g := p.Table.Game
	return p.Table.Status == table.Playing && g.Turn == p.Turn && g.Current == p.Seat && s.cfg.Now().Before(p.Expires)
}

// playView is what the play page's template reads.
type playView struct {
	pageBase
	MapTitle, ID, Player string
	// Mode is place (the tile by touch), buttons (the turn message's buttons), or over (the
	// link's turn is over: the page only watches).
	Mode    string
	Tile    string
	Version uint64
	Token   string
	// Board is the address of the position's picture, BoardW and BoardH its size.
	Board          string
	BoardW, BoardH int
	Squares        []playSquare
	Buttons        []playButton
	// GameLink is the game's page (to watch); Expired says the link's time ran out.
	GameLink string
	Expired  bool
	// Poll is how often the page asks the game's version, in milliseconds.
	Poll    int64
	Players []playerRow
	Scores  []string
}

// playSquare is a legal square as the page lays a button over it: where (percent of the
// picture), its legal rotations and what lies around it.
type playSquare struct {
	Square, Rotations, Note string
	X, Y, W, H              string
}

// playButton is one of the turn message's buttons on the page.
type playButton struct {
	ID, Value, Label string
	Primary          bool
}

func (s *Server) servePlay(w http.ResponseWriter, r *http.Request) {
	p, _, ok := s.openPlayQuery(w, r)
	if !ok {
		return
	}
	t, pr := p.Table, p.rd.Printer
	e := t.Entry()
	v := playView{pageBase: base(r, p.rd, pr.T("web_play_title", lang.A{"Map": commands.WordsFor(pr.Code()).MapTitle(e), "Game": t.ID}), nil),
		MapTitle: commands.WordsFor(pr.Code()).MapTitle(e), ID: t.ID, Player: t.SeatName(p.Seat), Version: p.Version,
		Token: s.cfg.Signer.pageToken(p.token, p.Version), Mode: "over", Poll: s.cfg.PlayPoll.Milliseconds()}
	if link, err := s.GamePath(t.ID); err == nil {
		v.GameLink = v.Root + strings.TrimPrefix(strings.TrimPrefix(link, s.cfg.Base), "/") + v.QueryFirst()
	}
	gp, err := buildPlayers(p.Game, pr)
	if err != nil {
		s.drawFailed(w, r, p.rd, "web: play page", t.ID, err, msg.Message{ID: "web_err_draw_page"})
		return
	}
	v.Players, v.Scores = gp.Players, scores(t.Game.View(false).Players, pr)
	switch {
	case !s.live(p):
		v.Expired = s.cfg.Now().After(p.Expires)
	case len(commands.PageSquares(pr, t)) > 0:
		v.Mode = "place"
		if err := s.laySquares(&v, p); err != nil {
			s.drawFailed(w, r, p.rd, "web: play page", t.ID, err, msg.Message{ID: "web_err_draw_page"})
			return
		}
	default:
		v.Mode = "buttons"
		rows, sel := commands.PageButtons(pr, t)
		for _, row := range rows {
			for _, b := range row {
				if c, err := commands.ParseComponentID(b.ID); err == nil && c.Verb != "board" {
					v.Buttons = append(v.Buttons, playButton{ID: b.ID, Label: b.Label, Primary: b.Style == commands.Primary})
				}
			}
		}
		if sel != nil {
			for _, o := range sel.Options {
				v.Buttons = append(v.Buttons, playButton{ID: sel.ID, Value: o.Value, Label: o.Name})
			}
		}
	}
	v.Board = fmt.Sprintf("board.png?v=%d&lang=%s", p.Version, p.rd.Code())
	w.Header().Set("Cache-Control", "no-store")
	s.page(w, r, p.rd, "play.html", v)
}

// buildPlayers are the players' rows of the play page, as the game's page shows them.
func buildPlayers(g Game, pr *lang.Printer) (*gamePage, error) {
	v := g.Table.Game.View(false)
	p := &gamePage{}
	letters := render.PlayerLetters(v.Players)
	for i, pl := range v.Players {
		p.Players = append(p.Players, playerRow{Letter: letters[i], Colour: i, Name: pl.Name, Meeples: pl.Meeples,
			Chips: chipsText(pl.Chips, pr), Resigned: pl.Resigned, ToPlay: i == v.Current})
	}
	return p, nil
}

// playOptions are the options the play page's board is drawn with: the position being played,
// its legal squares highlighted, as the game's page draws it.
func playOptions(t *table.Table, code string) (*game.View, render.Options) {
	v := t.Game.View(false)
	o := render.Options{Kind: render.Full, Markers: true, Words: commands.WordsFor(code)}
	if t.Game.Phase == game.PhasePlace && v.Drawn != nil {
		o.Legal = t.Game.LegalPlacements(*v.Drawn)
	}
	return v, o
}

// laySquares measures where the legal squares lie in the board's picture.
func (s *Server) laySquares(v *playView, p play) error {
	t := p.Table
	pv, o := playOptions(t, p.rd.Code())
	squares := commands.PageSquares(p.rd.Printer, t)
	var qs []game.Square
	for _, q := range squares {
		sq, err := game.ParseSquare(q.Square)
		if err != nil {
			return err
		}
		qs = append(qs, sq)
	}
	size, boxes, err := render.SquareBoxes(pv, o, qs)
	if err != nil {
		return err
	}
	v.BoardW, v.BoardH, v.Tile = size.X, size.Y, t.Game.Drawn.String()
	pc := func(a, whole int) string { return strconv.FormatFloat(100*float64(a)/float64(whole), 'f', 3, 64) }
	for i, q := range squares {
		b, ok := boxes[qs[i]]
		if !ok {
			b = image.Rectangle{}
		}
		v.Squares = append(v.Squares, playSquare{Square: q.Square, Rotations: strings.Join(q.Rotations, " "), Note: q.Note,
			X: pc(b.Min.X, size.X), Y: pc(b.Min.Y, size.Y), W: pc(b.Dx(), size.X), H: pc(b.Dy(), size.Y)})
	}
	return nil
}

// servePlayBoard draws the position the play page shows, with its legal squares.
func (s *Server) servePlayBoard(w http.ResponseWriter, r *http.Request) {
	p, _, ok := s.openPlayQuery(w, r, "v")
	if !ok {
		return
	}
	key := fmt.Sprintf("%s@%d/play/%s", p.Table.ID, p.Version, p.rd.Code())
	data, err := s.drawCached(r, key, func() ([]byte, error) {
		v, o := playOptions(p.Table, p.rd.Code())
		return render.PNG(v, o)
	})
	if err != nil {
		s.drawFailed(w, r, p.rd, "web: play board", p.Table.ID, err, msg.Message{ID: "web_err_draw_board"})
		return
	}
	p.rd.vary(w)
	blob(w, r, "image/png", data, r.URL.Query().Get("v") == strconv.FormatUint(p.Version, 10))
}

// drawCached draws a picture on the drawer, once per key.
func (s *Server) drawCached(r *http.Request, key string, fn func() ([]byte, error)) ([]byte, error) {
	if b, ok := s.boards.get(key); ok {
		return b, nil
	}
	return draw(s.draw, r.Context(), key, func(func() error) ([]byte, error) {
		b, err := fn()
		if err == nil {
			s.boards.put(key, b)
		}
		return b, err
	})
}

// servePlayTile draws the drawn tile, unturned (the page turns it).
func (s *Server) servePlayTile(w http.ResponseWriter, r *http.Request) {
	p, _, ok := s.openPlayQuery(w, r, "v")
	if !ok {
		return
	}
	if !s.live(p) || p.Table.Game.Phase != game.PhasePlace {
		s.failIn(w, r, p.rd, http.StatusNotFound, msg.Message{ID: "web_err_play_no_tile"})
		return
	}
	drawn := p.Table.Game.Drawn
	data, err := s.drawCached(r, "tile/"+drawn.String(), func() ([]byte, error) { return render.TilePNG(drawn, 160) })
	if err != nil {
		s.drawFailed(w, r, p.rd, "web: tile", p.Table.ID, err, msg.Message{ID: "web_err_draw_board"})
		return
	}
	blob(w, r, "image/png", data, true)
}

// placementAnswer is what the page's script reads of a placement: what it does, its spots and
// chip actions, the label a screen reader reads, and its picture with the spots' markers.
type placementAnswer struct {
	commands.PagePlacement
	Label   string `json:"label"`
	Preview string `json:"preview"`
}

// placement reads the square and rotation of a placement the page asks about.
func (s *Server) placement(w http.ResponseWriter, r *http.Request, p play, sq, rot string) (commands.PagePlacement, bool) {
	if !s.live(p) {
		s.failIn(w, r, p.rd, http.StatusConflict, msg.Message{ID: "web_err_play_stale"})
		return commands.PagePlacement{}, false
	}
	pl, err := commands.PageAfter(p.rd.Printer, p.Table, sq, rot)
	if err != nil {
		s.failIn(w, r, p.rd, http.StatusUnprocessableEntity, msg.Message{ID: "web_err_play_refused", Args: lang.A{"Why": err}})
		return commands.PagePlacement{}, false
	}
	return pl, true
}

func (s *Server) servePlacement(w http.ResponseWriter, r *http.Request) {
	p, q, ok := s.openPlayQuery(w, r, "square", "rotation", "v")
	if !ok {
		return
	}
	if q.Get("v") != strconv.FormatUint(p.Version, 10) {
		s.failIn(w, r, p.rd, http.StatusConflict, msg.Message{ID: "web_err_play_stale"})
		return
	}
	pl, ok := s.placement(w, r, p, q.Get("square"), q.Get("rotation"))
	if !ok {
		return
	}
	a := placementAnswer{PagePlacement: pl,
		Label:   p.rd.T("web_play_aria_placement", lang.A{"Tile": p.Table.Game.Drawn.String(), "Square": pl.Square, "Rotation": pl.Rotation, "Describe": pl.Describe}),
		Preview: fmt.Sprintf("preview/%s-%s.png?v=%d&lang=%s", pl.Square, pl.Rotation, p.Version, p.rd.Code())}
	data, err := json.Marshal(a)
	if err != nil {
		s.failIn(w, r, p.rd, http.StatusInternalServerError, msg.Message{ID: "web_err_draw_page"})
		return
	}
	h := w.Header()
	h.Set("Content-Language", p.rd.Code())
	p.rd.vary(w)
	blob(w, r, "application/json", data, false)
}

// servePreview draws a placement with its meeple spots' numbered markers, around its square.
func (s *Server) servePreview(w http.ResponseWriter, r *http.Request) {
	p, _, ok := s.openPlayQuery(w, r, "v")
	if !ok {
		return
	}
	name, ok := strings.CutSuffix(r.PathValue("file"), ".png")
	sq, rot, cut := strings.Cut(name, "-")
	if !ok || !cut {
		s.failIn(w, r, p.rd, http.StatusNotFound, msg.Message{ID: "web_err_board_name"})
		return
	}
	pl, ok := s.placement(w, r, p, sq, rot)
	if !ok {
		return
	}
	key := fmt.Sprintf("%s@%d/preview/%s-%s/%s", p.Table.ID, p.Version, pl.Square, pl.Rotation, p.rd.Code())
	data, err := s.drawCached(r, key, func() ([]byte, error) {
		at, _ := game.ParseSquare(pl.Square)
		return render.PNG(pl.After.View(false), render.Options{Kind: render.Zoom, Center: at, Radius: 2, Markers: true, Words: commands.WordsFor(p.rd.Code())})
	})
	if err != nil {
		s.drawFailed(w, r, p.rd, "web: preview", p.Table.ID, err, msg.Message{ID: "web_err_draw_board"})
		return
	}
	blob(w, r, "image/png", data, true)
}

// serveMove takes a move from a play page: checked (the link, the page's token for the position
// it shows, the player's rate), then made by the host through the command layer.
func (s *Server) serveMove(w http.ResponseWriter, r *http.Request) {
	p, ok := s.openPlay(w, r)
	if !ok {
		return
	}
	if s.cfg.Plays == nil {
		s.failIn(w, r, p.rd, http.StatusNotFound, msg.Message{ID: "web_err_no_page"})
		return
	}
	if ok, wait := s.playLimit.allow(p.Table.ID + "/" + strconv.Itoa(p.Seat)); !ok {
		w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
		s.failIn(w, r, p.rd, http.StatusTooManyRequests, msg.Message{ID: "web_err_play_rate"})
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxMoveBody))
	if err != nil {
		s.failIn(w, r, p.rd, http.StatusRequestEntityTooLarge, msg.Message{ID: "web_err_play_body", Args: lang.A{"Max": maxMoveBody}})
		return
	}
	f, err := url.ParseQuery(string(body))
	if err != nil {
		s.failIn(w, r, p.rd, http.StatusBadRequest, msg.Message{ID: "web_err_query_malformed"})
		return
	}
	version, err := strconv.ParseUint(f.Get("v"), 10, 64)
	if err != nil || f.Get("t") != s.cfg.Signer.pageToken(p.token, version) {
		s.failIn(w, r, p.rd, http.StatusForbidden, msg.Message{ID: "web_err_play_token"})
		return
	}
	if !moveKey.MatchString(f.Get("k")) {
		s.failIn(w, r, p.rd, http.StatusBadRequest, msg.Message{ID: "web_err_play_key"})
		return
	}
	if s.cfg.Now().After(p.Expires) {
		s.failIn(w, r, p.rd, http.StatusGone, msg.Message{ID: "web_err_play_expired"})
		return
	}
	m := PageMove{Game: p.Table.ID, Seat: p.Seat, User: p.User, Version: version, Key: f.Get("k"), Lang: p.rd.Code()}
	switch {
	case f.Get("click") != "":
		c, err := commands.ParseComponentID(f.Get("click"))
		if err != nil || c.Table != p.Table.ID || c.Verb == "board" {
			s.failIn(w, r, p.rd, http.StatusBadRequest, msg.Message{ID: "web_err_play_click"})
			return
		}
		m.Click = f.Get("click")
		if v := f.Get("value"); v != "" {
			m.Values = []string{v}
		}
	case f.Get("square") != "":
		m.Inputs = placeInputs(p.Table, f)
	default:
		s.failIn(w, r, p.rd, http.StatusBadRequest, msg.Message{ID: "web_err_play_empty"})
		return
	}
	a := s.cfg.Plays.PlayFromPage(m)
	status := http.StatusOK
	switch {
	case a.Stale:
		status = http.StatusConflict
	case !a.Moved:
		status = http.StatusUnprocessableEntity
	}
	s.answerMove(w, r, p.rd, status, a.Text)
}

// placeInputs are the commands a placement confirmed on the page stands for: the /place a player
// would type, the whole turn with its meeple; or, on a map with chip actions after the meeple
// (commands.PageKeepsTurnOpen), /place and then /meeple, the turn left open for them.
func placeInputs(t *table.Table, f url.Values) []commands.Input {
	opts := map[string]string{"square": f.Get("square"), "rotation": f.Get("rotation")}
	if chips := f["chips"]; len(chips) > 0 {
		opts["chips"] = strings.Join(chips, "; ")
	}
	meeple := f.Get("meeple")
	if meeple == "" {
		meeple = "none"
	}
	if !commands.PageKeepsTurnOpen(t) {
		opts["meeple"] = meeple
		return []commands.Input{{Command: "place", Options: opts}}
	}
	return []commands.Input{{Command: "place", Options: opts}, {Command: "meeple", Options: map[string]string{"spot": meeple}}}
}

// answerMove answers a page's move with a page that says what became of it (the script shows its
// message): 200 moved, 409 the game moved on meanwhile, 422 refused by the rules.
func (s *Server) answerMove(w http.ResponseWriter, r *http.Request, rd reader, status int, text string) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Language", rd.Code())
	title := rd.T(fmt.Sprintf("web_status_%d", status), nil)
	p := errorPage{pageBase: base(r, rd, fmt.Sprintf("%d %s", status, title), nil), Status: status, Message: text}
	var buf bytes.Buffer
	if err := s.tmpl[rd.Code()].ExecuteTemplate(&buf, "error.html", p); err != nil {
		s.cfg.Logger.Error("web: move answer", "err", err)
	}
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// isMove tells whether a request is a play page's move, the one request that carries a body
// (serveMove bounds it).
func (s *Server) isMove(r *http.Request) bool {
	rest, ok := strings.CutPrefix(r.URL.Path, s.cfg.Base+"/"+KindPlay+"/")
	return ok && r.Method == http.MethodPost && strings.HasSuffix(rest, "/move")
}

// Playing tells whether the server serves play pages (Config.Plays).
func (s *Server) Playing() bool { return s.cfg.Plays != nil }

// PlayPath is the signed address of a player's play link, below the host's root (Base included).
func (s *Server) PlayPath(p Play) (string, error) {
	path, err := s.cfg.Signer.PlayPath(p)
	return s.cfg.Base + path, err
}

// serveVersion tells the play page's script the game's version, which it asks now and then: a
// page whose game moved on meanwhile (an undo, a deadline, a move typed in Discord) says so and
// reloads, before its player acts on it.
func (s *Server) serveVersion(w http.ResponseWriter, r *http.Request) {
	p, _, ok := s.openPlayQuery(w, r)
	if !ok {
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprint(w, p.Version)
}
