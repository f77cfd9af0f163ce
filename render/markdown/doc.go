// Package markdown writes a parsed wiki page as GitHub-flavoured Markdown:
// headings, paragraphs, lists, emphasis, links, images, code blocks, and
// tables as GFM tables where they fit. A table that GFM cannot hold (cells
// spanning rows or columns, lists or paragraphs in a cell, no header row)
// is written as the sanitized HTML of package render, which GitHub and
// goldmark (with raw HTML allowed) display.
package markdown
