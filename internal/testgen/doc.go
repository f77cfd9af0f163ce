// Package testgen generates synthetic wikis for benchmarks and tests: any
// number of pages, each with any number of revisions, shaped like real
// rule pages (sections, lists, a scoring wikitable, a card list with a
// declared total, card templates, links to other pages and to missing
// ones, categories) and edited the way wikis are (a number changed, a
// sentence added, a section renamed). The output is deterministic.
package testgen
