package mwxml

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/flate"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/wikirules/wikirules/corpus/internal/textclean"
	"github.com/wikirules/wikirules/model"
)

// PageInfo is what an export says about a page before its revisions.
type PageInfo struct {
	Title     string
	Namespace int // -1 when the export has no <ns>
	ID        int64
	Redirect  string
}

// Handler receives each revision in document order.
type Handler func(page *PageInfo, rev *model.Revision) error

// Options control reading.
type Options struct {
	// KeepGoing reports revisions that cannot be read (bad timestamps,
	// texts over the size limit) and goes on; XML syntax errors still stop
	// reading, since nothing after them can be trusted.
	KeepGoing bool
	// DropText keeps only each revision's hash and size: enough for
	// listings and histories of dumps too large to hold.
	DropText bool
	// Strict makes a revision whose text does not match its <sha1> an
	// error (it is a warning otherwise: real exports carry such revisions).
	Strict bool
	// MaxRevisionBytes is the largest text a content slot may have
	// (0: model.DefaultMaxRevisionBytes). A larger one is an error naming
	// the page and the revision, found before the text is held in memory.
	MaxRevisionBytes int
	// Warn receives each warning (hash mismatches, replaced bytes, skipped
	// elements); warnings are dropped when it is nil.
	Warn func(model.Msg)
	// SiteInfo receives the export's <siteinfo>, before any revision.
	SiteInfo func(*model.SiteInfo)
}

// maxDepth bounds element nesting: an export is a few levels deep, and the
// decoder keeps a stack entry per open element.
const maxDepth = 1000

// Sniff reports whether data (the start of a file) looks like an XML export.
func Sniff(data []byte) bool {
	data = bytes.TrimLeft(data, " \t\r\n\ufeff")
	return bytes.HasPrefix(data, []byte("<?xml")) || bytes.HasPrefix(data, []byte("<mediawiki"))
}

// Decompress wraps r according to the file name's extension (.gz, .bz2) or,
// failing that, the stream's magic bytes. Decompression streams: nothing
// is read ahead beyond a buffer.
func Decompress(name string, r io.Reader) (io.Reader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	magic, _ := br.Peek(10)
	switch {
	case strings.HasSuffix(name, ".gz") || bytes.HasPrefix(magic, []byte{0x1f, 0x8b}):
		zr, err := gzip.NewReader(br)
		if err != nil {
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				return nil, fmt.Errorf("%s: unexpected end of file in the gzip header (truncated file?)", name)
			}
			return nil, fmt.Errorf("%s: not a gzip file: %w", name, err)
		}
		return bufio.NewReaderSize(&stickyReader{r: zr}, 64<<10), nil
	case strings.HasSuffix(name, ".bz2") || IsBzip2(magic):
		return bufio.NewReaderSize(&stickyReader{r: bzip2.NewReader(br)}, 64<<10), nil
	}
	return br, nil
}

// IsBzip2 reports whether head starts as a bzip2 stream does: "BZh", a
// block size from 1 to 9, then the magic of a block or of the stream's end
// (a text that starts with "BZh" is not one).
func IsBzip2(head []byte) bool {
	if len(head) < 10 || string(head[:3]) != "BZh" || head[3] < '1' || head[3] > '9' {
		return false
	}
	m := string(head[4:10])
	return m == "\x31\x41\x59\x26\x53\x59" || m == "\x17\x72\x45\x38\x50\x90"
}

// stickyReader returns its reader's first error again on every later read.
// A bzip2 reader does not: after a stream cut inside a block ends with
// io.ErrUnexpectedEOF, the next read decodes on and reports "block checksum
// mismatch", so whoever missed the first error (a Peek whose error is
// ignored) would call a truncated file corrupt.
type stickyReader struct {
	r   io.Reader
	err error
}

func (s *stickyReader) Read(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.r.Read(p)
	s.err = err
	return n, err
}

// errTooLarge is returned by runLimiter when a run of text is too long.
var errTooLarge = errors.New("text over the size limit")

