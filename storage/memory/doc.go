// Package memory is a store kept in the process's memory: every role of storage.Database, by the
// rules the bbolt file and PostgreSQL follow (storage's shared functions: CheckNewGame,
// CheckCommit, EndGame, AddResult, RecordFixture, Rate, MergeResults, EncodeExport,
// DecodeImport, VerifyLeagueImport, CheckLog), passing the same suite (storage/storetest). It
// keeps nothing once the process ends: table scripts, bot play --script and tests use it where a
// store is needed and nothing is to be kept. BackupFile writes its contents as a BoltDB file the
// bot opens (storage.WriteCopy), which needs the rules engine (Options.Engine).
//
// One lock guards the whole store, taken shared by reads and exclusively by writes: a write
// checks everything that may fail before it changes anything, so a refused write changes
// nothing, as a rolled-back transaction. Values are copied in and out (through their JSON, what
// the other stores keep of them), so no caller holds the store's own.
package memory
