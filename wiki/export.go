package wiki

import (
	"bytes"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/internal/atomic"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/render"
	"github.com/wikirules/wikirules/render/markdown"
)

// RenderHTML parses wikitext that is not in the corpus and writes the page
// body as an HTML fragment; it returns the parse's messages, located and
// named after title (or "<stdin>").
func (w *Wiki) RenderHTML(out io.Writer, title, text string, at time.Time) (model.MsgList, error) {
	doc := w.ParseText(title, text, at)
	name := title
	if name == "" {
		name = "<stdin>"
	}
	return doc.Messages(name, ""), render.New(render.Options{}).Render(out, doc)
}

// MarkdownFileName is the file a page is exported to: its .wiki file name
// with .md instead.
func MarkdownFileName(title string) string {
	return strings.TrimSuffix(corpus.FileNameForTitle(title), ".wiki") + ".md"
}

// Markdown renders a revision as GitHub-flavoured Markdown: YAML front
// matter saying what it is (FrontMatter), the title as a heading, then the
// page; links to other pages of the wiki point at their exported files.
func (w *Wiki) Markdown(p *model.Page, r *model.Revision) ([]byte, error) {
	var b bytes.Buffer
	fm, err := yaml.Marshal(w.FrontMatter(p, r))
	if err != nil {
		return nil, err
	}
	b.WriteString("---\n")
	b.Write(fm)
	b.WriteString("---\n\n# ")
	b.WriteString(markdown.EscapeText(p.Title))
	b.WriteString("\n\n")
	if err := markdown.Render(&b, w.Parse(p, r), markdown.Options{Linker: mdLinker{c: w.Corpus, self: p.Title}}); err != nil {
		return nil, fmt.Errorf("%s: %w", r.Label(p.Title), err)
	}
	return b.Bytes(), nil
}

// FrontMatter is what an exported page says about itself, as YAML front
// matter (the form static-site generators read).
type FrontMatter struct {
	Title string `yaml:"title"`
	Page  string `yaml:"page"`
	Game  string `yaml:"game,omitempty"`
	Kind  string `yaml:"kind"`
	// Revision is the wiki's revision id, when the input carries it (XML
	// exports do; feeds do not).
	Revision  int64  `yaml:"revision,omitempty"`
	Timestamp string `yaml:"timestamp"`
	Author    string `yaml:"author,omitempty"`
	Summary   string `yaml:"summary,omitempty"`
}

// FrontMatter describes a revision of a page for its exported file.
func (w *Wiki) FrontMatter(p *model.Page, r *model.Revision) FrontMatter {
	return FrontMatter{Title: p.Title, Page: p.Title, Game: p.Game, Kind: p.Kind.String(), Revision: r.ID,
		Timestamp: model.FormatTime(r.Timestamp), Author: r.Author, Summary: r.Summary}
}

// ExportOptions choose what ExportMarkdown writes.
type ExportOptions struct {
	Page string // one page (a title); "" is every page
	Rev  string // the revision of each page (latest when "")
	// Dir receives one MarkdownFileName file per page, each written
	// atomically. "" writes to Out instead.
	Dir string
	// Out receives the pages one after the other when Dir is "", each
	// after an HTML comment naming it when there are several.
	Out io.Writer
}

// ExportMarkdown exports pages as Markdown and returns how many it wrote.
// Into a directory, every page is rendered before the first file is
// written, so an error leaves the directory as it was; the directory must
// be new, empty, or written by wikirules (atomic.CheckReplaceable), and is
// marked as such.
func (w *Wiki) ExportMarkdown(opts ExportOptions) (int, error) {
	pages := w.Corpus.Pages
	if opts.Page != "" {
		p, err := w.Find(opts.Page)
		if err != nil {
			return 0, err
		}
		pages = []*model.Page{p}
	}
	if opts.Dir != "" {
		if err := atomic.CheckReplaceable(opts.Dir); err != nil {
			return 0, err
		}
	}
	type file struct {
		title string
		md    []byte
	}
	var files []file
	for _, p := range pages {
		r, err := pickRevision(p, opts.Rev, opts.Page != "")
		if err != nil {
			return 0, err
		}
		if r == nil {
			continue
		}
		md, err := w.Markdown(p, r)
		if err != nil {
			return 0, err
		}
		files = append(files, file{p.Title, md})
	}
	if opts.Dir == "" {
		for _, f := range files {
			if len(pages) > 1 {
				fmt.Fprintf(opts.Out, "<!-- %s -->\n", strings.ReplaceAll(f.title, "--", "- -"))
			}
			if _, err := opts.Out.Write(f.md); err != nil {
				return 0, err
			}
		}
		return len(files), nil
	}
	if err := os.MkdirAll(opts.Dir, 0o755); err != nil {
		return 0, err
	}
	if err := atomic.Mark(opts.Dir, "export -o"); err != nil {
		return 0, err
	}
	for i, f := range files {
		name := filepath.Join(opts.Dir, MarkdownFileName(f.title))
		if err := atomic.WriteFile(name, 0o644, func(out io.Writer) error { _, err := out.Write(f.md); return err }); err != nil {
			return i, err
		}
	}
	return len(files), nil
}

// mdLinker links exported pages to each other's files; links to pages that
// are not exported are written as their label.
type mdLinker struct {
	c    *model.Corpus
	self string
}

func (l mdLinker) PageURL(title, fragment string) string {
	frag := ""
	if fragment != "" {
		frag = "#" + url.PathEscape(strings.ReplaceAll(strings.ToLower(fragment), " ", "-"))
	}
	if title == "" || l.c.NormalizeTitle(title) == l.self {
		return frag
	}
	p := l.c.Page(title)
	if p == nil {
		return ""
	}
	return url.PathEscape(MarkdownFileName(p.Title)) + frag
}

func (l mdLinker) PageExists(title string) bool {
	return l.c.Page(title) != nil
}

func (mdLinker) FileURL(string) (string, bool) { return "", false }
