package commands

import (
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// pieceWords are the words that name a kind of piece before a spot ("big city:N",
// "builder:road:E"), longest first.
var pieceWords = []struct {
	word string
	kind game.PieceKind
}{{"big meeple", game.PieceBig}, {"builder", game.PieceBuilder}, {"meeple", game.PieceMeeple}, {"large", game.PieceBig},
	{"big", game.PieceBig}, {"pig", game.PiecePig}}

// splitPiece reads the kind of piece of a meeple option: a kind named before the spot ("big
// city:N", "pig:field:NL") or in the kind: option; a meeple when neither names one. It returns
// the spot as typed, for ParseSpot or readSpot.
func splitPiece(v, kindOption string) (game.PieceKind, string, error) {
	kind, spot := game.PieceMeeple, strings.TrimSpace(v)
	named := false
	low := strings.ToLower(spot)
	for _, w := range pieceWords {
		if rest, ok := strings.CutPrefix(low, w.word); ok && (strings.HasPrefix(rest, " ") || strings.HasPrefix(rest, ":")) {
			kind, spot, named = w.kind, strings.TrimSpace(spot[len(w.word)+1:]), true
			break
		}
	}
	if strings.TrimSpace(kindOption) == "" {
		return kind, spot, nil
	}
	k, err := game.ParsePieceKind(kindOption)
	if err != nil {
		return kind, spot, refusal("play_not_a_kind", lang.A{"Value": game.Echo(kindOption)})
	}
	if named && k != kind {
		return kind, spot, refusal("play_two_pieces", lang.A{"Spot": pieceName{kind}, "Kind": pieceName{k}})
	}
	return k, spot, nil
}

// pieceSpot writes a piece on a spot as players type it: "road:E" for a meeple, "builder road:E".
func pieceSpot(k game.PieceKind, spot string) string {
	if k == game.PieceMeeple || spot == "none" {
		return spot
	}
	return string(k) + " " + spot
}

// pieceNameIn is the piece in the reader's words.
func pieceNameIn(p *lang.Printer, k game.PieceKind) string {
	if k == game.PieceMeeple {
		return p.T("piece_meeple", nil)
	}
	return p.T("piece_"+string(k), nil)
}

// pieceOnSpot is a piece on a spot in the reader's words: "big meeple on road:E".
func pieceOnSpot(p *lang.Printer, k game.PieceKind, spot string) string {
	return p.T("ac_piece_on_spot", lang.A{"Piece": pieceNameIn(p, k), "Spot": spotIn(p, spot)})
}