// runLimiter stops a stream in which a run of bytes without '<' (the
// character data of one element) is too long to decode into a text within
// the size limit, before the XML decoder, which gathers a run whole, holds
// it. An entity ("&quot;") counts as the one character it decodes to.
//
// The one element of an export whose data is not text is an <upload>'s
// <contents> (a file, base64, in a dump made with --include-files), which
// the reader skips: a run in one that goes over the limit is not an error,
// the rest of it is dropped (up to its end tag), so a file of any size
// costs what the limit allows.
type runLimiter struct {
	r     io.Reader
	run   int64 // decoded length since the last '<' (entities count 1)
	limit int64
	// tag holds the first bytes after the last '<': the start tag whose
	// element's data the run is.
	tag    [12]byte
	tagLen int
	// dropping: the rest of a <contents> run is being dropped; entity:
	// the bytes given so far end inside an entity, which is finished
	// before the drop (the decoder would refuse half of one), within
	// entity more bytes.
	dropping bool
	entity   int
}

func (l *runLimiter) Read(p []byte) (int, error) {
	for {
		n, err := l.r.Read(p)
		if l.dropping {
			n = l.drop(p[:n])
			if n == 0 && err == nil {
				continue
			}
		}
		if !l.count(p[:n]) {
			return n, errTooLarge
		}
		return n, err
	}
}

