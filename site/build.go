package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"html/template"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/yuin/goldmark"

	"github.com/wikirules/wikirules/check"
	watomic "github.com/wikirules/wikirules/internal/atomic"
	"github.com/wikirules/wikirules/internal/rootfs"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/templates"
	"github.com/wikirules/wikirules/wiki"
)

// Options configure a build.
type Options struct {
	// Out is the site directory: a full build replaces it as a whole when
	// it succeeds, an incremental one updates it in place (buildInPlace).
	Out string
	// BaseURL is the site's absolute URL ("https://rules.example.org/"),
	// used by sitemap.xml, the Atom feed and the 404 page; pages link to
	// each other relatively and do not need it.
	BaseURL string
	// SiteName is the site's name, in titles and the header (default
	// DefaultSiteName); the wiki's own name ({{SITENAME}}) is the Wiki's.
	SiteName string
	Lang     string
	// Layouts are the page templates and assets.
	Layouts *templates.Set
	// Suite runs the rule checks; nil runs the built-in checks only.
	Suite *check.Suite
	// Content holds the site's Markdown pages: index.md (the home page's
	// introduction), games/<slug>.md (notes shown on a game's page) and
	// any other <name>.md (a page at <name>/). Nil: the wiki's
	// (wiki.Config.SiteContent: the embedded sample's pages with the
	// sample corpus only, so that a site of other pages never shows the
	// sample's notes).
	Content fs.FS
	// Media holds the wiki's uploaded files by name ("Board.png"): a
	// [[File:Board.png]] shows the image when it is here. May be nil.
	// Only the MediaSafeTypes are published, and what MediaAllow adds;
	// LoadDirs confines it so symbolic links cannot lead outside.
	Media fs.FS
	// MediaAllow are more extensions of media files to publish ("svg"),
	// or "*" for every file: files a browser may run script in when
	// they are opened directly, which the site's host should then serve
	// with a Content-Security-Policy sandbox (as serve does).
	MediaAllow []string
	// Workers is the number of units built at once (default: GOMAXPROCS).
	Workers int
	// Force rebuilds every unit, ignoring the previous build.
	Force bool
	// Progress, when set, is called after each unit with the number done
	// and the total.
	Progress func(done, total int)
	// Version identifies the program: a new version rebuilds everything.
	Version string
	// InputKey, when set, identifies the inputs by their files' names,
	// sizes and times (computed by the caller before loading them); it is
	// recorded with the site so the next build can tell, with UpToDate,
	// that nothing changed without reading the inputs at all.
	InputKey string

	// searchDocsPart is how many sections a part of the search index
	// holds (0: searchDocsPart); tests set it to see a small site's index
	// in many parts.
	searchDocsPart int
}

// Stats describe a build.
type Stats struct {
	Pages, Revisions, Games, Tables int
	Checks, Failed, Errors          int
	Warnings                        model.MsgList
	Files                           int // files in the site
	Built, Reused                   int // units built, and reused from the previous build
	UpToDate                        bool
	Elapsed                         time.Duration
}

// DefaultSiteName is the site's name when Options name none.
const DefaultSiteName = "Game rules"

// builder is one build's state.
type builder struct {
	opts  Options
	wiki  *wiki.Wiki
	plan  *plan
	suite *check.Suite
	out   *output
	notes map[string]template.HTML
	md    goldmark.Markdown
	// notesDigest identifies each game's notes ("" key: all content).
	notesDigest map[string]string
	// common is a digest of what every unit depends on; globalKey of what
	// the site-wide pages depend on besides the units.
	common, globalKey string
	// prev is the previous build's manifest, when its units may be
	// reused; shown the digests of what the site-wide pages show.
	prev    *manifest
	shown   map[string]string
	shownMu sync.Mutex
	// release frees the previous manifest's bytes, when the build is over.
	release func()
	// postings is the search index's postings record, for the manifest
	// (writeSearch).
	postings []byte
	// native is set when the layouts of the pages a unit writes are the
	// embedded ones: those pages are written in Go (layouts.go).
	native bool
	// warnings are about this build, not the site (a previous build's
	// record that could not be read): reported, not recorded.
	warnings model.MsgList
}

