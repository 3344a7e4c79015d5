package script

import "strings"

// typedName is who a name typed before a command is: a player seated at the table under that name
// in any case (Ann, ann, ANN), else the name as typed, a newcomer.
func (r *Runner) typedName(name string) string {
	if r.Table == nil {
		return name
	}
	for _, u := range r.Table.Seats {
		if strings.EqualFold(u.Name, name) {
			return u.ID
		}
	}
	return name
}