// count counts the run in chunk (bytes about to be given to the decoder);
// false when a run is too long.
func (l *runLimiter) count(chunk []byte) bool {
	if i := bytes.LastIndexByte(chunk, '<'); i >= 0 {
		l.run = 0
		chunk = chunk[i+1:]
		l.tagLen = copy(l.tag[:], chunk)
	} else if l.tagLen < len(l.tag) {
		l.tagLen += copy(l.tag[l.tagLen:], chunk)
	}
	l.run += int64(len(chunk))
	for i := bytes.IndexByte(chunk, '&'); i >= 0; {
		// "&name;" or "&#123;": the entity decodes to one character.
		// (One cut by the chunk's end counts in full: a few bytes.)
		if e := bytes.IndexByte(chunk[i:min(i+12, len(chunk))], ';'); e > 0 {
			l.run -= int64(e)
		}
		j := bytes.IndexByte(chunk[i+1:], '&')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	if l.run > l.limit {
		if !l.inContents() {
			return false
		}
		// Drop the rest of the file, from the next read on.
		tail := chunk[max(len(chunk)-12, 0):]
		a := bytes.LastIndexByte(tail, '&')
		l.dropping = true
		if a >= 0 && bytes.IndexByte(tail[a:], ';') < 0 {
			l.entity = 12
		}
	}
	return true
}

// inContents reports whether the run is the data of a <contents> element.
func (l *runLimiter) inContents() bool {
	t := l.tag[:l.tagLen]
	if !bytes.HasPrefix(t, []byte("contents")) || len(t) == len("contents") {
		return false
	}
	switch t[len("contents")] {
	case '>', ' ', '\t', '\n', '\r':
		return true
	}
	return false
}

// drop removes from chunk the bytes of a <contents> run being dropped (an
// entity the decoder has the start of is kept whole) and returns how many
// bytes are left, moved to the start of chunk.
func (l *runLimiter) drop(chunk []byte) int {
	keep := 0
	if l.entity > 0 {
		// The entity ends at its ';' within a few bytes (else it is none,
		// which the decoder refuses, as it does one that a '<' ends).
		w := chunk[:min(len(chunk), l.entity)]
		switch k := bytes.IndexAny(w, ";<"); {
		case k >= 0 && w[k] == '<':
			l.entity, l.dropping = 0, false
			return len(chunk)
		case k >= 0:
			keep, l.entity = k+1, 0
		default:
			keep = len(w)
			l.entity -= len(w)
			if l.entity > 0 {
				return keep
			}
		}
	}
	j := bytes.IndexByte(chunk[keep:], '<')
	if j < 0 {
		return keep
	}
	l.dropping = false
	return keep + copy(chunk[keep:], chunk[keep+j:])
}

// reader is the state of one Read.
type reader struct {
	name     string
	d        *xml.Decoder
	opts     Options
	errs     model.MsgList
	text     bytes.Buffer
	warnings textclean.Warnings
	skipped  map[string]int // <upload>, <logitem>: elements read as nothing
	// where the reader is, for errors about a text over the limit
	page *PageInfo
	rev  *model.Revision
	ts   string
}

// Read streams the export in r (already decompressed) and calls fn for every
// revision. name is used in errors and in each revision's Source.
//
// The input is decided on once, as the other readers do: a byte-order mark
// is dropped, NUL bytes are removed, and bytes that are not UTF-8 and
// control characters XML cannot carry become U+FFFD, each with a warning
// naming its line.
func Read(name string, r io.Reader, opts Options, fn Handler) error {
	if opts.MaxRevisionBytes <= 0 {
		opts.MaxRevisionBytes = model.DefaultMaxRevisionBytes
	}
	rd := &reader{name: name, opts: opts, warnings: textclean.Warnings{File: name}, skipped: map[string]int{}}
	clean := textclean.NewXMLReader(r)
	clean.Report = rd.warnings.Add
	// The exact limit is applied to the decoded text (chars); this one
	// keeps the decoder's buffer bounded (the slack is for a start tag
	// and its attributes, which are part of the run).
	lim := &runLimiter{r: clean, limit: int64(opts.MaxRevisionBytes) + 64<<10}
	rd.d = xml.NewDecoder(lim)
	rd.d.Strict = true
	err := rd.document(fn)
	for _, m := range rd.warnings.Done() {
		rd.warn(m)
	}
	if err != nil {
		return err
	}
	for _, el := range []string{"upload", "logitem"} {
		if n := rd.skipped[el]; n > 0 {
			rd.warn(model.Msg{File: name, Severity: model.SevWarning, ID: model.MsgSkipped, Text: skippedText(el, n)})
		}
	}
	return rd.errs.Err()
}

func skippedText(el string, n int) string {
	what := map[string]string{
		"upload":  "file uploads (the file description pages' revisions are read, not the files, even those an export made with --include-files holds: give build the files with --media)",
		"logitem": "log entries (they are not revisions of a page)",
	}[el]
	return fmt.Sprintf("%d <%s> element%s skipped: %s", n, el, map[bool]string{true: "s", false: ""}[n != 1], what)
}

func (rd *reader) warn(m model.Msg) {
	if rd.opts.Warn != nil {
		rd.opts.Warn(m)
	}
}

func (rd *reader) line() int {
	l, _ := rd.d.InputPos()
	return l
}

func (rd *reader) errorf(line int, format string, args ...any) error {
	return rd.msgf(line, format, args...)
}

func (rd *reader) msgf(line int, format string, args ...any) *model.Msg {
	return model.Errorf(rd.name, line, model.MsgMalformedInput, format, args...)
}

// soft records a problem that does not stop reading under KeepGoing.
func (rd *reader) soft(m *model.Msg) error {
	if !rd.opts.KeepGoing {
		return m
	}
	rd.errs = append(rd.errs, *m)
	return nil
}

// revLabel names the revision being read: "page "T", revision 12
// (2024-…)".
func (rd *reader) revLabel(id int64, ts string) string {
	s := "revision"
	if rd.page != nil && rd.page.Title != "" {
		s = fmt.Sprintf("page %q, revision", rd.page.Title)
	}
	switch {
	case id != 0 && ts != "":
		return fmt.Sprintf("%s %d (%s)", s, id, ts)
	case id != 0:
		return fmt.Sprintf("%s %d", s, id)
	case ts != "":
		return fmt.Sprintf("%s %s", s, ts)
	}
	return s
}

func (rd *reader) tooLarge(line int) error {
	what := "a text"
	var id int64
	if rd.rev != nil {
		id = rd.rev.ID
		what = rd.revLabel(id, rd.ts) + ":"
	} else if rd.page != nil && rd.page.Title != "" {
		what = fmt.Sprintf("page %q:", rd.page.Title)
	}
	return model.Errorf(rd.name, line, model.MsgTooLarge,
		"%s text over the limit of %d bytes per revision (MediaWiki's own default limit is 2 MiB: a corrupt export or a decompression bomb?)",
		what, rd.opts.MaxRevisionBytes)
}

// token reads the next token, turning EOF inside an element into an error
// that says which element was left open.
func (rd *reader) token(open string, openLine int) (xml.Token, error) {
	tok, err := rd.d.Token()
	if err == nil {
		return tok, nil
	}
	if err == io.EOF {
		if open == "" {
			return nil, io.EOF
		}
		return nil, rd.errorf(rd.line(), "unexpected end of file: <%s> opened at line %d is not closed (truncated export?)", open, openLine)
	}
	inside := " before the <mediawiki> element"
	if open != "" {
		inside = fmt.Sprintf(" inside <%s> opened at line %d", open, openLine)
	}
	var se *xml.SyntaxError
	var ce flate.CorruptInputError
	var be bzip2.StructuralError
	switch {
	case errors.As(err, &se):
		msg := se.Msg
		if strings.Contains(msg, "unexpected EOF") && open != "" {
			msg = "unexpected end of file" + inside + " (truncated export?)"
		}
		return nil, rd.errorf(se.Line, "invalid XML: %s", msg)
	case errors.Is(err, errTooLarge):
		return nil, rd.tooLarge(rd.line())
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, rd.errorf(rd.line(), "unexpected end of compressed data%s (truncated export?)", inside)
	case errors.As(err, &ce), errors.As(err, &be), errors.Is(err, gzip.ErrChecksum), errors.Is(err, gzip.ErrHeader):
		return nil, rd.errorf(rd.line(), "corrupt compressed data%s: %v", inside, err)
	}
	return nil, rd.errorf(rd.line(), "cannot read%s: %v", inside, err)
}

func (rd *reader) document(fn Handler) error {
	// Find <mediawiki>.
	for {
		tok, err := rd.token("", 0)
		if err == io.EOF {
			return rd.errorf(1, "expected a MediaWiki XML export (<mediawiki> root element), found none")
		}
		if err != nil {
			return err
		}
		if se, ok := tok.(xml.StartElement); ok {
			if se.Name.Local != "mediawiki" {
				return rd.errorf(rd.line(), "expected a <mediawiki> root element, found <%s>", se.Name.Local)
			}
			break
		}
	}
	rootLine := rd.line()
	for {
		tok, err := rd.token("mediawiki", rootLine)
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "page":
				err = rd.pageElement(fn)
			case "siteinfo":
				var si *model.SiteInfo
				if si, err = rd.siteinfo(); err == nil && rd.opts.SiteInfo != nil {
					rd.opts.SiteInfo(si)
				}
			case "logitem":
				// Log dumps: entries of the wiki's logs, which are
				// not revisions of any page.
				rd.skipped["logitem"]++
				err = rd.skip("logitem")
			default:
				err = rd.skip(t.Name.Local)
			}
			if err != nil {
				return err
			}
		case xml.EndElement:
			return nil
		}
	}
}

