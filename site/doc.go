// Package site builds the static help site: a page per wiki page (the
// latest revision rendered), a history page per page holding every revision
// and the diffs between consecutive ones, a rule-data page per game with
// its tables and their checks, and the site-wide pages (home, all pages,
// categories, checks, search, sitemap, Atom feed, 404).
//
// The work is split into units, one per game (its rules and tips pages) or
// per other page. Units run on a worker pool; each parses every revision of
// its pages once and reuses the trees for rendering, extraction, diffs and
// checks, writes its files, and keeps only a small summary for the
// site-wide pages. A unit whose inputs did not change since the previous
// build (same revisions, templates, checks and link targets, recorded in a
// manifest in the output) is not rebuilt: its files stay as they are.
// A full build (the first, Force, a new program version) writes a
// temporary directory that replaces the previous site as a whole; an
// incremental build updates the site in place, each file written through
// a temporary file renamed over the old one, stale files removed, and the
// manifest written last (Build documents what a reader can observe). Both
// leave the same bytes.
//
// Page templates (package templates) receive the view types of this
// package: HomePage, WikiPage, HistoryPage, RulesPage,
// ChecksPage, CategoriesPage, CategoryPage, IndexPage, MarkdownPage,
// SearchPage; every one embeds Base.
package site
