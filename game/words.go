package game

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// Words are a text for people as a message catalogue writes it: the one typed message
// (msg.Message), its id and its values. The engine and the maps write no other text for people:
// a reader's language writes the Words, and their English (English: logs, an error's text, the
// record's audit) is the English catalogue's. The values are data (names, squares, tile ids;
// numbers, chips, colours, spots, places and players with their kind: msg.Value), and parts are
// the phrases a sentence is made of ("why" a square is refused), written in the reader's language
// in their turn. A record keeps them as {"id", "args", "parts"} (msg.Message's JSON).
type Words = msg.Message

// Say names a message and its values, given as pairs of a name and a value: a Words value is a
// part, a msg.Value a value of its kind (a colour, a spot, chips, a place...), anything else is
// written with fmt.Sprint.
func Say(id string, pairs ...any) Words {
	w := Words{ID: id}
	if len(pairs) > 1 {
		w.Args = make(msg.Args, len(pairs)/2)
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		k := text(pairs[i])
		switch v := pairs[i+1].(type) {
		case Words, msg.Value:
			w.Args[k] = v
		default:
			w.Args[k] = text(v)
		}
	}
	return w
}

// text is fmt.Sprint of one value, without fmt's machinery for the kinds the maps name most
// (a search's playouts say thousands of labels a second).
func text(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case int:
		return strconv.Itoa(v)
	}
	return fmt.Sprint(v)
}

// The engine's words for its own values, said by their kind or by their message, so that a
// reader's language writes them and English comes from the catalogue too.

// value is a kind of feature as a message's value.
func (k FeatureKind) value() msg.Value { return msg.Feature(k.String()) }

var pieceIDs = map[PieceKind]string{PieceMeeple: idEngineKindMeeple, PieceBig: idEngineKindBig, PieceBuilder: idEngineKindBuilder, PiecePig: idEngineKindPig}

// piecesOnMap refuse a piece of which each player has one while theirs is on the map.
var piecesOnMap = map[PieceKind]string{PieceBig: idEnginePieceOnMapBig, PieceBuilder: idEnginePieceOnMapBuilder, PiecePig: idEnginePieceOnMapPig}

// words name a kind of piece: "big meeple".
func (k PieceKind) words() Words { return Say(pieceIDs[k]) }

var dirIDs = [4]string{idEngineDirNorth, idEngineDirEast, idEngineDirSouth, idEngineDirWest}

// words name a direction: "north".
func (d Dir) words() Words { return Say(dirIDs[d&3]) }

// Role names a meeple by the feature its spot is on: a knight in a city, a thief on a road, a
// monk in a cloister, a farmer in a field, as the subject of a sentence.
func Role(spot string) Words { return Say(roleIDs[roleOf(spot)][0]) }

// RoleObject is Role as the object of a verb or after a preposition, which a language that
// declines nouns writes in its case (German: "deinen Bauern", "unter dem Bauern").
func RoleObject(spot string) Words { return Say(roleIDs[roleOf(spot)][1]) }

// roleIDs are the roles' messages as subject and as object, by roleOf.
var roleIDs = [4][2]string{{idEngineRoleKnight, idEngineRoleKnightObject}, {idEngineRoleThief, idEngineRoleThiefObject},
	{idEngineRoleMonk, idEngineRoleMonkObject}, {idEngineRoleFarmer, idEngineRoleFarmerObject}}

// roleOf is the index in roleIDs of the role of a meeple on spot.
func roleOf(spot string) int {
	switch kind, _, _ := strings.Cut(spot, ":"); kind {
	case "city":
		return 0
	case "road":
		return 1
	case "cloister":
		return 2
	}
	return 3
}
