package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/corpus/feed"
	"github.com/wikirules/wikirules/corpus/mwxml"
	"github.com/wikirules/wikirules/internal/atomic"
	"github.com/wikirules/wikirules/model"
)

func (a *app) convertCommand() *cobra.Command {
	var to, out, header string
	cmd := &cobra.Command{
		Use:   "convert [INPUT…] --to feed|xml|wiki",
		Short: "Merge the inputs and write them as one contribution feed, XML export or .wiki directory",
		Long: `convert merges the inputs into one history per page and writes it out:
  feed  a contribution feed, newest revision first (like the wiki's listing)
  xml   a MediaWiki XML export (schema 0.11), oldest revision first per page
  wiki  a directory with one .wiki file per page (latest revision only)
Output goes to -o (a file; a directory for wiki) or standard output, and is
written to a temporary name first, so a failure leaves no partial file.`,
		Example: `  wikirules convert ../shared/seeds --to xml -o seeds.xml
  wikirules convert export.xml.bz2 --to feed > contributions.txt
  wikirules convert --to wiki -o pages/`,
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := a.load(args, false)
			if err != nil {
				return err
			}
			switch to {
			case "feed":
				return a.output(out, func(w io.Writer) error { return feed.Write(w, toFeed(c, header)) })
			case "xml":
				return a.output(out, func(w io.Writer) error { return mwxml.Write(w, "wikirules", toExport(c)) })
			case "wiki":
				if out == "" {
					return fmt.Errorf("--to wiki needs -o DIR")
				}
				return writeWikiDir(c, out)
			}
			return fmt.Errorf("--to %q: expected feed, xml or wiki", to)
		},
	}
	cmd.Flags().StringVar(&to, "to", "", "output format: feed|xml|wiki (required)")
	cmd.Flags().StringVarP(&out, "output", "o", "", "output file (directory for wiki); default standard output")
	cmd.Flags().StringVar(&header, "header", "Wiki - User contributions [en]", "header line of a written feed")
	_ = cmd.MarkFlagRequired("to")
	_ = cmd.RegisterFlagCompletionFunc("to", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"feed", "xml", "wiki"}, cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

// output writes to path atomically, or to stdout when path is "".
func (a *app) output(path string, fn func(io.Writer) error) error {
	if path == "" || path == "-" {
		return fn(a.stdout)
	}
	return atomic.WriteFile(path, 0o644, fn)
}

// toFeed lists every revision newest first, as a contributions page does.
func toFeed(c *model.Corpus, header string) *feed.Feed {
	f := &feed.Feed{Header: header}
	for _, p := range c.Pages {
		for _, r := range p.Revisions {
			f.Entries = append(f.Entries, feed.Entry{Title: p.Title, Rev: r})
		}
	}
	sortEntriesNewestFirst(f.Entries)
	return f
}

func sortEntriesNewestFirst(es []feed.Entry) {
	// Insertion into a stable order: newest first, then by title.
	less := func(a, b feed.Entry) bool {
		if !a.Rev.Timestamp.Equal(b.Rev.Timestamp) {
			return a.Rev.Timestamp.After(b.Rev.Timestamp)
		}
		return a.Title < b.Title
	}
	sort.SliceStable(es, func(i, j int) bool { return less(es[i], es[j]) })
}

func toExport(c *model.Corpus) []mwxml.Page {
	pages := make([]mwxml.Page, 0, len(c.Pages))
	// Revisions without a wiki id get fresh ones above every id in use.
	revID := int64(0)
	for _, p := range c.Pages {
		for _, r := range p.Revisions {
			revID = max(revID, r.ID)
		}
	}
	for i, p := range c.Pages {
		xp := mwxml.Page{Title: p.Title, Namespace: p.Namespace, ID: int64(i + 1)}
		parent := int64(0)
		for _, r := range p.Revisions {
			rc := *r
			if rc.ID == 0 {
				revID++
				rc.ID = revID
				rc.ParentID = parent
			}
			parent = rc.ID
			xp.Revisions = append(xp.Revisions, &rc)
		}
		pages = append(pages, xp)
	}
	return pages
}

// writeWikiDir writes the latest revision of every page as DIR/<title>.wiki,
// replacing DIR atomically.
func writeWikiDir(c *model.Corpus, dir string) error {
	tmp, err := atomic.TempDirFor(dir)
	if err != nil {
		return err
	}
	for _, p := range c.Pages {
		r := p.Latest()
		if r == nil {
			continue
		}
		name := filepath.Join(tmp, corpus.FileNameForTitle(p.Title))
		if err := os.WriteFile(name, []byte(r.Text), 0o644); err != nil {
			os.RemoveAll(tmp)
			return err
		}
		if !r.Timestamp.IsZero() {
			os.Chtimes(name, r.Timestamp, r.Timestamp)
		}
	}
	return atomic.ReplaceDir(tmp, dir)
}
