// Package htmlnorm normalizes HTML fragments the way the MediaWiki
// conformance suite scores them (../shared/conformance/normalize.py): a
// small tree builder with a few HTML5 repairs, page chrome dropped,
// attributes reduced to colspan/rowspan and an external/internal marker on
// links, whitespace collapsed, empty paragraphs and inline elements
// removed, and one block element per line.
//
// It is a port of that script, kept line for line close to it, so that
// the conformance test in Go scores exactly as the suite does; a test
// checks the two agree on every case when Python is available.
package htmlnorm
