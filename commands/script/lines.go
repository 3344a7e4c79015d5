package script

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// maxLine is the longest line a script or the terminal may type: far beyond any command, short
// enough that a pasted file cannot fill the memory.
const maxLine = 1 << 20

// Lines reads the lines of a script or of the terminal, one at a time; a line longer than maxLine
// is read to its end and reported as too long, so that the next line is read as typed.
type Lines struct {
	br *bufio.Reader
}

// NewLines reads the lines of src.
func NewLines(src io.Reader) *Lines { return &Lines{br: bufio.NewReaderSize(src, 64<<10)} }

// Next is the next line without its end of line; io.EOF once there is none.
func (l *Lines) Next() (line string, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := l.br.ReadSlice('\n')
		if len(buf)+len(chunk) > maxLine+2 {
			tooLong = true
		} else {
			buf = append(buf, chunk...)
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF && len(buf) == 0 && !tooLong:
			return "", false, io.EOF
		case err != nil && err != io.EOF:
			return "", false, err
		}
		if tooLong {
			return "", true, nil
		}
		return string(bytes.TrimRight(buf, "\r\n")), false, nil
	}
}
