// Package shared locates the data that lives beside the checkout (the real
// wiki seeds and the MediaWiki conformance cases) for tests and benchmarks.
//
// The data is not part of the repository: a user's clone does not have it,
// so tests that need it skip with a message saying what is missing. Set
// WIKIRULES_SHARED to the data's path, or to a path that does not exist to
// run the tests as such a clone would.
//
// The package imports nothing of this module, so the internal tests of
// every package (corpus's included) can use it; the helpers built on the
// module's packages (the seeds loaded as a corpus, golden files, txtar
// archives) are in internal/testutil.
package shared
