// Package extract compiles the rule tables of a parsed page into data:
// wikitables and HTML tables, count lists ("14 x Tempura"), option lists
// under a variants heading, runs of "label number" lines, aligned rows in
// <pre> blocks, and lists whose items share a shape ("In a 2 player game,
// 10 cards are dealt…").
//
// It works on the syntax tree, so every table and cell knows the wikitext
// line it came from, and template output reads as text ({{heart|K}} is
// "K♥"). Table ids are "<game>/<section-slug>" (with -2, -3… for further
// tables in a section), so the same table keeps its id from revision to
// revision while its heading stays.
package extract
