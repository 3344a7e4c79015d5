package storetest

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// interactionsOnce: an interaction is taken by exactly one of the callers racing for it; a later
// delivery finds it taken, first without an answer, then with the first answer given (a second
// answer changes nothing); records older than a moment are forgotten, and an answer is kept to
// one message's length.
func interactionsOnce(t *testing.T, open Open) {
	s := open1(t, open)
	if _, first, err := s.TakeInteraction("i1", t0); err != nil || !first {
		t.Fatalf("the first delivery: first %v, %v", first, err)
	}
	prev, first, err := s.TakeInteraction("i1", t0.Add(time.Second))
	if err != nil || first || prev.Done || !prev.At.Equal(t0) {
		t.Fatalf("a second delivery before the answer: first %v, %+v, %v; want taken at %s, not answered", first, prev, err, t0)
	}
	if err := s.AnswerInteraction("i1", "Done: F7."); err != nil {
		t.Fatal(err)
	}
	if err := s.AnswerInteraction("i1", "something else"); err != nil {
		t.Fatal(err)
	}
	if prev, first, err := s.TakeInteraction("i1", t0.Add(2*time.Second)); err != nil || first || !prev.Done || prev.Answer != "Done: F7." {
		t.Fatalf("a delivery after the answer: first %v, %+v, %v; want the first answer", first, prev, err)
	}

	var wg sync.WaitGroup
	var mu sync.Mutex
	firsts := 0
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, first, err := s.TakeInteraction("race", t0)
			if err != nil {
				t.Error(err)
			}
			if first {
				mu.Lock()
				firsts++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firsts != 1 {
		t.Fatalf("8 deliveries racing: %d took the interaction, want 1", firsts)
	}

	long := strings.Repeat("é", storage.MaxAnswer) // two bytes each
	if _, _, err := s.TakeInteraction("long", t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.AnswerInteraction("long", long); err != nil {
		t.Fatal(err)
	}
	if prev, _, _ := s.TakeInteraction("long", t0); len(prev.Answer) != storage.MaxAnswer || prev.Answer != long[:storage.MaxAnswer] {
		t.Fatalf("a long answer is kept as %d bytes, want its first %d", len(prev.Answer), storage.MaxAnswer)
	}

	if n, err := s.ForgetInteractions(t0.Add(time.Minute)); err != nil || n != 2 {
		t.Fatalf("forgot %d interactions (%v), want the 2 taken at the start", n, err)
	}
	if _, first, err := s.TakeInteraction("i1", t0.Add(2*time.Hour)); err != nil || !first {
		t.Fatalf("a forgotten interaction: first %v, %v", first, err)
	}
	if _, first, _ := s.TakeInteraction("long", t0); first {
		t.Fatal("an interaction taken after the moment was forgotten too")
	}
}
