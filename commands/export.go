package commands

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record/jcz"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// carcExport attaches the game's record: complete once the game is over, else only what every
// player has seen. format:jcloisterzone writes a finished game of the classic table as a
// JCloisterZone saved game instead.
func carcExport(t *table.Table, in Input) Reply {
	p := in.own()
	if t.Game == nil {
		return failT(t, in, "export_not_started", nil)
	}
	r, err := record.Of(t, in.Record)
	if err != nil {
		return failT(t, in, "export_failed", nil)
	}
	switch f := in.Options["format"]; f {
	case "", "record":
	case "jcloisterzone":
		if !r.Complete {
			return failT(t, in, "export_jcz_not_over", nil)
		}
		data, err := record.JCloisterZone(r, time.Time{})
		if errors.Is(err, jcz.ErrUnsupported) {
			return failT(t, in, "export_jcz_unsupported", nil)
		}
		if err != nil {
			return failT(t, in, "export_failed", nil)
		}
		return Reply{OK: true, Ephemeral: true, Table: t, Text: p.N("export_jcz", len(r.Moves), nil), File: &File{Name: t.ID + ".jcz", Data: data}}
	default:
		return failT(t, in, "export_bad_format", lang.A{"Value": game.Echo(f), "Record": record.ExportFormats()[0], "JCZ": record.ExportFormats()[1]})
	}
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return failT(t, in, "export_failed", nil)
	}
	text := p.N("export_record", len(r.Moves), lang.A{"Format": record.Format, "Version": record.Version})
	if !r.Complete {
		text = p.N("export_partial", len(r.Moves), nil)
	}
	return Reply{OK: true, Ephemeral: true, Table: t, Text: text, File: &File{Name: t.ID + ".json", Data: data}}
}
