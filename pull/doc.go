// Package pull keeps a local copy of a live MediaWiki's pages: the store
// that every other wikirules command reads as an input.
//
// # The store
//
//	DIR/
//	  pull.json                 what was pulled: the wiki, the selection, each page's id,
//	                            title, file and latest revision id (the state)
//	  pages/Gamehelphearts.xml  one MediaWiki XML export per page, its whole history
//	  pages/Template%3ADie.xml  templates the pages use (file names: corpus.FileNameForTitle)
//	  .removed/                 pages deleted on the wiki or no longer selected, kept aside
//	  .lock                     held while a pull runs
//
// Every page file is an ordinary export (schema 0.11) that corpus.Load
// reads, so `wikirules build DIR` works on the store as it is; the loader
// skips dot-directories and the state file. Titles that differ only in case
// get "#<page id>" before ".xml" (for case-insensitive file systems), and so
// do titles too long for a file name.
//
// # A pull
//
// Pull lists the selected pages with their latest revision id (a generator
// over allpages or categorymembers, or the titles given; prop=info), adds
// the templates they transclude (generator=templates), and compares the list
// with the state: a new page gets its whole history, a page whose latest
// revision changed gets only the revisions after the one stored
// (rvstartid), and a page that did not change costs nothing. A pull with
// nothing new writes nothing.
//
// A page is known by its page id, so a renamed page (MediaWiki keeps the id
// and adds a revision saying it moved) is rewritten under its new title and
// its old file removed; the redirect left at the old title, if any, is a new
// page. A page deleted on the wiki, or that no longer matches the
// selection, is moved to .removed/ and leaves the store.
//
// # Safety
//
// Every file is written to a temporary name and renamed into place, and the
// state after the pages it describes, so a pull killed at any moment leaves
// whole files: the store as it was, or with some pages already brought up
// to date. Revisions are merged by revision id and a page file is only
// rewritten when its bytes change, so the next pull finishes the job and
// ends with exactly the store an uninterrupted pull makes. Every revision's
// SHA-1 and size are checked against what the wiki says; a mismatch, a
// server error or a malformed response stops the pull with an error naming
// the URL. An advisory lock keeps two pulls off the same store.
package pull