// skip consumes the rest of an element.
func (rd *reader) skip(name string) error {
	line := rd.line()
	depth := 1
	for depth > 0 {
		tok, err := rd.token(name, line)
		if err != nil {
			return err
		}
		switch tok.(type) {
		case xml.StartElement:
			depth++
			if depth > maxDepth {
				return rd.errorf(rd.line(), "elements nested more than %d deep: not a MediaWiki export", maxDepth)
			}
		case xml.EndElement:
			depth--
		}
	}
	return nil
}

// chars reads the character data of a simple element up to its end tag,
// refusing more than limit bytes (0: no limit beyond the reader's).
func (rd *reader) chars(name string, limit int) (string, error) {
	line := rd.line()
	var first string
	n := 0
	for {
		tok, err := rd.token(name, line)
		if err != nil {
			return "", err
		}
		switch t := tok.(type) {
		case xml.CharData:
			n += len(t)
			if limit > 0 && n > limit {
				return "", rd.tooLarge(line)
			}
			// Most elements hold one run of text: keep it as one
			// string, with no buffer in between.
			switch {
			case n == len(t):
				first = string(t)
			case rd.text.Len() == 0:
				rd.text.WriteString(first)
				fallthrough
			default:
				rd.text.Write(t)
			}
		case xml.StartElement:
			return "", rd.errorf(rd.line(), "unexpected <%s> inside <%s>", t.Name.Local, name)
		case xml.EndElement:
			if rd.text.Len() > 0 {
				s := rd.text.String()
				rd.text.Reset()
				return s, nil
			}
			return first, nil
		}
	}
}

// short reads a simple element that holds a short value (ids, names).
func (rd *reader) short(name string) (string, error) {
	return rd.chars(name, 64<<10)
}

