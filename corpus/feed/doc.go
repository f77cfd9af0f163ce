// Package feed reads and writes contribution-feed dumps: the plain-text form
// of a wiki's "User contributions" listing with each revision's full text.
//
// The format is a header line, a blank line, then entries separated by a
// blank line. Each entry is
//
//	Page title
//
//	2024-11-15T16:30:17Z
//
//	User: edit summary
//
//	full wikitext of the revision…
//
// The summary may be empty ("User:") and so may the text, in which case the
// entry ends after the user line. Texts are kept byte for byte: writing a
// parsed feed gives back the bytes that were read.
//
// Input is decided on once, before parsing: a byte-order mark is dropped,
// CRLF and CR line ends are read as LF, NUL bytes are removed and bytes that
// are not UTF-8 become U+FFFD, each with a warning.
//
// Entry boundaries are found by their shape (a title line, a timestamp line
// and a user line, each followed by a blank line), so a revision's text may
// hold anything except that exact shape. A line in timestamp position that
// reads like a date but is not a timestamp is an error, never text.
//
// A large feed is read on every core, in parts that begin where reading it
// in one go begins an entry (split.go); the result is the same.
package feed
