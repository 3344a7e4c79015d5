package storage

import (
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Handled is what became of one Discord interaction, for every process of the bot: Discord may
// deliver an interaction twice (to two replicas, or again after a timeout), and a signed request
// may be replayed within its signature's window. The first process to take an interaction
// (TakeInteraction) acts on it; any later delivery finds it taken and is given the first answer
// (AnswerInteraction) instead of acting again.
type Handled struct {
	// At is when a process first took the interaction.
	At time.Time `json:"at"`
	// Done says that its answer was given; Answer is that answer's text (its first message).
	Done   bool   `json:"done,omitempty"`
	Answer string `json:"answer,omitempty"`
}

// HandledFor is how long an interaction's record is kept: far past Discord's duplicate
// deliveries (seconds), the window in which a signed request is accepted (5 minutes) and the life
// of the interaction's token (15 minutes). The bot forgets older ones (ForgetInteractions).
const HandledFor = time.Hour

// MaxAnswer bounds the answer kept with an interaction's record: one Discord message.
const MaxAnswer = 2000

// bucketHandled holds the interactions taken: id -> Handled as JSON. It is made by the first
// interaction taken (a file of an earlier bot has none), and holds about an hour of them.
var bucketHandled = []byte("handled")

// TakeInteraction records that this process acts on interaction id, taken at at. It returns
// first true when no process took it before; else first is false and prev is what became of it
// (Done false: the first taker has not answered yet, or died before it did).
func (s *Store) TakeInteraction(id string, at time.Time) (prev Handled, first bool, err error) {
	if err := checkID("interaction id", id); err != nil {
		return Handled{}, false, fmt.Errorf("take interaction: %w", err)
	}
	err = s.update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(bucketHandled)
		if err != nil {
			return err
		}
		first, prev = false, Handled{}
		if v := b.Get([]byte(id)); v != nil {
			return decodeJSON([]byte(id), v, &prev)
		}
		first = true
		return putJSON(b, []byte(id), Handled{At: at.UTC()})
	})
	if err != nil {
		return Handled{}, false, fmt.Errorf("take interaction %s: %w", id, err)
	}
	return prev, first, nil
}

// AnswerInteraction records the answer given to an interaction taken before: a later delivery of
// it is given this text. The first answer stays: an interaction is answered once.
func (s *Store) AnswerInteraction(id, answer string) error {
	answer = TruncateAnswer(answer)
	err := s.update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(bucketHandled)
		if err != nil {
			return err
		}
		h := Handled{At: time.Now().UTC()}
		if v := b.Get([]byte(id)); v != nil {
			if err := decodeJSON([]byte(id), v, &h); err != nil {
				return err
			}
		}
		if h.Done {
			return nil
		}
		h.Done, h.Answer = true, answer
		return putJSON(b, []byte(id), h)
	})
	if err != nil {
		return fmt.Errorf("record the answer to interaction %s: %w", id, err)
	}
	return nil
}

// ForgetInteractions deletes the records of the interactions taken before before, and returns how
// many it deleted. It reads first, so that a bot with nothing to forget writes nothing.
func (s *Store) ForgetInteractions(before time.Time) (int, error) {
	var old [][]byte
	err := s.view(func(tx *bolt.Tx) (err error) {
		old, err = takenBefore(tx, before)
		return err
	})
	if err == nil && len(old) > 0 {
		err = s.update(func(tx *bolt.Tx) error {
			if old, err = takenBefore(tx, before); err != nil {
				return err
			}
			for _, k := range old {
				if err := tx.Bucket(bucketHandled).Delete(k); err != nil {
					return err
				}
			}
			return nil
		})
	}
	if err != nil {
		return 0, fmt.Errorf("forget the interactions taken before %s: %w", before.UTC().Format(time.RFC3339), err)
	}
	return len(old), nil
}

// takenBefore lists the ids of the interactions taken before before.
func takenBefore(tx *bolt.Tx, before time.Time) ([][]byte, error) {
	b := tx.Bucket(bucketHandled)
	if b == nil {
		return nil, nil
	}
	var old [][]byte
	err := b.ForEach(func(k, v []byte) error {
		var h Handled
		if err := decodeJSON(k, v, &h); err != nil {
			return err
		}
		if h.At.Before(before) {
			old = append(old, append([]byte(nil), k...))
		}
		return nil
	})
	return old, err
}

// TruncateAnswer cuts an answer to MaxAnswer bytes, on a character's boundary.
func TruncateAnswer(s string) string {
	if len(s) <= MaxAnswer {
		return s
	}
	cut := MaxAnswer
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut]
}
