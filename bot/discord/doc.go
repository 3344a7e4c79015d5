// Package discord is the bot on Discord: the adapter between Discord and the host of the games
// (package bot). It opens the gateway (one session per shard of a configured range, shards.go) or
// serves signed HTTP interactions (http.go), registers the host's commands as Discord's slash
// commands, localized in every language of the catalogues and checked against every limit Discord
// documents before they are sent (definitions.go, surfacecheck.go), and hands each interaction to
// the host: it takes it once for all processes, acknowledges it at once, so that Discord's
// 3-second limit holds whatever the work costs, and builds the host's Request from it
// (interactions.go), naming no command.
//
// It is the host's port on Discord (port.go): posts carry a nonce derived from their cause, which
// Discord enforces, and are sent again when Discord's answer leaves it unknown whether they were
// made; a text longer than a message goes out in as many as it needs, never cut (split.go); answers
// fill in the deferred "thinking..." of their interaction; Discord's refusals are logged with its
// codes and fields (refusal.go). For followers' threads it tells the host what a channel is and
// who may read and post where, as Discord computes permissions (threads.go, memberperms.go).
//
// Its tests drive the whole bot, host and adapter, through a fake Discord that checks every
// request against Discord's published API description (bot/internal/fakediscord).
package discord
