// Package fakediscord is a fake Discord (REST API and gateway) on 127.0.0.1
// that the real discordgo client talks to, so the bot's tests exercise the
// same code paths as production: discordgo's JSON decoding of gateway events,
// its REST requests (JSON and multipart), and the bot's handlers in between.
//
// Everything the fake sends is built from Discord-shaped JSON written by hand
// (maps and raw JSON), never by marshalling discordgo structs: marshalling
// them would only test discordgo against itself, and a field of the wrong
// JSON type would go unnoticed. Everything the bot sends is parsed into the
// fake's own types and checked the way Discord checks it (authorization,
// form limits, the 3-second interaction deadline, double acknowledgements,
// allowed_mentions), and answered with Discord's status codes and error
// codes, so discordgo surfaces the same *discordgo.RESTError as in production.
//
// A test starts a Fake, gets a configured session from it, opens the session
// and drives the bot by sending interactions:
//
//	f := fakediscord.New(t)
//	s := f.Session(t) // REST and gateway go to the fake; closed in t.Cleanup
//	bot.Register(s)   // the code under test: handlers, commands
//	if err := s.Open(); err != nil {
//		t.Fatal(err)
//	}
//	alice := f.AddUser("alice")
//	in := f.SendSlash(alice, f.General, "carc", fakediscord.SubCommand("new",
//		fakediscord.StringArg("map", "france")))
//	resp, err := in.WaitResponse(ctx)
//
// Nothing here sleeps or polls: every Wait method blocks on a broadcast that
// the fake fires whenever its state changes, and returns when the condition
// holds or the context ends.
//
// The fake never calls t.Fatal from its own goroutines. Whatever Discord
// would have refused, and whatever discordgo logged as an error (for example
// a payload it could not decode), is recorded as a Problem; Err reports them
// and the fake fails the test in t.Cleanup if any are left. A test that
// provokes a problem on purpose claims it with ExpectProblem.
//
// The fake serves several guilds (AddGuild) and several gateway shards: each
// session identifies with its [shard_id, num_shards], GET /gateway/bot
// recommends a count (WithRecommendedShards), and each guild's events and
// interactions go only to the session of its shard, (guild_id >> 22) %
// num_shards, DMs to shard 0 (shards.go). An interaction records the shard it
// went to (Interaction.Shards), so a test sees which process received it.
// PostInteraction delivers an interaction over a socket to a bot running as
// its own process in HTTP-interactions mode.
//
// Limits: every user is a member of every guild, no
// RESUME/RECONNECT/INVALID_SESSION, no rate-limit headers, no gateway
// compression (the fake sends text frames; Session turns compression off).
package fakediscord
