package storage

import "sync"

// gameLocks hands out one mutex per game id, created on first use and dropped when nobody holds or
// waits for it, so the map does not grow with every game a long-running bot has seen.
type gameLocks struct {
	mu sync.Mutex
	m  map[string]*gameLock
}

type gameLock struct {
	sync.Mutex
	users int // holders and waiters; guarded by gameLocks.mu
}

// lock locks the game's mutex and returns the function that unlocks it.
func (l *gameLocks) lock(id string) (unlock func()) {
	l.mu.Lock()
	if l.m == nil {
		l.m = make(map[string]*gameLock)
	}
	g := l.m[id]
	if g == nil {
		g = &gameLock{}
		l.m[id] = g
	}
	g.users++
	l.mu.Unlock()

	g.Lock()
	return func() {
		g.Unlock()
		l.mu.Lock()
		if g.users--; g.users == 0 {
			delete(l.m, id)
		}
		l.mu.Unlock()
	}
}
