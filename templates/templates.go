package templates

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/wikirules/wikirules/render"
)

//go:embed layouts assets
var embedded embed.FS

// Pages are the page templates the site renders; every other .html file in
// layouts is a partial shared by all of them.
var Pages = []string{
	"home.html", "page.html", "history.html", "rules.html",
	"checks.html", "categories.html", "category.html", "index.html",
	"markdown.html", "search.html", "404.html",
}

// Set is a parsed set of page templates and the static assets.
type Set struct {
	pages  map[string]*template.Template
	assets map[string][]byte
	digest string
	// embedded tells which layout files are the embedded ones, byte for
	// byte (an override may repeat a file unchanged).
	embedded map[string]bool
}

// New parses the embedded templates, each replaced by the file of the same
// name in override when there is one (override may be nil). Layout files
// are override's *.html files (at its top or under layouts/), assets are
// its files under assets/.
func New(override fs.FS) (*Set, error) {
	layouts, err := readDir(embedded, "layouts")
	if err != nil {
		return nil, err
	}
	builtin := make(map[string][]byte, len(layouts))
	for k, v := range layouts {
		builtin[k] = v
	}
	assets, err := readDir(embedded, "assets")
	if err != nil {
		return nil, err
	}
	if override != nil {
		if err := overlay(layouts, assets, override); err != nil {
			return nil, err
		}
	}
	s := &Set{pages: map[string]*template.Template{}, assets: assets, embedded: map[string]bool{}}
	for name, data := range layouts {
		s.embedded[name] = bytes.Equal(data, builtin[name])
	}
	h := sha256.New()
	for _, m := range []map[string][]byte{layouts, assets} {
		for _, k := range sortedKeys(m) {
			fmt.Fprintf(h, "%s\x00%d\x00", k, len(m[k]))
			h.Write(m[k])
		}
	}
	s.digest = hex.EncodeToString(h.Sum(nil))

	isPage := map[string]bool{}
	for _, p := range Pages {
		isPage[p] = true
		if _, ok := layouts[p]; !ok {
			return nil, fmt.Errorf("templates: page template %s is missing", p)
		}
	}
	if _, ok := layouts["base.html"]; !ok {
		return nil, errors.New("templates: base.html is missing")
	}
	shared := template.New("wikirules").Funcs(funcs())
	for _, name := range sortedKeys(layouts) {
		if isPage[name] {
			continue
		}
		if _, err := shared.New(name).Parse(string(layouts[name])); err != nil {
			return nil, fmt.Errorf("templates: %w", err)
		}
	}
	for _, p := range Pages {
		t, err := shared.Clone()
		if err != nil {
			return nil, err
		}
		if _, err := t.New(p).Parse(string(layouts[p])); err != nil {
			return nil, fmt.Errorf("templates: %w", err)
		}
		s.pages[p] = t
	}
	return s, nil
}

// overlay replaces layouts and assets by override's files.
func overlay(layouts, assets map[string][]byte, override fs.FS) error {
	return fs.WalkDir(override, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		dir, name := path.Split(p)
		switch {
		case strings.HasPrefix(p, "assets/"):
			data, err := fs.ReadFile(override, p)
			if err != nil {
				return err
			}
			assets[strings.TrimPrefix(p, "assets/")] = data
		case (dir == "" || dir == "layouts/") && strings.HasSuffix(name, ".html"):
			data, err := fs.ReadFile(override, p)
			if err != nil {
				return err
			}
			layouts[name] = data
		}
		return nil
	})
}

func readDir(fsys fs.FS, dir string) (map[string][]byte, error) {
	out := map[string][]byte{}
	err := fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		out[strings.TrimPrefix(p, dir+"/")] = data
		return nil
	})
	return out, err
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Execute renders the page template name with data.
func (s *Set) Execute(w io.Writer, name string, data any) error {
	t, ok := s.pages[name]
	if !ok {
		return fmt.Errorf("templates: no page template %s", name)
	}
	if err := t.ExecuteTemplate(w, name, data); err != nil {
		return fmt.Errorf("templates: %w", err)
	}
	return nil
}

