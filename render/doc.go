// Package render draws every picture the bot posts, with github.com/fogleman/gg, from a game view
// and the tile and map definitions. No artwork is copied: tiles and maps are drawn by the project.
//
// # Pictures
//
// Draw and PNG take a game.View and Options. Kind chooses the picture: the whole map (Full; on the
// open classic table, or a map too large to show legibly, it crops to the played area), the played
// area (Crop), a few squares drawn larger (Zoom), a proposed move with the tile translucent on its
// square (Preview) or the final board with the points per player and kind of score (End). Every
// picture has a side panel: each player's score, meeples in supply and chips held, the tiles left
// and the drawn tile. Options.Legal highlights the legal squares of the drawn tile and
// Options.Markers numbers the legal meeple spots (View.Spots) on the tile just placed, from 1, in
// the order of the bot's buttons. PNG output is at most 2,000 pixels on a side and 1 MiB.
//
// Draw shows exactly what the view holds: render the redacted view (Game.View(false)) for anything
// players see, and face-down chips show as plain backs.
//
// # Tiles
//
// A tile is drawn from its game.Face (edges, features, field halves, pennants, inns, cathedrals,
// goods, road ends): see layout.go. Cities are caps, corner wedges, bands or the whole tile less
// the fields, with walls, gates and wall spikes where two fields meet at a corner; roads run
// through, end at a crossing, a cloister, a city gate or a dead end, and pass over each other on
// bridges. The same layout gives each feature's anchor, where its meeple and marker stand. A tile
// added to the tile file needs no new code; TileSheet draws all of them in every rotation.
//
// # Maps
//
// The map layer is drawn from the game.Map alone: sea and land, the outline between squares and
// Void, coordinates on all four margins, large cities (as city tiles), towns in their colour,
// border connections beyond the outer edges, islands and ferry routes, coats of arms, marked
// squares (waves, stacks), chip-colour marks (square attribute chip=COLOUR), row colour bars (row
// attribute color=COLOUR), named off-grid areas and square names. Start squares are edged in red,
// and a town or coat of arms covered by a tile keeps a small pin. An area's box shows the meeples
// a variant keeps there: View.Extra under the area's id (or the id with "_" for "-"), a list of
// counts by seat or a map from player name to count.
//
// # Pieces
//
// Meeples have the Okabe-Ito colours, which people with the common kinds of colour blindness can
// tell apart, and each carries its player's letter (the first free letter of the name). Farmers
// (spots "field:...") lie down; upgraded meeples wear a gold star; the last move is framed.
//
// # Speed
//
// Pictures are image.Paletted with one fixed palette and are encoded with png.BestSpeed. Tile
// sprites (per tile, rotation and size), pieces, glyphs and the map layer (per map, window and
// scale) are cached in bounded caches safe for concurrent use, so a board is mostly copies of
// cached pixels.
package render
