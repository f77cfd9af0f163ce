package cli

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/check"
	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/atomic"
	"github.com/wikirules/wikirules/model"
)

// checkFlags choose the specs and the engine constants.
type checkFlags struct {
	checks, engine string
}

func (cf *checkFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&cf.checks, "checks", "", "directory of check specs, one <game>.yaml per game (default: the embedded content/checks, with the embedded corpus only)")
	cmd.Flags().StringVar(&cf.engine, "engine", "", "directory of engine constants the specs name (default: --checks's directory, or the embedded content/engine)")
}

// suite loads the specs and makes the suite. Spec errors are returned
// with the (partial) suite. The embedded specs are about the embedded
// corpus: with inputs of your own and no --checks, only the built-in
// checks run.
func (cf *checkFlags) suite(inputs []string) (*check.Suite, error) {
	if cf.checks == "" && len(inputs) > 0 {
		return check.NewSuite(nil, nil, ".", ""), nil
	}
	var specFS, engineFS fs.FS
	specDir, engineDir := ".", "."
	specShown, engineShown := cf.checks, cf.engine
	if cf.checks == "" {
		specFS, specDir, specShown = content.New().FS(), content.ChecksDir, "content/checks"
	} else {
		if st, err := os.Stat(cf.checks); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("--checks %s: not a directory", cf.checks)
		}
		specFS = os.DirFS(cf.checks)
	}
	switch {
	case cf.engine != "":
		engineFS = os.DirFS(cf.engine)
	case cf.checks != "":
		engineFS, engineShown = os.DirFS(cf.checks), cf.checks
	default:
		engineFS, engineDir, engineShown = content.New().FS(), content.EngineDir, "content/engine"
	}
	specs, err := check.LoadSpecs(specFS, specDir, filepath.ToSlash(specShown))
	return check.NewSuite(specs, engineFS, engineDir, filepath.ToSlash(engineShown)), err
}

// gamePages groups the pages of a corpus by game.
func gamePages(c *model.Corpus) map[string][]*model.Page {
	out := map[string][]*model.Page{}
	for _, p := range c.Pages {
		if p.Game != "" && (p.Kind == model.PageRules || p.Kind == model.PageTips) {
			out[p.Game] = append(out[p.Game], p)
		}
	}
	return out
}

func (ws *workspace) pageData(p *model.Page, r *model.Revision) check.PageData {
	doc := ws.parse(p, r)
	return check.PageData{Page: p, Rev: r, Doc: doc, Tables: extract.Extract(doc, p, r)}
}

