// Package mwtest runs a real MediaWiki for tests: Debian's mediawiki
// package (PHP), a SQLite database in a temporary directory, served by
// PHP's built-in web server on a free loopback port.
//
// The wiki is installed once per test process (maintenance/install.php,
// with ParserFunctions and Cite when they are shipped) into a base
// directory; every Start copies that base, so each test gets a wiki of its
// own in milliseconds and can import, edit and delete without disturbing
// the others. Call Main from TestMain so the base is removed at the end.
//
// A test asks for a wiki with New(t). Where php or MediaWiki is missing
// the test is skipped with a message saying what to install, unless
// WIKIRULES_REQUIRE_MEDIAWIKI=1 is set (CI sets it), in which case it
// fails. Then:
//
//	w := mwtest.New(t)
//	w.ImportCorpus(c)                          // maintenance/importDump.php
//	w.Edit("Gamehelphearts", text, "Mara", "fix the table")  // maintenance/edit.php
//	html, err := w.Parse(ctx, "Title", "''wikitext''")    // api.php action=parse
//	api := w.API()                             // http://127.0.0.1:PORT/api.php
//
// Authors of imported revisions keep their names: the wiki creates a local
// account for every unknown author during an import, where MediaWiki would
// otherwise write "imported>Name". Uploaded files live in the wiki's own
// images/ directory and are served at /images/.
package mwtest
