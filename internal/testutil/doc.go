// Package testutil holds what the tests of several packages share: the one
// loader of the wiki seeds as a corpus, golden files, and txtar archives
// that keep a case's inputs beside its expected outputs. Both kinds of
// expected output are rewritten by running the tests with -update (review
// the diff before committing it).
//
// It imports corpus, so the internal tests of corpus and of its readers
// cannot use it; they locate the seeds with internal/shared alone.
package testutil
