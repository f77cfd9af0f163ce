package cli

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/wiki"
)

func (a *app) extractCommand() *cobra.Command {
	var opts wiki.ExtractOptions
	var format, outDir string
	cmd := &cobra.Command{
		Use:   "extract [INPUT…]",
		Short: "Extract the rule tables (scoring, royalties, card lists, options) as YAML or JSON",
		Long: `extract reads the rule tables of each page (its latest revision, or --rev) and
writes them as YAML documents (one per page) or a JSON array. With -o DIR, one
<game>.yaml (or .json) per game is written into DIR. See the README for the
schema (extract/schema.json).

--table keeps one table, by its id or a unique prefix of it (of the whole id,
"hearts/sco", or of the part after the game, "scoring"); --kind keeps the tables
of one kind: cards, scoring, royalties, options or table.`,
		Example: `  wikirules extract --page Gamehelphearts
  wikirules extract --table hearts/sco
  wikirules extract --kind options --format json
  wikirules extract ../shared/seeds --page Gamehelpsushigo --format json
  wikirules extract ../shared/seeds -o tables/`,
		RunE: func(cmd *cobra.Command, args []string) error {
			w, err := a.open(args, false)
			if err != nil {
				return err
			}
			pages, msgs, err := w.ExtractAll(opts)
			if err != nil {
				return err
			}
			msgs.Print(a.stderr, "text")
			if outDir != "" {
				return wiki.WriteTableFiles(outDir, format, pages)
			}
			return extract.Write(a.stdout, format, pages)
		},
	}
	cmd.Flags().StringVar(&opts.Page, "page", "", "only this page (default: every page with tables)")
	cmd.Flags().StringVar(&opts.Table, "table", "", "only this table: its id or a unique prefix (hearts/sco, or scoring with --page)")
	cmd.Flags().StringVar(&opts.Kind, "kind", "", "only tables of this kind: "+strings.Join(wiki.TableKinds, "|"))
	_ = cmd.RegisterFlagCompletionFunc("kind", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return wiki.TableKinds, cobra.ShellCompDirectiveNoFileComp
	})
	cmd.Flags().StringVar(&opts.Rev, "rev", "", "revision: a timestamp (or unique prefix), first, latest, or a position")
	cmd.Flags().StringVarP(&outDir, "output", "o", "", "write one <game>.yaml per game into this directory")
	formatFlag(cmd, &format, "yaml", "yaml", "json")
	return cmd
}