// manifestPath is where the build records what it built, in the site;
// inputsPath records the inputs' key and the build's stats.
const (
	manifestPath = ".wikirules/manifest.bin"
	inputsPath   = ".wikirules/inputs.json"
	// pendingPath is there while an incremental build changes the site.
	pendingPath = ".wikirules/pending.json"
)

type inputsRecord struct {
	Key   string `json:"key"`
	Stats Stats  `json:"stats"`
}

// UpToDate reports whether the site in out was built from inputs with this
// key (Options.InputKey), and returns that build's stats. It reads one small
// file: a rebuild with nothing changed costs no parsing at all.
func UpToDate(out, inputKey string) (*Stats, bool) {
	if inputKey == "" {
		return nil, false
	}
	data, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(inputsPath)))
	if err != nil {
		return nil, false
	}
	var rec inputsRecord
	if json.Unmarshal(data, &rec) != nil || rec.Key != inputKey {
		return nil, false
	}
	if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(manifestPath))); err != nil {
		return nil, false
	}
	st := rec.Stats
	st.UpToDate, st.Built, st.Reused = true, 0, st.Built+st.Reused
	return &st, true
}

// Build builds the site of wiki w into opts.Out. The build is a pipeline
// of named phases:
//
//  1. plan: where every page goes, which pages make a game (newBuilder);
//  2. jobs: one unit per game and per other page, keyed by everything it
//     depends on;
//  3. reuse: a unit whose key did not change since the previous build is
//     taken from it; when none changed, the site is left as it is;
//  4. units: the other units are built on a worker pool, each page's
//     revisions parsed once for its page, history, rule tables and checks;
//  5. site-wide pages from the units' summaries (writeSite);
//  6. manifest, then the new site replaces the old one atomically; or,
//     when a previous build was reused, the site is updated in place
//     (buildInPlace: files renamed into place, stale ones removed, the
//     manifest last).
func Build(w *wiki.Wiki, opts Options) (*Stats, error) {
	start := time.Now()
	b, err := newBuilder(w, opts)
	if err != nil {
		return nil, err
	}
	defer func() {
		if b.release != nil {
			b.release()
		}
	}()
	if err := checkOut(b.opts.Out); err != nil {
		return nil, err
	}
	prev := b.previousBuild()
	b.prev = prev
	jobs := b.jobs()
	reuse := b.reusables(prev, jobs)
	if st, ok := b.upToDate(prev, jobs, reuse); ok {
		st.Elapsed = time.Since(start)
		return st, nil
	}

	if prev != nil {
		return b.buildInPlace(prev, jobs, reuse, start)
	}
	tmp, err := tempDirFor(b.opts.Out)
	if err != nil {
		return nil, err
	}
	ok := false
	defer func() {
		if !ok {
			watomic.Discard(tmp)
		}
	}()
	b.out = newOutput(tmp, b.opts.Out)
	units, st, err := b.buildAndWrite(jobs, reuse)
	if err != nil {
		return nil, err
	}
	if err := b.writeManifest(st, units); err != nil {
		return nil, err
	}
	if err := b.writeInputs(st); err != nil {
		return nil, err
	}
	if err := replaceDir(tmp, b.opts.Out); err != nil {
		return nil, err
	}
	ok = true
	st.Warnings = append(st.Warnings, b.warnings...)
	st.Elapsed = time.Since(start)
	return st, nil
}

