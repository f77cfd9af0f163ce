// Package wiki is the library's front door: a Wiki is a loaded corpus with
// everything needed to read its pages the same way everywhere — the wiki
// template definitions, the wiki's name and server, the title conventions
// that make a page a game's rules or tips page.
//
// Every command of wikirules and the site builder go through a Wiki, so a
// revision is parsed with the same options whoever asks (Parse), a game is
// the same set of pages whoever lists them (Games), and the operations the
// commands offer (extract, diff, check, export, convert) are one call each.
// Pages and games are looked up by what users call them in one place
// (Find, FindGame: a title, a slug, a name, with suggestions).
//
//	w, err := wiki.Open(wiki.Config{Inputs: []string{"dump.xml"}})
//	if err != nil { … }
//	for _, g := range w.Games() {
//		doc := w.Parse(g.Rules, g.Rules.Latest())
//		…
//	}
package wiki
