package game

import (
	"fmt"
	"strconv"
	"strings"
)

// Square is a position on the map grid: column and row from the north-west corner, both from 0.
// It is packed into one integer so that it can key tables cheaply.
type Square uint32

// NoSquare marks the absence of a square.
const NoSquare Square = 1<<32 - 1

const rowBits = 12

// MaxGridSide is the largest number of columns or rows a map may have.
const MaxGridSide = 1 << rowBits

// At is the square in column col and row row, both from 0.
func At(col, row int) Square { return Square(col)<<rowBits | Square(row) }

// Col is the column, from 0 (A).
func (s Square) Col() int { return int(s >> rowBits) }

// Row is the row, from 0 (row 1).
func (s Square) Row() int { return int(s & (MaxGridSide - 1)) }

// Step is the neighbouring square in direction d; ok is false off the top or left of the grid.
func (s Square) Step(d Dir) (Square, bool) {
	c, r := s.Col(), s.Row()
	switch d {
	case North:
		r--
	case East:
		c++
	case South:
		r++
	case West:
		c--
	}
	if c < 0 || r < 0 || c >= MaxGridSide || r >= MaxGridSide {
		return NoSquare, false
	}
	return At(c, r), true
}

// ColumnName is the spreadsheet-style name of column c (0 = A, 26 = AA).
func ColumnName(c int) string {
	var b []byte
	for c++; c > 0; c = (c - 1) / 26 {
		b = append(b, byte('A'+(c-1)%26))
	}
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}

func (s Square) String() string {
	if s == NoSquare {
		return "-"
	}
	return ColumnName(s.Col()) + strconv.Itoa(s.Row()+1)
}

// MarshalText writes the square's name, so squares read naturally in JSON.
func (s Square) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a square's name.
func (s *Square) UnmarshalText(b []byte) error {
	if string(b) == "-" {
		*s = NoSquare
		return nil
	}
	q, err := ParseSquare(string(b))
	if err != nil {
		return err
	}
	*s = q
	return nil
}

// MustParseSquare is ParseSquare for a name written in the code (a rule's square, a test's): it
// panics on a name that is not a square.
func MustParseSquare(name string) Square {
	s, err := ParseSquare(name)
	if err != nil {
		panic(err)
	}
	return s
}

// ParseSquare reads a square name such as F7 or ab12 (case-insensitive).
func ParseSquare(name string) (Square, error) {
	t := strings.ToUpper(strings.TrimSpace(name))
	i := 0
	col := 0
	for i < len(t) && t[i] >= 'A' && t[i] <= 'Z' {
		col = col*26 + int(t[i]-'A'+1)
		i++
		if col > MaxGridSide {
			break
		}
	}
	if i == 0 || i == len(t) || i > 3 {
		return NoSquare, fmt.Errorf("%q is not a square: write a column letter and a row number, like F7", Echo(name))
	}
	digits := t[i:]
	row, err := strconv.Atoi(digits)
	if err != nil || strings.TrimLeft(digits, "0123456789") != "" || row < 1 || t[i] == '0' || row > MaxGridSide || col > MaxGridSide {
		return NoSquare, fmt.Errorf("%q is not a square: write a column letter and a row number, like F7", Echo(name))
	}
	return At(col-1, row-1), nil
}
