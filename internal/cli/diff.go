package cli

import (
	"fmt"
	"io"
	"os"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/model"
)

// sides parses and extracts revisions of a page on demand, each once.
type sides struct {
	ws    *workspace
	page  *model.Page
	cache map[int]*diff.Side
}

func (s *sides) get(i int) *diff.Side {
	if i < 0 {
		return nil
	}
	if sd, ok := s.cache[i]; ok {
		return sd
	}
	r := s.page.Revisions[i]
	doc := s.ws.parse(s.page, r)
	sd := &diff.Side{Rev: r, Doc: doc, Tables: extract.Extract(doc, s.page, r)}
	s.cache[i] = sd
	return sd
}

// useColor decides on ANSI colors: always, never, or auto (a terminal,
// unless NO_COLOR is set).
func useColor(mode string, w io.Writer) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		if os.Getenv("NO_COLOR") != "" {
			return false, nil
		}
		if f, ok := w.(*os.File); ok {
			return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()), nil
		}
		return false, nil
	}
	return false, fmt.Errorf("--color %q: expected auto, always or never", mode)
}

func (a *app) diffCommand() *cobra.Command {
	var from, to, format, color string
	var all bool
	var tf templateFlags
	cmd := &cobra.Command{
		Use:   "diff TITLE [INPUT…]",
		Short: "Show what changed between two revisions: text, sections and rule tables",
		Long: `diff compares two revisions of a page (by default the two latest) at three
levels: a line diff of the text with changed words highlighted, the sections
(added, removed, modified, renamed, moved, level changed), and the rule tables
(rows added or removed, matched by their key column, and cells whose value
changed, "row → column: old → new"; a table whose wikitext changed without any
value changing is reported as a formatting change).

--from and --to take a timestamp (or a unique prefix), first, latest, prev (the
revision before the other one) or a position (1 is the oldest, -1 the newest).
With --all, every revision is compared with the one before: a rule changelog.

Exit status: 0 when the rule tables' values are unchanged, 1 when they changed,
2 on an error, so CI can gate on rule changes.`,
		Example: `  wikirules diff Gamehelphearts
  wikirules diff Gamehelphearts ../shared/seeds --from 2023-07-07T18:38:03Z --to 2023-07-23T18:36:54Z
  wikirules diff Gamehelpopenfacechinesepoker ../shared/seeds --from -3 --to -2 --format json
  wikirules diff Gamehelphearts --all`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			colorOn, err := useColor(color, a.stdout)
			if err != nil {
				return err
			}
			ws, err := a.workspace(args[1:], tf)
			if err != nil {
				return err
			}
			p, err := ws.corpus.Find(args[0])
			if err != nil {
				return err
			}
			sd := &sides{ws: ws, page: p, cache: map[int]*diff.Side{}}
			if all {
				// Each revision whose text is in the input against the
				// visible one before it: a deleted revision is no edit.
				var results []*diff.Result
				for i, r := range p.Revisions {
					if r.Visible() {
						results = append(results, diff.Compare(p.Title, sd.get(p.VisibleAt(i-1)), sd.get(i)))
					}
				}
				switch format {
				case "json":
					return diff.WriteJSON(a.stdout, results)
				case "html":
					for _, r := range results {
						if err := diff.WriteHTML(a.stdout, r); err != nil {
							return err
						}
					}
					return nil
				}
				return diff.WriteChangelog(a.stdout, p.Title, results, diff.TextOptions{Color: colorOn})
			}
			ti, fi, err := pickRevisions(p, from, to)
			if err != nil {
				return err
			}
			res := diff.Compare(p.Title, sd.get(fi), sd.get(ti))
			switch format {
			case "json":
				err = diff.WriteJSON(a.stdout, res)
			case "html":
				err = diff.WriteHTML(a.stdout, res)
			default:
				err = diff.WriteText(a.stdout, res, diff.TextOptions{Color: colorOn})
			}
			if err != nil {
				return err
			}
			if res.RulesChanged() {
				return withStatus(ExitChanged, nil)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&from, "from", "prev", "old revision")
	cmd.Flags().StringVar(&to, "to", "latest", "new revision")
	cmd.Flags().StringVar(&color, "color", "auto", "colour the text output: auto|always|never (auto respects NO_COLOR)")
	cmd.Flags().BoolVar(&all, "all", false, "compare every revision with the one before it (a rule changelog)")
	formatFlag(cmd, &format, "text", "text", "json", "html")
	tf.register(cmd)
	cmd.ValidArgsFunction = a.completeTitle
	return cmd
}

// pickRevisions resolves --to and --from ("prev" is relative to the other).
func pickRevisions(p *model.Page, from, to string) (ti, fi int, err error) {
	if len(p.Revisions) < 2 && from == "prev" && to != "first" {
		return 0, 0, fmt.Errorf("%s has only %d revision; nothing to compare", p.Title, len(p.Revisions))
	}
	if to == "prev" {
		to = "-2"
	}
	var r *model.Revision
	if r, ti, err = p.SelectRevision(to); err != nil {
		return 0, 0, fmt.Errorf("--to: %w", err)
	}
	if err := r.NeedText(p.Title); err != nil {
		return 0, 0, fmt.Errorf("--to: %w", err)
	}
	if from == "prev" {
		// The nearest revision before it whose text is in the input.
		if fi = p.VisibleAt(ti - 1); fi < 0 {
			return 0, 0, fmt.Errorf("--to is the first revision of %s with a text; there is nothing before it", p.Title)
		}
		return ti, fi, nil
	}
	if r, fi, err = p.SelectRevision(from); err != nil {
		return 0, 0, fmt.Errorf("--from: %w", err)
	}
	if err := r.NeedText(p.Title); err != nil {
		return 0, 0, fmt.Errorf("--from: %w", err)
	}
	return ti, fi, nil
}
