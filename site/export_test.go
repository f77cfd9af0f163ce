package site

// SetSearchDocsPart sets how many sections a part of the search index
// holds, for tests of a small site in many parts.
func SetSearchDocsPart(o *Options, n int) { o.searchDocsPart = n }
