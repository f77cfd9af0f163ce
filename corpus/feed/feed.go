package feed

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"strings"
	"time"
	"unsafe"

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
}

// Parse reads a feed held in memory. name is used in errors and in each
// revision's Source. With KeepGoing, the returned error is a
// model.MsgList holding every problem and the feed holds every entry that
// could be read.
func Parse(name string, data []byte, opts Options) (*Feed, error) {
	p := parser{name: name, src: data, opts: opts}
	f := p.parse()
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
// a blank line, then an entry header.
func Sniff(data []byte) bool {
	i := bytes.IndexByte(data, '\n')
	if i <= 0 || i+1 >= len(data) || data[i+1] != '\n' {
		return false
	}
	_, ok, _ := entryHeader(data, i+2)
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
// (title, blank, timestamp-like line) but something in them is wrong, and
// h.problemLine then says on which line of the header (0 is the title).
func entryHeader(src []byte, off int) (h header, ok bool, problem string) {
	h.problemLine = 2
	title, next := lineAt(src, off)
	if len(title) == 0 || next > len(src) || !blankAt(src, next) {
		return h, false, ""
	}
	ts, next := lineAt(src, next+1)
	if !isTimestampShape(ts) {
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
	if bytes.IndexByte(user, ':') <= 0 {
		return h, false, fmt.Sprintf("expected a \"User: summary\" line after the timestamp, found %q", clip(user))
	}
	switch {
	case next > len(src): // entry with empty text at EOF
		next = len(src)
	case blankAt(src, next):
		next++
	default:
		return h, false, "expected a blank line after the \"User: summary\" line"
	}
	return header{title: string(title), ts: string(ts), user: string(user), bodyStart: next}, true, ""
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
	src := p.src
	hdr, next := lineAt(src, 0)
	f := &Feed{Header: string(hdr)}
	if len(src) == 0 {
		p.fail(1, "empty file: expected a header line, a blank line and entries")
		return f
	}
	if _, ok, _ := entryHeader(src, 0); ok {
		p.fail(1, "expected a header line before the first entry (a feed starts with a line such as \"Wiki - User contributions [en]\")")
		return f
	}
	if next > len(src) {
		return f // header only
	}
	if !blankAt(src, next) {
		p.fail(2, "expected a blank line after the header")
		return f
	}
	off, line := next+1, 3
	h, ok, problem := entryHeader(src, off)
	if !ok {
		if problem == "" {
			problem = "expected an entry: a page title, a blank line, a timestamp, a blank line and a \"User: summary\" line"
			h.problemLine = 0
		}
		p.fail(3+h.problemLine, "%s", problem)
		if !p.opts.KeepGoing {
			return f
		}
		// Resynchronise at the next well-formed entry.
		h, line, ok = p.nextHeader(off, line)
		if !ok {
			return f
		}
	}
	for {
		// h is a valid header at line; find where its body ends.
		bodyStart := h.bodyStart
		bodyLine := line + 6
		end, nh, nline, found := p.scanBody(bodyStart, bodyLine)
		if len(p.errs) > 0 && !p.opts.KeepGoing {
			return f
		}
		text := ""
		if end > bodyStart {
			if p.opts.ShareData {
				text = unsafe.String(&src[bodyStart], end-bodyStart)
			} else {
				text = string(src[bodyStart:end])
			}
		}
		f.Entries = append(f.Entries, p.entry(h, text, line))
		if !found {
			return f
		}
		h, line = nh, nline
	}
}

// scanBody walks the lines of a body starting at off (on 1-based line) and
// stops at the next entry header, which must follow a blank line. It returns
// the end of the body and the next header. Lines shaped like an entry header
// but malformed are reported.
func (p *parser) scanBody(off, line int) (end int, h header, hline int, found bool) {
	src := p.src
	if off >= len(src) {
		return len(src), h, 0, false
	}
	// An empty body: the next entry starts right away.
	if hh, ok, _ := entryHeader(src, off); ok {
		return off - 2, hh, line, true
	}
	// Walk line by line; a timestamp-shaped line two lines below a title
	// that follows a blank line is a candidate entry header.
	prev2, prev1 := -1, -1 // starts of the two previous lines
	for pos := off; pos < len(src); {
		l, nxt := lineAt(src, pos)
		if isTimestampShape(l) && prev2 >= off+1 && prev1 >= 0 && pos-prev1 == 1 &&
			src[prev2-1] == '\n' && src[prev2-2] == '\n' {
			hh, ok, problem := entryHeader(src, prev2)
			if ok {
				return prev2 - 2, hh, line - 2, true
			}
			if problem != "" {
				p.fail(line-2+hh.problemLine, "malformed entry for %q: %s", lineString(src, prev2), problem)
				if !p.opts.KeepGoing {
					return len(src), h, 0, false
				}
			}
		}
		prev2, prev1 = prev1, pos
		pos = nxt
		line++
	}
	return len(src), h, 0, false
}

// nextHeader finds the next well-formed entry header after off.
func (p *parser) nextHeader(off, line int) (header, int, bool) {
	_, h, hline, found := p.scanBody(off, line)
	return h, hline, found
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
		SHA1:      model.TextSHA1(text),
		Size:      len(text),
		Source:    model.SourceRef{File: p.name, Line: line},
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

func writeEntry(b *bytes.Buffer, title string, r *model.Revision) {
	b.WriteString(title)
	b.WriteString("\n\n")
	b.WriteString(model.FormatTime(r.Timestamp))
	b.WriteString("\n\n")
	b.WriteString(r.Author)
	b.WriteByte(':')
	if r.Summary != "" {
		b.WriteByte(' ')
		b.WriteString(r.Summary)
	}
	if r.Text != "" {
		b.WriteString("\n\n")
		b.WriteString(r.Text)
	}
}
