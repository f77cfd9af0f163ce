package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/wiki"
)

// formatFlag is a --format flag limited to a fixed set of values, with
// completion.
func formatFlag(cmd *cobra.Command, p *string, def string, values ...string) {
	cmd.Flags().StringVar(p, "format", def, "output format: "+strings.Join(values, "|"))
	_ = cmd.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	})
	cmd.PreRunE = chainPreRun(cmd.PreRunE, func(*cobra.Command, []string) error {
		for _, v := range values {
			if *p == v {
				return nil
			}
		}
		return fmt.Errorf("--format %q: expected one of %s", *p, strings.Join(values, ", "))
	})
}

func chainPreRun(a, b func(*cobra.Command, []string) error) func(*cobra.Command, []string) error {
	if a == nil {
		return b
	}
	return func(c *cobra.Command, args []string) error {
		if err := a(c, args); err != nil {
			return err
		}
		return b(c, args)
	}
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

type pageJSON struct {
	Title     string `json:"title"`
	Kind      string `json:"kind"`
	Game      string `json:"game"`
	Revisions int    `json:"revisions"`
	First     string `json:"first"`
	Last      string `json:"last"`
	// Redirect is a redirect page's target.
	Redirect string `json:"redirect,omitempty"`
}

func (a *app) pagesCommand() *cobra.Command {
	var format, kind string
	cmd := &cobra.Command{
		Use:   "pages [INPUT…]",
		Short: "List the pages in the inputs with their kind, game and revision count",
		Example: `  wikirules pages
  wikirules pages ../shared/seeds --format json
  wikirules pages dump.xml.bz2 --kind rules`,
		RunE: func(cmd *cobra.Command, args []string) error {
			w, err := a.open(args, true)
			if err != nil {
				return err
			}
			var rows []pageJSON
			for _, p := range w.Corpus.Pages {
				if kind != "" && p.Kind.String() != kind {
					continue // kind was checked before (PreRunE)
				}
				r := pageJSON{Title: p.Title, Kind: p.Kind.String(), Game: p.Game, Revisions: len(p.Revisions), Redirect: p.Redirect}
				if n := len(p.Revisions); n > 0 {
					r.First = model.FormatTime(p.Revisions[0].Timestamp)
					r.Last = model.FormatTime(p.Revisions[n-1].Timestamp)
				}
				rows = append(rows, r)
			}
			if format == "json" {
				if rows == nil {
					rows = []pageJSON{}
				}
				return writeJSON(a.stdout, rows)
			}
			tw := tabwriter.NewWriter(a.stdout, 0, 0, 2, ' ', 0)
			redirects := false
			for _, r := range rows {
				redirects = redirects || r.Redirect != ""
			}
			head := "TITLE\tKIND\tGAME\tREVISIONS\tFIRST\tLAST"
			if redirects {
				head += "\tREDIRECT TO"
			}
			fmt.Fprintln(tw, head)
			total := 0
			for _, r := range rows {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s", termText(r.Title), r.Kind, termText(dash(r.Game)), r.Revisions, r.First, r.Last)
				if redirects {
					fmt.Fprintf(tw, "\t%s", termText(dash(r.Redirect)))
				}
				fmt.Fprintln(tw)
				total += r.Revisions
			}
			tw.Flush()
			fmt.Fprintf(a.stdout, "%s, %s\n", plural(len(rows), "page"), plural(total, "revision"))
			return nil
		},
	}
	formatFlag(cmd, &format, "table", "table", "json")
	cmd.Flags().StringVar(&kind, "kind", "", "only pages of this kind: rules|tips|file|template|redirect|other")
	cmd.PreRunE = chainPreRun(cmd.PreRunE, func(*cobra.Command, []string) error {
		if kind == "" {
			return nil
		}
		// A kind that no page can have would list nothing, as if the
		// inputs had no such page.
		if _, err := model.ParsePageKind(kind); err != nil {
			return fmt.Errorf("--kind: %w", err)
		}
		return nil
	})
	return cmd
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

type revisionJSON struct {
	Timestamp string `json:"timestamp"`
	Author    string `json:"author"`
	Summary   string `json:"summary"`
	Section   string `json:"section"`
	SHA1      string `json:"sha1"`
	Bytes     int    `json:"bytes"`
	// Deleted lists the parts the wiki hid ("text,author,summary");
	// Stub is set when the input holds the revision's metadata only.
	Deleted model.Deleted `json:"deleted,omitempty"`
	Stub    bool          `json:"stub,omitempty"`
}

func (a *app) historyCommand() *cobra.Command {
	var format string
	var span wiki.Span
	cmd := &cobra.Command{
		Use:   "history TITLE [INPUT…]",
		Short: "List a page's revisions, oldest first",
		Long: `history lists a page's revisions, oldest first, numbered by their position in
the whole history (the numbers --rev takes). TITLE is a title, or a game's slug
or name ("hearts", "Sushi Go") for its rules page. --since and --until keep the
revisions of a period: a timestamp or a prefix of one (2024, 2024-01,
2024-01-12T18), both ends included; --since a revision's exact timestamp keeps
the revisions after it.`,
		Example: `  wikirules history Gamehelphearts
  wikirules history hearts --since 2024-01-12
  wikirules history Gamehelpopenfacechinesepoker ../shared/seeds --since 2024-11 --until 2025-01 --format json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			w, err := a.open(args[1:], true)
			if err != nil {
				return err
			}
			p, err := w.Find(args[0])
			if err != nil {
				return err
			}
			first, end, err := span.Range(p)
			if err != nil {
				return err
			}
			if first == end && (span.Since != "" || span.Until != "") {
				fmt.Fprintf(a.stderr, "wikirules: %s has no revision in that period (it has %s, from %s to %s)\n", p.Title,
					plural(len(p.Revisions), "revision"), model.FormatTime(p.Revisions[0].Timestamp), model.FormatTime(p.Latest().Timestamp))
			}
			rows := make([]revisionJSON, 0, end-first)
			for _, r := range p.Revisions[first:end] {
				rows = append(rows, revisionJSON{
					Timestamp: model.FormatTime(r.Timestamp), Author: r.Author, Summary: r.Summary,
					Section: r.Section, SHA1: r.Digest(), Bytes: r.Size, Deleted: r.Deleted, Stub: r.Stub,
				})
			}
			if format == "json" {
				return writeJSON(a.stdout, rows)
			}
			tw := tabwriter.NewWriter(a.stdout, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "#\tTIMESTAMP\tAUTHOR\tBYTES\tCHANGE\tSUMMARY")
			prev := 0
			if first > 0 {
				prev = p.Revisions[first-1].Size
			}
			for i, r := range rows {
				rev := p.Revisions[first+i]
				summary := rev.SummaryLabel()
				if why := rev.Absence(); why != "" {
					summary = strings.TrimSpace(why + " " + summary)
				}
				fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%+d\t%s\n", first+i+1, r.Timestamp, termText(dash(rev.AuthorLabel())), r.Bytes, r.Bytes-prev, termText(oneLine(summary)))
				prev = r.Bytes
			}
			return tw.Flush()
		},
	}
	formatFlag(cmd, &format, "table", "table", "json")
	cmd.Flags().StringVar(&span.Since, "since", "", "only revisions from this time on: a timestamp or a prefix of one (2024-01)")
	cmd.Flags().StringVar(&span.Until, "until", "", "only revisions up to the end of this time: a timestamp or a prefix of one")
	cmd.ValidArgsFunction = a.completeTitle
	return cmd
}

// oneLine keeps table rows on one line.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 100 {
		s = string(r[:99]) + "…"
	}
	return s
}

// completeTitle completes page titles of the embedded corpus, or of the
// inputs already on the command line.
func (a *app) completeTitle(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveDefault // inputs: files
	}
	w, err := wiki.Open(a.config(nil, true))
	if err != nil {
		return nil, cobra.ShellCompDirectiveError
	}
	var out []string
	for _, p := range w.Corpus.Pages {
		if strings.HasPrefix(p.Title, toComplete) {
			out = append(out, p.Title)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

func (a *app) showCommand() *cobra.Command {
	var rev string
	cmd := &cobra.Command{
		Use:   "show TITLE [INPUT…]",
		Short: "Print a revision's raw wikitext (the latest by default)",
		Example: `  wikirules show Gamehelphearts
  wikirules show Gamehelphearts --rev first
  wikirules show Gamehelpsushigo ../shared/seeds --rev 2025-11-16T01:51:56Z`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			w, err := a.open(args[1:], false)
			if err != nil {
				return err
			}
			p, err := w.Find(args[0])
			if err != nil {
				return err
			}
			r, _, err := p.SelectRevision(rev)
			if err != nil {
				return err
			}
			if err := r.NeedText(p.Title); err != nil {
				return err
			}
			text := r.Text
			if isTerminal(a.stdout) {
				// Raw to a file or a pipe; on a terminal, escape
				// sequences in the text are shown, not run.
				text = model.EscapeControls(text)
			}
			_, err = io.WriteString(a.stdout, text)
			return err
		},
	}
	cmd.Flags().StringVar(&rev, "rev", "", "revision: a timestamp (or unique prefix), first, latest, or a position (1, -1)")
	cmd.ValidArgsFunction = a.completeTitle
	return cmd
}

// plural formats "1 page" and "2 pages".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
