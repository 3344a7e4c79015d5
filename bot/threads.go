package bot

// Threads is what followers' threads need of the chat beyond its port: what a channel is, who may
// read and post where, and who reads a thread. A port that has it (the Discord adapter) offers
// followers' threads; with one that does not, /player follow to:thread says so.
type Threads interface {
	// Channel is what the chat tells of a channel or thread.
	Channel(id string) (Channel, error)
	// MayReadAndPost tells whether the person who asked may read and post in channel.
	MayReadAndPost(req *Request, channel string) (bool, error)
	// MissingForThreads names what the bot lacks, in the channel the request comes from, to keep a
	// followers' thread there: to open one unless open is false (one is open already), and to
	// post in it ("" when it lacks nothing, or cannot tell).
	MissingForThreads(req *Request, open bool) string
	// AddToThread makes user a reader of thread.
	AddToThread(thread, user string) error
}

// Channel is a channel or a thread as the chat describes it.
type Channel struct {
	ID, Guild string
	// Parent is the channel a thread is in ("" for a channel).
	Parent string
	// Threads tells whether the channel holds threads (a text or an announcement channel).
	Threads bool
}
