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
package check
