package corpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/wikirules/wikirules/corpus/feed"
	"github.com/wikirules/wikirules/corpus/internal/textclean"
	"github.com/wikirules/wikirules/corpus/mwxml"
	"github.com/wikirules/wikirules/internal/mapfile"
	"github.com/wikirules/wikirules/internal/rootfs"
	"github.com/wikirules/wikirules/model"
)

// Options control loading.
type Options struct {
	Conventions model.Conventions
	// KeepGoing reports every problem and loads what can be loaded; the
	// problems are returned as a model.MsgList with the corpus.
	KeepGoing bool
	// DropText keeps only hashes and sizes of revision texts.
	DropText bool
	// Strict makes a revision whose text does not match its export's
	// <sha1> an error (a warning otherwise).
	Strict bool
	// MaxRevisionBytes is the largest text a revision may have in any
	// input (0: model.DefaultMaxRevisionBytes); a larger one is an error
	// naming the page and the revision.
	MaxRevisionBytes int
	// Stdin is read for the input "-" (os.Stdin when nil).
	Stdin io.Reader
	// MapFiles maps an uncompressed feed file into memory read-only
	// instead of reading it: the revisions' texts point into the file's
	// pages in the page cache, which is much faster for a large feed
	// and keeps the texts off the heap. The mapping lasts as long as the
	// process: for a command that loads once (a build), not for a
	// long-running one that loads again and again. The file must not be
	// truncated or rewritten in place while the corpus is in use (a
	// truncated mapping faults); tools that replace a file by renaming a
	// new one over it are safe.
	MapFiles bool
}

// Format is an input file format.
type Format uint8

const (
	FormatUnknown Format = iota
	FormatFeed
	FormatXML
	FormatWiki
)

// DetectFormat decides a file's format from its name and first bytes.
func DetectFormat(name string, head []byte) Format {
	base := strings.ToLower(path.Base(filepath.ToSlash(name)))
	for _, z := range []string{".gz", ".bz2"} {
		if inner, ok := strings.CutSuffix(base, z); ok {
			// A compressed file (head is what it decompresses to): a
			// feed when its own name or its text says so
			// (contributions.txt.gz), else an export.
			if DetectFormat(inner, head) == FormatFeed {
				return FormatFeed
			}
			return FormatXML
		}
	}
	switch {
	case strings.HasSuffix(base, ".wiki"):
		return FormatWiki
	case strings.HasSuffix(base, ".xml"):
		return FormatXML
	case mwxml.Sniff(head):
		return FormatXML
	case feed.Sniff(head):
		return FormatFeed
	case (strings.HasSuffix(base, ".txt") || strings.HasSuffix(base, ".feed")) && feedHeader(head):
		// A feed whose first entry is malformed: the feed reader says
		// what is wrong and where, which "unknown format" would not.
		return FormatFeed
	}
	return FormatUnknown
}

// feedHeader reports whether head starts like a feed: a header line, then
// a blank line.
func feedHeader(head []byte) bool {
	head, _ = textclean.Clean(head, true)
	i := bytes.IndexByte(head, '\n')
	return i > 0 && i+1 < len(head) && head[i+1] == '\n'
}

// inputExt are the extensions a directory walk picks up.
func inputExt(name string) bool {
	n := strings.ToLower(name)
	for _, ext := range []string{".txt", ".feed", ".xml", ".xml.gz", ".xml.bz2", ".txt.gz", ".txt.bz2", ".wiki"} {
		if strings.HasSuffix(n, ext) {
			return true
		}
	}
	return false
}

// Loader accumulates revisions from any number of inputs.
type Loader struct {
	opts     Options
	pages    map[pageKey]*pageAcc // by title as the input wrote it
	errs     model.MsgList
	warnings model.MsgList
	site     *model.SiteInfo
	siteFrom string // the input site came from
	seq      int
	titles   map[string]string // input file → title, for shortened names (TitlesFile)
	mapped   textMaps          // the feeds mapped (Options.MapFiles)
}

// pageKey identifies a page as an input wrote it: titles are normalized
// once every input is read, by the rules of the wiki the inputs describe.
type pageKey struct {
	title string
	ns    int
}

