package feed

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/wikirules/wikirules/corpus/internal/textclean"
	"github.com/wikirules/wikirules/model"
)

// Entry is one revision in a feed.
type Entry struct {
	Title string
	Rev   *model.Revision
}

// Feed is a parsed contribution feed.
type Feed struct {
	Header  string
	Entries []Entry
	// Warnings are problems that did not stop reading: bytes that are not
	// UTF-8 (replaced by U+FFFD) and NUL bytes (removed), by line.
	Warnings model.MsgList
}

// Options control reading.
type Options struct {
	// KeepGoing reports every malformed entry instead of stopping at the
	// first; the entries that could be read are returned with the errors.
	KeepGoing bool
	// ShareData lets the texts share data's memory instead of copying
	// it, which halves the memory a large feed needs; the caller must
	// then never modify data.
	ShareData bool
	// MaxRevisionBytes is the largest text a revision may have
	// (0: model.DefaultMaxRevisionBytes); a larger one is an error naming
	// the page and the revision.
	MaxRevisionBytes int

	split *splitConfig // how a large feed is read on every core (tests)
}

// Parse reads a feed held in memory. name is used in errors and in each
// revision's Source. With KeepGoing, the returned error is a
// model.MsgList holding every problem and the feed holds every entry that
// could be read.
//
// The input is decided on once: a UTF-8 byte-order mark at the start is
// dropped, CRLF and CR line ends are read as LF (MediaWiki saves texts that
// way), NUL bytes are removed and bytes that are not UTF-8 become U+FFFD;
// each such line gets a warning in Feed.Warnings.
func Parse(name string, data []byte, opts Options) (*Feed, error) {
	clean, problems := textclean.Clean(data, true)
	if len(clean) > 0 && &clean[len(clean)-1] != &data[len(data)-1] {
		// A fresh buffer, not data (or its suffix past a BOM): the
		// texts may share it whatever the caller said.
		opts.ShareData = true
	}
	if opts.MaxRevisionBytes <= 0 {
		opts.MaxRevisionBytes = model.DefaultMaxRevisionBytes
	}
	p := parser{name: name, src: clean, opts: opts}
	f := p.read()
	w := textclean.Warnings{File: name}
	for _, pr := range problems {
		w.Add(pr)
	}
	f.Warnings = w.Done()
	return f, p.errs.Err()
}

// Read reads a whole feed from r.
func Read(name string, r io.Reader, opts Options) (*Feed, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return Parse(name, data, opts)
}

// Sniff reports whether data looks like a contribution feed: a header line,
// a blank line, then an entry header (whatever the line ends, and past a
// byte-order mark).
func Sniff(data []byte) bool {
	data, _ = textclean.Clean(data, true) // as Parse will read it
	i := bytes.IndexByte(data, '\n')
	if i <= 0 || i+1 >= len(data) || data[i+1] != '\n' {
		return false
	}
	_, ok, _ := entryHeader(data, i+2, false)
	return ok
}

type parser struct {
	name string
	src  []byte
	opts Options
	errs model.MsgList
}

func (p *parser) fail(line int, format string, args ...any) {
	p.errs = append(p.errs, *model.Errorf(p.name, line, model.MsgMalformedInput, format, args...))
}

// header holds the parsed fields of an entry header.
type header struct {
	title, ts, user string
	bodyStart       int // offset just past the header's trailing blank line (or EOF)
	problemLine     int // for a malformed header: the faulty line, relative to the title
}

// lineAt returns the line starting at off (without its '\n') and the offset
// of the next line (len(src)+1 when the line runs to EOF).
func lineAt(src []byte, off int) ([]byte, int) {
	if off > len(src) {
		return nil, off
	}
	i := bytes.IndexByte(src[off:], '\n')
	if i < 0 {
		return src[off:], len(src) + 1
	}
	return src[off : off+i], off + i + 1
}

