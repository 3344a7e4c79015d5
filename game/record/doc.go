// Package record is a game's record as a document: what /carc export attaches and bot replay
// checks (format carcassonne-maps-bot/record, version 2, reading version 1 too). It writes the
// document of a table from the steps of its record (Of), reads one (Parse), checks one move by
// move and step by step from its deal (Replay), opens one as a local table at a chosen turn for
// what-if analysis (TableAt), and writes a classic game as a JCloisterZone saved game (subpackage
// jcz). RECORD.md in this folder describes the record, the document and what their hashes cover,
// for other programs.
package record
