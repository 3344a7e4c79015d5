package discord

// InvitePermissions is every permission the bot needs where games are played, checked before a
// game opens: the permissions value of its invite link, and the names Discord shows for them.
func InvitePermissions() (int64, []string) {
	var bits int64
	var names []string
	for _, group := range [][]permission{readPermissions, channelPermissions, threadPermissions, openPermissions} {
		for _, p := range group {
			bits |= p.bit
			names = append(names, p.name)
		}
	}
	return bits, names
}
