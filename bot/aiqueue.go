package bot

import (
	"sync"
	"time"
)

// aiQueue holds the AI turns waiting to be played, at most limit of them, one per game. A turn is
// ready once its delay has passed; the workers take the ready turns of tables where a person has
// just played (who now waits for the AI's reply) before the others (turns the bot plays on its own
// schedule: after a restart, a deadline, a hold, or offered again by the timer loop), and the
// oldest first within each. Taking and offering never wait for the workers, so an interaction
// never waits for the AI.
type aiQueue struct {
	mu    sync.Mutex
	jobs  []aiJob
	limit int
	next  uint64        // order of arrival
	wake  chan struct{} // a job arrived (buffered: a signal, never a wait)
}

// aiJob is one AI turn to play: the game at position seq.
type aiJob struct {
	e       *gameEntry
	seq     uint64
	ready   time.Time // when it may be played (the AI's delay)
	waiting bool      // a person has just played at the table and waits for the AI
	order   uint64
}

func newAIQueue(limit int) *aiQueue {
	return &aiQueue{limit: limit, wake: make(chan struct{}, 1)}
}

// offer queues a job, replacing the game's queued one if any; false when the queue is full.
func (q *aiQueue) offer(j aiJob) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.next++
	j.order = q.next
	i := q.find(j.e)
	switch {
	case i >= 0:
		j.waiting = j.waiting || q.jobs[i].waiting
		q.jobs[i] = j
	case len(q.jobs) >= q.limit:
		return false
	default:
		q.jobs = append(q.jobs, j)
	}
	select {
	case q.wake <- struct{}{}:
	default:
	}
	return true
}

// queued tells whether the game has a turn in the queue.
func (q *aiQueue) queued(e *gameEntry) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.find(e) >= 0
}

// len is the number of queued turns.
func (q *aiQueue) len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.jobs)
}

func (q *aiQueue) find(e *gameEntry) int {
	for i, j := range q.jobs {
		if j.e == e {
			return i
		}
	}
	return -1
}

// take waits for the best ready job and removes it from the queue; false once stop is closed.
func (q *aiQueue) take(stop <-chan struct{}) (aiJob, bool) {
	for {
		q.mu.Lock()
		now := time.Now()
		best, soonest := -1, time.Time{}
		for i, j := range q.jobs {
			if j.ready.After(now) {
				if soonest.IsZero() || j.ready.Before(soonest) {
					soonest = j.ready
				}
				continue
			}
			if best < 0 || j.waiting && !q.jobs[best].waiting || j.waiting == q.jobs[best].waiting && j.order < q.jobs[best].order {
				best = i
			}
		}
		if best >= 0 {
			j := q.jobs[best]
			q.jobs = append(q.jobs[:best], q.jobs[best+1:]...)
			q.mu.Unlock()
			// Another worker may find a job ready too.
			select {
			case q.wake <- struct{}{}:
			default:
			}
			return j, true
		}
		q.mu.Unlock()
		var timer *time.Timer
		var ready <-chan time.Time
		if !soonest.IsZero() {
			timer = time.NewTimer(time.Until(soonest))
			ready = timer.C
		}
		select {
		case <-stop:
			return aiJob{}, false
		case <-q.wake:
		case <-ready:
		}
		if timer != nil {
			timer.Stop()
		}
	}
}
