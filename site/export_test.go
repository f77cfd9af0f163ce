package site

// SetSearchDocsPart sets how many sections a part of the search index
// holds, for tests of a small site in many parts.
func SetSearchDocsPart(o *Options, n int) { o.searchDocsPart = n }

// NodeArenas sets how a build's workers get their node arenas ("off":
// none; "poisoned": model.PoisonedNodeArena; "on": the build's own) and
// returns a function that puts the default back.
func NodeArenas(mode string) (restore func()) {
	old := nodeArenas
	nodeArenas = map[string]int{"on": arenasOn, "off": arenasOff, "poisoned": arenasPoisoned}[mode]
	return func() { nodeArenas = old }
}
