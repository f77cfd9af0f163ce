// Package mwxml reads and writes MediaWiki XML exports (Special:Export and
// the dumps, schema 0.3 to 0.11).
//
// Reading streams: the decoder's token API is used element by element and
// each revision is handed to a callback as soon as its </revision> is read,
// so a multi-gigabyte dump never sits in memory. Compressed exports (.gz,
// .bz2) are decompressed on the fly, and a revision's text is refused past a
// size limit before the decoder holds it, so a decompression bomb costs what
// the limit allows.
//
// Everything an export says about a revision is kept, so that writing what
// was read loses nothing: content slots besides the main one, revision
// deletion (deleted="deleted" texts, contributors and comments), stub dumps'
// text locations, page and contributor ids, and the <siteinfo> block. A
// revision's <sha1> is checked as MediaWiki computes it, over every slot; a
// mismatch is a warning unless Options.Strict.
package mwxml