// blankAt reports whether the line at off is empty (and not EOF).
func blankAt(src []byte, off int) bool { return off < len(src) && src[off] == '\n' }

// isTimestampShape is a cheap test for "dddd-dd-ddT": lines that start like
// a timestamp are worth a closer look.
func isTimestampShape(l []byte) bool {
	return len(l) >= 11 && isDigit(l[0]) && isDigit(l[1]) && isDigit(l[2]) && isDigit(l[3]) &&
		l[4] == '-' && isDigit(l[5]) && isDigit(l[6]) && l[7] == '-' && isDigit(l[8]) && isDigit(l[9]) && l[10] == 'T'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// entryHeader tries to read an entry header at off. ok is true for a
// well-formed header; problem is set when the lines have an entry's shape
// but something in them is wrong, and h.problemLine then says on which line
// of the header (0 is the title).
//
// A line in timestamp position that is not a timestamp is such a problem
// when it reads like a date or time ("2024-01-01 00:00:00", "yesterday")
// between a title and a "User: summary" line, or anywhere when expectEntry
// is set (the first entry of a feed): such an entry is reported, never read
// as text of the revision before it.
func entryHeader(src []byte, off int, expectEntry bool) (h header, ok bool, problem string) {
	h.problemLine = 2
	title, next := lineAt(src, off)
	if len(title) == 0 || next > len(src) || !blankAt(src, next) {
		return h, false, ""
	}
	tsOff := next + 1
	ts, next := lineAt(src, tsOff)
	if !isTimestampShape(ts) {
		if badTimestampEntry(src, title, ts, next, expectEntry) {
			return h, false, fmt.Sprintf("expected a timestamp like 2024-11-15T16:30:17Z, found %q", clip(ts))
		}
		return h, false, ""
	}
	if next > len(src) || !blankAt(src, next) {
		return h, false, "expected a blank line after the timestamp"
	}
	if len(ts) != len(model.TimeLayout) {
		return h, false, fmt.Sprintf("expected a timestamp like 2024-11-15T16:30:17Z, found %q", ts)
	}
	if _, err := time.Parse(model.TimeLayout, string(ts)); err != nil {
		return h, false, fmt.Sprintf("invalid timestamp %q", ts)
	}
	user, next := lineAt(src, next+1)
	h.problemLine = 4
	// The user may be empty (": summary"): a revision of no known author,
	// as a .wiki page's, is written so, and "::1: x" is an IPv6 editor's.
	if bytes.IndexByte(user, ':') < 0 {
		return h, false, fmt.Sprintf("expected a \"User: summary\" line after the timestamp, found %q", clip(user))
	}
	switch {
	case next >= len(src): // entry with empty text at EOF, the line ended or not
		next = len(src)
	case blankAt(src, next):
		next++
	default:
		return h, false, "expected a blank line after the \"User: summary\" line"
	}
	return header{title: string(title), ts: string(ts), user: string(user), bodyStart: next}, true, ""
}

// badTimestampEntry reports whether ts, a line that is not shaped like a
// timestamp, stands where an entry's timestamp does: after a plausible
// title and a blank line, before a blank line and a plausible "User:
// summary" line that ends the header. Away from the first entry (expectEntry)
// the line must also read like a date or a time, so that wikitext made of
// short paragraphs is not mistaken for an entry.
func badTimestampEntry(src, title, ts []byte, next int, expectEntry bool) bool {
	if len(ts) == 0 || next > len(src) || !blankAt(src, next) {
		return false
	}
	user, after := lineAt(src, next+1)
	if after <= len(src) && !blankAt(src, after) {
		return false
	}
	// The author is before the first ':' (an IPv6 address's first group
	// is as plausible as the whole).
	cut := bytes.IndexByte(user, ':')
	if cut <= 0 || !plausibleName(user[:cut]) || !plausibleName(title) {
		return false
	}
	return expectEntry || dateLike(ts)
}

// notInName are the bytes MediaWiki forbids in titles and user names (and
// a tab, which neither holds).
var notInName = func() (t [256]bool) {
	for _, c := range []byte("#<>[]|{}\t") {
		t[c] = true
	}
	return
}()

// plausibleName reports whether s could be a page title or a user name:
// not too long, no surrounding spaces, none of the characters MediaWiki
// forbids in both.
func plausibleName(s []byte) bool {
	if len(s) == 0 || len(s) > 255 || s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for _, c := range s {
		if notInName[c] {
			return false
		}
	}
	return true
}

// dateWords are lines people write where a date belongs.
var dateWords = [][]byte{[]byte("yesterday"), []byte("today"), []byte("tomorrow"), []byte("now")}

// dateLikeRE matches the common ways of writing a date or a time:
// 2024-01-01, 1/2/2024, 01.02.24, 16:30, "15 November 2024", "Nov 15".
// It is compiled on first use, not when every command of the program
// starts.
var dateLikeRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^[^a-z]{0,4}(\d{4}[-/.]\d{1,2}([-/.]\d{1,2})?|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|\d{1,2}:\d{2}` +
		`|\d{1,2}(st|nd|rd|th)? (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?( \d{2,4})?` +
		`|(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(st|nd|rd|th)?,?( \d{2,4})?)`)
})

// dateLike reports whether a line (not a valid timestamp) reads like a date
// or a time someone put where the timestamp goes. It runs only on lines
// already shaped like an entry's timestamp line, so the regexp is off the
// hot path.
func dateLike(l []byte) bool {
	l = bytes.TrimSpace(l)
	if len(l) > 64 {
		return false
	}
	for _, w := range dateWords {
		if bytes.EqualFold(l, w) {
			return true
		}
	}
	// Every date form above has a digit.
	return bytes.ContainsAny(l, "0123456789") && dateLikeRE().Match(l)
}

func clip(b []byte) string {
	if len(b) > 60 {
		return string(b[:60]) + "…"
	}
	return string(b)
}

// SplitUser splits a "User: summary" line. IPv6 addresses (anonymous edits)
// contain colons, so the author is the longest prefix that is an IP address,
// or else the text before the first colon (MediaWiki user names cannot
// contain one).
func SplitUser(line string) (author, summary string) {
	cut := strings.IndexByte(line, ':')
	for i := len(line) - 1; i > cut; i-- {
		if line[i] == ':' && (i+1 == len(line) || line[i+1] == ' ') {
			if ip := net.ParseIP(line[:i]); ip != nil && strings.Contains(line[:i], ":") {
				cut = i
				break
			}
		}
	}
	author = line[:cut]
	summary = strings.TrimPrefix(line[cut+1:], " ")
	return author, summary
}

func (p *parser) parse() *Feed {
	f, b, ok := p.prologue()
	if ok {
		p.entries(f, b, len(p.src)+1)
	}
	return f
}

// prologue reads the header line and finds the first entry, which it
// returns as a bound for entries; ok is false when reading stops there.
func (p *parser) prologue() (f *Feed, first bound, ok bool) {
	src := p.src
	hdr, next := lineAt(src, 0)
	f = &Feed{Header: string(hdr)}
	if len(src) == 0 {
		p.fail(1, "empty file: expected a header line, a blank line and entries")
		return f, bound{}, false
	}
	if _, ok, _ := entryHeader(src, 0, false); ok {
		p.fail(1, "expected a header line before the first entry (a feed starts with a line such as \"Wiki - User contributions [en]\")")
		return f, bound{}, false
	}
	if next > len(src) {
		return f, bound{}, false // header only
	}
	if !blankAt(src, next) {
		p.fail(2, "expected a blank line after the header")
		return f, bound{}, false
	}
	off, line := next+1, 3
	h, ok, problem := entryHeader(src, off, true)
	if ok {
		return f, bound{off: off, line: line, h: h, found: true}, true
	}
	if problem == "" {
		problem = "expected an entry: a page title, a blank line, a timestamp, a blank line and a \"User: summary\" line"
		h.problemLine = 0
	}
	p.fail(line+h.problemLine, "%s", problem)
	if !p.opts.KeepGoing {
		return f, bound{}, false
	}
	// Resynchronise at the next entry.
	if problem != "" && h.problemLine > 0 {
		return f, p.scanBody(off+len(lineString(src, off))+2, line+2), true
	}
	return f, p.scanBody(off, line), true
}

// entries reads entries into f from b, the bound at the first of them,
// until one would start at or after stop or the input ends. It returns the
// bound it stopped at, and whether it stopped on an error (without
// KeepGoing): nothing after that counts.
func (p *parser) entries(f *Feed, b bound, stop int) (end bound, fatal bool) {
	src := p.src
	from, limit := b.off, min(stop, len(src))
	for {
		if !b.found && !b.bad || b.off >= stop {
			return b, false
		}
		if b.bad {
			p.fail(b.line+b.h.problemLine, "malformed entry for %q: %s", lineString(src, b.off), b.problem)
			if !p.opts.KeepGoing {
				return b, true
			}
			// Go on from the line after the malformed entry's title: its
			// lines up to the next entry are not text of any revision.
			_, next := lineAt(src, b.off)
			b = p.scanBody(next+1, b.line+2)
			continue
		}
		// b.h is a valid header at b.line; find where its body ends.
		h, line := b.h, b.line
		bodyStart := h.bodyStart
		nb := p.scanBody(bodyStart, line+6)
		if nb.bad && !p.opts.KeepGoing {
			p.fail(nb.line+nb.h.problemLine, "malformed entry for %q: %s", lineString(src, nb.off), nb.problem)
			return nb, true
		}
		end := nb.end
		if end-bodyStart > p.opts.MaxRevisionBytes {
			p.fail(line, "page %q, revision %s: the text is %d bytes, over the limit of %d bytes per revision",
				h.title, h.ts, end-bodyStart, p.opts.MaxRevisionBytes)
			if !p.opts.KeepGoing {
				return nb, true
			}
		} else {
			text := ""
			if end > bodyStart {
				if p.opts.ShareData {
					text = unsafe.String(&src[bodyStart], end-bodyStart)
				} else {
					text = string(src[bodyStart:end])
				}
			}
			e := p.entry(h, text, line)
			if len(f.Entries) == cap(f.Entries) {
				f.Entries = grow(f.Entries, end-from, limit-end)
			}
			f.Entries = append(f.Entries, e)
		}
		b = nb
	}
}

// grow makes room in es, which holds the entries of the first read bytes,
// for those of the left bytes, by the entries per byte so far (and a
// little more): a few allocations for a large feed rather than one per
// doubling, each a fresh copy. It grows at most eightfold, in case the
// first entries are small and the rest large.
func grow(es []Entry, read, left int) []Entry {
	n := len(es)
	if n < 64 || read <= 0 {
		return es // append doubles
	}
	more := int(float64(n)*float64(left)/float64(read)*1.05) + 16
	return slices.Grow(es, min(max(more, n/4), 8*n))
}

// bound is where a body ends and what follows it.
type bound struct {
	end     int    // end of the body
	off     int    // offset of the next entry's title
	line    int    // its line
	h       header // the next entry's header, when found
	found   bool   // a well-formed entry follows
	bad     bool   // a malformed entry follows (problem says what is wrong)
	problem string
}

// scanBody walks the lines of a body starting at off (on 1-based line) and
// stops at the next entry header, which must follow a blank line: a
// well-formed one, or one with an entry's shape and a fault (reported by
// the caller, never read as text).
func (p *parser) scanBody(off, line int) bound {
	src := p.src
	if off >= len(src) {
		return bound{end: len(src)}
	}
	// An empty body: the next entry starts right away.
	if hh, ok, problem := entryHeader(src, off, false); ok || problem != "" {
		return bound{end: max(off-2, 0), off: off, line: line, h: hh, found: ok, bad: !ok, problem: problem}
	}
	// Walk line by line; a line two lines below a title that follows a
	// blank line is a candidate entry header when the line in between is
	// blank.
	prev2, prev1 := -1, -1 // starts of the two previous lines
	for pos := off; pos < len(src); {
		l, nxt := lineAt(src, pos)
		if prev2 >= off+1 && prev1 >= 0 && pos-prev1 == 1 && src[prev2-1] == '\n' && src[prev2-2] == '\n' &&
			len(l) > 0 && (isTimestampShape(l) || nxt < len(src) && src[nxt] == '\n') {
			hh, ok, problem := entryHeader(src, prev2, false)
			if ok || problem != "" {
				return bound{end: prev2 - 2, off: prev2, line: line - 2, h: hh, found: ok, bad: !ok, problem: problem}
			}
		}
		prev2, prev1 = prev1, pos
		pos = nxt
		line++
	}
	return bound{end: len(src)}
}

func lineString(src []byte, off int) string {
	l, _ := lineAt(src, off)
	return string(l)
}

func (p *parser) entry(h header, text string, line int) Entry {
	ts, _ := time.Parse(model.TimeLayout, h.ts) // validated by entryHeader
	author, summary := SplitUser(h.user)
	return Entry{Title: h.title, Rev: &model.Revision{
		Timestamp: ts,
		Author:    author,
		Summary:   summary,
		Section:   model.Autocomment(summary),
		Text:      text,
		Size:      len(text),
		Source:    model.SourceRef{File: p.name, Line: line},
		// SHA1 stays "": a feed carries none, and Revision.Digest
		// computes it where it is shown.
	}}
}

// Write writes f in the feed format. Writing a parsed feed reproduces its
// bytes.
func Write(w io.Writer, f *Feed) error {
	var b bytes.Buffer
	b.WriteString(f.Header)
	for _, e := range f.Entries {
		b.WriteString("\n\n")
		writeEntry(&b, e.Title, e.Rev)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// writeSummary writes a summary on its one line: a run of line breaks (an
// upload's comment may have some) is written as a space, as the
// contributions listing shows it.
func writeSummary(b *bytes.Buffer, s string) {
	for {
		i := strings.IndexAny(s, "\r\n")
		if i < 0 {
			b.WriteString(s)
			return
		}
		b.WriteString(s[:i])
		s = strings.TrimLeft(s[i:], "\r\n")
		if s != "" {
			b.WriteByte(' ')
		}
	}
}

func writeEntry(b *bytes.Buffer, title string, r *model.Revision) {
	b.WriteString(title)
	b.WriteString("\n\n")
	b.WriteString(model.FormatTime(r.Timestamp))
	b.WriteString("\n\n")
	b.WriteString(r.Author)
	b.WriteByte(':')
	if r.Summary != "" {
		b.WriteByte(' ')
		writeSummary(b, r.Summary)
	}
	if r.Text != "" {
		b.WriteString("\n\n")
		b.WriteString(r.Text)
	}
}

// Splits reports whether text, written as an entry's text, would not be
// read back as it is: a line after a blank line (or the text's first line)
// begins what reads as an entry's header (a title, a blank line, a
// timestamp, a blank line and a "User: summary" line), or as an entry
// whose timestamp is wrong. The format has no way to quote such a text.
func Splits(text string) bool {
	src := []byte(text)
	starts := func(off int) bool {
		_, ok, problem := entryHeader(src, off, false)
		return ok || problem != ""
	}
	if starts(0) || len(src) > 0 && src[0] == '\n' && starts(1) {
		return true
	}
	for k := 0; ; {
		i := bytes.Index(src[k:], []byte("\n\n"))
		if i < 0 {
			return false
		}
		if starts(k + i + 2) {
			return true
		}
		k += i + 1
	}
}
