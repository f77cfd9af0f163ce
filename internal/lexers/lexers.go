package lexers

import (
	"embed"
	"io/fs"
	"sync"

	"github.com/alecthomas/chroma/v2"
)

//go:embed embedded/*.xml
var embedded embed.FS

// state is the registry, built once.
var state struct {
	once     sync.Once
	registry *chroma.LexerRegistry
	// building is the registry while its build runs the copied
	// initializers and init functions, which add lexers to it and look
	// lexers up in it.
	building *chroma.LexerRegistry
	// goCoded names the lexers the copied Go files register (the tests
	// compare them with chroma's on every test file; the XML lexers are
	// chroma's files as they are).
	goCoded []string
}

// register adds a Go-coded lexer to the registry being built: the copied
// files call it where chroma's call Register.
func register(l chroma.Lexer) chroma.Lexer {
	state.goCoded = append(state.goCoded, l.Config().Name)
	return state.building.Register(l)
}

// registry returns chroma's GlobalLexerRegistry, built on the first call
// as chroma builds it: the XML lexers, then the Go-coded ones (which
// replace an XML lexer of the same name) as chroma's variables are
// initialized, then the files' init functions.
func registry() *chroma.LexerRegistry {
	state.once.Do(func() {
		reg := chroma.NewLexerRegistry()
		paths, err := fs.Glob(embedded, "embedded/*.xml")
		if err != nil {
			panic(err)
		}
		for _, path := range paths {
			reg.Register(chroma.MustNewXMLLexer(embedded, path))
		}
		state.building = reg
		initVars()
		lateInit()
		state.building = nil
		state.registry = reg
	})
	return state.registry
}

// Get returns the lexer for a name, an alias, a file extension or a file
// name, as chroma's lexers.Get does; nil when none matches.
func Get(name string) chroma.Lexer { return registry().Get(name) }

// MatchMimeType returns the lexer for a MIME type, as chroma's
// lexers.MatchMimeType does; nil when none matches.
func MatchMimeType(mimeType string) chroma.Lexer { return registry().MatchMimeType(mimeType) }

// Registry returns the registry of every lexer (built on the first call).
func Registry() *chroma.LexerRegistry { return registry() }

// lookup is Get for the copied code, which also calls it while the
// registry is built (from chroma's init functions).
func lookup(name string) chroma.Lexer {
	if b := state.building; b != nil {
		return b.Get(name)
	}
	return Get(name)
}

// lookupMimeType is MatchMimeType for the copied code.
func lookupMimeType(mimeType string) chroma.Lexer { return MatchMimeType(mimeType) }
