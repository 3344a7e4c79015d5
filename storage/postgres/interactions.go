package postgres

import (
	"fmt"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// TakeInteraction records that this process acts on interaction id (see storage.Handled): one
// statement, so that of processes taking it together exactly one gets first true.
func (s *Store) TakeInteraction(id string, at time.Time) (prev storage.Handled, first bool, err error) {
	if err := storage.CheckID("interaction id", id); err != nil {
		return prev, false, fmt.Errorf("take interaction: %w", err)
	}
	if s.readOnly {
		return prev, false, fmt.Errorf("take interaction %s: %w: database %s is open read-only", id, storage.ErrReadOnly, s.name)
	}
	ctx, cancel := s.ctx()
	defer cancel()
	// The outer select reads the table as it was when the statement began: the row of an earlier
	// taker, or none when this statement inserts it (or a taker's insert was not committed yet).
	var atNS *int64
	var done *bool
	var answer *string
	err = s.pool.QueryRow(ctx, `WITH taken AS (INSERT INTO interactions (id, at_ns) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id)
		SELECT EXISTS (SELECT 1 FROM taken), i.at_ns, i.done, i.answer FROM (SELECT 1) one LEFT JOIN interactions i ON i.id = $1`,
		id, at.UnixNano()).Scan(&first, &atNS, &done, &answer)
	if err != nil {
		return storage.Handled{}, false, fmt.Errorf("take interaction %s: %w", id, s.explain("write", err))
	}
	if !first && atNS != nil {
		prev = storage.Handled{At: time.Unix(0, *atNS).UTC(), Done: *done, Answer: *answer}
	}
	return prev, first, nil
}

// AnswerInteraction records the first answer given to an interaction.
func (s *Store) AnswerInteraction(id, answer string) error {
	if s.readOnly {
		return fmt.Errorf("record the answer to interaction %s: %w: database %s is open read-only", id, storage.ErrReadOnly, s.name)
	}
	ctx, cancel := s.ctx()
	defer cancel()
	_, err := s.pool.Exec(ctx, `INSERT INTO interactions (id, at_ns, done, answer) VALUES ($1, $2, true, $3)
		ON CONFLICT (id) DO UPDATE SET done = true, answer = EXCLUDED.answer WHERE NOT interactions.done`,
		id, time.Now().UnixNano(), storage.TruncateAnswer(answer))
	if err != nil {
		return fmt.Errorf("record the answer to interaction %s: %w", id, s.explain("write", err))
	}
	return nil
}

// ForgetInteractions deletes the records of the interactions taken before before.
func (s *Store) ForgetInteractions(before time.Time) (int, error) {
	if s.readOnly {
		return 0, nil
	}
	ctx, cancel := s.ctx()
	defer cancel()
	tag, err := s.pool.Exec(ctx, `DELETE FROM interactions WHERE at_ns < $1`, before.UnixNano())
	if err != nil {
		return 0, fmt.Errorf("forget the interactions taken before %s: %w", before.UTC().Format(time.RFC3339), s.explain("write", err))
	}
	return int(tag.RowsAffected()), nil
}
