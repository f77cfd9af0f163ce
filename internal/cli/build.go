package cli

import (
	"fmt"
	"io/fs"
	"os"
	"runtime/debug"
	"sync"
	"time"

	"github.com/spf13/pflag"

	"github.com/mattn/go-isatty"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/site"
	"github.com/wikirules/wikirules/wiki"
)

// siteFlags are the flags of build and serve.
type siteFlags struct {
	out, baseURL, name, contentDir, media, layouts string
	wikiURL                                        string
	force, quiet, verbose                          bool
	workers                                        int
	mediaAllow                                     []string
	cf                                             checkFlags
}

func (sf *siteFlags) register(cmd *cobra.Command, withOut bool) {
	if withOut {
		cmd.Flags().StringVarP(&sf.out, "output", "o", "public", "site directory (replaced as a whole by a full build, updated in place file by file by an incremental one)")
	}
	cmd.Flags().StringVar(&sf.baseURL, "base-url", "", "the site's absolute URL, for sitemap.xml, the feed and the 404 page (pages link relatively)")
	cmd.Flags().StringVar(&sf.name, "site-name", site.DefaultSiteName, "the site's name, in titles and the header")
	cmd.Flags().StringVar(&sf.wikiURL, "wiki-url", "", "the wiki's address, for links back to its pages, edit forms and revisions: an article path with $1 (https://en.wikipedia.org/wiki/$1) or the directory of its index.php (https://en.doc.boardgamearena.com/)")
	cmd.Flags().StringVar(&sf.contentDir, "content", "", "directory of Markdown pages: index.md, games/<slug>.md, <name>.md (default: the embedded content/site)")
	cmd.Flags().StringVar(&sf.media, "media", "", "directory of the wiki's uploaded files, shown where pages use [[File:…]] (images, audio, video and PDF; symbolic links out of it are not followed)")
	cmd.Flags().StringSliceVar(&sf.mediaAllow, "media-allow", nil, "also publish media files with these extensions (svg,xml), or '*' for every file: a browser can run script in them when opened directly, so serve them with a CSP sandbox (see the README)")
	cmd.Flags().StringVar(&sf.layouts, "layouts", "", "directory of your site layouts: *.html (or layouts/*.html) and assets/* replace the site's files of the same name")
	cmd.Flags().BoolVar(&sf.force, "force", false, "rebuild every page, ignoring the previous build")
	cmd.Flags().BoolVarP(&sf.quiet, "quiet", "q", false, "print nothing but errors")
	cmd.Flags().BoolVarP(&sf.verbose, "verbose", "v", false, "print every warning (unknown templates, repaired markup, extraction problems)")
	cmd.Flags().IntVar(&sf.workers, "workers", 0, "pages built at once (default: the number of CPUs)")
	sf.cf.register(cmd)
}

// options loads everything a build needs but the wiki.
func (sf *siteFlags) options(w *wiki.Wiki) (site.Options, error) {
	o := site.Options{Out: sf.out, BaseURL: sf.baseURL, SiteName: sf.name, Workers: sf.workers, Force: sf.force, Version: programVersion(), MediaAllow: sf.mediaAllow}
	if err := o.LoadDirs(site.Dirs{Layouts: sf.layouts, Content: sf.contentDir, Media: sf.media}); err != nil {
		return o, err
	}
	suite, err := w.Suite(sf.cf.SuiteConfig)
	if err != nil {
		return o, fmt.Errorf("check specs: %w", err)
	}
	o.Suite = suite
	return o, nil
}

// build opens the wiki and builds the site into out.
func (a *app) build(inputs []string, sf *siteFlags, out, key string) (*site.Stats, error) {
	a.wikiURL, a.contentDir, a.siteCommand = sf.wikiURL, sf.contentDir, true
	buildHeap.Do(func() { hugePages(buildHeapNeed(inputs)) })
	w, err := a.open(inputs, false)
	if err != nil {
		return nil, err
	}
	opts, err := sf.options(w)
	if err != nil {
		return nil, err
	}
	opts.Out, opts.InputKey = out, key
	return a.runBuild(w, opts, sf)
}

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
inputs did not change (recorded in .wikirules/manifest.bin in the site).
Links between pages are relative, so the site works from any path and from
file://.`,
		Example: `  wikirules build
  wikirules build ../shared/seeds -o site --base-url https://rules.example.org/
  wikirules build dump.xml.bz2 --checks checks --engine engine --media images`,
		RunE: func(cmd *cobra.Command, args []string) error {
			args = a.inputs(args)
			key := ""
			if !sf.force {
				key = a.inputKey(cmd, args, &sf)
				if st, ok := site.UpToDate(sf.out, key); ok {
					a.printBuild(st, &sf, sf.out)
					return nil
				}
			}
			st, err := a.build(args, &sf, sf.out, key)
			if err != nil {
				return err
			}
			a.printBuild(st, &sf, sf.out)
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
// memory for the whole build). When the feeds are mapped (mapped), the
// texts are off the heap and the heap gets the 768 MiB less the texts in
// memory: all of them at first, as the pages' digests read them all, then
// fewer as the build gives back the texts of the units it has built
// (model.Corpus.ReleaseTexts), each time raising the heap's limit by as
// much. On 10,000 pages × 10 revisions (415 MB of text) a fixed limit
// collected 58 times for 6.1 s of CPU. GOGC and GOMEMLIMIT in the
// environment take precedence.
func tuneGC(c *model.Corpus, mapped bool) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	text := textBytes(c.Pages)
	debug.SetGCPercent(400)
	if !mapped {
		debug.SetMemoryLimit(max(768<<20, text*3/2+192<<20))
		return
	}
	debug.SetMemoryLimit(mappedHeapLimit(text, text))
	release := c.TextRelease()
	if release == nil {
		return
	}
	var mu sync.Mutex
	resident := text
	c.SetTextRelease(func(pages []*model.Page) {
		release(pages)
		mu.Lock()
		defer mu.Unlock()
		resident = max(0, resident-textBytes(pages))
		debug.SetMemoryLimit(mappedHeapLimit(resident, text))
	})
}