type pageAcc struct {
	title string
	ns    int
	id    int64
	// redirect is the target an export's <redirect title="…"/> gave the
	// page ("" when the export had none), as of redirectAt: the page's
	// newest revision in that export, the one the marker describes. Of
	// several exports the one with the newest revision says; a newer
	// revision from any input makes the marker stale.
	redirect   string
	redirectAt *model.Revision
	// idAt is the newest revision an export gave with id: a page deleted
	// and made again has a new id, which the later export has.
	idAt *model.Revision
	revs []revAcc
}

// exportID records the page id an export gave with one of its revisions:
// the export with the newest revision says.
func (acc *pageAcc) exportID(id int64, at *model.Revision) {
	if id != 0 && (acc.idAt == nil || !newerRevision(acc.idAt, at)) {
		acc.id, acc.idAt = id, at
	}
}

// exportState records what an export says of the page with one of its
// revisions: the export's <redirect>, which is the page's state when the
// export was made, holds from the export's newest revision on.
func (acc *pageAcc) exportState(redirect string, at *model.Revision) {
	if acc.redirectAt == nil || !newerRevision(acc.redirectAt, at) {
		acc.redirect, acc.redirectAt = redirect, at
	}
}

// newerRevision reports whether a is a later revision than b: a later
// time, or the same second and a higher revision id (edits a second apart
// are common; the wiki's ids grow with every edit).
func newerRevision(a, b *model.Revision) bool {
	if !a.Timestamp.Equal(b.Timestamp) {
		return a.Timestamp.After(b.Timestamp)
	}
	return a.ID != 0 && b.ID != 0 && a.ID > b.ID
}

type revAcc struct {
	rev *model.Revision
	seq int // input order, to keep the sort stable across equal timestamps
}

// NewLoader returns an empty loader.
func NewLoader(opts Options) *Loader {
	if opts.Conventions.RulesPrefixes == nil && opts.Conventions.TipsPrefixes == nil {
		opts.Conventions = model.DefaultConventions()
	}
	if opts.MaxRevisionBytes <= 0 {
		opts.MaxRevisionBytes = model.DefaultMaxRevisionBytes
	}
	return &Loader{opts: opts, pages: map[pageKey]*pageAcc{}, titles: map[string]string{}}
}

// Load reads the inputs (files, directories, globs, "-" for stdin) and
// returns the merged corpus.
func Load(inputs []string, opts Options) (*model.Corpus, error) {
	l := NewLoader(opts)
	for _, in := range inputs {
		if err := l.AddPath(in); err != nil {
			return nil, err
		}
	}
	return l.Corpus()
}

// LoadFS reads every input file below root in fsys (the embedded corpus).
func LoadFS(fsys fs.FS, root string, opts Options) (*model.Corpus, error) {
	l := NewLoader(opts)
	if err := l.AddFS(fsys, root); err != nil {
		return nil, err
	}
	return l.Corpus()
}

// fail records an input error; it returns the error when loading must stop.
func (l *Loader) fail(err error) error {
	if err == nil {
		return nil
	}
	if !l.opts.KeepGoing {
		return err
	}
	l.errs.AddErr("", err)
	return nil
}

// AddPath adds a file, a directory (walked for input files), a glob, or "-".
func (l *Loader) AddPath(in string) error {
	if in == "-" {
		r := l.opts.Stdin
		if r == nil {
			r = os.Stdin
		}
		return l.AddReader("<stdin>", r, FormatUnknown)
	}
	if strings.ContainsAny(in, "*?[") {
		matches, err := filepath.Glob(in)
		if err != nil {
			return fmt.Errorf("bad pattern %q: %w", in, err)
		}
		if len(matches) == 0 {
			return l.fail(model.Errorf(in, 0, model.MsgInput, "pattern matches no files"))
		}
		for _, m := range matches {
			if err := l.AddPath(m); err != nil {
				return err
			}
		}
		return nil
	}
	st, err := os.Stat(in)
	if err != nil {
		return l.fail(model.Errorf(in, 0, model.MsgInput, "cannot read input: %s", errText(err)))
	}
	if st.IsDir() {
		// Confined: a symbolic link that leaves the directory is not
		// followed (AddFS warns about it).
		return l.AddFS(rootfs.New(in), ".", in)
	}
	f, err := os.Open(in)
	if err != nil {
		return l.fail(model.Errorf(in, 0, model.MsgInput, "%s", errText(err)))
	}
	defer f.Close()
	if l.opts.MapFiles && st.Mode().IsRegular() {
		if data, ok := l.mapFeed(in, f, st.Size()); ok {
			l.mapped = append(l.mapped, data)
			return l.addFeed(in, data)
		}
	}
	return l.addFile(in, f, st.ModTime())
}

