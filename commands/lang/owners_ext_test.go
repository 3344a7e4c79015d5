package lang_test

// The parts of the bot that keep their words beside their code register them as they load; this
// test package links every one of them, so that the tests of the catalogues (these of package
// lang too, which share its binary) read the union the bot reads.
import (
	"slices"
	"testing"

	_ "github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	_ "github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/web"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	_ "github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/leaguecmd"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	_ "github.com/carcassonne-maps-bot/carcassonne-maps-bot/render"
)

// Each owner's words are in the bot's catalogues, registered from its own folder; commands/lang
// keeps only the command layer's.
func TestEveryOwnerRegistersItsWordsFromItsOwnFolder(t *testing.T) {
	var names []string
	for _, c := range msg.Catalogues() {
		names = append(names, c.Name)
	}
	for owner, id := range map[string]string{
		"game/catalog":               "engine_legal",
		"render/catalog":             "pic_stock_title",
		"bot/web/catalog":            "web_revoked",
		"bot/catalog":                "follow_not_here",
		"commands/leaguecmd/catalog": "league_done",
		"variants/france/catalog":    "france_sold_abroad",
	} {
		if !slices.Contains(names, owner) {
			t.Errorf("%s registers no catalogue (registered: %v)", owner, names)
		}
		if !lang.Default.Has(id) {
			t.Errorf("the bot's catalogues lack %s, a message of %s", id, owner)
		}
	}
}
