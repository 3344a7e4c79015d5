package bench

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/discord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/postgres"
)

// The RSS rows measure a bot process serving games from a store full of them. The process that
// fills the store must not count, so the bot runs in a child process: this program again (cmd/bench,
// or the test binary of bot/bench), told by childEnv what to do, which prints what it measured.

// childEnv holds the job of a child process (JSON of rssJob); main and TestMain call Child first.
const childEnv = "CARC_BENCH_RSS_CHILD"

// rssJob is what a child does: open the store, load the bot, play Moves moves in each of the
// running games through the bot's HTTP interactions handler, and measure.
type rssJob struct {
	DB      string // a bbolt file or a postgres:// URL
	Running int    // the running games, runningID(0) ... runningID(Running-1)
	Moves   int    // moves played in each
	Heap    string // where to write a heap profile at the end ("" for none)
}

// rssResult is what a child measured, in bytes.
type rssResult struct {
	Peak, RSS, File uint64 // VmHWM, VmRSS, RssFile of /proc/self/status
	HeapInuse       uint64 // the Go runtime's heap in use
	Loaded          int    // games the bot keeps in memory after Load
	Moves, Refused  int    // moves applied and refused
	FirstRefusal    string
}

// Child runs the measured bot of an RSS row when this process was started as one, prints its
// result on stdout and reports true: the caller then exits. Otherwise it returns false at once.
func Child() bool {
	if v := os.Getenv(movesChildEnv); v != "" { // a process of the row of several (processes.go)
		if err := movesChild(v); err != nil {
			fmt.Fprintln(os.Stderr, "bench child:", err)
			os.Exit(1)
		}
		return true
	}
	v := os.Getenv(childEnv)
	if v == "" {
		return false
	}
	var job rssJob
	err := json.Unmarshal([]byte(v), &job)
	var res rssResult
	if err == nil {
		res, err = runChild(job)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench child:", err)
		os.Exit(1)
	}
	_ = json.NewEncoder(os.Stdout).Encode(res)
	return true
}

func runChild(job rssJob) (rssResult, error) {
	var res rssResult
	var store storage.Database
	var err error
	if postgres.IsURL(job.DB) {
		store, err = postgres.Open(job.DB, postgres.Options{})
	} else {
		store, err = storage.Open(job.DB, storage.Options{})
	}
	if err != nil {
		return res, err
	}
	defer store.Close()
	s, _ := discordgo.New("Bot bench")
	s.Client = &http.Client{Transport: rest}
	d, err := discord.NewBot(s, bot.Config{Store: store, TimerEvery: -1, Logger: slog.New(slog.NewTextHandler(discard{}, nil))}, discord.Config{})
	if err != nil {
		return res, err
	}
	if err := d.Host().Load(); err != nil {
		return res, err
	}
	res.Loaded = d.Host().Games()
	pub, key, err := ed25519.GenerateKey(nil)
	if err != nil {
		return res, err
	}
	h := d.HTTPHandler(pub)
	for range job.Moves {
		for i := range job.Running {
			ok, why, err := playOne(h, key, store, runningID(i))
			if err != nil {
				return res, err
			}
			if ok {
				res.Moves++
			} else if res.Refused++; res.FirstRefusal == "" {
				res.FirstRefusal = why
			}
		}
	}
	if err := d.Close(); err != nil { // waits for the turn messages being drawn and posted
		return res, err
	}
	st := procStatus()
	res.Peak, res.RSS, res.File = st["VmHWM"], st["VmRSS"], st["RssFile"]
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	res.HeapInuse = m.HeapInuse
	if job.Heap != "" {
		f, err := os.Create(job.Heap)
		if err != nil {
			return res, err
		}
		defer f.Close()
		if err := pprof.WriteHeapProfile(f); err != nil {
			return res, err
		}
	}
	runtime.KeepAlive(d)
	return res, nil
}

// interactions numbers the interactions of a child, after those of the children before it: an
// interaction id the game's log holds already would be recognised as a retry.
var interactions = func() *atomic.Int64 {
	var n atomic.Int64
	n.Store(time.Now().UnixNano())
	return &n
}()

