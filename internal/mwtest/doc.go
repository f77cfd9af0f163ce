// Package mwtest runs a real MediaWiki for tests: Debian's mediawiki
// package (PHP), a SQLite database in a temporary directory, served by
// PHP's built-in web server on a free loopback port.
//
// MediaWiki is installed once (maintenance/install.php, with
// ParserFunctions and Cite when they are shipped) and the install is kept
// in the user's cache directory (wikirules-mwtest/, keyed by the MediaWiki
// version and this package's settings; a file lock lets parallel test
// processes share it). Every wiki a test gets is a copy of it in a
// directory of its own, served by its own php -S, so a test can import,
// edit, move and delete without disturbing the others. Call Main from
// TestMain: it removes the copies when the tests end.
//
// A test asks for a wiki with New(t). Where php or MediaWiki is missing
// the test is skipped with a message saying what to install, unless
// WIKIRULES_REQUIRE_MEDIAWIKI=1 is set (CI sets it), in which case it
// fails. Then:
//
//	w := mwtest.New(t)
//	api := w.API()                                          // http://127.0.0.1:PORT/api.php
//	err := w.ImportXML(ctx, xml)                            // maintenance/importDump.php
//	err = w.ImportCorpus(ctx, c)                            // corpus.WriteXML, then the same
//	err = w.Edit(ctx, "Gamehelphearts", text, "Mara", "fix the table") // maintenance/edit.php
//	html, err := w.Parse(ctx, "Title", "''wikitext''")      // api.php action=parse
//
// NewFrom(t, name, setup) gives a copy of a wiki that setup prepared once
// per test process (say, with a corpus imported), for tests that all need
// the same content. Move, Delete, Upload, Query (any API request),
// ParseRevision, RunJobs, Maintenance (any maintenance script), SetLag (the
// API then refuses requests with MediaWiki's own maxlag error) and
// AddSettings (more LocalSettings.php) cover the rest.
//
// Authors of imported revisions keep their names: the wiki creates a local
// account for every unknown author during an import, where MediaWiki would
// otherwise write "imported>Name". Uploaded files live in the wiki's own
// images/ directory and are served at /images/. The wiki gzips its
// responses, as production servers do, runs no jobs on its own (the helpers
// run the queue after each change), and keeps no parser cache.
package mwtest
