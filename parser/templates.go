package parser

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/wikirules/wikirules/model"
)

// WikiTemplates is a TemplateSource backed by a map: definitions from Template:
// pages in the inputs and from a directory of .wiki files. Titles are read
// by the wiki's namespace names and case rules (SetNamespaces; the default
// ones until then), and a definition is found by any name of its
// namespace: "Template:Die" and, on a Faroese wiki, "Fyrimynd:Die".
type WikiTemplates struct {
	names *model.Namespaces
	m     map[tplKey]string
	// added are the definitions as given, in order, to read again when
	// the rules change.
	added []tplDef
	// found are the lookups made so far, by title as the call gave it
	// (a build's parses look up the same few templates again and again:
	// reading the title each time was 1% of its CPU). Parses read it at
	// once; Add and SetNamespaces, which are not called during parses,
	// clear it. At most maxFound titles are kept, each a copy (not a
	// piece of the page that named it): a wiki of hostile pages naming
	// millions of templates does not fill the memory.
	found  sync.Map // string → tplFound
	nfound atomic.Int64
}

// maxFound bounds WikiTemplates.found.
const maxFound = 4096

// tplFound is a lookup's result.
type tplFound struct {
	text string
	ok   bool
}

// tplKey is a template's namespace and name (after the wiki's case rule).
type tplKey struct {
	ns   int
	name string
}

type tplDef struct{ title, text string }

// NewWikiTemplates returns an empty set of definitions.
func NewWikiTemplates() *WikiTemplates { return &WikiTemplates{m: map[tplKey]string{}} }

// Template implements TemplateSource.
func (t *WikiTemplates) Template(title string) (string, bool) {
	if t == nil {
		return "", false
	}
	if f, ok := t.found.Load(title); ok {
		return f.(tplFound).text, f.(tplFound).ok
	}
	var f tplFound
	if k, ok := t.key(":" + title); ok {
		f.text, f.ok = t.m[k]
	}
	if t.nfound.Add(1) <= maxFound {
		t.found.Store(strings.Clone(title), f)
	}
	return f.text, f.ok
}

// key reads a template title ("Heart" is Template:Heart, ":Page" a page of
// the main namespace).
func (t *WikiTemplates) key(title string) (tplKey, bool) {
	full, ok := templateTitle(t.names, title)
	if !ok {
		return tplKey{}, false
	}
	ns, name := t.names.Split(full)
	return tplKey{ns, name}, true
}

// Add defines a template. A title without a namespace is taken to be in
// the Template namespace ("Heart" is "Template:Heart").
func (t *WikiTemplates) Add(title, text string) {
	title = strings.TrimSpace(title)
	t.found.Clear()
	t.nfound.Store(0)
	t.added = append(t.added, tplDef{title, text})
	if k, ok := t.key(title); ok {
		t.m[k] = text
	}
}

// SetNamespaces sets the wiki's namespace names and case rules (nil: the
// default ones); definitions added before are read again by them.
func (t *WikiTemplates) SetNamespaces(names *model.Namespaces) {
	if names == t.names {
		return
	}
	t.names = names
	t.found.Clear()
	t.nfound.Store(0)
	clear(t.m)
	for _, d := range t.added {
		if k, ok := t.key(d.title); ok {
			t.m[k] = d.text
		}
	}
}

// Names lists the defined titles, spelt as the wiki spells them, sorted.
func (t *WikiTemplates) Names() []string {
	out := make([]string, 0, len(t.m))
	for k := range t.m {
		out = append(out, t.names.Title(k.ns, k.name))
	}
	sort.Strings(out)
	return out
}

// AddFS defines a template for every .wiki file below dir: "Die.wiki"
// defines Template:Die.
func (t *WikiTemplates) AddFS(fsys fs.FS, dir string) error {
	return fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("reading templates: %w", err)
		}
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".wiki") {
			return nil
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return fmt.Errorf("reading template %s: %w", p, err)
		}
		name := strings.TrimSuffix(path.Base(p), ".wiki")
		name = strings.ReplaceAll(name, "_", " ")
		// MediaWiki trims trailing whitespace when a page is saved; a
		// file's final newline must not end up in every expansion.
		t.Add(name, strings.TrimRight(string(data), " \t\r\n"))
		return nil
	})
}

// AddCorpus takes the namespace names and case rules of c's wiki and
// defines a template for every Template: page in c (its latest visible
// revision: a deleted or stub revision has no text to expand).
func (t *WikiTemplates) AddCorpus(c *model.Corpus) {
	t.SetNamespaces(c.Namespaces)
	for _, p := range c.Pages {
		if p.Kind != model.PageTemplate {
			continue
		}
		if r := p.LatestVisible(); r != nil {
			t.Add(":"+p.Title, r.Text)
		}
	}
}
