package content

import (
	"embed"
	"io/fs"

	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

//go:embed wiki wikitemplates checks engine site
var files embed.FS

// Content is the embedded corpus. It is a value made by New, not a package
// global, so a test can build one over a different file system.
type Content struct {
	fsys fs.FS
}

// New returns the embedded default content.
func New() *Content { return &Content{fsys: files} }

// FromFS returns content read from another file system with the same layout
// (wiki/, wikitemplates/, checks/, engine/, site/).
func FromFS(fsys fs.FS) *Content { return &Content{fsys: fsys} }

// FS returns the content's file system.
func (c *Content) FS() fs.FS { return c.fsys }

// Corpus loads the revision histories under wiki/.
func (c *Content) Corpus(opts corpus.Options) (*model.Corpus, error) {
	return corpus.LoadFS(c.fsys, "wiki", opts)
}

// WikiTemplates loads the template definitions under wikitemplates/.
func (c *Content) WikiTemplates() (*parser.WikiTemplates, error) {
	t := parser.NewWikiTemplates()
	if _, err := fs.Stat(c.fsys, "wikitemplates"); err != nil {
		return t, nil
	}
	return t, t.AddFS(c.fsys, "wikitemplates")
}

// Site returns the site's Markdown pages (site/ in the content): index.md,
// games/<slug>.md and other pages; nil when there are none.
func (c *Content) Site() fs.FS {
	if _, err := fs.Stat(c.fsys, "site"); err != nil {
		return nil
	}
	sub, err := fs.Sub(c.fsys, "site")
	if err != nil {
		return nil
	}
	return sub
}

// ChecksDir and EngineDir are where the rule-check specs and the engine
// constants they refer to are, in FS().
const (
	ChecksDir = "checks"
	EngineDir = "engine"
)