// newBuilder fills in the options' defaults and plans the site.
func newBuilder(w *wiki.Wiki, opts Options) (*builder, error) {
	if opts.Out == "" {
		return nil, errors.New("site: no output directory")
	}
	if opts.Layouts == nil {
		t, err := templates.New(nil)
		if err != nil {
			return nil, err
		}
		opts.Layouts = t
	}
	if opts.SiteName == "" {
		opts.SiteName = DefaultSiteName
	}
	if opts.Lang == "" {
		opts.Lang = "en"
	}
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	if opts.BaseURL != "" && !strings.HasSuffix(opts.BaseURL, "/") {
		opts.BaseURL += "/"
	}
	if opts.Content == nil {
		opts.Content = w.Config().SiteContent
	}
	b := &builder{opts: opts, wiki: w, plan: makePlan(w, opts.Media, newMediaPolicy(opts.MediaAllow)), suite: opts.Suite, md: newMarkdown(), notes: map[string]template.HTML{},
		native: useNativeLayouts(opts.Layouts)}
	if b.suite == nil {
		b.suite = check.NewSuite(nil, nil, ".", "")
	}
	var err error
	if b.notesDigest, err = b.loadNotes(); err != nil {
		return nil, err
	}
	b.common = digest(opts.Version, opts.Layouts.Digest(), wikiDigest(w), opts.SiteName, opts.BaseURL, opts.Lang)
	return b, nil
}

// job is a unit to build: a game (its rules and tips pages, their
// histories and rule tables) or another page.
type job struct {
	id, key string // key: a digest of everything the unit's files depend on
	game    *gameUnit
	page    *model.Page
}

// jobs lists the units, games first.
func (b *builder) jobs() []job {
	var jobs []job
	games, pages := b.plan.games, b.plan.pages
	// The pages' digests, once each (the keys and the names' keys use
	// them), on every core: a digest reads every revision's fields.
	rules, tips, others := make([]string, len(games)), make([]string, len(games)), make([]string, len(pages))
	var wg sync.WaitGroup
	for w := range b.opts.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(games)+len(pages); i += b.opts.Workers {
				if i < len(games) {
					rules[i], tips[i] = pageDigest(games[i].rules), pageDigest(games[i].tips)
				} else {
					others[i-len(games)] = pageDigest(pages[i-len(games)])
				}
			}
		}()
	}
	wg.Wait()
	var named []*gameUnit // those whose name is read from their pages
	for i, g := range games {
		g.nameKey = digest(b.common, "name", g.slug, rules[i], tips[i], b.notesDigest[g.slug])
		if name, ok := b.prev.gameName(g.slug, g.nameKey); ok {
			g.game.SetName(name)
			continue
		}
		named = append(named, g)
	}
	// Every other game's name is read from its page (wiki.GameName: the
	// lead of its latest revision), once: on every core, before the keys
	// use them.
	for w := range b.opts.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(named); i += b.opts.Workers {
				b.wiki.GameName(named[i].game)
			}
		}()
	}
	wg.Wait()
	// A game's pages link to the games before and after it, by name.
	near := func(g *gameUnit) string {
		if g == nil {
			return ""
		}
		return g.dir + "\x00" + b.wiki.GameName(g.game)
	}
	for i, g := range games {
		k := digest(b.common, "game", g.slug, g.dir, rules[i], tips[i], b.suite.Digest(g.slug), b.notesDigest[g.slug], near(g.prev), near(g.next))
		jobs = append(jobs, job{id: "game:" + g.slug, key: k, game: g})
	}
	for i, pg := range pages {
		k := digest(b.common, "page", pg.Title, b.plan.dir[pg.Title], others[i])
		jobs = append(jobs, job{id: "page:" + pg.Title, key: k, page: pg})
	}
	return jobs
}

// textRelease gives back the memory of the texts of the units built
// (model.Corpus.ReleaseTexts), a batch at a time: a build of a mapped feed
// then holds the texts of the units to come (read once for the pages'
// digests, see jobs) and of the last batch, not of every unit built, and
// its heap can have that memory (see the CLI's tuneGC). A call per unit
// cost more than it saved (each one flushes both cores' TLBs, dear on a
// virtual machine), and so did releasing every text after the digests:
// reading them again cost more system time than the collector saved.
type textRelease struct {
	c       *model.Corpus
	mu      sync.Mutex
	pending []*model.Page
	bytes   int
}