// mappedHeapLimit is the heap's limit when resident bytes of the total
// bytes of mapped text are in memory: 768 MiB less them, counting at least
// 96 MiB of a larger total (the texts of the units being built, and those
// the site-wide pages read again), or half of them plus 192 MiB for a
// wiki whose texts alone pass 768 MiB.
func mappedHeapLimit(resident, total int64) int64 {
	return max(768<<20-max(resident, min(total, 96<<20)), resident/2+192<<20)
}

// textBytes is the size of the texts of pages' revisions.
func textBytes(pages []*model.Page) int64 {
	var n int64
	for _, p := range pages {
		if p == nil {
			continue
		}
		for _, r := range p.Revisions {
			n += int64(len(r.Text))
		}
	}
	return n
}

// buildHeap prepares the heap once per process: serve builds again and
// again in a heap already warm.
var buildHeap sync.Once

// buildHeapNeed is how much of a build's heap is worth asking in huge pages
// (see hugePages): two and a half times the inputs' bytes (the trees,
// extractions and pages of a build, as measured on generated wikis), at
// most a gigabyte or a quarter of the machine's memory. A rebuild that
// reuses nearly every page touches most of that heap once: on 10,000
// pages × 10 revisions with one page changed, 1.55 s → 1.0–1.2 s; a full
// build recycles its heap and neither gains nor loses.
func buildHeapNeed(inputs []string) int {
	var n int64
	add := func(fi fs.FileInfo) {
		if fi.Mode().IsRegular() {
			n += fi.Size()
		}
	}
	for _, in := range inputs {
		fi, err := os.Stat(in)
		if err != nil {
			continue
		}
		if !fi.IsDir() {
			add(fi)
			continue
		}
		entries, _ := os.ReadDir(in)
		for _, e := range entries {
			if fi, err := e.Info(); err == nil {
				add(fi)
			}
		}
	}
	return int(min(n*5/2, 1<<30, memTotal()/4))
}

// runBuild builds with a progress bar when standard error is a terminal.
func (a *app) runBuild(w *wiki.Wiki, opts site.Options, sf *siteFlags) (*site.Stats, error) {
	tuneGC(w.Corpus, a.mapInputs)
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
	return site.Build(w, opts)
}

func (a *app) printBuild(st *site.Stats, sf *siteFlags, out string) {
	if sf.verbose {
		st.Warnings.Print(a.stderr, "text")
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
	// The inputs' warnings were printed as they were read; the build's
	// are listed with -v.
	warn := plural(len(st.Warnings)+a.inputWarnings, "warning")
	switch {
	case len(st.Warnings) > 0 && !sf.verbose && a.inputWarnings > 0:
		warn += fmt.Sprintf(" (%d of the inputs above; -v lists the others)", a.inputWarnings)
	case len(st.Warnings) > 0 && !sf.verbose:
		warn += " (-v lists them)"
	}
	fmt.Fprintf(a.stdout, "built %s: %s (%s), %s, %s, %s, %s; %d built, %d reused; %s in %s\n",
		out, plural(st.Pages, "page"), plural(st.Revisions, "revision"), plural(st.Games, "game"), plural(st.Tables, "table"),
		checks, warn, st.Built, st.Reused, plural(st.Files, "file"), st.Elapsed.Round(time.Millisecond))
}

// inputKey identifies a build's inputs without reading them (see
// site.InputKey): this program, the flags that change what is built, and
// the files of the inputs and of the directories the flags name.
func (a *app) inputKey(cmd *cobra.Command, inputs []string, sf *siteFlags) string {
	settings := []string{programVersion()}
	cosmetic := map[string]bool{"quiet": true, "verbose": true, "workers": true, "force": true, "cpuprofile": true, "addr": true}
	visit := func(f *pflag.Flag) {
		if !cosmetic[f.Name] {
			settings = append(settings, f.Name+"="+f.Value.String())
		}
	}
	cmd.Flags().VisitAll(visit)
	cmd.Root().PersistentFlags().VisitAll(visit)
	paths := append([]string{}, inputs...)
	if a.conf != nil {
		// Names and the like are in the file only.
		paths = append(paths, a.conf.Path)
	}
	for _, d := range []string{a.wf.templates, sf.layouts, sf.contentDir, sf.media, sf.cf.ChecksDir, sf.cf.EngineDir} {
		if d != "" {
			paths = append(paths, d)
		}
	}
	return site.InputKey(settings, paths)
}
