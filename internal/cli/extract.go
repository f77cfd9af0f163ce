package cli

import (
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/atomic"
	"github.com/wikirules/wikirules/model"
)

func (a *app) extractCommand() *cobra.Command {
	var page, rev, format, outDir string
	var tf templateFlags
	cmd := &cobra.Command{
		Use:   "extract [INPUT…]",
		Short: "Extract the rule tables (scoring, royalties, card lists, options) as YAML or JSON",
		Long: `extract reads the rule tables of each page (its latest revision, or --rev) and
writes them as YAML documents (one per page) or a JSON array. With -o DIR, one
<game>.yaml (or .json) per game is written into DIR. See the README for the
schema (extract/schema.json).`,
		Example: `  wikirules extract --page Gamehelphearts
  wikirules extract ../shared/seeds --page Gamehelpsushigo --format json
  wikirules extract ../shared/seeds -o tables/`,
		RunE: func(cmd *cobra.Command, args []string) error {
			ws, err := a.workspace(args, tf)
			if err != nil {
				return err
			}
			var pages []*model.Page
			if page != "" {
				p, err := ws.corpus.Find(page)
				if err != nil {
					return err
				}
				pages = []*model.Page{p}
			} else {
				for _, p := range ws.corpus.Pages {
					if p.Kind == model.PageRules || p.Kind == model.PageTips || p.Kind == model.PageOther {
						pages = append(pages, p)
					}
				}
			}
			var results []*extract.PageTables
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
				pt := extract.Extract(ws.parse(p, r), p, r)
				pt.Warnings.Print(a.stderr, "text")
				if page == "" && len(pt.Tables) == 0 {
					continue
				}
				results = append(results, pt)
			}
			if outDir != "" {
				return writeGameFiles(outDir, format, results)
			}
			return encodePages(a.stdout, format, results)
		},
	}
	cmd.Flags().StringVar(&page, "page", "", "only this page (default: every page with tables)")
	cmd.Flags().StringVar(&rev, "rev", "", "revision: a timestamp (or unique prefix), first, latest, or a position")
	cmd.Flags().StringVarP(&outDir, "output", "o", "", "write one <game>.yaml per game into this directory")
	formatFlag(cmd, &format, "yaml", "yaml", "json")
	tf.register(cmd)
	return cmd
}

func encodePages(w io.Writer, format string, pages []*extract.PageTables) error {
	if format == "json" {
		_, err := w.Write(extract.JSON(pages))
		return err
	}
	data, err := extract.YAML(pages)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// writeGameFiles writes one file per game (pages without a game go to a
// file named after the page).
func writeGameFiles(dir, format string, pages []*extract.PageTables) error {
	byGame := map[string][]*extract.PageTables{}
	for _, p := range pages {
		key := p.Game
		if key == "" {
			key = model.Slug(p.Page)
		}
		byGame[key] = append(byGame[key], p)
	}
	keys := make([]string, 0, len(byGame))
	for k := range byGame {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, k := range keys {
		name := filepath.Join(dir, k+"."+format)
		group := byGame[k]
		if err := atomic.WriteFile(name, 0o644, func(w io.Writer) error { return encodePages(w, format, group) }); err != nil {
			return err
		}
	}
	return nil
}
