package storage

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// TextKeeper is a store that cannot keep every text: Keep changes what it cannot keep in a Dump
// into a form it keeps, and says what it changed. PostgreSQL's jsonb, where the players, leagues,
// seasons and ratings live, refuses U+0000.
type TextKeeper interface {
	Keep(d *Dump) []string
}

// CopyReport is what Copy did: the games it copied, the games a copy stopped before had copied
// already (checked again, not copied twice), and the texts the target keeps in another form.
type CopyReport struct {
	Games   int
	Resumed int
	Kept    []string
}

// Copy copies a whole database from src into dst, all of it or, stopped on the way, a part that
// the same Copy run again completes. dst must hold no game, or be the unfinished copy of src a
// stopped Copy left (named from). It is marked as an unfinished copy until the last check (so that
// no bot opens a part of a database as if it were whole), then:
//
//   - every game by its admin export, which dst imports only after replaying its log to its
//     snapshot, and which dst must then export with the same meaning (the same record, moves,
//     snapshot and hash, and timers as a set: each store lists them in its own order); a game
//     already in dst from the stopped copy is checked the same way and not copied again;
//   - then the players, leagues, seasons, ratings, rated games, servers' settings, the web links'
//     secret and the moves still to announce, in one transaction that replaces what it names, so
//     that a second run doubles nothing; dst must then hold the same, as sets. A text dst cannot
//     keep (TextKeeper) is carried over in the form it keeps, and the report says which.
//
// progress, when not nil, is called after each game. The bot must not run on src meanwhile: a game
// changed during the copy would be copied as it was.
func Copy(src, dst Copier, from string, e Engine, progress func(done, total int)) (CopyReport, error) {
	var rep CopyReport
	mark, err := dst.CopyMark()
	if err != nil {
		return rep, fmt.Errorf("copy: %w", err)
	}
	existing, err := dst.GameIDs()
	if err != nil {
		return rep, fmt.Errorf("copy: %w", err)
	}
	switch {
	case mark != nil && mark.From != from:
		return rep, fmt.Errorf("copy: %w", invalidf("the destination is an unfinished copy of %s, not of %s: finish that copy, or copy into an empty database", mark.From, from))
	case mark == nil && len(existing) > 0:
		return rep, fmt.Errorf("copy: %w", invalidf("the destination already holds %d games (%s, ...): copy into an empty database", len(existing), existing[0]))
	case mark == nil:
		if err := dst.MarkCopy(CopyMark{From: from, Started: time.Now().UTC()}); err != nil {
			return rep, fmt.Errorf("copy: %w", err)
		}
	}
	ids, err := src.GameIDs()
	if err != nil {
		return rep, fmt.Errorf("copy: %w", err)
	}
	there := make(map[string]bool, len(existing))
	for _, id := range existing {
		there[id] = true
	}
	for n, id := range ids {
		doc, err := src.Export(id, true, e)
		if err != nil {
			return rep, fmt.Errorf("copy: %w", err)
		}
		if there[id] {
			rep.Resumed++
			delete(there, id)
		} else if _, err := dst.Import(doc, e); err != nil {
			return rep, fmt.Errorf("copy: %w", err)
		}
		back, err := dst.Export(id, true, e)
		if err != nil {
			return rep, fmt.Errorf("copy: check game %s: %w", id, err)
		}
		if err := SameGame(doc, back); err != nil {
			return rep, fmt.Errorf("copy: game %s: %w", id, invalidf("the copy differs from the original: %v", err))
		}
		rep.Games++
		if progress != nil {
			progress(n+1, len(ids))
		}
	}
	if len(there) > 0 {
		return rep, fmt.Errorf("copy: %w", invalidf("the destination holds %d games the source does not (%s, ...)", len(there), slices.Sorted(mapKeys(there))[0]))
	}
	d, err := src.Dump()
	if err != nil {
		return rep, fmt.Errorf("copy: %w", err)
	}
	if k, ok := dst.(TextKeeper); ok {
		rep.Kept = k.Keep(&d)
	}
	if err := dst.Restore(d); err != nil {
		return rep, fmt.Errorf("copy: %w", err)
	}
	got, err := dst.Dump()
	if err != nil {
		return rep, fmt.Errorf("copy: check: %w", err)
	}
	if err := SameDump(d, got); err != nil {
		return rep, fmt.Errorf("copy: %w", err)
	}
	if err := dst.UnmarkCopy(); err != nil {
		return rep, fmt.Errorf("copy: %w", err)
	}
	return rep, nil
}

