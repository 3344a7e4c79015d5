package web

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// KindPlay is the kind of a player's personal link to play their turn on the game's page.
const KindPlay = "p"

// PlayLifetime bounds a play link's life: it ends with the player's turn, or after this long,
// whichever comes first (a link left in a chat's history is worth little to whoever finds it).
const PlayLifetime = 4 * time.Hour

// Play is what a play link is bound to: the game, the seat and the person sitting in it, the
// turn it plays, and until when. Its token also carries the generation of the game's links, so
// that revoking the game's links (bot revoke-link, /carc board revoke:true) revokes it.
type Play struct {
	Game    string
	Seat    int
	User    string
	Turn    int
	Expires time.Time
	gen     uint64
}

// PlayPath is the address of a player's play link below the server's root: /p/ID/TOKEN/, where
// TOKEN is GENERATION.SEAT.TURN.EXPIRES.MAC, the MAC over everything the link is bound to,
// the person's id included (which the address does not show).
func (s *Signer) PlayPath(p Play) (string, error) {
	gen, err := s.gens.WebLinkGeneration(p.Game)
	if err != nil {
		return "", err
	}
	p.gen = gen
	return "/" + KindPlay + "/" + p.Game + "/" + s.playToken(p) + "/", nil
}

func (s *Signer) playToken(p Play) string {
	return fmt.Sprintf("%d.%d.%d.%d.%s", p.gen, p.Seat, p.Turn, p.Expires.Unix(), base64.RawURLEncoding.EncodeToString(s.playMAC(p)))
}

func (s *Signer) playMAC(p Play) []byte {
	m := hmac.New(sha256.New, s.secret)
	fmt.Fprintf(m, "carcassonne-maps-bot play link\nid:%s\nuser:%s\nseat:%d\nturn:%d\nexpires:%d\ngeneration:%d\n",
		p.Game, p.User, p.Seat, p.Turn, p.Expires.Unix(), p.gen)
	return m.Sum(nil)[:macLen]
}

// readPlay reads a play token's fields without checking it: the seat names the person its MAC
// must be checked with (checkPlay).
func readPlay(id, token string) (Play, []byte, error) {
	parts := strings.Split(token, ".")
	if len(parts) != 5 {
		return Play{}, nil, errBadLink
	}
	var n [4]int64
	for i := range 4 {
		v, err := strconv.ParseInt(parts[i], 10, 64)
		if err != nil || v < 0 || len(parts[i]) > 20 {
			return Play{}, nil, errBadLink
		}
		n[i] = v
	}
	mac, err := base64.RawURLEncoding.DecodeString(parts[4])
	if err != nil {
		return Play{}, nil, errBadLink
	}
	return Play{Game: id, gen: uint64(n[0]), Seat: int(n[1]), Turn: int(n[2]), Expires: time.Unix(n[3], 0)}, mac, nil
}

// checkPlay checks a play token against the person in its seat (user) and the game's current
// generation of links: a forged, altered, revoked or other person's link is a bad link, alike.
func (s *Signer) checkPlay(p Play, mac []byte, user string) error {
	p.User = user
	if user == "" || !hmac.Equal(mac, s.playMAC(p)) {
		return errBadLink
	}
	cur, err := s.gens.WebLinkGeneration(p.Game)
	if err != nil {
		return err
	}
	if p.gen != cur {
		return errBadLink
	}
	return nil
}

// pageToken is the token a play page carries for its POSTs: bound to the link and to the version
// of the game the page shows, so that a move made from a page drawn before someone else moved is
// told apart (stale) from one made on the position it shows.
func (s *Signer) pageToken(token string, version uint64) string {
	m := hmac.New(sha256.New, s.secret)
	fmt.Fprintf(m, "carcassonne-maps-bot play page\ntoken:%s\nversion:%d\n", token, version)
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:macLen])
}