// Render is Execute into a new buffer.
func (s *Set) Render(name string, data any) ([]byte, error) {
	var b bytes.Buffer
	err := s.Execute(&b, name, data)
	return b.Bytes(), err
}

// Embedded reports whether every named layout file ("page.html",
// "base.html"…) is the embedded one, byte for byte. The site writes the
// pages of the embedded layouts that it writes most often in Go (the
// same bytes, faster) and executes the templates for the others.
func (s *Set) Embedded(names ...string) bool {
	for _, n := range names {
		if !s.embedded[n] {
			return false
		}
	}
	return true
}

// Assets returns the static files by path (style.css, site.js, …).
func (s *Set) Assets() map[string][]byte { return s.assets }

// Digest identifies the templates and assets: it changes when any file
// does, so cached pages built with other templates are rebuilt.
func (s *Set) Digest() string { return s.digest }

func funcs() template.FuncMap {
	return template.FuncMap{
		// date and datetime format revision times.
		"date":     func(t time.Time) string { return t.UTC().Format("2 January 2006") },
		"datetime": func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") },
		"iso":      func(t time.Time) string { return t.UTC().Format(time.RFC3339) },
		"plural":   Plural,
		"signed":   Signed,
		"inc":      func(i int) int { return i + 1 },
		"lower":    func(v any) string { return strings.ToLower(fmt.Sprint(v)) },
		"summary":  summaryHTML,
		"clip":     func(n int, s string) string { return Clip(s, n) },
		"join":     strings.Join,
		// fragmentHref is the href attribute of a link to an element
		// of the page: <a {{fragmentHref .ID}}>.
		"fragmentHref": FragmentHref,
	}
}

// FragmentHref is the template function fragmentHref, for pages written in
// Go too: the attribute href="#…" of a link to the element whose id is
// id, its fragment written as MediaWiki writes it
// (render.FragmentLink: "#100%", "#Q&amp;A", "#Élan"; only a '%'
// before two hex digits as "%25"). html/template writes a value after
// href="# percent-encoded ("#100%25", which a browser takes to a heading
// "100%25" when there is one, before "100%"), and percent-encodes more
// than that even in a template.URL; the whole attribute, an
// HTMLAttr, is written as it is. It is safe whatever id is: the URL
// starts with '#', a fragment of the page itself (no scheme such as
// javascript: can follow), and the value is escaped for the quoted
// attribute.
func FragmentHref(id string) template.HTMLAttr {
	return template.HTMLAttr(`href="#` + render.EscapeAttr(render.FragmentLink(id)) + `"`)
}

// Plural is the template function plural, for pages written in Go too:
// "1 game", "2 games".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// Signed is the template function signed, for pages written in Go too:
// "+3", "0", "-2".
func Signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// SummaryHTML is the template function summary, for pages written in Go.
func SummaryHTML(s string) template.HTML { return summaryHTML(s) }

// summaryHTML shows an edit summary's "/* Section */" autocomment the way
// MediaWiki does: "→ Section:" before the rest.
func summaryHTML(s string) template.HTML {
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "/*") {
		if end := strings.Index(t, "*/"); end > 0 {
			sec := strings.TrimSpace(t[2:end])
			rest := strings.TrimSpace(t[end+2:])
			out := `<span class="autocomment">→ ` + template.HTMLEscapeString(sec)
			if rest != "" {
				out += ":</span> " + template.HTMLEscapeString(rest)
			} else {
				out += "</span>"
			}
			return template.HTML(out)
		}
	}
	return template.HTML(template.HTMLEscapeString(s))
}

// Clip shortens s to about n bytes, at a space when there is one in the
// second half, with an ellipsis; it never cuts a UTF-8 sequence.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := strings.LastIndexByte(s[:n], ' ')
	if cut < n/2 {
		cut = n
		for cut > 0 && s[cut]&0xc0 == 0x80 {
			cut--
		}
	}
	return strings.TrimSpace(s[:cut]) + "…"
}
