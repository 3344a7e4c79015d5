package bot

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"runtime/debug"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// AdminRequest is one operation asked of a running bot over its admin socket: bbolt locks the
// database file while the bot runs, so backups, exports and checks go through the bot itself.
type AdminRequest struct {
	Op    string `json:"op"` // backup, export, export-league, verify, revoke-link
	File  string `json:"file,omitempty"`
	Game  string `json:"game,omitempty"` // the game of export and revoke-link, the league of export-league
	Admin bool   `json:"admin,omitempty"`
}

// AdminResponse answers an AdminRequest.
type AdminResponse struct {
	OK     bool            `json:"ok"`
	Error  string          `json:"error,omitempty"`
	Bytes  int64           `json:"bytes,omitempty"`
	Export json.RawMessage `json:"export,omitempty"`
	Report *storage.Report `json:"report,omitempty"`
	// Generation is the new generation of a page's links after revoke-link.
	Generation uint64 `json:"generation,omitempty"`
}

// ServeAdmin answers admin requests on a unix socket readable only by the bot's user, until the
// listener is closed.
func ServeAdmin(l net.Listener, store storage.Database) {
	for {
		c, err := l.Accept()
		if err != nil {
			return
		}
		go func() {
			defer c.Close()
			defer func() {
				// A request that panics fails alone; the bot and its games go on.
				if r := recover(); r != nil {
					slog.Error("panic in an admin request", "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
					_ = json.NewEncoder(c).Encode(AdminResponse{Error: fmt.Sprintf("internal error: %v", r)})
				}
			}()
			var req AdminRequest
			if err := json.NewDecoder(bufio.NewReader(c)).Decode(&req); err != nil {
				_ = json.NewEncoder(c).Encode(AdminResponse{Error: "bad request: " + err.Error()})
				return
			}
			_ = json.NewEncoder(c).Encode(RunAdmin(store, req))
		}()
	}
}

// RunAdmin performs an admin request on an open store.
func RunAdmin(store storage.Database, req AdminRequest) AdminResponse {
	switch req.Op {
	case "backup":
		if err := store.BackupFile(req.File); err != nil {
			return AdminResponse{Error: err.Error()}
		}
		st, err := os.Stat(req.File)
		if err != nil {
			return AdminResponse{Error: err.Error()}
		}
		return AdminResponse{OK: true, Bytes: st.Size()}
	case "export":
		b, err := store.Export(req.Game, req.Admin, Engine{})
		if err != nil {
			return AdminResponse{Error: err.Error()}
		}
		return AdminResponse{OK: true, Export: b}
	case "export-league":
		b, err := store.ExportLeague(req.Game)
		if err != nil {
			return AdminResponse{Error: err.Error()}
		}
		return AdminResponse{OK: true, Export: b}
	case "revoke-link":
		if _, err := store.Game(req.Game); err != nil {
			if _, lerr := store.League(req.Game); lerr != nil {
				return AdminResponse{Error: fmt.Sprintf("no game or league %q: %v", req.Game, err)}
			}
		}
		gen, err := store.RevokeWebLinks(req.Game)
		if err != nil {
			return AdminResponse{Error: err.Error()}
		}
		return AdminResponse{OK: true, Generation: gen}
	case "verify":
		rep, err := store.Verify(Engine{})
		if err != nil {
			return AdminResponse{Error: err.Error(), Report: &rep}
		}
		return AdminResponse{OK: true, Report: &rep}
	}
	return AdminResponse{Error: fmt.Sprintf("unknown operation %q: use backup, export, export-league, verify or revoke-link", req.Op)}
}

// ListenAdmin opens the admin socket at path (removing a stale one left by a crash).
func ListenAdmin(path string) (net.Listener, error) {
	if _, err := os.Stat(path); err == nil {
		if c, err := net.Dial("unix", path); err == nil {
			c.Close()
			return nil, fmt.Errorf("another bot already serves %s", path)
		}
		_ = os.Remove(path)
	}
	l, err := net.Listen("unix", path)
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(path, 0o600); err != nil {
		l.Close()
		return nil, err
	}
	return l, nil
}

// AskAdmin sends a request to the running bot's admin socket.
func AskAdmin(path string, req AdminRequest) (AdminResponse, error) {
	c, err := net.Dial("unix", path)
	if err != nil {
		return AdminResponse{}, fmt.Errorf("the database is in use and no bot answers on %s: %w", path, err)
	}
	defer c.Close()
	if err := json.NewEncoder(c).Encode(req); err != nil {
		return AdminResponse{}, err
	}
	var resp AdminResponse
	if err := json.NewDecoder(c).Decode(&resp); err != nil {
		return AdminResponse{}, err
	}
	if !resp.OK {
		return resp, errors.New(resp.Error)
	}
	return resp, nil
}