// mapFeed maps f when it is an uncompressed feed (a compressed file's
// first bytes do not sniff as one).
func (l *Loader) mapFeed(name string, f *os.File, size int64) ([]byte, bool) {
	head := make([]byte, min(size, 4096))
	if n, err := f.ReadAt(head, 0); err != nil && n < len(head) {
		return nil, false
	}
	if compressed(head) || DetectFormat(name, head) != FormatFeed {
		return nil, false
	}
	return mapfile.Map(f, size)
}

// compressed reports whether head starts as a gzip or bzip2 stream does
// (mwxml.Decompress reads both, whatever the file's name).
func compressed(head []byte) bool {
	return bytes.HasPrefix(head, []byte{0x1f, 0x8b}) || mwxml.IsBzip2(head)
}

func errText(err error) string {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}

// AddFS adds every input file below root in fsys. display, when given, is
// the prefix used for file names in errors (the directory as the user typed
// it).
func (l *Loader) AddFS(fsys fs.FS, root string, display ...string) error {
	prefix := root
	if len(display) > 0 {
		prefix = display[0]
	}
	var files []string
	err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && strings.HasPrefix(d.Name(), ".") {
				return fs.SkipDir
			}
			return nil
		}
		if !inputExt(d.Name()) {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			// fs.Stat follows the link; a confined FS (rootfs) refuses
			// one that leaves the directory.
			fi, err := fs.Stat(fsys, p)
			if err != nil || !fi.Mode().IsRegular() {
				l.warnings = append(l.warnings, model.Msg{File: path.Join(filepath.ToSlash(prefix), p), Severity: model.SevWarning, ID: model.MsgInput,
					Text: "symbolic link not followed: it leads outside the input directory, or not to a file"})
				return nil
			}
		}
		files = append(files, p)
		return nil
	})
	if err != nil {
		return l.fail(model.Errorf(prefix, 0, model.MsgInput, "cannot read directory: %s", errText(err)))
	}
	sort.Strings(files) // WalkDir is lexical already; make the order explicit
	if len(files) == 0 && len(display) > 0 {
		// A directory the user named that holds no input at all is a
		// mistyped or wrong path far more often than a wiki with no
		// pages: reading it as an empty wiki would let `check` pass in
		// CI with nothing checked and `build` write an empty site.
		return l.fail(model.Errorf(prefix, 0, model.MsgInput, "no input files in this directory: expected contribution feeds (.txt, .txt.gz, .txt.bz2, .feed), MediaWiki XML exports (.xml, .xml.gz, .xml.bz2) or .wiki pages (hidden directories are skipped)"))
	}
	if err := l.readSiteInfoFile(fsys, root, prefix); err != nil {
		return err
	}
	long := readTitles(fsys, root)
	for _, p := range files {
		name := path.Join(filepath.ToSlash(prefix), strings.TrimPrefix(p, root+"/"))
		if root == "." {
			name = path.Join(filepath.ToSlash(prefix), p)
		}
		f, err := fsys.Open(p)
		if err != nil {
			if err := l.fail(model.Errorf(name, 0, model.MsgInput, "%s", errText(err))); err != nil {
				return err
			}
			continue
		}
		var mtime time.Time
		if st, err := f.Stat(); err == nil {
			mtime = st.ModTime()
		}
		// Files inside a directory named like a namespace ("Template/")
		// belong to that namespace.
		rel := strings.TrimPrefix(p, root+"/")
		if t, ok := long[rel]; ok {
			l.titles[name] = t
		}
		err = l.addFileNS(name, f, mtime, path.Dir(rel))
		f.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// AddReader adds one input stream of the given format (FormatUnknown:
// detected from its first bytes).
func (l *Loader) AddReader(name string, r io.Reader, format Format) error {
	return l.add(name, r, format, time.Time{}, ".")
}

func (l *Loader) addFile(name string, r io.Reader, mtime time.Time) error {
	return l.add(name, r, FormatUnknown, mtime, ".")
}

func (l *Loader) addFileNS(name string, r io.Reader, mtime time.Time, dir string) error {
	return l.add(name, r, FormatUnknown, mtime, dir)
}

func (l *Loader) add(name string, r io.Reader, format Format, mtime time.Time, dir string) error {
	size := int64(-1)
	if st, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if fi, err := st.Stat(); err == nil && fi.Mode().IsRegular() {
			size = fi.Size()
		}
	}
	if format == FormatUnknown || format == FormatXML {
		dr, err := mwxml.Decompress(name, r)
		if err != nil {
			return l.fail(model.Errorf(name, 0, model.MsgInput, "%s", err.Error()))
		}
		r = dr
	}
	if format == FormatUnknown {
		br, ok := r.(interface{ Peek(int) ([]byte, error) })
		var head []byte
		var peekErr error
		if ok {
			head, peekErr = br.Peek(4096)
		}
		format = DetectFormat(name, head)
		if format == FormatUnknown && peekErr != nil && peekErr != io.EOF && peekErr != bufio.ErrBufferFull {
			// The stream failed before its start could be told (a
			// compressed input cut short): the export reader, which
			// reads compressed inputs, says how and where.
			format = FormatXML
		}
		if format == FormatUnknown {
			return l.fail(model.Errorf(name, 1, model.MsgInput, "unknown input format: expected a contribution feed (a header line, a blank line, then title/timestamp/user entries), a MediaWiki XML export, or a .wiki file"))
		}
	}
	switch format {
	case FormatXML:
		// Texts are dropped here rather than by the reader (DropText),
		// keeping a redirect's target as written (dropText).
		err := mwxml.Read(name, r, mwxml.Options{KeepGoing: l.opts.KeepGoing, Strict: l.opts.Strict,
			MaxRevisionBytes: l.opts.MaxRevisionBytes,
			Warn:             func(m model.Msg) { l.warnings = append(l.warnings, m) },
			SiteInfo:         func(si *model.SiteInfo) { l.addSiteInfo(name, si) },
		}, func(pi *mwxml.PageInfo, rev *model.Revision) error {
			if l.opts.DropText {
				dropText(rev)
			}
			acc := l.addRevision(pi.Title, pi.Namespace, rev)
			acc.exportID(pi.ID, rev)
			acc.exportState(pi.Redirect, rev)
			return nil
		})
		return l.fail(err)
	case FormatFeed:
		data, err := readFeed(name, r, size, l.opts.MaxRevisionBytes)
		if err != nil {
			return l.fail(err)
		}
		return l.addFeed(name, data)
	case FormatWiki:
		data, err := io.ReadAll(io.LimitReader(r, int64(l.opts.MaxRevisionBytes)+1))
		if err != nil {
			return l.fail(model.Errorf(name, 0, model.MsgInput, "%s", err.Error()))
		}
		if len(data) > l.opts.MaxRevisionBytes {
			return l.fail(model.Errorf(name, 1, model.MsgTooLarge, "the page's text is over the limit of %d bytes per revision", l.opts.MaxRevisionBytes))
		}
		data, problems := textclean.Clean(data, true)
		w := textclean.Warnings{File: name}
		for _, p := range problems {
			w.Add(p)
		}
		l.warnings = append(l.warnings, w.Done()...)
		title := titleFromFileName(path.Base(name))
		if ns := namespaceDir(dir); ns != "" {
			title = ns + ":" + title
		}
		if t, ok := l.titles[name]; ok {
			title = t // a long title, its file name shortened
		}
		text := string(data)
		rev := &model.Revision{
			Timestamp: mtime.UTC().Truncate(time.Second),
			Text:      text,
			Size:      len(text),
			Source:    model.SourceRef{File: name, Line: 1},
		}
		if l.opts.DropText {
			dropText(rev)
		}
		l.addRevision(title, -1, rev)
	}
	return nil
}

