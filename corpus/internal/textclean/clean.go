// Package textclean decides, once and at input, what wikirules does with
// bytes that are not text: a UTF-8 byte-order mark at the start is dropped,
// NUL bytes are removed, bytes that are not UTF-8 become U+FFFD, and (for
// line-based formats) CRLF and CR line endings become LF, as MediaWiki does
// when a page is saved. Every later stage can then rely on valid UTF-8 and
// "\n" line ends; each replacement is reported with its line so nothing
// changes silently.
package textclean

import (
	"bytes"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
	"unicode/utf8"
)

// Kind is a kind of replacement.
type Kind uint8

const (
	// InvalidUTF8: bytes that are not UTF-8 were replaced by U+FFFD.
	InvalidUTF8 Kind = iota
	// NUL: NUL bytes were removed.
	NUL
	// Control: control characters XML cannot carry were replaced by U+FFFD
	// (XML streams only).
	Control
)

// Problem is a line where bytes were replaced or removed.
type Problem struct {
	Line  int // 1-based line of the input
	Kind  Kind
	Count int // bytes replaced or removed on the line
}

// Text says what happened, for a warning.
func (p Problem) Text() string {
	switch p.Kind {
	case Control:
		if p.Count == 1 {
			return "a control character XML cannot carry was replaced by U+FFFD"
		}
		return itoa(p.Count) + " control characters XML cannot carry were replaced by U+FFFD"
	case NUL:
		if p.Count == 1 {
			return "a NUL byte was removed"
		}
		return itoa(p.Count) + " NUL bytes were removed"
	}
	if p.Count == 1 {
		return "a byte that is not UTF-8 was replaced by U+FFFD"
	}
	return itoa(p.Count) + " bytes that are not UTF-8 were replaced by U+FFFD"
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

var bom = []byte("\ufeff")

// Clean returns data cleaned as the package says, with the lines that had
// bytes replaced or removed. lines turns CRLF and CR into LF. When nothing
// needs to change, data itself is returned (no copy).
func Clean(data []byte, lines bool) ([]byte, []Problem) {
	data = bytes.TrimPrefix(data, bom)
	if clean(data, lines) {
		return data, nil
	}
	c := cleaner{line: 1, lines: lines}
	out := make([]byte, 0, len(data)+len(data)/8)
	out = c.clean(out, data)
	return out, c.problems
}

// clean reports whether data needs no change: valid UTF-8, no NUL, and
// (with lines) no CR. A large input is looked at on every core, in parts
// that begin on a character's first byte (a character cut between two parts
// would make both invalid; one that is whole in either is the same).
func clean(data []byte, lines bool) bool {
	ok := func(b []byte) bool {
		return utf8.Valid(b) && bytes.IndexByte(b, 0) < 0 && (!lines || bytes.IndexByte(b, '\r') < 0)
	}
	workers := min(runtime.GOMAXPROCS(0), len(data)/(4<<20))
	if workers < 2 {
		return ok(data)
	}
	var bad atomic.Bool
	var wg sync.WaitGroup
	start := 0
	for w := range workers {
		end := len(data)
		if w < workers-1 {
			end = len(data) / workers * (w + 1)
			for end > start && !utf8.RuneStart(data[end]) {
				end--
			}
		}
		part := data[start:end]
		start = end
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !ok(part) {
				bad.Store(true)
			}
		}()
	}
	wg.Wait()
	return !bad.Load()
}

// cleaner holds the state that crosses chunk boundaries.
type cleaner struct {
	line     int
	lines    bool
	xml      bool // replace characters XML 1.0 cannot carry
	cr       bool // the previous chunk ended with '\r'
	problems []Problem
}

func (c *cleaner) report(k Kind) {
	if n := len(c.problems); n > 0 && c.problems[n-1].Line == c.line && c.problems[n-1].Kind == k {
		c.problems[n-1].Count++
		return
	}
	c.problems = append(c.problems, Problem{Line: c.line, Kind: k, Count: 1})
}

