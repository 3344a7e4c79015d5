package bot

import (
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
)

// BoardFile is a picture of the board as an attachment, described by alt (none for no picture).
func BoardFile(png []byte, alt string) []File {
	if len(png) == 0 {
		return nil
	}
	return []File{{Name: "board.png", Data: png, Description: alt}}
}

// docFile is a reply's document as an attachment (none for no document).
func docFile(f *commands.File) []File {
	if f == nil {
		return nil
	}
	return []File{{Name: f.Name, Data: f.Data, Description: f.Description}}
}

// MentionLine pings the users of a reply, and only them.
func MentionLine(ids []string) string {
	var parts []string
	for _, id := range ids {
		parts = append(parts, "<@"+id+">")
	}
	return strings.Join(parts, " ")
}
