package fakediscord

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Gateway opcodes, as in Discord's API.
const (
	opDispatch     = 0
	opHeartbeat    = 1
	opIdentify     = 2
	opPresence     = 3
	opResume       = 6
	opRequestGuild = 8
	opHello        = 10
	opHeartbeatACK = 11
)

// GatewayFrame is one frame the bot sent on the gateway.
type GatewayFrame struct {
	Time time.Time
	Op   int
	D    json.RawMessage
}

// gatewayConn is one websocket. Writes are serialized by mu, which also
// guards seq so that sequence numbers go out in order.
type gatewayConn struct {
	ws  *websocket.Conn
	mu  sync.Mutex
	seq int64
	// shard and count are the [shard_id, num_shards] of IDENTIFY; set before the connection
	// joins Fake.shards, never changed after.
	shard, count int
	beat         bool // a heartbeat came in (guarded by Fake.mu)
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

// serveGateway runs one gateway connection: HELLO, IDENTIFY, READY (then
// GUILD_CREATE with the GUILDS intent), and heartbeats until the socket
// closes. Protocol violations become ProblemGateway; nothing here fails the
// test directly, since this is not the test's goroutine.
func (f *Fake) serveGateway(w http.ResponseWriter, r *http.Request) {
	if q := r.URL.Query(); q.Get("v") != "9" || q.Get("encoding") != "json" {
		f.problem(ProblemGateway, "gateway URL %s: want ?v=9&encoding=json", r.URL)
	}
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		f.problem(ProblemGateway, "websocket upgrade: %v", err)
		return
	}
	c := &gatewayConn{ws: ws}
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		ws.Close()
		return
	}
	f.conns[c] = true
	f.connsWG.Add(1)
	f.mu.Unlock()
	defer func() {
		ws.Close()
		f.mu.Lock()
		delete(f.conns, c)
		f.shards = slices.DeleteFunc(f.shards, func(o *gatewayConn) bool { return o == c })
		f.broadcastLocked()
		f.mu.Unlock()
		f.connsWG.Done()
	}()

	if err := c.send(opHello, "", map[string]any{"heartbeat_interval": f.cfg.heartbeat.Milliseconds()}); err != nil {
		return
	}
	if !f.identify(c) {
		return
	}
	for {
		_, data, err := ws.ReadMessage()
		if err != nil {
			return // the client closed, or Close closed the socket
		}
		frame, ok := f.recordFrame(data)
		if !ok {
			continue
		}
		switch frame.Op {
		case opHeartbeat:
			f.checkHeartbeat(c, frame.D)
			f.mu.Lock()
			c.beat = true
			f.broadcastLocked()
			f.mu.Unlock()
			if err := c.send(opHeartbeatACK, "", nil); err != nil {
				return
			}
		case opPresence, opRequestGuild:
			// Recorded for WaitGateway; nothing to answer in this fake.
		case opResume:
			f.problem(ProblemGateway, "RESUME is not supported by the fake; set Session.ShouldReconnectOnError = false")
			return
		default:
			f.problem(ProblemGateway, "unexpected opcode %d: %s", frame.Op, data)
		}
	}
}

// identify reads the IDENTIFY frame, checks it, and answers READY. A wrong
// token gets close code 4004, as on Discord.
func (f *Fake) identify(c *gatewayConn) bool {
	c.ws.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, data, err := c.ws.ReadMessage()
	if err != nil {
		f.problem(ProblemGateway, "reading IDENTIFY: %v", err)
		return false
	}
	c.ws.SetReadDeadline(time.Time{})
	frame, ok := f.recordFrame(data)
	if !ok {
		return false
	}
	if frame.Op != opIdentify {
		f.problem(ProblemGateway, "first frame after HELLO is op %d, want IDENTIFY (op 2)", frame.Op)
		return false
	}
	var id struct {
		Token      string          `json:"token"`
		Intents    *int64          `json:"intents"`
		Properties json.RawMessage `json:"properties"`
		Shard      json.RawMessage `json:"shard"`
	}
	if err := json.Unmarshal(frame.D, &id); err != nil || id.Intents == nil || id.Properties == nil {
		f.problem(ProblemGateway, "IDENTIFY needs token, intents and properties: %s", frame.D)
		c.close(4002, "Error while decoding payload.")
		return false
	}
	if id.Token != "Bot "+f.Token {
		f.problem(ProblemUnauthorized, "IDENTIFY token %q is not %q", redact(id.Token), "Bot <token>")
		c.close(4004, "Authentication failed.")
		return false
	}
	shard, count, err := readShard(id.Shard)
	if err != nil {
		f.problem(ProblemGateway, "%v", err)
		c.close(4010, "Invalid shard.")
		return false
	}

	// READY must be the first dispatch. Holding the connection's lock while
	// it becomes the active one makes a concurrent Dispatch wait its turn.
	c.mu.Lock()
	defer c.mu.Unlock()
	f.mu.Lock()
	guilds, creates := []any{}, []map[string]any{}
	for _, g := range f.guildsOfShardLocked(shard, count) {
		guilds = append(guilds, map[string]any{"id": g.ID, "unavailable": true})
		if *id.Intents&int64(discordgo.IntentsGuilds) != 0 {
			creates = append(creates, f.guildJSONLocked(g))
		}
	}
	ready := map[string]any{
		"v":                  9,
		"session_id":         hex.EncodeToString([]byte(fmt.Sprintf("%s/%d/%d", f.AppID, shard, count))),
		"resume_gateway_url": f.gatewayURL(),
		"user":               userJSON(f.Bot),
		"guilds":             guilds,
		"application":        map[string]any{"id": f.AppID, "flags": 0},
		"private_channels":   []any{},
	}
	if id.Shard != nil {
		ready["shard"] = []int{shard, count}
	}
	c.shard, c.count = shard, count
	f.shards = append(f.shards, c)
	f.broadcastLocked()
	f.mu.Unlock()

	if c.dispatchLocked("READY", ready) != nil {
		return false
	}
	for _, g := range creates {
		if c.dispatchLocked("GUILD_CREATE", g) != nil {
			return false
		}
	}
	return true
}

