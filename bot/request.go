package bot

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// Request is a person's command or click as the chat delivered it to the host: who asked, where,
// in which language, what. The chat has taken it (Take) and shown "thinking..." already: the host
// answers it through the port.
type Request struct {
	*Interaction
	Guild string
	// GuildLocale is the server's language as the chat tells it with the request.
	GuildLocale string
	User        table.User
	// Admin is true for a member who manages the channel, Manager for one who manages the server.
	Admin, Manager bool
	// Input is the command: its name, subcommand and options (User, Admin and Manager set too);
	// Focused names the option being completed, for autocomplete.
	Input   commands.Input
	Focused string
	// Click is the id of the button or menu clicked, Values what was chosen in a menu.
	Click  string
	Values []string
	// Where is what the chat knows of the place.
	Where Where
}

// Where is what the chat tells of the place a request comes from.
type Where interface {
	// Thread tells whether the place is a thread.
	Thread() bool
	// Missing names the permissions a game needs that the bot lacks where it will be played: at
	// the place, or in a thread it opens there (""  when it lacks none).
	Missing(openThread bool) string
}