func (rd *reader) siteinfo() (*model.SiteInfo, error) {
	line := rd.line()
	si := &model.SiteInfo{}
	for {
		tok, err := rd.token("siteinfo", line)
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			var s string
			switch t.Name.Local {
			case "sitename", "dbname", "base", "generator", "case":
				if s, err = rd.short(t.Name.Local); err != nil {
					return nil, err
				}
				s = strings.TrimSpace(s)
				switch t.Name.Local {
				case "sitename":
					si.Name = s
				case "dbname":
					si.DBName = s
				case "base":
					si.Base = s
				case "generator":
					si.Generator = s
				case "case":
					si.Case = s
				}
			case "namespaces":
				if si.Namespaces, err = rd.namespaces(); err != nil {
					return nil, err
				}
			default:
				if err := rd.skip(t.Name.Local); err != nil {
					return nil, err
				}
			}
		case xml.EndElement:
			return si, nil
		}
	}
}

func (rd *reader) namespaces() ([]model.Namespace, error) {
	line := rd.line()
	var out []model.Namespace
	for {
		tok, err := rd.token("namespaces", line)
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Local != "namespace" {
				if err := rd.skip(t.Name.Local); err != nil {
					return nil, err
				}
				continue
			}
			ns := model.Namespace{}
			key := ""
			for _, a := range t.Attr {
				switch a.Name.Local {
				case "key":
					key = a.Value
				case "case":
					ns.Case = a.Value
				}
			}
			id, err := strconv.Atoi(strings.TrimSpace(key))
			if err != nil {
				return nil, rd.errorf(rd.line(), "<namespace key=%q>: expected a namespace number", key)
			}
			ns.ID = id
			if ns.Name, err = rd.short("namespace"); err != nil {
				return nil, err
			}
			out = append(out, ns)
		case xml.EndElement:
			return out, nil
		}
	}
}

func (rd *reader) pageElement(fn Handler) error {
	line := rd.line()
	pi := &PageInfo{Namespace: -1}
	rd.page = pi
	defer func() { rd.page = nil }()
	for {
		tok, err := rd.token("page", line)
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "title":
				if pi.Title, err = rd.short("title"); err != nil {
					return err
				}
			case "ns":
				s, err := rd.short("ns")
				if err != nil {
					return err
				}
				n, err := strconv.Atoi(strings.TrimSpace(s))
				if err != nil {
					return rd.errorf(rd.line(), "<ns>: expected a namespace number, found %q", s)
				}
				pi.Namespace = n
			case "id":
				s, err := rd.short("id")
				if err != nil {
					return err
				}
				if pi.ID, err = strconv.ParseInt(strings.TrimSpace(s), 10, 64); err != nil {
					return rd.errorf(rd.line(), "<id>: expected a page id, found %q", s)
				}
			case "redirect":
				for _, a := range t.Attr {
					if a.Name.Local == "title" {
						pi.Redirect = a.Value
					}
				}
				if err := rd.skip("redirect"); err != nil {
					return err
				}
			case "revision":
				if pi.Title == "" {
					return rd.errorf(rd.line(), "<revision> before the page's <title>")
				}
				rev, err := rd.revision()
				if err != nil {
					return err
				}
				if rev != nil {
					if err := fn(pi, rev); err != nil {
						return err
					}
				}
			case "upload":
				// File uploads (dumps made with --uploads): the file's
				// metadata, not a revision of the description page.
				rd.skipped["upload"]++
				if err := rd.skip("upload"); err != nil {
					return err
				}
			default:
				// <restrictions>, <discussionthreadinginfo>, …
				if err := rd.skip(t.Name.Local); err != nil {
					return err
				}
			}
		case xml.EndElement:
			if pi.Title == "" {
				return rd.errorf(line, "<page> without a <title>")
			}
			return nil
		}
	}
}

func deletedAttr(t xml.StartElement) bool {
	for _, a := range t.Attr {
		if a.Name.Local == "deleted" && a.Value == "deleted" {
			return true
		}
	}
	return false
}