// textReleaseBatch is how many bytes of text a batch releases.
const textReleaseBatch = 32 << 20

// done adds the pages of a unit built to the batch, releasing it when
// full.
func (r *textRelease) done(j job) {
	var pages []*model.Page
	switch {
	case j.game != nil:
		pages = []*model.Page{j.game.rules, j.game.tips}
	case j.page != nil:
		pages = []*model.Page{j.page}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, p := range pages {
		if p == nil {
			continue
		}
		r.pending = append(r.pending, p)
		for _, rev := range p.Revisions {
			r.bytes += len(rev.Text)
		}
	}
	if r.bytes >= textReleaseBatch {
		r.flushLocked()
	}
}

// flush releases the batch.
func (r *textRelease) flush() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.flushLocked()
}

func (r *textRelease) flushLocked() {
	r.c.ReleaseTexts(r.pending)
	r.pending, r.bytes = r.pending[:0], 0
}

// gameName is the name the previous build read for a game from the same
// inputs (nameKey), if any: a copy, as the wiki keeps it past the build
// (the manifest's strings share its mapping, released when the build
// ends).
func (m *manifest) gameName(slug, nameKey string) (string, bool) {
	if m == nil {
		return "", false
	}
	u := m.Units["game:"+slug]
	if u == nil || u.Game == nil || u.Game.NameKey != nameKey {
		return "", false
	}
	return strings.Clone(u.Game.Name), true
}

// previousBuild is the manifest of the site in Out when its units may be
// reused (not under Force, and built by this program).
func (b *builder) previousBuild() *manifest {
	if b.opts.Force {
		return nil
	}
	prev, err := loadManifest(b.opts.Out)
	if err != nil {
		// Not a reason to fail: the site is built anew, and says why.
		b.warnings = append(b.warnings, model.Msg{File: filepath.Join(b.opts.Out, filepath.FromSlash(manifestPath)), Severity: model.SevWarning, ID: model.MsgManifest,
			Text: "the record of the last build cannot be read (" + strings.TrimPrefix(err.Error(), manifestPath+": ") + "): the site is built anew"})
		return nil
	}
	if prev != nil && prev.Version != b.opts.Version {
		prev.release()
		return nil
	}
	if prev != nil {
		b.release = prev.release
	}
	return prev
}

// reusables looks for each job's unit in the previous build (reusable),
// on every core: it looks at each of the unit's files.
func (b *builder) reusables(prev *manifest, jobs []job) []*unitSummary {
	reuse := make([]*unitSummary, len(jobs))
	if prev == nil {
		return reuse
	}
	var wg sync.WaitGroup
	workers := b.opts.Workers
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(jobs); i += workers {
				reuse[i] = b.reusable(prev, jobs[i])
			}
		}()
	}
	wg.Wait()
	return reuse
}

// reusable returns the previous build's summary of a unit when the unit's
// key is unchanged, the pages and files it links to resolve as they did,
// and its files are still there.
func (b *builder) reusable(prev *manifest, j job) *unitSummary {
	if prev == nil {
		return nil
	}
	u := prev.Units[j.id]
	if u == nil || u.Key != j.key {
		return nil
	}
	lk := newLinker(b.plan, "", "", "", nil)
	for k, v := range u.Deps {
		kind, name, _ := strings.Cut(k, ":")
		var now string
		switch kind {
		case "page":
			now = lk.target(name)
		case "file":
			now = b.plan.media[b.plan.mediaKey(name)]
		}
		if now != v {
			return nil
		}
	}
	for _, f := range u.Files {
		if _, err := os.Lstat(filepath.Join(b.opts.Out, filepath.FromSlash(f))); err != nil {
			return nil
		}
	}
	return u
}

