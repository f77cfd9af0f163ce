// Package parser turns MediaWiki wikitext into the syntax tree of package
// model, with a byte range of the source on every node.
//
// It follows MediaWiki's own pipeline pass by pass rather than a grammar,
// because wikitext has no grammar: its meaning is whatever the passes
// produce. The preprocessor builds a tree of templates, arguments, comments
// and extension tags and expands it (templates, parser functions, magic
// words) within fixed limits; then come the sanitizer, tables, headings,
// links, the apostrophe algorithm, external links and the block-level
// pass. Each pass carries a source map from its output back to the page,
// so the HTML5 tree builder that ends the pipeline can give every node its
// position, and text made by a template points at the template call.
//
// Parse always succeeds: problems are diagnostics on the Document, sorted,
// each with a stable id. Every pass dispatches on bytes and runs in time
// linear in its input, so hostile pages cannot make it slow.
package parser
