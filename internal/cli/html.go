package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

// templateFlags are the flags that choose template definitions.
type templateFlags struct {
	dir string
}

func (tf *templateFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&tf.dir, "templates", "", "directory of .wiki template definitions, replacing the embedded content/wikitemplates")
}

// load returns the template definitions: the directory given, or the
// embedded ones.
func (tf *templateFlags) load() (*parser.WikiTemplates, error) {
	if tf.dir == "" {
		return content.New().WikiTemplates()
	}
	st, err := os.Stat(tf.dir)
	if err != nil {
		return nil, fmt.Errorf("--templates: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("--templates %s: not a directory", tf.dir)
	}
	t := parser.NewWikiTemplates()
	if err := t.AddFS(os.DirFS(tf.dir), "."); err != nil {
		return nil, err
	}
	if len(t.Names()) == 0 {
		// A directory of site templates only (build and serve take
		// .html files from it too) keeps the embedded wiki templates.
		return content.New().WikiTemplates()
	}
	return t, nil
}

func (a *app) htmlCommand() *cobra.Command {
	var title, at, server string
	var warnings bool
	var tf templateFlags
	cmd := &cobra.Command{
		Use:   "html",
		Short: "Render wikitext from standard input as an HTML fragment",
		Long: `html reads wikitext on standard input and writes the page body as an HTML
fragment on standard output: the interface the MediaWiki conformance suite
uses. With --warnings, problems (unknown templates, repaired tags, unclosed
tables) are printed to standard error as file:line:col.`,
		Example: `  echo "''Hello'' [[World]]" | wikirules html
  wikirules show Gamehelphearts | wikirules html --title Gamehelphearts --warnings`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			src, err := io.ReadAll(a.stdin)
			if err != nil {
				return err
			}
			opts := &parser.Options{Title: title, Time: time.Now().UTC(), Server: server}
			if at != "" {
				if opts.Time, err = time.Parse(model.TimeLayout, at); err != nil {
					return fmt.Errorf("--time %q: expected a timestamp like 2024-11-15T16:30:17Z", at)
				}
			}
			if strings.Contains(string(src), "{{") {
				if opts.WikiTemplates, err = tf.load(); err != nil {
					return err
				}
			}
			doc := parser.Parse(string(src), opts)
			if warnings && len(doc.Diagnostics) > 0 {
				name := title
				if name == "" {
					name = "<stdin>"
				}
				doc.Messages(name, "").Print(a.stderr, "text")
			}
			return render.New(render.Options{}).Render(a.stdout, doc)
		},
	}
	cmd.Flags().StringVar(&title, "title", "", "page title (for {{PAGENAME}} and self-links)")
	cmd.Flags().BoolVar(&warnings, "warnings", false, "print parse warnings to standard error")
	cmd.Flags().StringVar(&server, "server", "", "the wiki's server, for {{SERVER}} and {{fullurl:}} (\"https://wiki.example.org\")")
	cmd.Flags().StringVar(&at, "time", "", "time for {{CURRENTYEAR}} and similar words (default: now)")
	tf.register(cmd)
	return cmd
}