// upToDate reports whether nothing at all changed since the previous
// build, which then stays as it is.
func (b *builder) upToDate(prev *manifest, jobs []job, reuse []*unitSummary) (*Stats, bool) {
	b.globalKey = digest(b.common, b.notesDigest[""], b.contentDigest(), b.mediaDigest(), categoryPagesDigest(b.plan))
	if prev == nil || prev.Incomplete || prev.Global != b.globalKey || len(prev.Units) != len(jobs) {
		return nil, false
	}
	for i := range jobs {
		if reuse[i] == nil {
			return nil, false
		}
	}
	if b.opts.InputKey != "" {
		// The inputs' files changed but not their content: record the
		// new key so the next check is cheap.
		rec, _ := json.Marshal(inputsRecord{Key: b.opts.InputKey, Stats: prev.Stats})
		atomicWrite(filepath.Join(b.opts.Out, filepath.FromSlash(inputsPath)), rec)
	}
	st := prev.Stats
	st.UpToDate = true
	st.Built, st.Reused = 0, len(jobs)
	return &st, true
}

// buildAndWrite builds the units (or reuses them) and writes the
// site-wide files from them: the work of a full build and of an in-place
// one alike.
func (b *builder) buildAndWrite(jobs []job, reuse []*unitSummary) ([]*unitSummary, *Stats, error) {
	units, built, reused, err := b.buildUnits(jobs, reuse)
	if err != nil {
		return nil, nil, err
	}
	st, err := b.writeSite(units)
	if err != nil {
		return nil, nil, err
	}
	st.Built, st.Reused = built, reused
	return units, st, nil
}

