package parser

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/wikirules/wikirules/model"
)

// WikiTemplates is a TemplateSource backed by a map: definitions from Template:
// pages in the inputs and from a directory of .wiki files.
type WikiTemplates struct {
	m map[string]string
}

// NewWikiTemplates returns an empty set of definitions.
func NewWikiTemplates() *WikiTemplates { return &WikiTemplates{m: map[string]string{}} }

// Template implements TemplateSource.
func (t *WikiTemplates) Template(title string) (string, bool) {
	if t == nil {
		return "", false
	}
	s, ok := t.m[title]
	return s, ok
}

// Add defines a template. A title without a namespace is taken to be in
// the Template namespace ("Heart" is "Template:Heart").
func (t *WikiTemplates) Add(title, text string) {
	full, ok := templateTitle(strings.TrimSpace(title))
	if !ok {
		return
	}
	t.m[full] = text
}

// Names lists the defined titles, sorted.
func (t *WikiTemplates) Names() []string {
	out := make([]string, 0, len(t.m))
	for k := range t.m {
		out = append(out, k)
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

// AddCorpus defines a template for every Template: page in c (its latest
// revision).
func (t *WikiTemplates) AddCorpus(c *model.Corpus) {
	for _, p := range c.Pages {
		if p.Kind != model.PageTemplate {
			continue
		}
		if r := p.Latest(); r != nil {
			t.Add(":"+p.Title, r.Text)
		}
	}
}
