// Package corpus loads revision histories from inputs (contribution feeds,
// XML exports, directories of .wiki files, or the embedded default corpus)
// and merges them into one history per page.
//
// Merging is what makes several partial sources usable together: the same
// revision seen twice (same title, timestamp and text) is kept once, and two
// different texts with the same title and timestamp are both kept and
// reported, because dropping either would hide an edit.
package corpus
