package cli

import (
	"fmt"
	"io"
	"io/fs"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/wiki"
)

func (a *app) htmlCommand() *cobra.Command {
	var title, at string
	var warnings bool
	cmd := &cobra.Command{
		Use:   "html",
		Short: "Render wikitext from standard input as an HTML fragment",
		Long: `html reads wikitext on standard input and writes the page body as an HTML
fragment on standard output: the interface the MediaWiki conformance suite
uses. With --warnings, problems (unknown templates, repaired tags, unclosed
tables) are printed to standard error as name:line:col: severity: message [id].`,
		Example: `  echo "''Hello'' [[World]]" | wikirules html
  wikirules show Gamehelphearts | wikirules html --title Gamehelphearts --warnings`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			// The heap is prepared before the input is read when its
			// size is known (a file), after it when not (a pipe).
			size := inputSize(a.stdin)
			if a.ownProcess && size > 0 {
				oneShotHeap(size)
			}
			src, err := readAllString(a.stdin)
			if err != nil {
				return err
			}
			if a.ownProcess && size == 0 {
				oneShotHeap(len(src))
			}
			now := time.Now().UTC()
			if at != "" {
				if now, err = time.Parse(model.TimeLayout, at); err != nil {
					return fmt.Errorf("--time %q: expected a timestamp like 2024-11-15T16:30:17Z", at)
				}
			}
			if err := checkTemplatesDir(a.wf.templates); err != nil {
				return err
			}
			w, err := wiki.ForText(a.config(nil, false), src)
			if err != nil {
				return err
			}
			msgs, err := w.RenderHTML(a.stdout, title, src, now)
			if warnings {
				msgs.Print(a.stderr, "text")
			}
			return err
		},
	}
	cmd.Flags().StringVar(&title, "title", "", "page title (for {{PAGENAME}} and self-links)")
	cmd.Flags().BoolVar(&warnings, "warnings", false, "print parse warnings to standard error")
	cmd.Flags().StringVar(&at, "time", "", "time for {{CURRENTYEAR}} and similar words (default: now)")
	return cmd
}

// readAllString reads r to its end into a string, in an array of the right
// size when r tells its size (a file, a bytes.Reader). io.ReadAll and a
// conversion to string would grow through twenty arrays for 1 MB and copy
// it once more: in a fresh process each new array costs page faults too.
func readAllString(r io.Reader) (string, error) {
	var sb strings.Builder
	sb.Grow(inputSize(r))
	_, err := io.Copy(&sb, r)
	return sb.String(), err
}

// inputSize is the number of bytes r holds when it says (a regular file,
// a bytes.Reader), 0 otherwise.
func inputSize(r io.Reader) int {
	switch v := r.(type) {
	case interface{ Stat() (fs.FileInfo, error) }:
		if fi, err := v.Stat(); err == nil && fi.Mode().IsRegular() {
			return int(fi.Size())
		}
	case interface{ Len() int }:
		return v.Len()
	}
	return 0
}
