// Package lexers is chroma's lexer registry (github.com/alecthomas/chroma/v2/lexers),
// built the first time a lexer is asked for rather than when the program
// starts.
//
// chroma's lexers package decodes its 279 XML lexer definitions in an
// init function: 18 ms and 2.7 MB at the start of every run of every
// command, for a registry that most runs never use (`wikirules html` on a
// page without <syntaxhighlight> turns 1 MB of wikitext into HTML in about
// as long). This package holds a copy of chroma's lexers, made by
// `go generate` from the chroma module the build uses (the XML
// definitions as they are, the Go-coded lexers with their variables set
// and their init functions run by the build rather than at start: see
// internal/gen), and builds the same registry, in the same order, on the
// first Get. Get answers as chroma's lexers.Get does and the lexers are
// chroma's own, so highlighted code is byte-identical (TestSameRegistry,
// TestSameLookups, TestSameHighlighting). The copied files' exported
// variables (HTML, Go…) are nil until then: use Get.
//
// The copied files are chroma's, under its MIT licence (LICENSE.chroma).
// After a chroma upgrade: go generate ./internal/lexers.
package lexers

//go:generate go run ./internal/gen
