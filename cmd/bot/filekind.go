package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// The files the commands read, by what they hold: each command names the one it was given when it
// is not the one it takes, with the command that does take it.
const (
	kindDatabase = "a BoltDB database"
	kindRecord   = "a game record (from /carc export or bot play --out)"
	kindExport   = "a game's export (from bot export ID --admin)"
	kindLeague   = "a league's export (from bot export --league ID)"
)

// boltMagic is the number BoltDB writes in the meta page at the start of every database file.
const boltMagic = 0xED0CDAED

// fileKind says what a file holds: one of the kinds above, or why it is none of them, in words.
func fileKind(data []byte) (string, error) {
	if len(data) >= 20 && binary.LittleEndian.Uint32(data[16:20]) == boltMagic {
		return kindDatabase, nil
	}
	var head struct {
		Format string `json:"format"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return "", errors.New(jsonInWords(data, err))
	}
	switch head.Format {
	case record.Format:
		return kindRecord, nil
	case storage.ExportFormat:
		return kindExport, nil
	case storage.LeagueExportFormat:
		return kindLeague, nil
	case "":
		return "", errors.New("it is JSON without a \"format\": neither a game record, nor a game's or a league's export")
	}
	return "", fmt.Errorf("its format is %q: neither a game record, nor a game's or a league's export", head.Format)
}

// jsonInWords says why data is not the JSON wanted, with the line and column where a reader finds
// the fault.
func jsonInWords(data []byte, err error) string {
	var syntax *json.SyntaxError
	var field *json.UnmarshalTypeError
	switch {
	case len(bytes.TrimSpace(data)) == 0:
		return "the file is empty"
	case errors.As(err, &syntax) && syntax.Offset >= int64(len(bytes.TrimRight(data, " \t\r\n"))):
		return "it ends before its JSON does: is it cut short?"
	case errors.As(err, &syntax):
		line, col := lineCol(data, syntax.Offset)
		return fmt.Sprintf("it is not JSON: line %d, column %d: %s", line, col, syntax.Error())
	case errors.As(err, &field):
		where := "the document"
		if field.Field != "" {
			where = fmt.Sprintf("%q", field.Field)
		}
		line, col := lineCol(data, field.Offset)
		return fmt.Sprintf("%s holds a JSON %s at line %d, column %d, where a %s belongs", where, field.Value, line, col, jsonKind(field.Type.Kind().String()))
	}
	return "it is not JSON: " + err.Error()
}

// jsonKind names a Go kind as JSON does.
func jsonKind(k string) string {
	switch k {
	case "struct", "map":
		return "JSON object"
	case "slice", "array":
		return "JSON array"
	case "string":
		return "JSON string"
	case "bool":
		return "true or false"
	}
	return "number"
}

// lineCol is the line and column (from 1) of byte offset off.
func lineCol(data []byte, off int64) (int, int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	return line, int(off) - bytes.LastIndexByte(before, '\n')
}

// wrongFile refuses a file a command does not take, naming what it is and what reads it.
func wrongFile(path, kind string) error {
	switch kind {
	case kindDatabase:
		return fmt.Errorf("%s is %s, not a file of one game: give it with --db %s (bot verify --db %s checks every game in it)", path, kind, path, path)
	case kindRecord:
		return fmt.Errorf("%s is %s: bot replay %s checks it, bot render --record %s draws it, bot play --record %s plays on from it", path, kind, path, path, path)
	case kindExport, kindLeague:
		return fmt.Errorf("%s is %s: bot import %s loads it into a database", path, kind, path)
	}
	return fmt.Errorf("%s is %s", path, kind)
}

// readKind reads a file and what it holds; a file that holds nothing a command reads is an error
// that says why, with the file's name.
func readKind(path string) ([]byte, string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, "", err
	}
	kind, err := fileKind(data)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", path, err)
	}
	return data, kind, nil
}
