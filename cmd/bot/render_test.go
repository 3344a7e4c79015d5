package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// TestRenderPictures: bot render draws a script's table as the turn picture a channel sees, the
// whole map with --full, and the end picture with --end.
func TestRenderPictures(t *testing.T) {
	dir := t.TempDir()
	script := "../../commands/script/testdata/france_f8_town_sale_scores_nine.carc"
	width := func(args ...string) int {
		t.Helper()
		file := filepath.Join(dir, "board.png")
		if err := renderGame(append([]string{"--script", script, "--line", "9", "-o", file}, args...), &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		return cfg.Width
	}
	turn, full, end := width(), width("--full"), width("--end")
	if turn != 1100 || full <= turn || end < full {
		t.Errorf("widths: turn picture %d (want 1100), --full %d, --end %d", turn, full, end)
	}
}
