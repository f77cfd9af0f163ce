// Package shared locates the data that lives beside the checkout (the real
// wiki seeds and the MediaWiki conformance cases) for tests and benchmarks.
//
// The data is not part of the repository: a user's clone does not have it,
// so tests that need it skip with a message saying what is missing.
package shared
