package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/pull"
)

func (a *app) pullCommand() *cobra.Command {
	var opts pull.Options
	var sel pull.Selection
	var quiet bool
	var format string
	cmd := &cobra.Command{
		Use:   "pull --api URL [-o DIR]",
		Short: "Fetch a live wiki's pages and keep a local copy up to date",
		Long: `pull copies pages of a live MediaWiki, with their whole history, into a local
store (default ./wiki) that every other command reads as INPUT: one XML export
per page under DIR/pages/ and a state file, DIR/pull.json. Later runs fetch only
the pages that changed and only their new revisions; a run with nothing new
writes nothing. Templates that the pages use come along (--no-templates leaves
them out); --media DIR downloads the uploaded files they show.

The selection (--namespace, --prefix, --category, --title, --since, --no-templates)
is remembered in the store: a later "wikirules pull -o DIR" needs no flags.
Giving any of them replaces the stored selection; pages that no longer match,
and pages deleted on the wiki, leave the store (moved to DIR/.removed/).
A renamed page keeps its history under its new title.

The client is polite: one request at a time, at most --rate per second, a
descriptive User-Agent (--contact adds your address), maxlag, and retries with
backoff when the wiki is busy. An interrupted pull leaves whole files only, and
the next pull finishes the job. Every revision is checked against its SHA-1.`,
		Example: `  wikirules pull --api https://en.doc.boardgamearena.com/api.php --prefix Gamehelp --prefix "Tips " -o wiki
  wikirules pull -o wiki                       # later: only what changed
  wikirules pull -o wiki --format json         # the summary as JSON
  wikirules build wiki`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			f := cmd.Flags()
			for _, name := range []string{"namespace", "prefix", "category", "title", "since", "no-templates"} {
				if f.Changed(name) {
					opts.Selection = &sel
					break
				}
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			done := a.pullProgress(&opts, quiet || format == "json")
			sum, err := pull.Pull(ctx, opts)
			done()
			if err != nil {
				if ctx.Err() != nil {
					return fmt.Errorf("pull interrupted: %s holds whole pages only; pull again to finish", opts.Dir)
				}
				return err
			}
			if format == "json" {
				enc := json.NewEncoder(a.stdout)
				enc.SetIndent("", "  ")
				return enc.Encode(sum)
			}
			if err := sum.Warnings.Print(a.stderr, "text"); err != nil {
				return err
			}
			if quiet {
				return nil
			}
			// Renames and removals are rare and worth a line each.
			for _, c := range sum.Changes {
				switch c.Change {
				case "renamed":
					fmt.Fprintf(a.stdout, "renamed  %s → %s\n", c.FromTitle, c.Title)
				case "removed":
					fmt.Fprintf(a.stdout, "removed  %s: %s (kept in %s/)\n", c.Title, c.Reason, filepath.Join(opts.Dir, filepath.Dir(c.File)))
				}
			}
			fmt.Fprintln(a.stdout, sum)
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.API, "api", "", "the wiki's api.php URL (remembered in the store)")
	fl.StringVarP(&opts.Dir, "output", "o", "wiki", "the store directory")
	fl.StringSliceVar(&sel.Namespaces, "namespace", nil, "namespace to pull, by number or name (repeatable; default: main)")
	fl.StringArrayVar(&sel.Prefixes, "prefix", nil, "pull the pages whose title starts with this (repeatable; may name a namespace: Template:Card)")
	fl.StringArrayVar(&sel.Categories, "category", nil, "pull the members of this category (repeatable)")
	fl.StringArrayVar(&sel.Titles, "title", nil, "pull this page (repeatable)")
	fl.StringVar(&sel.Since, "since", "", "for pages new to the store, fetch the history from this time on (and the revision current then)")
	fl.BoolVar(&sel.NoTemplates, "no-templates", false, "leave out the templates the pages use (pulled by default, so pages expand with the wiki's own definitions)")
	fl.StringVar(&opts.Media, "media", "", "download the uploaded files the pages use into this directory (for build --media)")
	fl.BoolVar(&opts.Full, "full", false, "fetch every page's whole history again (repairs a store; picks up imported or deleted old revisions)")
	fl.Float64Var(&opts.Client.Rate, "rate", 5, "at most this many requests per second (0: no limit); requests are never concurrent")
	fl.IntVar(&opts.Client.MaxLag, "maxlag", 5, "wait while the wiki's database replicas lag more than this many seconds (negative: do not ask)")
	fl.IntVar(&opts.Client.Retries, "retries", 5, "tries again this many times when the wiki is busy or the network fails (negative: never)")
	fl.StringVar(&opts.Client.Contact, "contact", "", "your e-mail address or URL, added to the User-Agent for the wiki's operators")
	fl.BoolVarP(&quiet, "quiet", "q", false, "print nothing but errors")
	formatFlag(cmd, &format, "text", "text", "json")
	return cmd
}

// pullProgress shows a progress bar on a terminal; the returned function
// removes it.
func (a *app) pullProgress(opts *pull.Options, quiet bool) func() {
	f, ok := a.stderr.(*os.File)
	if quiet || !ok || !isatty.IsTerminal(f.Fd()) {
		return func() {}
	}
	var mu sync.Mutex
	var bar *progressbar.ProgressBar
	phase := ""
	opts.Progress = func(p pull.Progress) {
		mu.Lock()
		defer mu.Unlock()
		if p.Phase != phase {
			if bar != nil {
				bar.Finish()
			}
			phase = p.Phase
			total := p.Total
			if p.Phase == "listing" {
				total = -1
			}
			bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(f), progressbar.OptionShowCount(),
				progressbar.OptionClearOnFinish(), progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionSpinnerType(14))
		}
		switch p.Phase {
		case "listing":
			bar.Describe(fmt.Sprintf("listing pages: %d (%d requests)", p.Done, p.Requests))
		default:
			if p.Total >= 0 {
				bar.ChangeMax(p.Total)
			}
			bar.Describe(fmt.Sprintf("%s: %d revisions, %s", p.Phase, p.Revisions, humanBytes(p.Bytes)))
			bar.Set(p.Done)
		}
	}
	return func() {
		mu.Lock()
		defer mu.Unlock()
		if bar != nil {
			bar.Finish()
		}
	}
}

func humanBytes(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1e6:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}
