package game

import (
	"fmt"
	"strconv"
	"strings"
)

// Dir is a side of a square or a tile, in map directions.
type Dir uint8

// The four sides, clockwise from north.
const (
	North Dir = iota
	East
	South
	West
)

var dirNames = [4]string{"N", "E", "S", "W"}
var dirWords = [4]string{"north", "east", "south", "west"}

func (d Dir) String() string { return dirNames[d&3] }

// Word is the direction spelled out, for messages.
func (d Dir) Word() string { return dirWords[d&3] }

// Opposite is the side facing d across an edge.
func (d Dir) Opposite() Dir { return (d + 2) & 3 }

// Rotate turns d clockwise by r.
func (d Dir) Rotate(r Rotation) Dir { return (d + Dir(r)) & 3 }

// ParseDir reads N, E, S or W (any case), as the data files write them.
func ParseDir(s string) (Dir, error) {
	if d, ok := dirNamed(s); ok {
		return d, nil
	}
	return 0, fmt.Errorf("%q is not a direction: use N, E, S or W", Echo(s))
}

// dirNamed is the direction named s (any case): a spot a player names is judged without making
// an error of English for the data files' readers.
func dirNamed(s string) (Dir, bool) {
	for i, n := range dirNames {
		if strings.EqualFold(s, n) {
			return Dir(i), true
		}
	}
	return 0, false
}

// Rotation is a number of quarter turns clockwise from the orientation a tile is written in, in
// data/tiles.txt.
type Rotation uint8

// Degrees is the rotation in degrees clockwise: 0, 90, 180 or 270.
func (r Rotation) Degrees() int { return int(r&3) * 90 }

func (r Rotation) String() string { return strconv.Itoa(r.Degrees()) }

// ParseRotation reads a rotation in degrees clockwise: exactly 0, 90, 180 or 270.
func ParseRotation(s string) (Rotation, error) {
	switch strings.TrimSpace(s) {
	case "0":
		return 0, nil
	case "90":
		return 1, nil
	case "180":
		return 2, nil
	case "270":
		return 3, nil
	}
	return 0, fmt.Errorf("%q is not a rotation: use 0, 90, 180 or 270 (degrees clockwise)", Echo(s))
}

// Half is one half of a tile edge, in the notation of data/tiles.txt: standing at the centre and
// looking out through the edge, L is the left half and R the right one. The value is dir*2+side, so
// the halves run clockwise NL NR EL ER SL SR WL WR and rotating adds two per quarter turn.
type Half uint8

var halfNames = [8]string{"NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"}

func (h Half) String() string { return halfNames[h&7] }

// Dir is the edge the half belongs to.
func (h Half) Dir() Dir { return Dir(h >> 1) }

// Rotate turns h clockwise by r.
func (h Half) Rotate(r Rotation) Half { return (h + Half(r)*2) & 7 }

// Facing is the half of the neighbouring tile that h touches: xL meets opposite(x)R.
func (h Half) Facing() Half { return Half(h.Dir().Opposite())*2 + (1 - h&1) }

// ParseHalf reads a half-edge name such as NL or er, as the data files write them.
func ParseHalf(s string) (Half, error) {
	if h, ok := halfNamed(s); ok {
		return h, nil
	}
	return 0, fmt.Errorf("%q is not a half-edge: use NL, NR, EL, ER, SL, SR, WL or WR", Echo(s))
}

// halfNamed is the half-edge named s (any case), as dirNamed.
func halfNamed(s string) (Half, bool) {
	for i, n := range halfNames {
		if strings.EqualFold(s, n) {
			return Half(i), true
		}
	}
	return 0, false
}