// playOne places the drawn tile of a running game at its first legal spot, as the player to move
// typing /place, through the bot's handler of HTTP interactions. It reports whether the store took
// the move, or why not.
func playOne(h http.Handler, key ed25519.PrivateKey, store storage.Database, id string) (bool, string, error) {
	snap, err := store.Snapshot(id)
	if err != nil {
		return false, "", err
	}
	t, err := table.Load(snap.State)
	if err != nil {
		return false, "", fmt.Errorf("game %s: %w", id, err)
	}
	if t.Status != table.Playing || t.Game.Phase != game.PhasePlace {
		return false, fmt.Sprintf("game %s waits for no tile (%s, %s)", id, t.Status, t.Game.Phase), nil
	}
	user := t.Seats[t.Game.Current].ID
	p := t.Game.LegalPlacements(t.Game.Drawn)[0]
	n := interactions.Add(1)
	token := fmt.Sprintf("token-%d", n)
	perms := strconv.FormatInt(discordgo.PermissionAll, 10)
	place := "c" + id
	body, err := json.Marshal(map[string]any{
		"id": fmt.Sprint(n), "application_id": "1", "type": discordgo.InteractionApplicationCommand, "token": token,
		"version": 1, "guild_id": "guild", "channel_id": place, "locale": "en-US", "app_permissions": perms,
		"channel": map[string]any{"id": place, "type": discordgo.ChannelTypeGuildText, "guild_id": "guild"},
		"member":  map[string]any{"user": map[string]any{"id": user, "username": user}, "permissions": perms},
		"data": map[string]any{"id": "2", "name": "place", "type": 1, "options": []map[string]any{
			{"name": "square", "type": discordgo.ApplicationCommandOptionString, "value": p.Square.String()},
			{"name": "rotation", "type": discordgo.ApplicationCommandOptionString, "value": p.Rotation.String()},
			{"name": "meeple", "type": discordgo.ApplicationCommandOptionString, "value": "none"}}},
	})
	if err != nil {
		return false, "", err
	}
	stamp := strconv.FormatInt(time.Now().Unix(), 10)
	req := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
	req.Header.Set("X-Signature-Timestamp", stamp)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(key, append([]byte(stamp), body...))))
	edited := rest.expect(token)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	// When the bot deferred its answer it edits it once done: wait for that, so that one move is
	// drawn and posted at a time.
	var answer struct {
		Type discordgo.InteractionResponseType
	}
	if err := json.Unmarshal(w.Body.Bytes(), &answer); err != nil {
		return false, "", fmt.Errorf("game %s: the answer %d %q: %w", id, w.Code, w.Body.String(), err)
	}
	if answer.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
		select {
		case <-edited:
		case <-time.After(2 * time.Minute):
			return false, "", fmt.Errorf("game %s: the bot deferred /place and never answered", id)
		}
	}
	after, err := store.Snapshot(id)
	if err != nil {
		return false, "", err
	}
	if after.Seq == snap.Seq {
		return false, fmt.Sprintf("game %s: %s", id, strings.TrimSpace(w.Body.String())), nil
	}
	return true, "", nil
}

// sink is Discord's REST API as far as the measured bot needs it: every request is read and
// answered with a message, and nothing is kept. It tells when an interaction's answer is edited.
type sink struct {
	mu     sync.Mutex
	edits  map[string]chan struct{} // by interaction token
	serial atomic.Int64
}

var rest = &sink{edits: map[string]chan struct{}{}}

// expect returns a channel closed when the answer of the interaction with token is edited.
func (s *sink) expect(token string) <-chan struct{} {
	ch := make(chan struct{})
	s.mu.Lock()
	s.edits[token] = ch
	s.mu.Unlock()
	return ch
}

func (s *sink) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		_, _ = io.Copy(io.Discard, r.Body)
		r.Body.Close()
	}
	// PATCH /webhooks/APP/TOKEN/messages/@original
	if parts := strings.Split(r.URL.Path, "/"); r.Method == http.MethodPatch && len(parts) >= 3 && parts[len(parts)-1] == "@original" {
		token := parts[len(parts)-3]
		s.mu.Lock()
		if ch, ok := s.edits[token]; ok {
			close(ch)
			delete(s.edits, token)
		}
		s.mu.Unlock()
	}
	body := fmt.Sprintf(`{"id":"%d","channel_id":"1","type":0,"content":""}`, 1000+s.serial.Add(1))
	return &http.Response{StatusCode: http.StatusOK, Status: "200 OK", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(strings.NewReader(body)),
		ContentLength: int64(len(body)), Request: r}, nil
}

// procStatus reads the sizes of /proc/self/status, in bytes (empty off Linux).
func procStatus() map[string]uint64 {
	out := map[string]uint64{}
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return out
	}
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok || !strings.HasSuffix(v, " kB") {
			continue
		}
		if kb, err := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(v, " kB")), 10, 64); err == nil {
			out[k] = kb << 10
		}
	}
	return out
}