// buildUnits builds (or reuses) every unit on a worker pool; each unit
// writes its own files. A panic in a unit is an error of that unit.
func (b *builder) buildUnits(jobs []job, reuse []*unitSummary) (units []*unitSummary, built, reused int, err error) {
	units = make([]*unitSummary, len(jobs))
	errs := make([]error, len(jobs))
	var nBuilt, nReused, done atomic.Int64
	progress := func() {
		if b.opts.Progress != nil {
			b.opts.Progress(int(done.Add(1)), len(jobs))
		}
	}
	texts := &textRelease{c: b.wiki.Corpus}
	defer texts.flush()
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(b.opts.Workers, max(len(jobs), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// The worker's units take their nodes from one arena, each
			// unit's once it is written.
			nodes := newArena()
			for i := range next {
				j := jobs[i]
				if u := reuse[i]; u != nil && b.out.reuse(u.Files) == nil {
					units[i] = u
					nReused.Add(1)
					progress()
					continue
				}
				units[i], errs[i] = b.buildUnit(j, nodes)
				nodes.Reset()
				texts.done(j)
				nBuilt.Add(1)
				progress()
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, 0, 0, err
	}
	return units, int(nBuilt.Load()), int(nReused.Load()), nil
}

// buildUnit builds one unit, turning a panic into an error naming it.
func (b *builder) buildUnit(j job, nodes *model.NodeArena) (s *unitSummary, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
		if err != nil {
			err = fmt.Errorf("%s: %w", strings.TrimPrefix(strings.TrimPrefix(j.id, "game:"), "page:"), err)
		}
	}()
	if j.game != nil {
		return b.buildGame(j.game, j.key, nodes)
	}
	return b.buildPage(j.page, j.key, nodes)
}

// writeManifest records what was built, for the next build to reuse, and
// the inputs' key with the stats, for UpToDate.
func (b *builder) writeManifest(st *Stats, units []*unitSummary) error {
	m := &manifest{Version: b.opts.Version, Global: b.globalKey, Units: map[string]*unitSummary{}, Stats: *st, Site: b.out.siteFiles(units), Shown: b.shown,
		postings: b.postings}
	// The files: the units', the others, the manifest and inputs.json.
	st.Files = len(m.Site) + 1
	if b.opts.InputKey != "" {
		st.Files++
	}
	for _, s := range units {
		m.Units[s.ID] = s
		st.Files += len(s.Files)
	}
	// The record is the same whichever units were rebuilt: a full build
	// and an incremental one leave the same bytes.
	m.Stats = *st
	m.Stats.Elapsed = 0
	m.Stats.Built, m.Stats.Reused = 0, st.Built+st.Reused
	return b.out.writeManifest(m)
}

// writeInputs records the inputs' key with the stats, for UpToDate.
func (b *builder) writeInputs(st *Stats) error {
	if b.opts.InputKey == "" {
		return nil
	}
	rs := *st
	rs.Elapsed = 0
	rs.Built, rs.Reused = 0, st.Built+st.Reused
	rec, err := json.Marshal(inputsRecord{Key: b.opts.InputKey, Stats: rs})
	if err != nil {
		return err
	}
	return b.out.write(inputsPath, rec)
}

// buildInPlace updates the site in Out from the previous build: only the
// units whose key changed are built, every file is written through a
// temporary file renamed over the old one, and the files the new site
// lacks are removed. What a reader of the site can observe:
//
//   - every file is whole: the previous version or the new one;
//   - while the build runs, pages of the new site sit beside pages of the
//     previous one (a link to a page not yet written may fail);
//   - before changing anything the build removes inputs.json (UpToDate
//     cannot take the site for finished) and writes pending.json, the
//     units it rebuilds; the manifest is written last, then pending.json
//     removed. A build that fails or is stopped leaves a readable site of
//     old and new files (no temporary file outside .wikirules/) with
//     pending.json in place: the next build rebuilds those units and
//     removes every file it does not write;
//   - when the build succeeds, the tree is byte for byte the one a full
//     build of the same inputs makes.
//
// A full build (the first one, Force, another program version) builds a
// new directory that replaces the site as a whole.
func (b *builder) buildInPlace(prev *manifest, jobs []job, reuse []*unitSummary, start time.Time) (*Stats, error) {
	out := b.opts.Out
	if err := os.Remove(filepath.Join(out, filepath.FromSlash(inputsPath))); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	o, err := newOutputInPlace(out)
	if err != nil {
		return nil, err
	}
	defer o.close()
	b.out = o
	// What changes, recorded before the site changes: the units about to
	// be rebuilt (those that go keep their files in the manifest).
	var pd pending
	for i, j := range jobs {
		if prev.Units[j.id] != nil && reuse[i] == nil {
			pd.Rebuild = append(pd.Rebuild, j.id)
		}
	}
	if prev.Incomplete {
		// Still there from the build that did not finish.
		for id, u := range prev.Units {
			if u.Key == "" {
				pd.Rebuild = append(pd.Rebuild, id)
			}
		}
	}
	rec, err := json.Marshal(pd)
	if err != nil {
		return nil, err
	}
	if err := o.write(pendingPath, rec); err != nil {
		return nil, err
	}
	units, st, err := b.buildAndWrite(jobs, reuse)
	if err != nil {
		return nil, err
	}
	if err := o.removeStale(prev.files(), prev.Incomplete); err != nil {
		return nil, err
	}
	if err := b.writeManifest(st, units); err != nil {
		return nil, err
	}
	if err := os.Remove(filepath.Join(out, filepath.FromSlash(pendingPath))); err != nil {
		return nil, err
	}
	if err := b.writeInputs(st); err != nil {
		return nil, err
	}
	st.Elapsed = time.Since(start)
	return st, nil
}

// render executes a page template into a file of the unit.
func (b *builder) render(s *unitSummary, p, tpl string, data any) error {
	buf := pageBuffers.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= maxPooledBuffer {
			pageBuffers.Put(buf)
		}
	}()
	buf.Reset()
	if !b.native || !writeNative(buf, tpl, data) {
		if h, ok := data.(*HistoryPage); ok && h.bodyLater {
			// Not written in Go after all: the layout reads them.
			h.fill(h.sourceText)
		}
		if err := b.opts.Layouts.Execute(buf, tpl, data); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
	}
	// The file is written before the buffer goes back to the pool.
	return b.write(s, p, buf.Bytes())
}