func mapKeys(m map[string]bool) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// SameGame tells whether two admin exports of a game mean the same: the same record, moves,
// snapshot and hash, and the same timers as a set. The stores write the same documents but for
// the order of the timers, which each lists in its own. The error says what differs.
func SameGame(a, b []byte) error {
	var x, y GameExport
	if err := json.Unmarshal(a, &x); err != nil {
		return fmt.Errorf("the original does not decode: %w", err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		return fmt.Errorf("the copy does not decode: %w", err)
	}
	for _, doc := range []*GameExport{&x, &y} {
		for _, raw := range []*json.RawMessage{&doc.Game.Setup, &doc.Game.Options, &doc.Snapshot} {
			if err := compactJSON(raw); err != nil {
				return err
			}
		}
		for i := range doc.Moves {
			if err := compactJSON(&doc.Moves[i].Data); err != nil {
				return err
			}
		}
		slices.SortFunc(doc.Timers, func(a, b Timer) int {
			return cmp.Or(a.At.Compare(b.At), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.UserID, b.UserID), cmp.Compare(a.Seq, b.Seq))
		})
	}
	parts := []struct {
		what string
		a, b any
	}{
		{"its record", x.Game, y.Game}, {"its moves", x.Moves, y.Moves}, {"its snapshot", x.Snapshot, y.Snapshot},
		{"its timers", x.Timers, y.Timers}, {"the document", [3]any{x.Format, x.Version, x.View}, [3]any{y.Format, y.Version, y.View}},
	}
	for _, p := range parts {
		if !sameJSON(p.a, p.b) {
			return fmt.Errorf("%s differ", p.what)
		}
	}
	return nil
}

// SameDump tells whether two dumps hold the same, each list as a set (each store lists in its own
// order); the error says what differs. The announcements' writer differs by design: the copy's is
// gone.
func SameDump(want, got Dump) error {
	norm := func(d Dump) Dump {
		d.Players = sorted(d.Players, func(p PlayerRecord) string { return p.UserID })
		d.Leagues = sorted(d.Leagues, func(l league.League) string { return l.ID })
		d.Seasons = sorted(d.Seasons, func(s league.Season) string { return fmt.Sprintf("%s\x00%09d", s.League, s.Number) })
		d.Ratings = sorted(d.Ratings, func(r GuildRating) string { return r.Guild + "\x00" + r.Map + "\x00" + r.UserID })
		d.Rated = sorted(d.Rated, func(g league.RatedGame) string {
			return fmt.Sprintf("%s\x00%020d\x00%s", g.Guild, g.At.UnixNano(), g.GameID)
		})
		d.Guilds = sorted(d.Guilds, func(g GuildRecord) string { return g.GuildID })
		if len(d.WebLinks.Generations) == 0 {
			d.WebLinks.Generations = nil
		}
		d.Announcements = nil
		return d
	}
	w, g := norm(want), norm(got)
	parts := []struct {
		what string
		a, b any
	}{
		{"players", w.Players, g.Players}, {"leagues", w.Leagues, g.Leagues}, {"seasons", w.Seasons, g.Seasons},
		{"ratings", w.Ratings, g.Ratings}, {"rated games", w.Rated, g.Rated}, {"servers' settings", w.Guilds, g.Guilds},
		{"web links", w.WebLinks, g.WebLinks},
	}
	for _, p := range parts {
		if !sameJSON(p.a, p.b) {
			return invalidf("the copy's %s differ from the original's", p.what)
		}
	}
	return sameAnnouncements(want.Announcements, got.Announcements)
}

