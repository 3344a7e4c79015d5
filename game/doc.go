// Package game is the rules engine of Carcassonne Maps with the Map-Chips mini-expansion: land tiles,
// the map grid, placement legality, features, meeples, scoring, chips as tokens, the turn machine and
// setup. It is pure: no I/O, no clock, no global mutable state. All randomness comes from a seeded
// generator kept in the game state, so a game replays exactly from its Setup and its move log.
//
// Variants (one per map, package variants/...) plug in through the hooks of the seam: a variant
// implements the small interfaces of the hooks its rules change, and plays the plain game
// everywhere else (see Variant for the rule). The engine never looks at a map's name.
//
// # Coordinates
//
// A square is named by column letters and a row number: A1 is the north-west corner of the map grid,
// letters grow eastwards (A..Z, AA, AB, ...) and numbers southwards. Rotations are 0, 90, 180 and 270
// degrees clockwise from the orientation a tile is written in, in data/tiles.txt.
//
// # Tile file
//
// The 114 land tiles live in data/tiles.txt, in a compact one-line grammar (the file's header explains it),
// grouped by "set ID TOTAL NAME" lines; "start ID" marks the start tile of a set. The file is parsed and
// validated when the package is first used (counts per set, edges consistent with features, every
// half-edge of a field or road edge in exactly one field); an error names the file and line.
//
// # Map file
//
// A map is a bounded grid in a plain text file, one directive per line; "#" starts a comment that
// runs to the end of the line. Squares are written in the naming above. Directives:
//
//	map ID                         first line: the map id (france, classic, ...)
//	title TEXT                     the name shown to players
//	tiles N                        default number of land tiles for a game on this map
//	starts N                       how many of the start squares a game uses (default: all of them)
//	meeples N                      meeples per player (default 9)
//	grid COLSxROWS                 an open grid: every square playable (the classic table)
//	grid                           a drawn grid: the following lines, up to "end", are the map rows
//	end                              from row 1 (north) down; each row may start with its row number;
//	                                 blanks inside a row are ignored; one character per column:
//	                                   .  no square (sea, abroad, beyond the map)
//	                                   #  playable square
//	                                   @  printed large-city square (described by a city block)
//	                                   ~  unplayable marked square (described by a mark line)
//	start SQ NAME                  a start square (also a town); NAME is one word or "quoted"
//	town SQ NAME [color=C]         a printed town on a playable square, with an optional colour
//	name SQ NAME                   a name printed on any square
//	city NAME [arms=N]             a printed large city with N coats of arms; its squares follow as
//	  square SQ EDGES                one line each: EDGES gives N, E, S, W as C (city, an open edge
//	                                 where it faces a playable square), R (road leaving the city) or
//	                                 F (wall with field); edges between two squares of the same city
//	                                 must be C
//	border SQ DIR KIND [name=X]    a printed border connection on an outer edge (DIR is N, E, S or W,
//	                                 KIND road, city or city+arms); outer edges without one are neutral
//	island NAME SQ...              playable squares that form an island (reached only by ferry)
//	arms SQ N                      N coats of arms printed on a playable square
//	ferry SQ:DIR SQ:DIR            a ferry route: the mainland harbour edge, then the island landing
//	                                 edge
//	mark SQ KIND [K=V...]          what an unplayable "~" square is (wave, stack, ...), with attributes
//	attr SQ K=V...                 variant attributes on a playable square (for example chip=blue)
//	row N K=V...                   variant attributes on grid row N (for example color=orange)
//	area ID NAME [near=SQ]         a named area off the grid (for example the Isle of Man)
//	legend KEY[=VALUE] TEXT        what a mark of the map means, for the legend of the board picture
//	                                 (TEXT quoted, at most 60 characters); KEY is one of:
//	                                   start, city, island, ferry, arms   (no value)
//	                                   town[=COLOUR]      towns of that colour (none: without one)
//	                                   border=KIND        border connections: road, city, city+arms
//	                                   chip=COLOUR        squares with the attribute chip=COLOUR
//	                                   row=COLOUR         rows with the attribute color=COLOUR
//	                                   mark=KIND          marked squares of that kind (wave, stack)
//	                                   area=ID            a named area
//	                                   piece=KIND         a piece the variant draws (tile, tile_backs,
//	                                                      chip, meeples, meeple_chip, label; chip also
//	                                                      stands for the chips laid on the map)
//	                                 for example: legend chip=blue "light-blue chip square (Scotland)".
//	                                 The map must have the mark, and each KEY=VALUE comes once.
//
// Marks and attributes have no meaning in the engine; a variant reads them. The parser reports every
// error as "FILE:LINE: message".
package game
