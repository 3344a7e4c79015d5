package commands

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// mapTitle is a map's name in the printer's language (map_ID in the catalogues), its own title
// where the catalogues have none.
func mapTitle(p *lang.Printer, e variants.Entry) string {
	if id := "map_" + e.ID; lang.Default.Has(id) {
		return p.T(id, nil)
	}
	return e.Title
}

// placeName is a printed place's common name in the printer's language (place_NAME, the name in
// lower-case ASCII with _ between words: "León" is place_leon), the map's own name otherwise.
func placeName(p *lang.Printer, name string) string {
	if id := "place_" + placeSlug(name); lang.Default.Has(id) {
		return p.T(id, nil)
	}
	return name
}

func placeSlug(name string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(name)) {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			b.WriteRune(r)
		case r == ' ' || r == '-':
			b.WriteRune('_')
		}
	}
	return b.String()
}