// sorted returns a copy of list sorted by key.
func sorted[T any](list []T, key func(T) string) []T {
	out := slices.Clone(list)
	slices.SortStableFunc(out, func(a, b T) int { return strings.Compare(key(a), key(b)) })
	if len(out) == 0 {
		return nil
	}
	return out
}

// sameJSON compares two values by their JSON: what a store keeps of them.
func sameJSON(a, b any) bool {
	x, errA := json.Marshal(a)
	y, errB := json.Marshal(b)
	return errA == nil && errB == nil && bytes.Equal(x, y)
}

// sameAnnouncements checks that a copy keeps every announcement of the original: the same move,
// channel, message and interaction. The writer differs by design: the copy's is gone.
func sameAnnouncements(want, got []Announcement) error {
	if len(got) != len(want) {
		return invalidf("the copy holds %d announcements still to make, the original %d", len(got), len(want))
	}
	// Each store lists them in its own order of game ids (bytes, a database's collation).
	byMove := func(a, b Announcement) int {
		return cmp.Or(strings.Compare(a.GameID, b.GameID), cmp.Compare(a.Seq, b.Seq))
	}
	want, got = slices.SortedFunc(slices.Values(want), byMove), slices.SortedFunc(slices.Values(got), byMove)
	for i, a := range want {
		b := got[i]
		var am, bm bytes.Buffer
		if json.Compact(&am, a.Message) != nil || json.Compact(&bm, b.Message) != nil || !bytes.Equal(am.Bytes(), bm.Bytes()) ||
			a.GameID != b.GameID || a.Seq != b.Seq || a.Channel != b.Channel || a.AppID != b.AppID || a.Token != b.Token ||
			!a.TokenTime.Equal(b.TokenTime) || !a.Created.Equal(b.Created) {
			return invalidf("the announcement of move %d of game %s copies differently from the original", a.Seq, a.GameID)
		}
	}
	return nil
}

// KeepText replaces, in every string of v (a pointer), every rune keep refuses with replacement,
// and returns where it did: the JSON path of each string changed. A store that cannot keep a
// character (TextKeeper) carries a text over in a form it keeps.
func KeepText(v any, keep func(rune) bool, replacement rune) []string {
	var changed []string
	fix := func(s string) (string, bool) {
		if !strings.ContainsFunc(s, func(r rune) bool { return !keep(r) }) {
			return s, false
		}
		return strings.Map(func(r rune) rune {
			if !keep(r) {
				return replacement
			}
			return r
		}, s), true
	}
	var walk func(rv reflect.Value, path string)
	walk = func(rv reflect.Value, path string) {
		switch rv.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !rv.IsNil() {
				walk(rv.Elem(), path)
			}
		case reflect.String:
			if s, ok := fix(rv.String()); ok && rv.CanSet() {
				rv.SetString(s)
				changed = append(changed, path)
			}
		case reflect.Struct:
			for i := range rv.NumField() {
				f := rv.Type().Field(i)
				if f.IsExported() {
					walk(rv.Field(i), path+"."+jsonName(f))
				}
			}
		case reflect.Slice, reflect.Array:
			if rv.Type().Elem().Kind() == reflect.Uint8 {
				return // bytes ([]byte, json.RawMessage) are not text a store must keep
			}
			for i := range rv.Len() {
				walk(rv.Index(i), fmt.Sprintf("%s[%d]", path, i))
			}
		case reflect.Map:
			for _, k := range rv.MapKeys() {
				val := reflect.New(rv.Type().Elem()).Elem()
				val.Set(rv.MapIndex(k))
				walk(val, fmt.Sprintf("%s[%v]", path, k))
				nk := k
				if k.Kind() == reflect.String {
					if s, ok := fix(k.String()); ok {
						nk = reflect.ValueOf(s).Convert(k.Type())
						changed = append(changed, fmt.Sprintf("%s[%v] (its key)", path, k))
						rv.SetMapIndex(k, reflect.Value{})
					}
				}
				rv.SetMapIndex(nk, val)
			}
		}
	}
	walk(reflect.ValueOf(v), "")
	return changed
}

// jsonName is a field's name in JSON.
func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if name == "" || name == "-" {
		return f.Name
	}
	return name
}
