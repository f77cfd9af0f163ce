package cli

import (
	"fmt"
	"io"
	"os"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/wiki"
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
	var from, to, format, color string
	var all bool
	var span wiki.Span
	cmd := &cobra.Command{
		Use:   "diff TITLE [INPUT…]",
		Short: "Show what changed between two revisions: text, sections and rule tables",
		Long: `diff compares two revisions of a page (by default the two latest) at three
levels: a line diff of the text with changed words highlighted, the sections
(added, removed, modified, renamed, moved, level changed), and the rule tables
(rows added or removed, matched by their key column, and cells whose value
changed, "row → column: old → new"; a table whose wikitext changed without any
value changing is reported as a formatting change).

Identity follows content: a section whose title changed and whose text is
the same or nearly so is renamed, not removed and added; a rule table whose id
changed with its section (a renamed section, a table moved to another one) is
renamed (from_id, to_id) with its cell changes; a column whose header changed
and whose values did not is a renamed column; a title row or caption added
above a table's header is formatting.

--from and --to take a timestamp (or a unique prefix), first, latest, prev (the
revision before the other one) or a position (1 is the oldest, -1 the newest).
With --all, every revision is compared with the one before: a rule changelog.
--since and --until keep the revisions of a period, each still compared with
the revision before it: a timestamp or a prefix of one (2024, 2024-01,
2024-01-12T18). A prefix names a period, both ends included; --since with a
revision's exact timestamp keeps the revisions after it (what a pull brought
since then), --until with one keeps it.
--format html writes a standalone page (its styles included; light and dark)
to open in a browser or attach to a review.

Exit status: 0 when every rule table's values are unchanged (formatting,
renames and moves included), 1 when a value changed or a rule table was added
or removed, 2 on an error, so CI can gate on rule changes. With --all, the
highest status over the revisions compared (a page's creation compares
nothing and does not count).`,
		Example: `  wikirules diff Gamehelphearts
  wikirules diff Gamehelphearts ../shared/seeds --from 2023-07-07T18:38:03Z --to 2023-07-23T18:36:54Z
  wikirules diff Gamehelpopenfacechinesepoker ../shared/seeds --from -3 --to -2 --format json
  wikirules diff Gamehelphearts --all
  wikirules diff hearts --format html > hearts-diff.html
  wikirules diff Gamehelphearts wiki --all --since 2024-02-01
  wikirules diff Gamehelptablut ../shared/seeds --all --since 2025-01 --until 2025-06 --format json`,
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
			switch {
			case span.Since != "" && !all:
				return fmt.Errorf("--since goes with --all (a changelog of the revisions since then)")
			case span.Until != "" && !all:
				return fmt.Errorf("--until goes with --all (a changelog of the revisions until then)")
			}
			h, err := w.History(args[0])
			if err != nil {
				return err
			}
			if all {
				results, err := h.Changelog(span)
				if err != nil {
					return err
				}
				if len(results) == 0 && (span.Since != "" || span.Until != "") {
					fmt.Fprintln(a.stderr, "wikirules:", wiki.NoRevisionIn(h.Page))
				}
				switch format {
				case "json":
					err = diff.WriteJSON(a.stdout, results)
				case "html":
					err = diff.WritePage(a.stdout, h.Page.Title, results)
				default:
					err = diff.WriteChangelog(a.stdout, h.Page.Title, results, diff.TextOptions{Color: colorOn})
				}
				if err != nil {
					return err
				}
				// The highest status over the revisions compared: CI gates
				// on what changed (since a pull, with --since).
				if diff.RulesChangedIn(results) {
					return withStatus(ExitChanged, nil)
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
	cmd.Flags().StringVar(&span.Since, "since", "", "with --all: only the revisions from this time on (a timestamp: after it; a prefix such as 2024-01: from its start)")
	cmd.Flags().StringVar(&span.Until, "until", "", "with --all: only the revisions up to this time (a prefix: to its end)")
	formatFlag(cmd, &format, "text", "text", "json", "html")
	cmd.ValidArgsFunction = a.completeTitle
	return cmd
}