// pageBuffers hold pages while they are rendered: a buffer grown to a
// history page's size serves the next page rather than growing again.
var pageBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxPooledBuffer is the largest buffer kept for another page.
const maxPooledBuffer = 8 << 20

func (b *builder) write(s *unitSummary, p string, data []byte) error {
	if err := b.out.write(p, data); err != nil {
		return err
	}
	if s != nil {
		s.Files = append(s.Files, p)
	}
	return nil
}

// base is the Base of a page at p.
func (b *builder) base(title, p, section string) Base {
	return Base{Site: &SiteInfo{Name: b.opts.SiteName, Lang: b.opts.Lang, BaseURL: b.opts.BaseURL, Generator: "wikirules", CSP: ContentSecurityPolicy},
		Title: title, Path: p, Root: rootOf(p), Section: section}
}

// loadNotes renders the games' Markdown notes (games/<slug>.md); it
// returns a digest per game ("" key: of all content).
func (b *builder) loadNotes() (map[string]string, error) {
	out := map[string]string{}
	if b.opts.Content == nil {
		return out, nil
	}
	entries, err := fs.ReadDir(b.opts.Content, "games")
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return out, nil
		}
		return nil, err
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".md") {
			continue
		}
		slug := strings.TrimSuffix(e.Name(), ".md")
		p := path.Join("games", e.Name())
		data, err := fs.ReadFile(b.opts.Content, p)
		if err != nil {
			return nil, err
		}
		_, body, err := wiki.SplitFrontMatter(p, data)
		if err != nil {
			return nil, err
		}
		h, _, err := markdownHTML(b.md, body)
		if err != nil {
			return nil, fmt.Errorf("games/%s: %w", e.Name(), err)
		}
		b.notes[slug] = h
		out[slug] = digest(string(data))
	}
	return out, nil
}

func (b *builder) contentDigest() string {
	if b.opts.Content == nil {
		return ""
	}
	h := sha256.New()
	fs.WalkDir(b.opts.Content, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := fs.ReadFile(b.opts.Content, p)
			fmt.Fprintf(h, "%s\x00%d\x00", p, len(data))
			h.Write(data)
		}
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))
}

func (b *builder) mediaDigest() string {
	var keys []string
	for k, v := range b.plan.mediaFrom {
		st, err := fs.Stat(b.opts.Media, v)
		size, mod := int64(-1), int64(0)
		if err == nil {
			size, mod = st.Size(), st.ModTime().UnixNano()
		}
		keys = append(keys, fmt.Sprintf("%s\x00%s\x00%d\x00%d", k, v, size, mod))
	}
	sort.Strings(keys)
	return digest(keys...)
}

// digest is the digest of a list of fields.
func digest(parts ...string) string {
	d := newDigest()
	d.add(parts...)
	return d.sum()
}

// appendField appends s as a digest reads it: its length, then its bytes
// (no two lists of fields make the same bytes).
func appendField(buf []byte, s string) []byte {
	buf = strconv.AppendInt(buf, int64(len(s)), 10)
	buf = append(buf, ':')
	return append(buf, s...)
}

// appendTextSum appends what identifies a text in a page's digest: its
// length and two checksums, CRC-32C and CRC-32 (IEEE), which the CPU
// computes at 10–25 GB/s. Every rebuild reads every revision of the wiki,
// and a SHA-1 of each text was an eighth of a rebuild with one page
// changed. A checksum is not proof against a text made to collide, but
// none is needed here: a wiki never changes a revision's text, an edit is a
// new revision with its own time, so the texts only guard against a dump
// changed by hand.
func appendTextSum(buf []byte, text string) []byte {
	b := unsafeBytes(text)
	buf = strconv.AppendInt(buf, int64(len(text)), 10)
	buf = append(buf, ':')
	buf = binary.BigEndian.AppendUint32(buf, crc32.Checksum(b, castagnoli()))
	return binary.BigEndian.AppendUint32(buf, crc32.ChecksumIEEE(b))
}

