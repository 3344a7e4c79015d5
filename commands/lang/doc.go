// Package lang is the bot's languages: the message catalogues every player-facing text comes
// from, the choice of a reader's language from what Discord tells (a user's locale, a server's
// guild_locale) and a table's or a player's setting, CLDR plural rules, and numbers written in the
// reader's convention.
//
// The catalogues are the TOML files of catalog/, one per language (en.toml the reference), with
// catalog/commands/ (the commands' own words), and those every other part of the bot keeps
// beside its own code and registers with game/msg as it loads: the engine's (game/catalog), each
// map's (variants/MAP/catalog), the pictures' (render/catalog), the web pages' (bot/web/catalog),
// the bot's own steps' (bot/catalog) and the leagues' (commands/leaguecmd/catalog). All of them
// are read as one when a message is first written (after every package has registered its own),
// an id given once per language, and checked: a file that does not parse, a message missing from
// a language or present only there, a placeholder a translation invents or drops, a plural form
// the language's CLDR rule needs and the translation lacks: each stops the bot at start-up with
// the file and line. go-i18n reads the files and applies the plural rules; golang.org/x/text
// matches Discord's locales to the languages the catalogues have and writes numbers.
//
// A message is a Go template over named values ({{.Name}}); a plural message has CLDR forms
// (one, few, many, other) chosen by its count, which the template reads as {{.Count}}. A message names a command as
// the reader's Discord shows it with {{cmd `carc new`}} (/carc neu in German), an option with
// {{opt `place square`}}: Discord shows every command, option and choice in the reader's language
// from the catalogues' name_, cmd_ and choice_ messages (NameIDs). The game's
// record never holds translated text: the command layer keeps canonical names and codes, and only
// a reply is written in a language.
package lang
