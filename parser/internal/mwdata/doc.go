// Package mwdata holds language data read from MediaWiki's own files
// (gen.php): the autonyms that {{#language:}} shows and the languages
// {{#dir:}} calls right to left.
package mwdata
