package corpus

import (
	"bytes"
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
	"github.com/wikirules/wikirules/corpus/mwxml"
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
	// Stdin is read for the input "-" (os.Stdin when nil).
	Stdin io.Reader
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
	switch {
	case strings.HasSuffix(base, ".wiki"):
		return FormatWiki
	case strings.HasSuffix(base, ".xml"), strings.HasSuffix(base, ".xml.gz"), strings.HasSuffix(base, ".xml.bz2"),
		strings.HasSuffix(base, ".gz"), strings.HasSuffix(base, ".bz2"):
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
	i := bytes.IndexByte(head, '\n')
	return i > 0 && i+1 < len(head) && head[i+1] == '\n'
}

// inputExt are the extensions a directory walk picks up.
func inputExt(name string) bool {
	n := strings.ToLower(name)
	for _, ext := range []string{".txt", ".feed", ".xml", ".xml.gz", ".xml.bz2", ".wiki"} {
		if strings.HasSuffix(n, ext) {
			return true
		}
	}
	return false
}

// Loader accumulates revisions from any number of inputs.
type Loader struct {
	opts  Options
	pages map[string]*pageAcc
	errs  model.MsgList
	seq   int
}

type pageAcc struct {
	title    string
	ns       int
	revs     []revAcc
	redirect string // an export's <redirect title="…"/>
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
	return &Loader{opts: opts, pages: map[string]*pageAcc{}}
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
		return l.AddFS(os.DirFS(in), ".", in)
	}
	f, err := os.Open(in)
	if err != nil {
		return l.fail(model.Errorf(in, 0, model.MsgInput, "%s", errText(err)))
	}
	defer f.Close()
	return l.addFile(in, f, st.ModTime())
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
		if inputExt(d.Name()) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return l.fail(model.Errorf(prefix, 0, model.MsgInput, "cannot read directory: %s", errText(err)))
	}
	sort.Strings(files) // WalkDir is lexical already; make the order explicit
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
		if ok {
			head, _ = br.Peek(4096)
		}
		format = DetectFormat(name, head)
		if format == FormatUnknown {
			return l.fail(model.Errorf(name, 1, model.MsgInput, "unknown input format: expected a contribution feed (a header line, a blank line, then title/timestamp/user entries), a MediaWiki XML export, or a .wiki file"))
		}
	}
	switch format {
	case FormatXML:
		err := mwxml.Read(name, r, mwxml.Options{KeepGoing: l.opts.KeepGoing, DropText: l.opts.DropText},
			func(pi *mwxml.PageInfo, rev *model.Revision) error {
				l.addRevision(pi.Title, pi.Namespace, rev)
				if pi.Redirect != "" {
					l.pages[model.NormalizeTitle(pi.Title)].redirect = pi.Redirect
				}
				return nil
			})
		return l.fail(err)
	case FormatFeed:
		data, err := readAll(r, size)
		if err != nil {
			return l.fail(model.Errorf(name, 0, model.MsgInput, "%s", err.Error()))
		}
		// data is ours: the texts share it rather than copy it.
		f, err := feed.Parse(name, data, feed.Options{KeepGoing: l.opts.KeepGoing, ShareData: true})
		if err := l.fail(err); err != nil {
			return err
		}
		for _, e := range f.Entries {
			if l.opts.DropText {
				e.Rev.DropText()
			}
			l.addRevision(e.Title, -1, e.Rev)
		}
		return nil
	case FormatWiki:
		data, err := io.ReadAll(r)
		if err != nil {
			return l.fail(model.Errorf(name, 0, model.MsgInput, "%s", err.Error()))
		}
		title := TitleFromFileName(path.Base(name))
		if ns := namespaceDir(dir); ns != "" {
			title = ns + ":" + title
		}
		text := string(data)
		rev := &model.Revision{
			Timestamp: mtime.UTC().Truncate(time.Second),
			Text:      text,
			SHA1:      model.TextSHA1(text),
			Size:      len(text),
			Source:    model.SourceRef{File: name, Line: 1},
		}
		if l.opts.DropText {
			rev.DropText()
		}
		l.addRevision(title, -1, rev)
	}
	return nil
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
// underscores become spaces.
func TitleFromFileName(base string) string {
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
	return model.NormalizeTitle(b.String())
}

// FileNameForTitle is the inverse of TitleFromFileName: characters that are
// unsafe in file names are %-escaped.
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
	return b.String() + ".wiki"
}

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

func (l *Loader) addRevision(title string, ns int, rev *model.Revision) {
	title = model.NormalizeTitle(title)
	acc := l.pages[title]
	if acc == nil {
		acc = &pageAcc{title: title, ns: ns}
		l.pages[title] = acc
	}
	if acc.ns < 0 && ns >= 0 {
		acc.ns = ns
	}
	l.seq++
	acc.revs = append(acc.revs, revAcc{rev: rev, seq: l.seq})
}

// Corpus merges what was added into pages. Under KeepGoing the problems met
// along the way are returned as the error, with the corpus.
func (l *Loader) Corpus() (*model.Corpus, error) {
	titles := make([]string, 0, len(l.pages))
	for t := range l.pages {
		titles = append(titles, t)
	}
	sort.Strings(titles)
	pages := make([]*model.Page, 0, len(titles))
	var warnings model.MsgList
	for _, t := range titles {
		acc := l.pages[t]
		sort.SliceStable(acc.revs, func(i, j int) bool {
			a, b := acc.revs[i], acc.revs[j]
			if !a.rev.Timestamp.Equal(b.rev.Timestamp) {
				return a.rev.Timestamp.Before(b.rev.Timestamp)
			}
			return a.seq < b.seq
		})
		p := &model.Page{Title: t}
		p.Namespace, p.Kind, p.Game = l.opts.Conventions.Classify(t, acc.ns)
		for i, ra := range acc.revs {
			dup, conflict := false, ""
			for j := i - 1; j >= 0 && acc.revs[j].rev.Timestamp.Equal(ra.rev.Timestamp); j-- {
				prev := acc.revs[j].rev
				if prev.SHA1 == ra.rev.SHA1 {
					dup = true
					break
				}
				conflict = prev.Source.String()
			}
			if dup {
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
		p.MarkRedirect(acc.redirect)
		pages = append(pages, p)
	}
	c := model.NewCorpus(pages)
	c.Warnings = warnings
	return c, l.errs.Err()
}

// readAll reads r whole; size, when known (a plain file), sizes the buffer
// once instead of doubling it, which matters for feeds of hundreds of MB.
func readAll(r io.Reader, size int64) ([]byte, error) {
	if size < 0 {
		return io.ReadAll(r)
	}
	var b bytes.Buffer
	b.Grow(int(size) + bytes.MinRead)
	_, err := b.ReadFrom(r)
	return b.Bytes(), err
}