func (a *app) checkCommand() *cobra.Command {
	var rev, format, junit string
	var history bool
	var cf checkFlags
	var tf templateFlags
	cmd := &cobra.Command{
		Use:   "check [INPUT…]",
		Short: "Run the rule checks: tables against engine constants and against themselves",
		Long: `check runs each game's checks (specs in --checks, one <game>.yaml per game)
on the rule tables of its pages, plus the built-in checks that need no spec: a
declared total ("108 cards:") equals the sum of its list, and arithmetic written
in a page ("10+19+12 = 41") is true.

With --history, the checks run on every revision of each game's rules page,
and each failing check names the revision (and author) since which it fails.

Exit status: 0 when every check passes, 1 when one fails, 2 when a spec or an
input has an error.`,
		Example: `  wikirules check
  wikirules check ../shared/seeds --checks testdata/checks --format json
  wikirules check --history
  wikirules check --junit checks.xml`,
		RunE: func(cmd *cobra.Command, args []string) error {
			suite, specErr := cf.suite(args)
			if suite == nil {
				return specErr
			}
			if specErr != nil {
				printError(a.stderr, specErr)
			}
			ws, err := a.workspace(args, tf)
			if err != nil {
				return err
			}
			games := gamePages(ws.corpus)
			slugs := make([]string, 0, len(games))
			for g := range games {
				slugs = append(slugs, g)
			}
			for _, g := range suite.Games() {
				if games[g] == nil {
					fmt.Fprintf(a.stderr, "wikirules: warning: spec for %s, but no page of that game in the inputs\n", g)
				}
			}
			sort.Strings(slugs)
			var results []check.Result
			var hist []check.HistoryResult
			for _, g := range slugs {
				if history {
					hist = append(hist, a.gameHistory(ws, suite, g, games[g])...)
					continue
				}
				var pages []check.PageData
				for _, p := range games[g] {
					r, _, err := p.SelectRevision(rev)
					if err == nil && !r.Visible() {
						continue // no text to check (deleted, or a stub dump)
					}
					if err != nil {
						if rev != "" {
							continue
						}
						return err
					}
					pages = append(pages, ws.pageData(p, r))
				}
				results = append(results, suite.RunGame(g, pages)...)
			}
			if history {
				for _, h := range hist {
					results = append(results, h.Result)
				}
			}
			if junit != "" {
				if err := atomic.WriteFile(junit, 0o644, func(w io.Writer) error { return check.WriteJUnit(w, results) }); err != nil {
					return err
				}
			}
			switch {
			case format == "json" && history:
				err = writeJSON(a.stdout, hist)
			case format == "json":
				if results == nil {
					results = []check.Result{}
				}
				err = writeJSON(a.stdout, results)
			case history:
				err = writeHistory(a.stdout, hist)
			default:
				err = writeResults(a.stdout, results)
			}
			if err != nil {
				return err
			}
			failed, errored := false, specErr != nil
			for _, r := range results {
				failed = failed || r.Status == check.Fail
				errored = errored || r.Status == check.Error
			}
			switch {
			case errored:
				return withStatus(ExitError, nil)
			case failed:
				return withStatus(ExitChanged, nil)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&rev, "rev", "", "revision of each page to check (default latest)")
	cmd.Flags().StringVar(&junit, "junit", "", "also write the results as JUnit XML to this file")
	cmd.Flags().BoolVar(&history, "history", false, "run the checks on every revision and report which edit broke each failing check")
	formatFlag(cmd, &format, "text", "text", "json")
	cf.register(cmd)
	tf.register(cmd)
	return cmd
}

// gameHistory runs a game's checks over the history of its rules page.
func (a *app) gameHistory(ws *workspace, suite *check.Suite, g string, pages []*model.Page) []check.HistoryResult {
	var main *model.Page
	var others []check.PageData
	for _, p := range pages {
		if p.Kind == model.PageRules && main == nil {
			main = p
			continue
		}
		if r := p.LatestVisible(); r != nil {
			others = append(others, ws.pageData(p, r))
		}
	}
	if main == nil {
		return nil
	}
	return suite.History(g, main, func(r *model.Revision) check.PageData { return ws.pageData(main, r) }, others)
}

func where(r check.Result) string {
	if r.Source.Page == "" {
		return ""
	}
	return fmt.Sprintf("%s@%s:%d", r.Source.Page, r.Source.Revision, r.Source.Line)
}

func writeResults(w io.Writer, results []check.Result) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	counts := map[check.Status]int{}
	for _, r := range results {
		counts[r.Status]++
		loc := where(r)
		if r.Status == check.Error && r.Spec != "" {
			loc = r.Spec
		}
		fmt.Fprintf(tw, "%s\t%s/%s\t%s\t%s\n", r.Status, r.Game, r.ID, oneLine(r.Message), loc)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%s: %d passed, %d failed, %d errors\n", plural(len(results), "check"), counts[check.Pass], counts[check.Fail], counts[check.Error])
	return err
}

func writeHistory(w io.Writer, hist []check.HistoryResult) error {
	counts := map[check.Status]int{}
	for _, h := range hist {
		counts[h.Status]++
		fmt.Fprintf(w, "%s\t%s/%s", h.Status, h.Game, h.ID)
		if h.BrokenBy != nil {
			fmt.Fprintf(w, "\tfailing since %s (%s", h.BrokenBy.Revision, h.BrokenBy.Author)
			if h.BrokenBy.Summary != "" {
				fmt.Fprintf(w, ": %s", oneLine(h.BrokenBy.Summary))
			}
			fmt.Fprint(w, ")")
		}
		fmt.Fprintln(w)
		if len(h.Transitions) > 1 || h.Transitions[0].Status != check.Pass {
			for _, t := range h.Transitions {
				fmt.Fprintf(w, "    %s  %-5s  %s: %s\n", t.Revision, t.Status, t.Author, strings.Join(strings.Fields(t.Message), " "))
			}
		}
	}
	_, err := fmt.Fprintf(w, "%s over the history: %d pass now, %d fail, %d errors\n", plural(len(hist), "check"), counts[check.Pass], counts[check.Fail], counts[check.Error])
	return err
}
