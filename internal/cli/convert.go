package cli

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/internal/atomic"
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
			switch to {
			case "feed", "xml":
			case "wiki":
				if out == "" {
					return fmt.Errorf("--to wiki needs -o DIR")
				}
			default:
				return fmt.Errorf("--to %q: expected feed, xml or wiki", to)
			}
			w, err := a.open(args, false)
			if err != nil {
				return err
			}
			w.Omitted(to).Print(a.stderr, "text")
			switch to {
			case "feed":
				return a.output(out, func(o io.Writer) error { return w.WriteFeed(o, header) })
			case "xml":
				return a.output(out, w.WriteXML)
			}
			return w.WriteWikiDir(out)
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
