// Package render draws every picture the bot posts, with github.com/fogleman/gg, from a game view
// and the tile and map definitions. No artwork is copied: tiles and maps are drawn by the project.
//
// # Pictures
//
// Draw and PNG take a game.View and Options. Kind chooses the picture: the turn picture (Turn),
// the whole map (Full; on the open classic table, or a map too large to show legibly, it crops to
// the played area), the played area (Crop), a few squares drawn larger (Zoom), a proposed move
// with the tile translucent on its square (Preview) or the final board (End). Options.Legal
// highlights the legal squares of the drawn tile and Options.Markers numbers the legal meeple
// spots (View.Spots) on the tile just placed, from 1, in the order of the bot's buttons; the
// markers are small see-through rings, so the tile's art shows through them. PNG output is at
// most 2,000 pixels on a side and 1 MiB.
//
// The turn picture is made for where players see it: inline in Discord, about 550 pixels wide on
// a phone, where a whole map is a thumbnail. It shows 7 x 6 squares around the action (the last
// tile, or a proposed move, and as many of the legal squares as a window can hold) drawn large,
// and under them the turn, the players (score, meeples in supply, chips), the drawn tile, the
// legal squares outside the window, and the legend. It is 1,100 pixels wide and no text in it is
// smaller than 19 pixels, so none is under 9 pixels on the phone (the canvas notes the smallest
// type drawn, sprites' text included, and the tests check it). The full map is the Full picture.
//
// The other pictures have a side panel: each player's score, meeples in supply and chips held,
// the tiles left and the drawn tile, then the legend. The end picture opens with a banner that
// names the winners (a tie for first is a shared victory) and every player's place, in type that
// a phone shows at 9 pixels or more, and its panel breaks the points down by kind of score.
//
// TilesPNG draws the tiles still to come for /carc tiles: each kind with "N× ID" under it, grouped
// by set (base game, Inns & Cathedrals, Traders & Builders), the unseen tiles of a random choice of
// expansion tiles as backs with their number, then the tiles face up on the map not placed yet and
// those out of the game. It is drawn from counts every player can make (TileStock), so it cannot
// tell where a tile lies; it is 1,100 pixels wide with no text under 19 pixels, like the turn
// picture. StandingsPNG draws a league's standings.
//
// # Text
//
// Every word a picture draws is in its reader's language: the caller gives the picture's Words
// (Options.Words, Animation.Words, TileStock.Words, Standings.Words, ScoreChart's argument), the
// messages of the bot's catalogues (render's own are in render/catalog), so render
// needs nothing beyond the game. Places go by their common names in the language (Words.Place,
// as the replies name them) and a map's legend lines by their messages (legend_MAP_KEY[_VALUE]);
// the map layer is cached per language. Nil Words write message ids.
//
// Names may be in any script: text falls back from the Go fonts to DejaVu Sans and to a subset of
// Noto Sans CJK TC (render/fonts, with its licence and the script that makes it: the 13,061
// ideographs of Big5 and more, 3.5 MB), all embedded, so Chinese needs nothing installed; a test
// checks that every character of every message and place name of every catalogue is in them. A
// character none of them has (most emoji) is left out, not drawn as an empty box.
//
// Lines break between words, and around ideographs and kana, which are written without spaces
// (never before closing or after opening punctuation). Text too long for its box is wrapped or
// shortened with an ellipsis after its last whole word; the tests draw a whole game's pictures on
// every map in the pseudo-locale (lang.Pseudo) and measure that no catalogue text is cut inside a
// word or drawn wider than its box.
//
// The legend explains every mark the picture shows, and only those: the frames of the last tile,
// the legal squares and the start squares, the spot markers, towns by colour, coats of arms,
// chips face down and face up, border connections, farmers, upgraded meeples and each map's own
// marks. A map says what its marks mean with legend lines in its file (game.Map.Legend, see
// package game); a mark without one gets a plain description.
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
// attribute color=COLOUR), named off-grid areas and square names. The start squares the game uses
// are edged in red; one it does not use (a map may offer more than a game uses) has a grey dashed
// edge. A town or coat of arms covered by a tile keeps a small pin.
//
// Labels are placed so that none hides another or is hidden (labels.go): a square's name stays at
// the bottom of its square, on two lines if it must, clear of the town, the coats of arms, the
// chip-colour corner and the middle where a chip may lie; a name with no room there, and an
// island's name, goes beside it over the sea; border names have margins wide enough for them. A
// name is shortened only when no place holds it. While a test watches (watch.go), the canvas notes
// the boxes of labels, chips, badges and pieces, and the test checks on every map that no label
// overlaps another box.
//
// # Marks
//
// A variant's pieces come as typed marks (View.Marks, game.Mark), drawn by kind whatever the map:
// a face-up tile with the number of tiles under it on a pile of backs, a pile of face-down tiles
// with its number, a chip face up or down (a face-down chip shows a colour only when the mark
// gives one), meeples with their number, a chip under a meeple (a gold ring around the meeple and
// the chip beside its feet, with the star of an upgraded meeple), and a label. A mark stands on
// its square, in its named area's box (an Isle of Man's waiting meeples), or, with neither
// (Square NoSquare and no Area), in its player's row of the panel, or on the table's line for
// Player -1.
//
// # Pieces
//
// Meeples have the Okabe-Ito colours, which people with the common kinds of colour blindness can
// tell apart, and each carries its player's letter (the first free letter of the name). Farmers
// (spots "field:...") lie down; an upgraded meeple (one that counts for more than one meeple in a
// majority: game.Meeple.Weight) wears a gold star; the last move is framed.
// Counts are written as numbers, so no mark relies on colour alone.
//
// # Speed
//
// Pictures are image.Paletted with one fixed palette and are encoded with png.BestSpeed. Tile
// sprites (per tile, rotation and size), pieces, glyphs and the map layer are cached in bounded
// caches safe for concurrent use, so a board is mostly copies of cached pixels. The map layer is
// drawn once for the whole map at a scale and each picture copies its window from it, so the turn
// picture's window can follow the game without new drawing (a grid too large for that, the open
// classic table, caches the layer of each window).
package render
