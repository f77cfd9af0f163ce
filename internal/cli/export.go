package cli

import (
	"bytes"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/internal/atomic"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/render/markdown"
)

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
	return url.PathEscape(mdName(p.Title)) + frag
}

func (l mdLinker) PageExists(title string) bool {
	return l.c.Page(title) != nil
}

func (mdLinker) FileURL(string) (string, bool) { return "", false }

func (a *app) exportCommand() *cobra.Command {
	var out, format, page, rev string
	var tf templateFlags
	cmd := &cobra.Command{
		Use:   "export [INPUT…] --format md -o DIR",
		Short: "Write pages as GitHub-flavoured Markdown",
		Long: `export writes each page's latest revision (or --rev) as GitHub-flavoured
Markdown, one <title>.md file per page in DIR (the file name is the title with
spaces as underscores and unsafe characters %-escaped). Tables become GFM
tables where they fit and HTML where cells span rows or columns; links between
exported pages point at their files.`,
		Example: `  wikirules export --format md -o md
  wikirules export ../shared/seeds --page Gamehelpsushigo -o -`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return fmt.Errorf("-o DIR is required (- for standard output)")
			}
			ws, err := a.workspace(args, tf)
			if err != nil {
				return err
			}
			pages := ws.corpus.Pages
			if page != "" {
				p, err := ws.corpus.Find(page)
				if err != nil {
					return err
				}
				pages = []*model.Page{p}
			}
			n := 0
			for _, p := range pages {
				r, _, err := p.SelectRevision(rev)
				noText := false
				if err == nil {
					err = r.NeedText(p.Title)
					noText = err != nil
				}
				if err != nil {
					if page == "" && (rev != "" || noText) {
						continue // pages without that revision, or without its text
					}
					return err
				}
				var b bytes.Buffer
				if err := markdown.Render(&b, ws.parse(p, r), markdown.Options{Linker: mdLinker{c: ws.corpus, self: p.Title}}); err != nil {
					return fmt.Errorf("%s: %w", r.Label(p.Title), err)
				}
				if out == "-" {
					if len(pages) > 1 {
						fmt.Fprintf(a.stdout, "<!-- %s -->\n", p.Title)
					}
					a.stdout.Write(b.Bytes())
					continue
				}
				name := filepath.Join(out, mdName(p.Title))
				if err := atomic.WriteFile(name, 0o644, func(w io.Writer) error { _, err := w.Write(b.Bytes()); return err }); err != nil {
					return err
				}
				n++
			}
			if out != "-" {
				fmt.Fprintf(a.stderr, "wrote %s to %s\n", plural(n, "page"), out)
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "out", "o", "", "directory to write the .md files to, or - for standard output")
	cmd.Flags().StringVar(&page, "page", "", "export only this page")
	cmd.Flags().StringVar(&rev, "rev", "", "revision to export (default latest)")
	formatFlag(cmd, &format, "md", "md")
	tf.register(cmd)
	return cmd
}

// mdName is a page's file name: the .wiki file name with .md instead.
func mdName(title string) string {
	return strings.TrimSuffix(corpus.FileNameForTitle(title), ".wiki") + ".md"
}