// recordFrame decodes and records a frame from the bot.
func (f *Fake) recordFrame(data []byte) (GatewayFrame, bool) {
	var frame GatewayFrame
	var raw struct {
		Op *int            `json:"op"`
		D  json.RawMessage `json:"d"`
	}
	if err := json.Unmarshal(data, &raw); err != nil || raw.Op == nil {
		f.problem(ProblemGateway, "undecodable frame from the bot: %s", data)
		return frame, false
	}
	frame = GatewayFrame{Time: time.Now(), Op: *raw.Op, D: raw.D}
	f.mu.Lock()
	f.frames = append(f.frames, frame)
	f.broadcastLocked()
	f.mu.Unlock()
	return frame, true
}

// checkHeartbeat: a heartbeat carries the last sequence number the bot
// received (null before any dispatch); anything else means the fake and
// discordgo disagree about the sequence.
func (f *Fake) checkHeartbeat(c *gatewayConn, d json.RawMessage) {
	var seq *int64
	if err := json.Unmarshal(d, &seq); err != nil {
		f.problem(ProblemGateway, "heartbeat with d=%s, want the last sequence number", d)
		return
	}
	c.mu.Lock()
	sent := c.seq
	c.mu.Unlock()
	if seq != nil && (*seq < 0 || *seq > sent) {
		f.problem(ProblemGateway, "heartbeat acknowledges sequence %d, but the fake sent only %d", *seq, sent)
	}
}

// Dispatch sends an event (op 0) with the next sequence number to the bot,
// on the gateway connection of the shard of the event's guild_id (shard 0
// without one). data is the event's "d", raw JSON written by the test or the
// fake; it is sent as is, so that a field of the wrong type reaches discordgo
// as it would from Discord (and shows up as a ProblemLog).
func (f *Fake) Dispatch(event string, data []byte) error {
	_, err := f.dispatchRouted(event, data)
	return err
}

// dispatchRouted is Dispatch, returning the connections the event went to.
func (f *Fake) dispatchRouted(event string, data []byte) ([]*gatewayConn, error) {
	if !json.Valid(data) {
		return nil, fmt.Errorf("fakediscord: Dispatch %s: data is not valid JSON", event)
	}
	f.mu.Lock()
	conns, err := f.connsForLocked(eventGuild(data))
	f.mu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("fakediscord: Dispatch %s: %w", event, err)
	}
	for _, c := range conns {
		if err := c.dispatch(event, json.RawMessage(data)); err != nil {
			return nil, fmt.Errorf("fakediscord: Dispatch %s: %w", event, err)
		}
	}
	return conns, nil
}

// Seq is the sequence number of the last event dispatched on the newest
// identified connection (0 before READY or without a connection).
func (f *Fake) Seq() int64 {
	f.mu.Lock()
	var c *gatewayConn
	if len(f.shards) > 0 {
		c = f.shards[len(f.shards)-1]
	}
	f.mu.Unlock()
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seq
}

// WaitGateway returns the first frame the bot sent, already or still to
// come, for which match reports true.
func (f *Fake) WaitGateway(ctx context.Context, match func(GatewayFrame) bool) (GatewayFrame, error) {
	return waitFor(ctx, f, "a matching gateway frame", func() (GatewayFrame, bool) {
		for _, fr := range f.frames {
			if match(fr) {
				return fr, true
			}
		}
		return GatewayFrame{}, false
	})
}

func (c *gatewayConn) dispatch(event string, d any) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.dispatchLocked(event, d)
}

func (c *gatewayConn) dispatchLocked(event string, d any) error {
	c.seq++
	return c.writeLocked(opDispatch, c.seq, event, d)
}

func (c *gatewayConn) send(op int, event string, d any) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.writeLocked(op, 0, event, d)
}

// writeLocked writes one frame in Discord's envelope: {"op","d","s","t"},
// with s and t null outside dispatches.
func (c *gatewayConn) writeLocked(op int, seq int64, event string, d any) error {
	frame := map[string]any{"op": op, "d": d, "s": nil, "t": nil}
	if op == opDispatch {
		frame["s"], frame["t"] = seq, event
	}
	data, err := json.Marshal(frame)
	if err != nil {
		return err
	}
	c.ws.SetWriteDeadline(time.Now().Add(5 * time.Second))
	return c.ws.WriteMessage(websocket.TextMessage, data)
}

// close ends the connection with a gateway close code (4004 and so on).
// The socket is closed right after, so a failed write needs no handling.
func (c *gatewayConn) close(code int, reason string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), time.Now().Add(time.Second))
}
