// Package mwxml reads and writes MediaWiki XML exports (Special:Export and
// the dumps, schema 0.10 and 0.11).
//
// Reading streams: the decoder's token API is used element by element and
// each revision is handed to a callback as soon as its </revision> is read,
// so a multi-gigabyte dump never sits in memory. Compressed exports (.gz,
// .bz2) are decompressed on the fly.
package mwxml
