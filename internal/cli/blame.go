package cli

import (
	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/wiki"
)

func (a *app) blameCommand() *cobra.Command {
	var format, color string
	var o wiki.BlameOptions
	cmd := &cobra.Command{
		Use:   "blame TITLE [INPUT…]",
		Short: "Show who set each value of a page's rule tables, and when",
		Long: `blame says, for every cell of every rule table of a revision (the latest by
default), the revision that gave the cell its current value — timestamp,
author, summary — and for every row the revision where it appeared, like git
blame for a table. Formatting-only edits (bold added, spacing, a template giving
the same text) do not count, and tables, rows and columns are followed across
renames and moves the way diff matches them. Each revision is parsed once.

--table keeps one table (an id it has now, or one it had before a rename).
--rev picks the revision blamed. --since starts the history at the last
revision before that time (a revision's exact timestamp: that revision): values
already there are marked ^ (at least that old), as git blame --since does;
--until blames the last revision up to that time. Times are timestamps or
prefixes of one (2024, 2024-01, 2024-01-12T18), as history takes them.

JSON (--format json): {page, revision: {timestamp, author}, tables: [{id,
rows: [{key, since: {timestamp, author, summary}, cells: {COLUMN: {value,
timestamp, author, summary}}}]}]} (a cell or row older than --since also has
"boundary": true).`,
		Example: `  wikirules blame Gamehelphearts
  wikirules blame Gamehelphearts ../shared/seeds --table hearts/rule-set
  wikirules blame Gamehelphearts --rev 2024-01-12 --format json
  wikirules blame Gamehelptablut ../shared/seeds --since 2025-01`,
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
			h, err := w.History(args[0])
			if err != nil {
				return err
			}
			bl, msgs, err := h.Blame(o)
			if err != nil {
				return err
			}
			msgs.Print(a.stderr, "text")
			if format == "json" {
				return diff.WriteJSON(a.stdout, bl)
			}
			return diff.WriteBlameText(a.stdout, bl, diff.TextOptions{Color: colorOn})
		},
	}
	cmd.Flags().StringVar(&o.Table, "table", "", "only this table (its id, or an id it had before a rename)")
	cmd.Flags().StringVar(&o.Rev, "rev", "", "revision to blame: a timestamp (or unique prefix), first, latest, or a position (1, -1)")
	cmd.Flags().StringVar(&o.Span.Since, "since", "", "start the history at the last revision before this time (a timestamp or a prefix: 2024-01)")
	cmd.Flags().StringVar(&o.Span.Until, "until", "", "blame the last revision up to the end of this time")
	cmd.Flags().StringVar(&color, "color", "auto", "colour the text output: auto|always|never (auto respects NO_COLOR)")
	formatFlag(cmd, &format, "text", "text", "json")
	cmd.ValidArgsFunction = a.completeTitle
	return cmd
}
