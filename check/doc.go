// Package check runs rule checks: small, readable assertions about the
// extracted rule tables, written per game in YAML, that compare the wiki
// with itself (the deck adds up to 108) and with the game engine's
// constants (every card count matches material.inc.php).
//
// Expressions use expr-lang (a sandboxed expression language: no I/O, no
// loops that do not end) over rows, table, tables, engine and page; every
// expression is compiled once, when the specs are loaded, so a spec with a
// syntax error fails before anything runs. Built-in checks need no spec: a
// declared total ("108 cards:") must equal the sum of its list, and
// arithmetic written in the page ("10+19+12 = 41") must be true.
//
// Every member access of an expression is read strictly (access.go): a
// name that is not there is an error of the spec naming the nearest one,
// and every wiki cell and engine constant read is recorded with its place,
// so a failure says which values it compared and where each is written
// (the engine readers keep the line of every value). History runs say which
// side made a check fail: a wiki edit, or the engine when the wiki's values
// never changed.
package check