// addFeed adds the entries of a feed held whole in data, which is the
// loader's and never modified: the texts share it rather than copy it.
func (l *Loader) addFeed(name string, data []byte) error {
	f, err := feed.Parse(name, data, feed.Options{KeepGoing: l.opts.KeepGoing, ShareData: true, MaxRevisionBytes: l.opts.MaxRevisionBytes})
	l.warnings = append(l.warnings, f.Warnings...)
	if err := l.fail(err); err != nil {
		return err
	}
	// A feed lists revisions newest first, as the wiki's listing does:
	// revisions of one second are ordered by their place in the input, so
	// such a feed is added from its end (one written oldest first, from
	// its start).
	entries := f.Entries
	if newestFirst(entries) {
		for i := len(entries) - 1; i >= 0; i-- {
			l.addFeedEntry(entries[i])
		}
		return nil
	}
	for _, e := range entries {
		l.addFeedEntry(e)
	}
	return nil
}

func (l *Loader) addFeedEntry(e feed.Entry) {
	if l.opts.DropText {
		dropText(e.Rev)
	}
	l.addRevision(e.Title, -1, e.Rev)
}

// newestFirst reports whether a feed lists its entries newest first (as
// the wiki's contributions listing and WriteFeed do): more of its steps go
// back in time than forward (a feed of one time: yes).
func newestFirst(entries []feed.Entry) bool {
	back, forward := 0, 0
	for i := 1; i < len(entries); i++ {
		switch a, b := entries[i-1].Rev.Timestamp, entries[i].Rev.Timestamp; {
		case b.Before(a):
			back++
		case b.After(a):
			forward++
		}
	}
	return back >= forward
}

