// Package script is the table-script language (README.md, "Table scripts"): a script's lines, the
// words of the ! lines that fix a lobby's deal (Arrangement), and the !expect lines that check a
// scene (Expect). The local table (bot/local) runs scripts with it on the host; testdata holds one
// script per rule.
package script

import "errors"

// ErrMalformed marks a script line that cannot be run.
var ErrMalformed = errors.New("malformed script")

// StripComment removes a # comment that is not inside quotes.
func StripComment(s string) string {
	quoted := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			quoted = !quoted
		case '#':
			if !quoted && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t') {
				return s[:i]
			}
		}
	}
	return s
}
