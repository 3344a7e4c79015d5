package fakediscord

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// testContext bounds every wait, so that a broken test fails instead of
// hanging; the bound is generous because nothing in these tests is timed.
func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	t.Cleanup(cancel)
	return ctx
}

var testCommands = []*discordgo.ApplicationCommand{
	{
		Name: "render", Description: "Render a test image",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "text", Description: "Caption", Required: true},
			{Type: discordgo.ApplicationCommandOptionInteger, Name: "size", Description: "Side in pixels"},
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: "defer", Description: "Defer first"},
		},
	},
	{
		Name: "carc", Description: "Carcassonne",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "New game",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionString, Name: "map", Description: "Map", Required: true,
						Choices: []*discordgo.ApplicationCommandOptionChoice{
							{Name: "France", Value: "france"}, {Name: "Classic", Value: "classic"},
						}},
					{Type: discordgo.ApplicationCommandOptionUser, Name: "with", Description: "Opponent"},
				}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "join", Description: "Join the game"},
		},
	},
	{
		Name: "place", Description: "Place the drawn tile",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "square", Description: "Square", Required: true, Autocomplete: true},
			{Type: discordgo.ApplicationCommandOptionInteger, Name: "rotation", Description: "Rotation", Required: true,
				Choices: []*discordgo.ApplicationCommandOptionChoice{
					{Name: "0", Value: 0}, {Name: "90", Value: 90}, {Name: "180", Value: 180}, {Name: "270", Value: 270},
				}},
		},
	},
}

// restSession is a session that is never opened: REST only, as a bot in
// HTTP-interactions mode uses it. Closing it costs nothing.
func restSession(t *testing.T, f *Fake) *discordgo.Session {
	t.Helper()
	s := f.Session(t)
	if _, err := s.ApplicationCommandBulkOverwrite(f.AppID, "", testCommands); err != nil {
		t.Fatalf("registering commands: %v", err)
	}
	return s
}

// openBot opens a session whose interactions go to handle, and registers
// testCommands, as a bot does at startup.
func openBot(t *testing.T, f *Fake, handle func(*discordgo.Session, *discordgo.InteractionCreate)) *discordgo.Session {
	t.Helper()
	s := f.Session(t)
	s.AddHandler(handle)
	if err := s.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	if _, err := s.ApplicationCommandBulkOverwrite(s.State.Application.ID, "", testCommands); err != nil {
		t.Fatalf("registering commands: %v", err)
	}
	return s
}

func pngFile(t testing.TB, w, h int) *discordgo.File {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		img.Set(x, x%h, color.RGBA{R: 200, A: 255})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return &discordgo.File{Name: "board.png", ContentType: "image/png", Reader: &buf}
}

// restCode returns the HTTP status and Discord error code of a REST error.
func restCode(t *testing.T, err error) (status, code int) {
	t.Helper()
	var re *discordgo.RESTError
	if !errors.As(err, &re) {
		t.Fatalf("want a *discordgo.RESTError, got %T: %v", err, err)
	}
	if re.Message != nil {
		code = re.Message.Code
	}
	return re.Response.StatusCode, code
}

// expectProblem claims a problem the test provoked on purpose.
// expectRefused claims the problem of a request that was just refused, by Discord's published
// description (ProblemContract) or by a rule the fake enforces by hand (ProblemBadRequest).
func expectRefused(t *testing.T, f *Fake) Problem {
	t.Helper()
	for _, p := range f.Problems() {
		if p.Kind == ProblemContract || p.Kind == ProblemBadRequest {
			return expectProblem(t, f, p.Kind)
		}
	}
	t.Fatalf("no refusal recorded; problems: %v", f.Problems())
	return Problem{}
}

func expectProblem(t *testing.T, f *Fake, kind ProblemKind) Problem {
	t.Helper()
	p, err := f.ExpectProblem(testContext(t), kind)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
