package script

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// picture puts a picture the bot would post where the player can see it: numbered into OutDir,
// or, at a hot-seat table without one, over the one BoardFile, whose path is told once. The end
// of a game also writes what the bot attaches beside its final board (the chart, the animation).
func (r *Runner) picture(n int, t *table.Table, reply commands.Reply, png []byte) error {
	if r.OutDir != "" {
		if err := r.writeImage(n, png); err != nil {
			return err
		}
		if reply.Image == commands.EndImage && r.EndFiles != nil {
			files, err := r.EndFiles(t)
			if err != nil {
				return fmt.Errorf("line %d: the end of the game's files: %w", n, err)
			}
			for _, f := range files {
				if err := os.WriteFile(filepath.Join(r.OutDir, filepath.Base(f.Name)), f.Data, 0o644); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := os.WriteFile(r.BoardFile, png, 0o644); err != nil {
		return fmt.Errorf("line %d: the board's picture: %w", n, err)
	}
	if !r.boardTold {
		r.boardTold = true
		abs, err := filepath.Abs(r.BoardFile)
		if err != nil {
			abs = r.BoardFile
		}
		_, err = fmt.Fprintf(r.Out, "(The board is drawn to %s after every turn: open it in an image viewer that reloads.)\n", abs)
		return err
	}
	return nil
}