// clean appends the cleaned form of data to out. data ends on a rune
// boundary (or at the end of the input).
func (c *cleaner) clean(out, data []byte) []byte {
	for i := 0; i < len(data); {
		b := data[i]
		switch {
		case b == '\n':
			if !c.cr {
				c.line++
				out = append(out, '\n')
			}
			c.cr = false
			i++
			continue
		case b == '\r' && c.lines:
			c.line++
			c.cr = true
			out = append(out, '\n')
			i++
			continue
		}
		c.cr = false
		switch {
		case b == 0:
			c.report(NUL)
			i++
		case c.xml && b < 0x20 && b != '\t' && b != '\r':
			c.report(Control)
			out = append(out, "\uFFFD"...)
			i++
		case b < utf8.RuneSelf:
			// A run of plain ASCII is copied at once.
			j := i + 1
			for j < len(data) && data[j] >= 0x20 && data[j] < utf8.RuneSelf || j < len(data) && data[j] == '\t' {
				j++
			}
			out = append(out, data[i:j]...)
			i = j
		default:
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n == 1 {
				c.report(InvalidUTF8)
				out = append(out, "\uFFFD"...)
			} else if c.xml && (r == 0xFFFE || r == 0xFFFF) {
				c.report(Control)
				out = append(out, "\uFFFD"...)
			} else {
				out = append(out, data[i:i+n]...)
			}
			i += n
		}
	}
	return out
}

// Reader cleans a stream as Clean cleans a buffer, calling Report for each
// line that had bytes replaced or removed.
type Reader struct {
	r       io.Reader
	c       cleaner
	raw     []byte // input read but not yet cleaned (a rune cut by a chunk's end)
	buf     []byte // backing store of out
	out     []byte // cleaned output not yet returned
	started bool
	err     error
	// Report, when set, is called for each problem once its line is done.
	Report func(Problem)
}

// NewReader returns a cleaning reader over r. lines turns CRLF and CR into
// LF.
func NewReader(r io.Reader, lines bool) *Reader {
	return &Reader{r: r, c: cleaner{line: 1, lines: lines}, raw: make([]byte, 0, 64<<10)}
}

// NewXMLReader returns a cleaning reader for an XML stream: line ends are
// left to the XML decoder, and control characters XML 1.0 cannot carry
// (U+0001…U+001F but tab, LF and CR; U+FFFE, U+FFFF) become U+FFFD too.
func NewXMLReader(r io.Reader) *Reader {
	return &Reader{r: r, c: cleaner{line: 1, xml: true}, raw: make([]byte, 0, 64<<10)}
}

// xmlClean reports whether chunk holds no character XML cannot carry.
func xmlClean(chunk []byte) bool {
	for i, b := range chunk {
		if b < 0x20 && b != '\t' && b != '\n' && b != '\r' {
			return false
		}
		if b == 0xEF && i+2 < len(chunk) && chunk[i+1] == 0xBF && (chunk[i+2] == 0xBE || chunk[i+2] == 0xBF) {
			return false
		}
	}
	return true
}

func (r *Reader) Read(p []byte) (int, error) {
	for len(r.out) == 0 {
		if r.err != nil {
			r.deliver(true)
			return 0, r.err
		}
		r.fill()
	}
	n := copy(p, r.out)
	r.out = r.out[n:]
	return n, nil
}

// fill reads a chunk and cleans it into out.
func (r *Reader) fill() {
	keep := len(r.raw)
	n, err := r.r.Read(r.raw[keep:cap(r.raw)])
	r.raw = r.raw[:keep+n]
	r.err = err
	data := r.raw
	if !r.started {
		if len(data) < len(bom) && err == nil && bytes.HasPrefix(bom, data) {
			return // too little yet to tell whether a BOM starts the stream
		}
		r.started = true
		data = bytes.TrimPrefix(data, bom)
	}
	// A rune cut by the end of the chunk waits for the next one.
	cut := len(data)
	if err == nil {
		for k := 1; k <= utf8.UTFMax && k <= len(data); k++ {
			if b := data[len(data)-k]; b < utf8.RuneSelf || utf8.RuneStart(b) {
				if b >= utf8.RuneSelf && !utf8.FullRune(data[len(data)-k:]) {
					cut = len(data) - k
				}
				break
			}
		}
	}
	chunk := data[:cut]
	if utf8.Valid(chunk) && bytes.IndexByte(chunk, 0) < 0 && (!r.c.lines || !r.c.cr && bytes.IndexByte(chunk, '\r') < 0) &&
		(!r.c.xml || xmlClean(chunk)) {
		r.buf = append(r.buf[:0], chunk...)
		r.c.line += bytes.Count(chunk, []byte{'\n'})
	} else {
		r.buf = r.c.clean(r.buf[:0], chunk)
	}
	r.out = r.buf
	r.raw = r.raw[:copy(r.raw, data[cut:])]
	r.deliver(false)
}

// deliver reports the problems of finished lines (all: every problem).
func (r *Reader) deliver(all bool) {
	i := 0
	for ; i < len(r.c.problems); i++ {
		if !all && r.c.problems[i].Line >= r.c.line {
			break
		}
		if r.Report != nil {
			r.Report(r.c.problems[i])
		}
	}
	r.c.problems = append(r.c.problems[:0], r.c.problems[i:]...)
}
