package cli

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/model"
)

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
	var from, to, format, color, since string
	var all bool
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
With --all, every revision is compared with the one before: a rule changelog;
--since TIME keeps the revisions saved after TIME (what a pull brought).
--format html writes a standalone page (its styles included; light and dark)
to open in a browser or attach to a review.

Exit status: 0 when the rule tables' values are unchanged, 1 when they changed
(with --all, only when --since is given: in one of the revisions since then),
2 on an error, so CI can gate on rule changes.`,
		Example: `  wikirules diff Gamehelphearts
  wikirules diff Gamehelphearts ../shared/seeds --from 2023-07-07T18:38:03Z --to 2023-07-23T18:36:54Z
  wikirules diff Gamehelpopenfacechinesepoker ../shared/seeds --from -3 --to -2 --format json
  wikirules diff Gamehelphearts --all
  wikirules diff hearts --format html > hearts-diff.html
  wikirules diff Gamehelphearts wiki --all --since 2024-02-01`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			colorOn, err := useColor(color, a.stdout)
			if err != nil {
				return err
			}
			w, err := a.open(args[1:], false)
			if err != nil {
				return err
			}
			if since != "" && !all {
				return fmt.Errorf("--since goes with --all (a changelog of the revisions since then)")
			}
			h, err := w.History(args[0])
			if err != nil {
				return err
			}
			if all {
				results := h.Changelog()
				if since != "" {
					t, err := parseSince(since)
					if err != nil {
						return err
					}
					results = h.ChangelogSince(t)
				}
				switch format {
				case "json":
					err = diff.WriteJSON(a.stdout, results)
				case "html":
					err = diff.WritePage(a.stdout, h.Page.Title, results)
				default:
					err = diff.WriteChangelog(a.stdout, h.Page.Title, results, diff.TextOptions{Color: colorOn})
				}
				if err != nil || since == "" {
					return err
				}
				// With --since, CI gates on what changed since then.
				for _, r := range results {
					if r.RulesChanged() {
						return withStatus(ExitChanged, nil)
					}
				}
				return nil
			}
			res, err := h.Diff(from, to)
			if err != nil {
				return err
			}
			switch format {
			case "json":
				err = diff.WriteJSON(a.stdout, res)
			case "html":
				err = diff.WritePage(a.stdout, h.Page.Title, []*diff.Result{res})
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
	cmd.Flags().StringVar(&since, "since", "", "with --all: only the revisions saved after this time; exit status 1 when one of them changed a rule table")
	formatFlag(cmd, &format, "text", "text", "json", "html")
	cmd.ValidArgsFunction = a.completeTitle
	return cmd
}

// parseSince reads --since: a timestamp, or a date (midnight UTC).
func parseSince(s string) (time.Time, error) {
	for _, layout := range []string{model.TimeLayout, time.RFC3339, "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("--since %q: expected a time like 2024-11-15T16:30:17Z or a date like 2024-11-15", s)
}
