package game

// RNG is the game's seeded random generator (PCG-XSH-RR 64/32 with a fixed stream). Its whole
// state is one number, so it is copied with the game and stored in its snapshot.
type RNG struct{ State uint64 }

const pcgMul = 6364136223846793005
const pcgInc = 1442695040888963407

// NewRNG seeds a generator.
func NewRNG(seed uint64) RNG {
	r := RNG{}
	r.next()
	r.State += seed
	r.next()
	return r
}

func (r *RNG) next() uint32 {
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
