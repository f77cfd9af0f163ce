// Package model holds the types every stage of wikirules shares: pages and
// their revisions, the wikitext syntax tree, source positions and
// diagnostics.
//
// model is the leaf of the import graph: the readers, the parser, the
// renderer, the extractor, the differ, the checker and the site builder all
// import it, and it imports none of them. Keeping it dependency-free is what
// lets a consumer (say the differ) work on trees without knowing how they were
// produced.
//
// Positions are byte offsets into a revision's text. Line and column numbers
// are computed only when something is reported (see LineIndex), because most
// positions are never shown to anyone.
package model
