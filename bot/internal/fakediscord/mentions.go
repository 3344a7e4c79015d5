package fakediscord

import (
	"regexp"
	"slices"
)

var (
	userMention = regexp.MustCompile(`<@!?(\d+)>`)
	roleMention = regexp.MustCompile(`<@&(\d+)>`)
	massMention = regexp.MustCompile(`@(everyone|here)\b`)
)

// mentionedUsers returns the ids of the users mentioned in content, in
// order, without duplicates.
func mentionedUsers(content string) []string {
	var ids []string
	for _, m := range userMention.FindAllStringSubmatch(content, -1) {
		if !slices.Contains(ids, m[1]) {
			ids = append(ids, m[1])
		}
	}
	return ids
}

// Pinged returns the ids of the users this message notifies: those
// mentioned in its content whom allowed_mentions lets through (all of them
// when allowed_mentions is absent, as Discord does). Tests use it to check
// that a turn message pings the next player and nobody else.
func (m *Message) Pinged() []string {
	var out []string
	am := m.AllowedMentions
	for _, id := range mentionedUsers(m.Content) {
		if am == nil || slices.Contains(am.Parse, "users") || slices.Contains(am.Users, id) {
			out = append(out, id)
		}
	}
	return out
}

// checkMentionsLocked records a ProblemMentions when a message that notifies
// (a new message, or a deferred response being filled in) mentions users,
// roles or everyone without allowed_mentions. Discord would then ping
// everyone mentioned, and the design allows pings of the game's players
// only, which the bot can guarantee only by always saying whom it allows.
// Plain edits notify nobody, so they are not checked.
func (f *Fake) checkMentionsLocked(r *Request, m *Message) {
	if m.AllowedMentions != nil {
		return
	}
	if userMention.MatchString(m.Content) || roleMention.MatchString(m.Content) || massMention.MatchString(m.Content) {
		f.problemLocked(ProblemMentions, r,
			"message %s mentions someone without allowed_mentions, so Discord would ping everyone mentioned: %q", m.ID, m.Content)
	}
}
