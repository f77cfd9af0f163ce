// Package render writes a parsed wikitext document as an HTML fragment.
//
// There is one render function per node kind, held in a table (as
// goldmark's HTML renderer does), so a caller can replace how one kind is
// written without copying the rest. Output is safe by construction: only
// whitelisted elements and attributes are written, text and attribute
// values are escaped, and link targets are limited to http(s), mailto and
// relative URLs, independently of the parser's own sanitizing.
package render