// revision reads one <revision>. It returns a nil revision (and no error)
// for a revision skipped under KeepGoing.
func (rd *reader) revision() (*model.Revision, error) {
	line := rd.line()
	rev := &model.Revision{Source: model.SourceRef{File: rd.name, Line: line}}
	rd.rev, rd.ts = rev, ""
	defer func() { rd.rev = nil }()
	var ts, sha1 string
	var main *slotRead
	var others []*slotRead
	for {
		tok, err := rd.token("revision", line)
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			var s string
			switch t.Name.Local {
			case "id", "parentid", "timestamp", "sha1":
				if s, err = rd.short(t.Name.Local); err != nil {
					return nil, err
				}
				s = strings.TrimSpace(s)
				switch t.Name.Local {
				case "id":
					if rev.ID, err = strconv.ParseInt(s, 10, 64); err != nil {
						return nil, rd.errorf(rd.line(), "<id>: expected a revision id, found %q", s)
					}
				case "parentid":
					rev.ParentID, _ = strconv.ParseInt(s, 10, 64)
				case "timestamp":
					ts = s
					rd.ts = s
				case "sha1":
					sha1 = s
				}
			case "comment":
				if deletedAttr(t) {
					rev.Deleted |= model.DeletedSummary
				}
				if rev.Summary, err = rd.short("comment"); err != nil {
					return nil, err
				}
			case "minor":
				rev.Minor = true
				if err := rd.skip("minor"); err != nil {
					return nil, err
				}
			case "contributor":
				if deletedAttr(t) {
					rev.Deleted |= model.DeletedAuthor
				}
				if err := rd.contributor(rev); err != nil {
					return nil, err
				}
			case "origin", "model", "format", "text":
				// The main slot's fields, written straight in <revision>.
				if main == nil {
					main = &slotRead{}
				}
				if err := rd.slotField(main, t); err != nil {
					return nil, err
				}
			case "content":
				// Other slots (schema 0.11).
				s, err := rd.content()
				if err != nil {
					return nil, err
				}
				if s.Role == "main" || s.Role == "" && main == nil {
					main = s
				} else {
					others = append(others, s)
				}
			default:
				if err := rd.skip(t.Name.Local); err != nil {
					return nil, err
				}
			}
		case xml.EndElement:
			return rd.finish(rev, line, ts, sha1, main, others)
		}
	}
}

// finish checks a revision read whole and fills in what follows from its
// parts.
func (rd *reader) finish(rev *model.Revision, line int, ts, sha1 string, main *slotRead, others []*slotRead) (*model.Revision, error) {
	if ts == "" {
		return nil, rd.soft(rd.msgf(line, "%s: no <timestamp> (expected one like 2024-11-15T16:30:17Z)", rd.revLabel(rev.ID, "")))
	}
	tm, err := time.Parse(model.TimeLayout, ts)
	if err != nil {
		return nil, rd.soft(rd.msgf(line, "%s: expected <timestamp> like 2024-11-15T16:30:17Z, found %q", rd.revLabel(rev.ID, ""), ts))
	}
	rev.Timestamp = tm
	rev.Section = model.Autocomment(rev.Summary)
	if main == nil {
		main = &slotRead{}
	}
	if !main.seenText {
		// No <text> at all: nothing of the text is in the input.
		main.stub = true
	}
	main.defaults()
	rev.Main = main.SlotInfo
	rev.Text, rev.SHA1, rev.Size = main.text, main.sha1, main.size
	if main.deleted {
		rev.Deleted |= model.DeletedText
	}
	rev.Stub = main.stub
	for _, s := range others {
		s.defaults()
		rev.Slots = append(rev.Slots, model.Slot{Role: s.Role, SlotInfo: s.SlotInfo, Text: s.text, SHA1: s.sha1, Size: s.size,
			Stub: s.stub || s.deleted || !s.seenText})
	}
	if rev.Stub && rev.SHA1 == "" && len(others) == 0 && sha1 != "" {
		// A stub dump of schema 0.10 or older: with a single slot, the
		// revision's hash is the text's.
		rev.SHA1 = hexSHA1(sha1)
	}
	if sha1 != "" && rev.Visible() {
		if want, ok := RevisionSHA1(rev); ok && !SHA1Matches(sha1, want) {
			m := model.Msg{File: rd.name, Line: line, Severity: model.SevWarning, ID: model.MsgSHA1Mismatch,
				Text: fmt.Sprintf("%s: the text does not match its <sha1> %s (an edited export, or a hash the wiki stored wrong); the text is read as it is", rd.revLabel(rev.ID, ts), sha1)}
			if rd.opts.Strict {
				m.Severity = model.SevError
				return nil, rd.soft(&m)
			}
			rd.warn(m)
		}
	}
	if rd.opts.DropText {
		rev.DropText()
		for i := range rev.Slots {
			rev.Slots[i].Text = ""
		}
	}
	return rev, nil
}

