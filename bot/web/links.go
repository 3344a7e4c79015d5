package web

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// Kinds of page a link opens.
const (
	KindGame   = "g"
	KindLeague = "l"
)

// macLen is how many bytes of the HMAC a link carries: 128 bits, beyond guessing.
const macLen = 16

// Generations tells the generation of a page's links: a revocation raises it, and a link signed
// for an older generation no longer opens the page.
type Generations interface {
	WebLinkGeneration(id string) (uint64, error)
}

// Signer makes and checks the unguessable part of a page's address: an HMAC-SHA256, under the
// bot's secret, of the kind of page, its id and the generation of its links.
type Signer struct {
	secret []byte
	gens   Generations
}

// NewSigner signs with secret (at least 16 bytes) and reads generations from gens.
func NewSigner(secret []byte, gens Generations) (*Signer, error) {
	if len(secret) < 16 {
		return nil, errors.New("web links: the secret is shorter than 16 bytes")
	}
	return &Signer{secret: secret, gens: gens}, nil
}

// errBadLink is every reason a link does not open a page: the page answers alike whether the id
// exists or not, so a link cannot be used to probe ids.
var errBadLink = errors.New("this link is not valid: it was revoked, mistyped or never given out")

// Path is the address of a page below the server's root: /g/ID/TOKEN/ for a game.
func (s *Signer) Path(kind, id string) (string, error) {
	gen, err := s.gens.WebLinkGeneration(id)
	if err != nil {
		return "", err
	}
	return "/" + kind + "/" + id + "/" + s.token(kind, id, gen) + "/", nil
}

// token is GENERATION.MAC, the MAC in unpadded base64url.
func (s *Signer) token(kind, id string, gen uint64) string {
	return strconv.FormatUint(gen, 10) + "." + base64.RawURLEncoding.EncodeToString(s.mac(kind, id, gen))
}

func (s *Signer) mac(kind, id string, gen uint64) []byte {
	m := hmac.New(sha256.New, s.secret)
	fmt.Fprintf(m, "carcassonne-maps-bot web link\nkind:%s\nid:%s\ngeneration:%d\n", kind, id, gen)
	return m.Sum(nil)[:macLen]
}

// Check says whether token opens the page of kind and id now: its MAC is right and it is of the
// current generation.
func (s *Signer) Check(kind, id, token string) error {
	g, m, ok := strings.Cut(token, ".")
	gen, err := strconv.ParseUint(g, 10, 64)
	if !ok || err != nil || len(g) > 20 {
		return errBadLink
	}
	got, err := base64.RawURLEncoding.DecodeString(m)
	if err != nil || !hmac.Equal(got, s.mac(kind, id, gen)) {
		return errBadLink
	}
	cur, err := s.gens.WebLinkGeneration(id)
	if err != nil {
		return err
	}
	if gen != cur {
		return errBadLink
	}
	return nil
}

// BadLink tells whether err says a link opens no page (revoked, forged, mistyped).
func BadLink(err error) bool { return errors.Is(err, errBadLink) }

// CheckGameLink reads a game page's address, a whole link (https://host/web/g/ID/TOKEN/, with
// anything after it) or its path, and checks it as the page does: the id of a game whose page it
// opens now and the generation of its links (what a follow made with it records, so that a
// revoke ends it), or an error for which BadLink is true.
func (s *Server) CheckGameLink(link string) (string, uint64, error) {
	link = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(link), "<"), ">")
	if u, err := url.Parse(link); err == nil && u.Path != "" {
		link = u.Path
	}
	parts := strings.Split(link, "/")
	for i := 0; i+2 < len(parts); i++ {
		if parts[i] == KindGame && parts[i+1] != "" {
			id, token := parts[i+1], parts[i+2]
			if err := s.cfg.Signer.Check(KindGame, id, token); err != nil {
				return "", 0, err
			}
			g, _, _ := strings.Cut(token, ".")
			gen, _ := strconv.ParseUint(g, 10, 64) // Check read it
			return id, gen, nil
		}
	}
	return "", 0, errBadLink
}
