package lang

// The maps keep their words in their own folders and register them as they load: the tests of
// the catalogues read the union, as the bot does.
import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	_ "github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
	_ "github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/testmaps"
)

// A catalogue its owner keeps joins the others as one, and is checked with them: a message a
// language lacks there stops the load with the owner's file named.
func TestAnOwnersCatalogueIsCheckedWithTheOthers(t *testing.T) {
	fsys, owner := fstest.MapFS{}, fstest.MapFS{}
	for _, code := range codes {
		data, err := embedded.ReadFile("catalog/" + code + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		fsys["catalog/"+code+".toml"] = &fstest.MapFile{Data: data}
		if code != "nl" {
			owner[code+".toml"] = &fstest.MapFile{Data: []byte(`newmap_sold = "sold ` + code + `"` + "\n")}
		} else {
			owner[code+".toml"] = &fstest.MapFile{Data: []byte("# nothing yet\n")}
		}
	}
	_, err := Load(fsys, msg.Catalogue{Name: "variants/newmap/catalog", FS: owner})
	if err == nil || !strings.Contains(err.Error(), "variants/newmap/catalog/nl.toml: newmap_sold is missing") {
		t.Fatalf("a map's catalogue missing a language loads: %v", err)
	}
	owner["nl.toml"] = &fstest.MapFile{Data: []byte(`newmap_sold = "verkocht"` + "\n")}
	c, err := Load(fsys, msg.Catalogue{Name: "variants/newmap/catalog", FS: owner})
	if err != nil || !c.Has("newmap_sold") || !c.Has("joined") {
		t.Fatalf("the owner's catalogue does not join the others: %v", err)
	}
}

// The bot's catalogues are the union: every map's own words are in them, and none of them is
// left in commands/lang's files (a new map touches no file outside its folder).
func TestTheMapsWordsLiveInTheirFolders(t *testing.T) {
	for _, id := range []string{"engine_legal", "mapchips_score_arms", "france_sold_abroad", "map_taiwan", "help_map_iberia", "flag_gb_builder_tile_is_extra_turn", "legend_benelux_mark_wave", "place_kaohsiung"} {
		if !Default.Has(id) {
			t.Errorf("the bot's catalogues lack %s", id)
		}
	}
	files, err := fs.Glob(embedded, "catalog/*/en.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range append(files, "catalog/en.toml") {
		data, err := embedded.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			for _, m := range []string{"france_", "benelux_", "taiwan_", "iberia_", "greatbritain_", "map_france", "help_map_", "legend_taiwan_"} {
				if strings.HasPrefix(line, m) || strings.HasPrefix(line, "flag_"+m) || strings.HasPrefix(line, "rules_"+m) {
					t.Errorf("%s holds a map's own words: %s", name, line)
				}
			}
		}
	}
}
