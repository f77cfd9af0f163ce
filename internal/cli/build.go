package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"github.com/spf13/pflag"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/site"
	"github.com/wikirules/wikirules/templates"
)

// siteFlags are the flags of build and serve.
type siteFlags struct {
	out, baseURL, name, contentDir, media string
	force, quiet, verbose                 bool
	workers                               int
	cf                                    checkFlags
	tf                                    templateFlags
}

func (sf *siteFlags) register(cmd *cobra.Command, withOut bool) {
	if withOut {
		cmd.Flags().StringVarP(&sf.out, "out", "o", "public", "site directory (replaced as a whole when the build succeeds)")
	}
	cmd.Flags().StringVar(&sf.baseURL, "base-url", "", "the site's absolute URL, for sitemap.xml, the feed and the 404 page (pages link relatively)")
	cmd.Flags().StringVar(&sf.name, "site-name", "Game rules", "the site's name")
	cmd.Flags().StringVar(&sf.contentDir, "content", "", "directory of Markdown pages: index.md, games/<slug>.md, <name>.md (default: the embedded content/site)")
	cmd.Flags().StringVar(&sf.media, "media", "", "directory of the wiki's uploaded files, shown where pages use [[File:…]]")
	cmd.Flags().BoolVar(&sf.force, "force", false, "rebuild every page, ignoring the previous build")
	cmd.Flags().BoolVarP(&sf.quiet, "quiet", "q", false, "print nothing but errors")
	cmd.Flags().BoolVarP(&sf.verbose, "verbose", "v", false, "print every warning (unknown templates, repaired markup, extraction problems)")
	cmd.Flags().IntVar(&sf.workers, "workers", 0, "pages built at once (default: the number of CPUs)")
	sf.cf.register(cmd)
	cmd.Flags().StringVar(&sf.tf.dir, "templates", "", "directory of your templates: *.html (or layouts/*.html) and assets/* replace the site's files of the same name; *.wiki files define wiki templates")
}

// options loads everything a build needs but the corpus.
func (sf *siteFlags) options(inputs []string) (site.Options, error) {
	var o site.Options
	wt, err := sf.tf.load()
	if err != nil {
		return o, err
	}
	var override fs.FS
	if sf.tf.dir != "" {
		override = os.DirFS(sf.tf.dir)
	}
	st, err := templates.New(override)
	if err != nil {
		return o, err
	}
	suite, err := sf.cf.suite(inputs)
	if err != nil {
		return o, fmt.Errorf("check specs: %w", err)
	}
	o = site.Options{Out: sf.out, BaseURL: sf.baseURL, SiteName: sf.name, Layouts: st, WikiTemplates: wt,
		Suite: suite, Workers: sf.workers, Force: sf.force, Version: programVersion()}
	if sf.contentDir != "" {
		if fi, err := os.Stat(sf.contentDir); err != nil || !fi.IsDir() {
			return o, fmt.Errorf("--content %s: not a directory", sf.contentDir)
		}
		o.Content = os.DirFS(sf.contentDir)
	} else {
		o.Content = content.New().Site()
	}
	if sf.media != "" {
		if fi, err := os.Stat(sf.media); err != nil || !fi.IsDir() {
			return o, fmt.Errorf("--media %s: not a directory", sf.media)
		}
		o.Media = os.DirFS(sf.media)
	}
	return o, nil
}

// programVersion identifies this program's build, so a new binary does
// not reuse pages an older one built.
var programVersion = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return "unknown"
	}
	f, err := os.Open(exe)
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "unknown"
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
})

func (a *app) buildCommand() *cobra.Command {
	var sf siteFlags
	cmd := &cobra.Command{
		Use:   "build [INPUT…]",
		Short: "Build the static help site",
		Long: `build compiles the pages into a static site (default ./public): every page's
latest revision rendered, its history with the diff of every edit, each game's
rule tables with their checks, and the site-wide pages (home, all pages,
categories, checks, search, sitemap.xml, an Atom feed, 404.html).

The site is written to a temporary directory and renamed into place: a failed
build leaves the previous site as it was. A rebuild reuses the pages whose
inputs did not change (recorded in .wikirules/manifest.json in the site).
Links between pages are relative, so the site works from any path and from
file://.`,
		Example: `  wikirules build
  wikirules build ../shared/seeds -o site --base-url https://rules.example.org/
  wikirules build dump.xml.bz2 --checks checks --engine engine --media images`,
		RunE: func(cmd *cobra.Command, args []string) error {
			key := ""
			if !sf.force {
				key = a.inputKey(cmd, args, &sf)
				if st, ok := site.UpToDate(sf.out, key); ok {
					a.printBuild(st, &sf, sf.out)
					return nil
				}
			}
			opts, err := sf.options(args)
			if err != nil {
				return err
			}
			opts.InputKey = key
			c, err := a.load(args, false)
			if err != nil {
				return err
			}
			st, err := a.runBuild(c, opts, &sf)
			if err != nil {
				return err
			}
			a.printBuild(st, &sf, opts.Out)
			return nil
		},
	}
	sf.register(cmd, true)
	return cmd
}

