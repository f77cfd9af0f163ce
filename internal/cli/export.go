package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/wiki"
)

func (a *app) exportCommand() *cobra.Command {
	var out, format string
	var opts wiki.ExportOptions
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
			w, err := a.open(args, false)
			if err != nil {
				return err
			}
			if out == "-" {
				opts.Out = a.stdout
			} else {
				opts.Dir = out
			}
			n, err := w.ExportMarkdown(opts)
			if err != nil {
				return err
			}
			if out != "-" {
				fmt.Fprintf(a.stderr, "wrote %s to %s\n", plural(n, "page"), out)
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "directory to write the .md files to, or - for standard output")
	cmd.Flags().StringVar(&opts.Page, "page", "", "export only this page")
	cmd.Flags().StringVar(&opts.Rev, "rev", "", "revision to export (default latest)")
	formatFlag(cmd, &format, "md", "md")
	return cmd
}