// addSiteInfo keeps the first <siteinfo> read; a later one that describes
// the wiki differently gets a warning (its titles are read by the first
// one's rules).
func (l *Loader) addSiteInfo(name string, si *model.SiteInfo) {
	if l.site == nil {
		l.site, l.siteFrom = si, name
		return
	}
	if !l.site.Equal(si) && (l.site.Case != si.Case || !sameNamespaces(l.site, si)) {
		l.warnings = append(l.warnings, model.Msg{File: name, Severity: model.SevWarning, ID: model.MsgSiteInfo,
			Text: fmt.Sprintf("this export describes its wiki (%s) otherwise than %s (%s): titles are read by the rules of %s",
				siteLabel(si), l.siteFrom, siteLabel(l.site), l.siteFrom)})
	}
}

func sameNamespaces(a, b *model.SiteInfo) bool {
	na, nb := model.NewNamespaces(a), model.NewNamespaces(b)
	for _, ns := range append(append([]model.Namespace{}, a.Namespaces...), b.Namespaces...) {
		if na.Name(ns.ID) != nb.Name(ns.ID) || na.CaseSensitive(ns.ID) != nb.CaseSensitive(ns.ID) {
			return false
		}
	}
	return true
}

func siteLabel(si *model.SiteInfo) string {
	c := si.Case
	if c == "" {
		c = model.CaseFirstLetter
	}
	if si.Name == "" {
		return c
	}
	return si.Name + ", " + c
}

// namespaceDir returns the namespace name when the last element of dir
// names one ("Template", "File", "Category"), else "".
func namespaceDir(dir string) string {
	if dir == "." || dir == "" {
		return ""
	}
	base := path.Base(dir)
	ns, _ := model.SplitNamespace(base + ":x")
	if ns == model.NSMain {
		return ""
	}
	return strings.ToUpper(base[:1]) + strings.ToLower(base[1:])
}

// TitleFromFileName turns "Gamehelp_hearts.wiki" or "File%3ABoard.png.wiki"
// into a page title: the extension is dropped, %XX escapes are decoded and
// the title is normalized by the default rules (underscores become spaces).
func TitleFromFileName(base string) string {
	return model.NormalizeTitle(titleFromFileName(base))
}

