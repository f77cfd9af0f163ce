package site

// SetSearchDocsPart sets how many sections a part of the search index
// holds, for tests of a small site in many parts; it returns the undo.
func SetSearchDocsPart(n int) (undo func()) {
	old := searchDocsPart
	searchDocsPart = n
	return func() { searchDocsPart = old }
}
