package fakediscord

import (
	"fmt"
	"log"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// logs routes discordgo's log output to the fakes that are alive.
//
// discordgo reports some failures only through its package-level Logger:
// when a gateway event does not decode (a field of the wrong JSON type, say)
// it logs "error unmarshalling INTERACTION_CREATE event" at LogError and
// still calls the handlers, with a zero Interaction. A test would then fail
// later and obscurely, or not at all. The fake turns every LogError message
// into a ProblemLog on each live fake, so the test fails and says why.
//
// discordgo.Logger is a global, so it is installed exactly once (the first
// New), before any session created through a fake exists; it is never
// changed again, which keeps parallel tests race-free. Most messages carry no
// session identity, so such an error is recorded on every fake alive at the
// time: a test that provokes one on purpose should not be parallel (Go runs
// the non-parallel tests of a package before resuming the parallel ones). A
// message that names a fake's address (the gateway URL of a failed
// heartbeat) is recorded on that fake alone.
var logs logRouter

type logRouter struct {
	once  sync.Once
	mu    sync.Mutex
	fakes map[*Fake]bool
}

func installLogger() {
	logs.once.Do(func() {
		logs.fakes = map[*Fake]bool{}
		previous := discordgo.Logger
		discordgo.Logger = func(level, caller int, format string, a ...any) {
			if level == discordgo.LogError {
				logs.record(fmt.Sprintf(format, a...))
				return
			}
			if previous != nil {
				previous(level, caller+1, format, a...)
				return
			}
			// Sessions log below LogError only when a test raises their
			// LogLevel; print those as discordgo itself would.
			log.Printf("[DG%d] %s", level, fmt.Sprintf(format, a...))
		}
	})
}

func (l *logRouter) subscribe(f *Fake) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.fakes[f] = true
}

func (l *logRouter) unsubscribe(f *Fake) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.fakes, f)
}

func (l *logRouter) record(msg string) {
	if ownClose(msg) {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	var named []*Fake
	for f := range l.fakes {
		if strings.Contains(msg, strings.TrimPrefix(f.srv.URL, "http://")) {
			named = append(named, f)
		}
	}
	if len(named) == 0 {
		for f := range l.fakes {
			named = append(named, f)
		}
	}
	for _, f := range named {
		f.problem(ProblemLog, "%s", msg)
	}
}

// ownClose says a message is discordgo's heartbeat racing its own session's close: a beat already
// due when Session.Close sends the close frame is written after it and fails with the websocket's
// "close sent" (the client sent it, not the fake), logged as an error although nothing failed: the
// session was being closed by its owner. (Tests that run longer than a heartbeat interval, 41 s,
// meet it now and then, the more so on a busy machine.)
func ownClose(msg string) bool {
	return strings.HasPrefix(msg, "error sending heartbeat to gateway ") && strings.HasSuffix(msg, websocket.ErrCloseSent.Error())
}
