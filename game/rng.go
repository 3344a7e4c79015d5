package game

import (
	"encoding/hex"
	"fmt"
	"math/rand/v2"
)

// Generators a game's deal can come from (Setup.Generator).
const (
	// GeneratorPCG is PCG-XSH-RR seeded by Setup.Seed: reproducible from a number, for local play,
	// table scripts, and every game stored before secret deals.
	GeneratorPCG = ""
	// GeneratorChaCha8 is ChaCha8 keyed by Setup.Key, 32 secret bytes drawn from the operating
	// system: nobody can predict the next tile from the tiles seen, and nobody chose the deal.
	GeneratorChaCha8 = "chacha8"
)

// RNG is the game's random generator. It is copied with the game and stored in its snapshot.
// Local games use PCG-XSH-RR 64/32 with a fixed stream, whose whole state is one number; games on
// Discord use ChaCha8, a cryptographically secure generator.
type RNG struct {
	State  uint64
	secure bool
	cc     rand.ChaCha8
}

const pcgMul = 6364136223846793005
const pcgInc = 1442695040888963407

// NewRNG seeds a PCG generator.
func NewRNG(seed uint64) RNG {
	r := RNG{}
	r.next()
	r.State += seed
	r.next()
	return r
}

// NewSecureRNG keys a ChaCha8 generator.
func NewSecureRNG(key [32]byte) RNG {
	return RNG{secure: true, cc: *rand.NewChaCha8(key)}
}

// setupRNG is the generator a setup asks for.
func setupRNG(s Setup) (RNG, error) {
	switch s.Generator {
	case GeneratorPCG:
		return NewRNG(s.Seed), nil
	case GeneratorChaCha8:
		key, err := ParseKey(s.Key)
		if err != nil {
			return RNG{}, err
		}
		return NewSecureRNG(key), nil
	}
	return RNG{}, fmt.Errorf("unknown generator %q: use %q or %q", Echo(s.Generator), GeneratorPCG, GeneratorChaCha8)
}

// ParseKey reads a ChaCha8 key written as 64 hexadecimal digits.
func ParseKey(s string) ([32]byte, error) {
	var key [32]byte
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != len(key) {
		return key, fmt.Errorf("a deal key is 64 hexadecimal digits, not %q", Echo(s))
	}
	copy(key[:], b)
	return key, nil
}

func (r *RNG) next() uint32 {
	if r.secure {
		return uint32(r.cc.Uint64() >> 32)
	}
	old := r.State
	r.State = old*pcgMul + pcgInc
	x := uint32(((old >> 18) ^ old) >> 27)
	rot := uint32(old >> 59)
	return x>>rot | x<<((-rot)&31)
}

// Intn returns a uniform number in [0, n); n must be positive.
func (r *RNG) Intn(n int) int {
	if n <= 1 {
		return 0
	}
	// Lemire's multiply-shift with rejection: unbiased and division-free in the common case.
	bound := uint32(n)
	m := uint64(r.next()) * uint64(bound)
	if low := uint32(m); low < bound {
		threshold := -bound % bound
		for low < threshold {
			m = uint64(r.next()) * uint64(bound)
			low = uint32(m)
		}
	}
	return int(m >> 32)
}

// Uint64 returns 64 random bits.
func (r *RNG) Uint64() uint64 { return uint64(r.next())<<32 | uint64(r.next()) }

// Shuffle permutes n elements with swap, Fisher-Yates.
func (r *RNG) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.Intn(i+1))
	}
}

// marshalSecure is the ChaCha8 state for a snapshot, or nil for PCG (whose State is enough).
func (r *RNG) marshalSecure() ([]byte, error) {
	if !r.secure {
		return nil, nil
	}
	return r.cc.MarshalBinary()
}

// restoreRNG rebuilds a generator from a snapshot's fields.
func restoreRNG(state uint64, secure []byte) (RNG, error) {
	if len(secure) == 0 {
		return RNG{State: state}, nil
	}
	r := RNG{secure: true}
	if err := r.cc.UnmarshalBinary(secure); err != nil {
		return RNG{}, fmt.Errorf("generator state: %w", err)
	}
	return r, nil
}