// pageDigest identifies a page's history. It runs for every page of every
// build: fields are appended to one buffer, not formatted.
func pageDigest(pg *model.Page) string {
	if pg == nil {
		return ""
	}
	buf := make([]byte, 0, 128+len(pg.Revisions)*96)
	buf = appendField(buf, pg.Title)
	buf = strconv.AppendInt(buf, int64(pg.Kind), 10)
	for _, r := range pg.Revisions {
		buf = r.Timestamp.UTC().AppendFormat(buf, model.TimeLayout)
		buf = appendField(buf, r.Author)
		buf = appendField(buf, r.Summary)
		buf = appendField(buf, r.SHA1)
		buf = appendTextSum(buf, r.Text)
	}
	sum := sha256.Sum256(buf)
	return hex.EncodeToString(sum[:])
}

// wikiDigest identifies how the wiki's pages are read: its template
// definitions and parse settings.
func wikiDigest(w *wiki.Wiki) string {
	h := sha256.New()
	cfg := w.Config()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00", cfg.Name, cfg.Server, cfg.URL)
	// Names decide every game's title and its neighbours' links.
	for _, k := range slices.Sorted(maps.Keys(cfg.Names)) {
		fmt.Fprintf(h, "name\x00%s\x00%s\x00", k, cfg.Names[k])
	}
	t := w.Templates
	for _, n := range t.Names() {
		def, _ := t.Template(n)
		fmt.Fprintf(h, "%s\x00%d\x00%s", n, len(def), def)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func categoryPagesDigest(p *plan) string {
	var parts []string
	for name, pg := range p.categories {
		parts = append(parts, name+"\x00"+pageDigest(pg))
	}
	sort.Strings(parts)
	return digest(parts...)
}

// checkOut refuses to replace a directory that is not a site built by
// wikirules (the build replaces the output directory as a whole), or the
// current directory.
func checkOut(out string) error {
	if err := watomic.CheckNotCurrent(out); err != nil {
		return err
	}
	return watomic.CheckReplaceable(out)
}

// Dirs are the directories a site can take its parts from; "" takes the
// embedded default (or none, for Media).
type Dirs struct {
	// Layouts holds *.html (or layouts/*.html) and assets/* that replace
	// the embedded layouts and assets of the same name.
	Layouts string
	// Content holds the Markdown pages (default: the embedded content/site).
	Content string
	// Media holds the wiki's uploaded files.
	Media string
}

// LoadDirs sets the options' Layouts, Content and Media from directories.
func (o *Options) LoadDirs(d Dirs) error {
	var override fs.FS
	if d.Layouts != "" {
		if err := isDir("--layouts", d.Layouts); err != nil {
			return err
		}
		override = os.DirFS(d.Layouts)
	}
	layouts, err := templates.New(override)
	if err != nil {
		return err
	}
	o.Layouts = layouts
	if d.Content != "" {
		if err := isDir("--content", d.Content); err != nil {
			return err
		}
		o.Content = os.DirFS(d.Content)
	}
	if d.Media != "" {
		if err := isDir("--media", d.Media); err != nil {
			return err
		}
		// Confined: a symbolic link out of the directory is not followed.
		o.Media = rootfs.New(d.Media)
	}
	return nil
}

func isDir(flag, dir string) error {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("%s %s: not a directory", flag, dir)
	}
	return nil
}

// nodeArenas says how a build's workers get their node arenas: for
// tests that compare a site built with arenas whose freed nodes are
// overwritten (a node a unit kept past its end would show) with one
// built without any.
var nodeArenas = arenasOn

const (
	arenasOn = iota
	arenasOff
	arenasPoisoned
)

// newArena is a worker's node arena (nil: nodes are allocated).
func newArena() *model.NodeArena {
	switch nodeArenas {
	case arenasOff:
		return nil
	case arenasPoisoned:
		return model.PoisonedNodeArena()
	}
	return new(model.NodeArena)
}