// slotRead is a content slot as read.
type slotRead struct {
	model.SlotInfo
	Role     string
	text     string
	sha1     string // hex
	size     int
	stub     bool
	deleted  bool
	seenText bool
}

// defaults clears the model and format when they are wikitext's: the zero
// SlotInfo says it, as for a feed's texts.
func (s *slotRead) defaults() {
	if s.Model == "wikitext" && (s.Format == "" || s.Format == "text/x-wiki") {
		s.Model, s.Format = "", ""
	}
}

// slotField reads one of a slot's elements (<origin>, <model>, <format>,
// <text>) into s.
func (rd *reader) slotField(s *slotRead, t xml.StartElement) error {
	switch t.Name.Local {
	case "origin":
		v, err := rd.short("origin")
		if err != nil {
			return err
		}
		s.Origin, _ = strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	case "model", "format":
		v, err := rd.short(t.Name.Local)
		if err != nil {
			return err
		}
		if t.Name.Local == "model" {
			s.Model = strings.TrimSpace(v)
		} else {
			s.Format = strings.TrimSpace(v)
		}
	case "text":
		return rd.textElement(s, t)
	}
	return nil
}

// textElement reads a <text>: the text itself, or a deleted text's or a
// stub's placeholder (<text deleted="deleted"/>, <text bytes="…" id="…"
// location="…"/>).
func (rd *reader) textElement(s *slotRead, t xml.StartElement) error {
	s.seenText = true
	bytesAttr := -1
	var sha1Attr string
	for _, a := range t.Attr {
		switch a.Name.Local {
		case "deleted":
			s.deleted = a.Value == "deleted"
		case "bytes":
			if n, err := strconv.Atoi(strings.TrimSpace(a.Value)); err == nil && n >= 0 {
				bytesAttr = n
			}
		case "sha1":
			sha1Attr = strings.TrimSpace(a.Value)
		case "id":
			s.TextID = a.Value
		case "location":
			s.Location = a.Value
		}
	}
	text, err := rd.chars("text", rd.opts.MaxRevisionBytes)
	if err != nil {
		return err
	}
	switch {
	case s.deleted:
		// Hidden by the wiki: nothing of the text is in the export.
	case text == "" && (bytesAttr > 0 || bytesAttr < 0 && (s.TextID != "" || s.Location != "")):
		// A stub: the text is elsewhere (bytes="0" is an empty text).
		s.stub = true
	default:
		s.text = text
		s.size = len(text)
		s.sha1 = model.TextSHA1(text)
		return nil
	}
	if bytesAttr > 0 {
		s.size = bytesAttr
	}
	if sha1Attr != "" {
		s.sha1 = hexSHA1(sha1Attr)
	}
	return nil
}

// content reads a <content> element: a slot with its role.
func (rd *reader) content() (*slotRead, error) {
	line := rd.line()
	s := &slotRead{}
	for {
		tok, err := rd.token("content", line)
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "role":
				v, err := rd.short("role")
				if err != nil {
					return nil, err
				}
				s.Role = strings.TrimSpace(v)
			case "origin", "model", "format", "text":
				if err := rd.slotField(s, t); err != nil {
					return nil, err
				}
			default:
				if err := rd.skip(t.Name.Local); err != nil {
					return nil, err
				}
			}
		case xml.EndElement:
			return s, nil
		}
	}
}

func (rd *reader) contributor(rev *model.Revision) error {
	line := rd.line()
	for {
		tok, err := rd.token("contributor", line)
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "username", "ip":
				if rev.Author, err = rd.short(t.Name.Local); err != nil {
					return err
				}
			case "id":
				s, err := rd.short("id")
				if err != nil {
					return err
				}
				rev.AuthorID, _ = strconv.ParseInt(strings.TrimSpace(s), 10, 64)
			default:
				if err := rd.skip(t.Name.Local); err != nil {
					return err
				}
			}
		case xml.EndElement:
			return nil
		}
	}
}
