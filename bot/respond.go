package bot

import (
	"bytes"
	"mime"
	"path"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
)

// responder sends the first answer to an interaction: over the gateway session, or as the body of
// the HTTP request in HTTP-interactions mode.
type responder interface {
	respond(*discordgo.InteractionResponse) error
}

type gatewayResponder struct {
	s *discordgo.Session
	i *discordgo.Interaction
}

func (g gatewayResponder) respond(r *discordgo.InteractionResponse) error {
	return g.s.InteractionRespond(g.i, r)
}

var styles = map[commands.ButtonStyle]discordgo.ButtonStyle{
	commands.Primary: discordgo.PrimaryButton, commands.Secondary: discordgo.SecondaryButton,
	commands.Success: discordgo.SuccessButton, commands.Danger: discordgo.DangerButton,
}

// components converts a reply's buttons and select into Discord action rows (at most five).
func components(r commands.Reply) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	if r.Select != nil && len(r.Select.Options) > 0 {
		var opts []discordgo.SelectMenuOption
		for _, o := range r.Select.Options {
			opts = append(opts, discordgo.SelectMenuOption{Label: commands.Truncate(o.Name, 100), Value: o.Value})
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.SelectMenu{CustomID: r.Select.ID, Placeholder: commands.Truncate(r.Select.Placeholder, 150), Options: opts}}})
	}
	for _, row := range r.Buttons {
		if len(rows) == 5 {
			break
		}
		var btns []discordgo.MessageComponent
		for _, b := range row {
			btns = append(btns, discordgo.Button{CustomID: b.ID, Label: commands.Truncate(b.Label, 80), Style: styles[b.Style], Disabled: b.Disabled})
		}
		if len(btns) > 0 {
			rows = append(rows, discordgo.ActionsRow{Components: btns})
		}
	}
	return rows
}

func pngFile(png []byte) []*discordgo.File {
	if len(png) == 0 {
		return nil
	}
	return []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(png)}}
}

func docFile(f *commands.File) []*discordgo.File {
	if f == nil {
		return nil
	}
	kind := mime.TypeByExtension(path.Ext(f.Name))
	if kind == "" {
		kind = "application/octet-stream"
	}
	return []*discordgo.File{{Name: f.Name, ContentType: kind, Reader: bytes.NewReader(f.Data)}}
}

// mentionLine pings the users of a reply, and only them.
func mentionLine(ids []string) string {
	var parts []string
	for _, id := range ids {
		parts = append(parts, "<@"+id+">")
	}
	return strings.Join(parts, " ")
}