// titleFromFileName decodes a file name into a title as written; the loader
// normalizes it with the other titles, by the wiki's rules.
func titleFromFileName(base string) string {
	base = strings.TrimSuffix(base, path.Ext(base))
	var b bytes.Buffer
	for i := 0; i < len(base); i++ {
		c := base[i]
		if c == '%' && i+2 < len(base) && isHex(base[i+1]) && isHex(base[i+2]) {
			b.WriteByte(unhex(base[i+1])<<4 | unhex(base[i+2]))
			i += 2
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// FileNameForTitle is the inverse of TitleFromFileName: characters that are
// unsafe in file names are %-escaped. A name longer than model.MaxNameBytes
// (a long title, or one that escaping made long) is shortened to a prefix
// and "%~" and a hash of the title: unique and stable, and marked as
// shortened ('%' is otherwise always escaped), since its title can no
// longer be read back from it (WriteWikiDir records it in TitlesFile).
func FileNameForTitle(title string) string {
	var b strings.Builder
	for i := 0; i < len(title); i++ {
		c := title[i]
		switch {
		case c == ' ':
			b.WriteByte('_')
		case c < 0x20 || strings.IndexByte(`%/\:*?"<>|_`, c) >= 0:
			fmt.Fprintf(&b, "%%%02X", c)
		default:
			b.WriteByte(c)
		}
	}
	return model.ShortName(b.String(), model.MaxNameBytes, "%~", title) + ".wiki"
}

// readTitles reads the TitlesFile of a directory WriteWikiDir wrote: the
// titles of the files whose names were shortened, by file name.
func readTitles(fsys fs.FS, root string) map[string]string {
	data, err := fs.ReadFile(fsys, path.Join(root, TitlesFile))
	if err != nil {
		return nil
	}
	var m map[string]string
	if json.Unmarshal(data, &m) != nil {
		return nil
	}
	return m
}

// readSiteInfoFile reads the SiteInfoFile of a directory WriteWikiDir
// wrote, when there is one: the wiki its pages came from, whose rules read
// their titles.
func (l *Loader) readSiteInfoFile(fsys fs.FS, root, prefix string) error {
	data, err := fs.ReadFile(fsys, path.Join(root, SiteInfoFile))
	if err != nil {
		return nil
	}
	name := path.Join(filepath.ToSlash(prefix), SiteInfoFile)
	err = mwxml.Read(name, bytes.NewReader(data), mwxml.Options{
		Warn:     func(m model.Msg) { l.warnings = append(l.warnings, m) },
		SiteInfo: func(si *model.SiteInfo) { l.addSiteInfo(name, si) },
	}, func(*mwxml.PageInfo, *model.Revision) error { return nil })
	return l.fail(err)
}

// shortenedName reports whether a file name was shortened by
// FileNameForTitle.
func shortenedName(base string) bool { return strings.Contains(base, "%~") }

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

func (l *Loader) addRevision(title string, ns int, rev *model.Revision) *pageAcc {
	k := pageKey{title, ns}
	acc := l.pages[k]
	if acc == nil {
		acc = &pageAcc{title: title, ns: ns}
		l.pages[k] = acc
	}
	l.seq++
	acc.revs = append(acc.revs, revAcc{rev: rev, seq: l.seq})
	return acc
}

// sameRevision reports whether two revisions with the same timestamp are one
// revision read twice: the same wiki id, or (when either has none) the same
// text.
func sameRevision(a, b *model.Revision) bool {
	if a.ID != 0 && b.ID != 0 {
		return a.ID == b.ID
	}
	sa := a.Digest()
	return sa != "" && sa == b.Digest()
}

// Corpus merges what was added into pages. Under KeepGoing the problems met
// along the way are returned as the error, with the corpus.
//
// Titles are normalized here, once every input is read, by the rules of the
// wiki the first export's <siteinfo> describes (its namespace names and its
// case), or by MediaWiki's defaults when no input carried one.
func (l *Loader) Corpus() (*model.Corpus, error) {
	names := model.NewNamespaces(l.site)
	// Merge the titles as written into normalized ones.
	merged := map[string]*pageAcc{}
	keys := make([]pageKey, 0, len(l.pages))
	for k := range l.pages {
		keys = append(keys, k)
	}
	// Titles written as the rules write them first: a page the wiki keeps
	// under a title the rules would write otherwise ("ßeta", made before
	// PHP capitalized ß as SS) merges into theirs only when it can be the
	// same page.
	norm := make(map[pageKey]string, len(keys))
	for _, k := range keys {
		norm[k] = names.Normalize(k.title)
	}
	sort.Slice(keys, func(i, j int) bool {
		ci, cj := norm[keys[i]] == keys[i].title, norm[keys[j]] == keys[j].title
		if ci != cj {
			return ci
		}
		if keys[i].title != keys[j].title {
			return keys[i].title < keys[j].title
		}
		return keys[i].ns < keys[j].ns
	})
	written := map[string]string{} // a merged page's title as its first input wrote it
	for _, k := range keys {
		acc := l.pages[k]
		t := norm[k]
		if m := merged[t]; m != nil && m.id != 0 && acc.id != 0 && m.id != acc.id && written[t] != acc.title {
			// Two pages of the wiki (two ids, two titles) that the rules
			// read as one title: the other keeps the title it has there.
			t = acc.title
		}
		m := merged[t]
		if m == nil {
			merged[t] = &pageAcc{title: t, ns: acc.ns, id: acc.id, idAt: acc.idAt, redirect: acc.redirect, redirectAt: acc.redirectAt, revs: acc.revs}
			written[t] = acc.title
			continue
		}
		if m.ns < 0 {
			m.ns = acc.ns
		}
		if acc.idAt != nil {
			m.exportID(acc.id, acc.idAt)
		}
		if acc.redirectAt != nil {
			m.exportState(acc.redirect, acc.redirectAt)
		}
		m.revs = append(m.revs, acc.revs...)
	}
	titles := make([]string, 0, len(merged))
	for t := range merged {
		titles = append(titles, t)
	}
	sort.Strings(titles)
	pages := make([]*model.Page, 0, len(titles))
	warnings := append(model.MsgList(nil), l.warnings...)
	for _, t := range titles {
		acc := merged[t]
		sort.SliceStable(acc.revs, func(i, j int) bool {
			a, b := acc.revs[i], acc.revs[j]
			if !a.rev.Timestamp.Equal(b.rev.Timestamp) {
				return a.rev.Timestamp.Before(b.rev.Timestamp)
			}
			return a.seq < b.seq
		})
		p := &model.Page{Title: t, ID: acc.id}
		p.Namespace, p.Kind, p.Game = l.opts.Conventions.ClassifyIn(names, t, acc.ns)
		for _, ra := range acc.revs {
			dup, conflict := -1, ""
			for j := len(p.Revisions) - 1; j >= 0 && p.Revisions[j].Timestamp.Equal(ra.rev.Timestamp); j-- {
				prev := p.Revisions[j]
				if sameRevision(prev, ra.rev) {
					dup = j
					break
				}
				if prev.Visible() && ra.rev.Visible() && (prev.ID == 0 || ra.rev.ID == 0) {
					conflict = prev.Source.String()
				}
			}
			if dup >= 0 {
				// Keep the copy that has the text (a full export read
				// with a stub dump of the same wiki).
				if !p.Revisions[dup].Visible() && ra.rev.Visible() {
					p.Revisions[dup] = ra.rev
				}
				continue
			}
			if conflict != "" {
				warnings = append(warnings, model.Msg{
					File: ra.rev.Source.File, Line: ra.rev.Source.Line, Severity: model.SevWarning, ID: model.MsgDuplicateRevision,
					Text: fmt.Sprintf("%s has two different texts at %s (the other is at %s); both are kept",
						t, model.FormatTime(ra.rev.Timestamp), conflict),
				})
			}
			p.Revisions = append(p.Revisions, ra.rev)
		}
		redirect := acc.redirect
		if last := p.Latest(); last != nil && acc.redirectAt != nil && newerRevision(last, acc.redirectAt) {
			// A newer revision than the export that marked the page
			// knew: the marker no longer says what the page is.
			redirect = ""
		}
		if l.opts.DropText {
			for _, r := range p.Revisions {
				if r.Redirect != "" {
					r.Redirect = normalizeTarget(names, r.Redirect)
				}
			}
		}
		p.MarkRedirect(redirect)
		if p.Kind == model.PageRedirect {
			// MarkRedirect reads the target by the default rules.
			if t := redirectTarget(names, p, redirect); t != "" {
				p.Redirect = t
			}
		}
		pages = append(pages, p)
	}
	c := model.NewCorpus(pages)
	c.Warnings = warnings
	c.Site = l.site
	c.Namespaces = names
	if len(l.mapped) > 0 {
		c.SetTextRelease(l.mapped.release)
	}
	return c, l.errs.Err()
}

// rawNames read a redirect's target when a text is dropped, before the
// wiki's rules may be known (a feed read before the export that gives
// them): the target's case is kept, and Corpus normalizes it by the wiki's
// rules.
var rawNames = model.NewNamespaces(&model.SiteInfo{Case: model.CaseSensitive})

// dropText forgets a revision's texts (Options.DropText), keeping its
// hash, its size and a redirect's target as written.
func dropText(r *model.Revision) {
	target := redirectIn(rawNames, r.Text)
	r.DropText()
	r.Redirect = target
	for i := range r.Slots {
		r.Slots[i].Text = ""
	}
}

// redirectIn is the target ("Title#Section") of a redirect text by the
// rules of names, or "".
func redirectIn(names *model.Namespaces, text string) string {
	t, frag, _, ok := model.RedirectTargetIn(names, text)
	if !ok {
		return ""
	}
	if frag != "" {
		t += "#" + frag
	}
	return t
}

// normalizeTarget normalizes the title of a "Title#Section" target.
func normalizeTarget(names *model.Namespaces, target string) string {
	t, frag, ok := strings.Cut(target, "#")
	t = names.Normalize(t)
	if ok {
		t += "#" + frag
	}
	return t
}

// redirectTarget is the target of a redirect page as Page.MarkRedirect
// finds it (the newest visible revision's redirect, else the export's
// <redirect title="…"/>), read by the wiki's rules: on a case-sensitive
// wiki "#REDIRECT [[color]]" leads to "color", not "Color".
func redirectTarget(names *model.Namespaces, p *model.Page, export string) string {
	target := ""
	if r := p.LatestVisible(); r != nil {
		target = r.Redirect // already normalized (Corpus)
		if r.Text != "" {
			target = redirectIn(names, r.Text)
		}
	}
	if target == "" && export != "" {
		target = names.Normalize(export)
	}
	return target
}

// readFeed reads a feed whole (the feed reader works on it in memory; a
// plain file's size sizes the buffer once instead of doubling it, which
// matters for feeds of hundreds of MB). A revision over the size limit is
// caught while reading, before the rest of a compressed feed is inflated: a
// run of more than limit bytes with no line shaped like an entry's
// timestamp cannot be a text within the limit.
func readFeed(name string, r io.Reader, size int64, limit int) ([]byte, error) {
	capacity := 64 << 10
	if size >= 0 {
		capacity = int(size) + 1
	}
	data := make([]byte, 0, capacity)
	lastTS := 0 // offset of the '\n' before the last timestamp-shaped line
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // grow
		}
		start := len(data)
		n, err := r.Read(data[start:min(cap(data), start+1<<20)])
		data = data[:start+n]
		// Look for timestamp-shaped lines in what was read (and in the
		// few bytes before it, where a line may have begun).
		for _, eol := range []byte{'\n', '\r'} {
			if eol == '\r' && bytes.IndexByte(data[start:], '\r') < 0 {
				break // no CR-only line ends to look at
			}
			for i := max(start-12, 0); ; {
				j := bytes.IndexByte(data[i:], eol)
				if j < 0 {
					break
				}
				i += j + 1
				if isTimestampShape(data[i:]) {
					lastTS = max(lastTS, i-1)
				}
			}
		}
		if len(data)-lastTS > limit+64<<10 {
			return nil, feedTooLarge(name, data, lastTS, limit)
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, model.Errorf(name, bytes.Count(data, []byte{'\n'})+1, model.MsgInput, "%s", err.Error())
		}
	}
}

// isTimestampShape reports whether b starts like a feed's timestamp line
// ("2024-11-15T").
func isTimestampShape(b []byte) bool {
	if len(b) < 11 || b[4] != '-' || b[7] != '-' || b[10] != 'T' {
		return false
	}
	for _, i := range []int{0, 1, 2, 3, 5, 6, 8, 9} {
		if b[i] < '0' || b[i] > '9' {
			return false
		}
	}
	return true
}

// feedTooLarge names the entry whose text is over the limit: the one whose
// timestamp line follows the '\n' at ts (the title is two lines above it).
func feedTooLarge(name string, data []byte, ts, limit int) error {
	if ts == 0 {
		return model.Errorf(name, 1, model.MsgTooLarge, "no entry within the first %d bytes: not a feed, or a text over the limit of %d bytes per revision", len(data), limit)
	}
	tsLine := data[ts+1:]
	if i := bytes.IndexByte(tsLine, '\n'); i >= 0 {
		tsLine = tsLine[:i]
	}
	titleEnd := max(ts-1, 0)
	titleStart := bytes.LastIndexByte(data[:titleEnd], '\n') + 1
	line := bytes.Count(data[:titleStart], []byte{'\n'}) + 1
	return model.Errorf(name, line, model.MsgTooLarge, "page %q, revision %s: the text is over the limit of %d bytes per revision",
		string(data[titleStart:titleEnd]), string(tsLine), limit)
}