// tuneGC trades memory the build can afford for less time in the garbage
// collector (a build allocates a lot of short-lived trees): collect at 5×
// the live heap rather than 2×, but keep the heap under 768 MiB or 1.5×
// the wiki's text plus 192 MiB, whichever is larger (the texts stay in
// memory for the whole build). GOGC and GOMEMLIMIT in the environment take
// precedence.
func tuneGC(c *model.Corpus) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	var text int64
	for _, p := range c.Pages {
		for _, r := range p.Revisions {
			text += int64(len(r.Text))
		}
	}
	debug.SetGCPercent(400)
	debug.SetMemoryLimit(max(768<<20, text*3/2+192<<20))
}

// runBuild builds with a progress bar when standard error is a terminal.
func (a *app) runBuild(c *model.Corpus, opts site.Options, sf *siteFlags) (*site.Stats, error) {
	tuneGC(c)
	if f, ok := a.stderr.(*os.File); ok && !sf.quiet && isatty.IsTerminal(f.Fd()) {
		var bar *progressbar.ProgressBar
		var mu sync.Mutex
		opts.Progress = func(done, total int) {
			mu.Lock()
			defer mu.Unlock()
			if bar == nil {
				bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(f), progressbar.OptionSetDescription("building"),
					progressbar.OptionShowCount(), progressbar.OptionClearOnFinish(), progressbar.OptionThrottle(100*time.Millisecond))
			}
			bar.Set(done)
		}
		defer func() {
			if bar != nil {
				bar.Finish()
			}
		}()
	}
	return site.Build(c, opts)
}

func (a *app) printBuild(st *site.Stats, sf *siteFlags, out string) {
	if sf.verbose {
		for _, w := range st.Warnings {
			fmt.Fprintln(a.stderr, "warning:", w)
		}
	}
	if sf.quiet {
		return
	}
	if st.UpToDate {
		fmt.Fprintf(a.stdout, "%s is up to date: %s, nothing changed (%s)\n", out, plural(st.Pages, "page"), st.Elapsed.Round(time.Millisecond))
		return
	}
	var checks string
	switch {
	case st.Failed > 0 || st.Errors > 0:
		checks = fmt.Sprintf("%s (%d failed, %d errors)", plural(st.Checks, "check"), st.Failed, st.Errors)
	default:
		checks = fmt.Sprintf("%s (all pass)", plural(st.Checks, "check"))
	}
	warn := plural(len(st.Warnings), "warning")
	if len(st.Warnings) > 0 && !sf.verbose {
		warn += " (-v lists them)"
	}
	fmt.Fprintf(a.stdout, "built %s: %s (%s), %s, %s, %s, %s; %d built, %d reused; %s in %s\n",
		out, plural(st.Pages, "page"), plural(st.Revisions, "revision"), plural(st.Games, "game"), plural(st.Tables, "table"),
		checks, warn, st.Built, st.Reused, plural(st.Files, "file"), st.Elapsed.Round(time.Millisecond))
}

// inputKey identifies a build's inputs without reading them: this
// program, the flags, and every input file's path, size, modification time
// and inode (the inputs, and the --templates, --content, --media, --checks
// and --engine directories). "" when it cannot (standard input).
func (a *app) inputKey(cmd *cobra.Command, inputs []string, sf *siteFlags) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00", programVersion())
	// The flags that change what is built (not -q, -v, --workers…).
	cosmetic := map[string]bool{"quiet": true, "verbose": true, "workers": true, "force": true, "cpuprofile": true, "addr": true}
	visit := func(f *pflag.Flag) {
		if !cosmetic[f.Name] {
			fmt.Fprintf(h, "%s=%s\x00", f.Name, f.Value.String())
		}
	}
	cmd.Flags().VisitAll(visit)
	cmd.Root().PersistentFlags().VisitAll(visit)
	paths := append([]string{}, inputs...)
	for _, d := range []string{sf.tf.dir, sf.contentDir, sf.media, sf.cf.checks, sf.cf.engine} {
		if d != "" {
			paths = append(paths, d)
		}
	}
	for _, in := range paths {
		if in == "-" {
			return ""
		}
		matches := []string{in}
		if _, err := os.Stat(in); err != nil {
			m, err := filepath.Glob(in)
			if err != nil || len(m) == 0 {
				return ""
			}
			matches = m
		}
		for _, m := range matches {
			err := filepath.WalkDir(m, func(p string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				fi, err := d.Info()
				if err != nil {
					return err
				}
				fmt.Fprintf(h, "%s\x00%d\x00%d\x00%d\x00%v\x00", p, fi.Size(), fi.ModTime().UnixNano(), inode(fi), fi.Mode())
				return nil
			})
			if err != nil {
				return ""
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}
