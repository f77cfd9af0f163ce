package mwxml

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

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
	// SHA-1 mismatches) and goes on; XML syntax errors still stop reading,
	// since nothing after them can be trusted.
	KeepGoing bool
	// DropText keeps only each revision's hash and size: enough for
	// listings and histories of dumps too large to hold.
	DropText bool
}

// Sniff reports whether data (the start of a file) looks like an XML export.
func Sniff(data []byte) bool {
	data = bytes.TrimLeft(data, " \t\r\n\ufeff")
	return bytes.HasPrefix(data, []byte("<?xml")) || bytes.HasPrefix(data, []byte("<mediawiki"))
}

// Decompress wraps r according to the file name's extension (.gz, .bz2) or,
// failing that, the stream's magic bytes.
func Decompress(name string, r io.Reader) (io.Reader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	magic, _ := br.Peek(3)
	switch {
	case strings.HasSuffix(name, ".gz") || bytes.HasPrefix(magic, []byte{0x1f, 0x8b}):
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%s: not a gzip file: %w", name, err)
		}
		return zr, nil
	case strings.HasSuffix(name, ".bz2") || bytes.HasPrefix(magic, []byte("BZh")):
		return bzip2.NewReader(br), nil
	}
	return br, nil
}

// reader is the state of one Read.
type reader struct {
	name string
	d    *xml.Decoder
	opts Options
	errs model.MsgList
	text bytes.Buffer
}

// Read streams the export in r (already decompressed) and calls fn for every
// revision. name is used in errors and in each revision's Source.
func Read(name string, r io.Reader, opts Options, fn Handler) error {
	d := xml.NewDecoder(r)
	d.Strict = true
	rd := &reader{name: name, d: d, opts: opts}
	err := rd.document(fn)
	if err != nil {
		return err
	}
	return rd.errs.Err()
}

func (rd *reader) line() int {
	l, _ := rd.d.InputPos()
	return l
}

func (rd *reader) errorf(line int, format string, args ...any) error {
	return model.Errorf(rd.name, line, model.MsgMalformedInput, format, args...)
}

// soft records a problem that does not stop reading under KeepGoing.
func (rd *reader) soft(line int, format string, args ...any) error {
	e := rd.errorf(line, format, args...).(*model.Msg)
	if !rd.opts.KeepGoing {
		return e
	}
	rd.errs = append(rd.errs, *e)
	return nil
}

// token reads the next token, turning EOF inside an element into an error
// that says which element was left open.
func (rd *reader) token(open string, openLine int) (xml.Token, error) {
	tok, err := rd.d.Token()
	if err == io.EOF {
		if open == "" {
			return nil, io.EOF
		}
		return nil, rd.errorf(rd.line(), "unexpected end of file: <%s> opened at line %d is not closed (truncated export?)", open, openLine)
	}
	if err != nil {
		var se *xml.SyntaxError
		if errors.As(err, &se) {
			msg := se.Msg
			if strings.Contains(msg, "unexpected EOF") && open != "" {
				msg = fmt.Sprintf("unexpected end of file inside <%s> opened at line %d (truncated export?)", open, openLine)
			}
			return nil, rd.errorf(se.Line, "invalid XML: %s", msg)
		}
		return nil, fmt.Errorf("%s:%d: %w", rd.name, rd.line(), err)
	}
	return tok, nil
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
			if t.Name.Local == "page" {
				if err := rd.page(fn); err != nil {
					return err
				}
			} else if err := rd.skip(t.Name.Local); err != nil {
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
		case xml.EndElement:
			depth--
		}
	}
	return nil
}

// chars reads the character data of a simple element up to its end tag.
func (rd *reader) chars(name string) (string, error) {
	line := rd.line()
	rd.text.Reset()
	for {
		tok, err := rd.token(name, line)
		if err != nil {
			return "", err
		}
		switch t := tok.(type) {
		case xml.CharData:
			rd.text.Write(t)
		case xml.StartElement:
			return "", rd.errorf(rd.line(), "unexpected <%s> inside <%s>", t.Name.Local, name)
		case xml.EndElement:
			return rd.text.String(), nil
		}
	}
}

func (rd *reader) page(fn Handler) error {
	line := rd.line()
	pi := &PageInfo{Namespace: -1}
	for {
		tok, err := rd.token("page", line)
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "title":
				if pi.Title, err = rd.chars("title"); err != nil {
					return err
				}
			case "ns":
				s, err := rd.chars("ns")
				if err != nil {
					return err
				}
				n, err := strconv.Atoi(strings.TrimSpace(s))
				if err != nil {
					return rd.errorf(rd.line(), "<ns>: expected a namespace number, found %q", s)
				}
				pi.Namespace = n
			case "id":
				s, err := rd.chars("id")
				if err != nil {
					return err
				}
				pi.ID, _ = strconv.ParseInt(strings.TrimSpace(s), 10, 64)
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
			default:
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

// revision reads one <revision>. It returns a nil revision (and no error)
// for a revision skipped under KeepGoing.
func (rd *reader) revision() (*model.Revision, error) {
	line := rd.line()
	rev := &model.Revision{Source: model.SourceRef{File: rd.name, Line: line}}
	var ts, sha1 string
	hasText := false
	for {
		tok, err := rd.token("revision", line)
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			var s string
			switch t.Name.Local {
			case "id", "parentid", "timestamp", "comment", "sha1":
				if s, err = rd.chars(t.Name.Local); err != nil {
					return nil, err
				}
				switch t.Name.Local {
				case "id":
					rev.ID, _ = strconv.ParseInt(strings.TrimSpace(s), 10, 64)
				case "parentid":
					rev.ParentID, _ = strconv.ParseInt(strings.TrimSpace(s), 10, 64)
				case "timestamp":
					ts = strings.TrimSpace(s)
				case "comment":
					rev.Summary = s
				case "sha1":
					sha1 = strings.TrimSpace(s)
				}
			case "minor":
				rev.Minor = true
				if err := rd.skip("minor"); err != nil {
					return nil, err
				}
			case "contributor":
				if err := rd.contributor(rev); err != nil {
					return nil, err
				}
			case "text":
				hasText = true
				if rev.Text, err = rd.chars("text"); err != nil {
					return nil, err
				}
			default:
				if err := rd.skip(t.Name.Local); err != nil {
					return nil, err
				}
			}
		case xml.EndElement:
			tm, err := time.Parse(model.TimeLayout, ts)
			if err != nil {
				return nil, rd.soft(line, "revision %d: expected <timestamp> like 2024-11-15T16:30:17Z, found %q", rev.ID, ts)
			}
			rev.Timestamp = tm
			rev.Section = model.Autocomment(rev.Summary)
			rev.SHA1 = model.TextSHA1(rev.Text)
			rev.Size = len(rev.Text)
			if hasText && sha1 != "" && !SHA1Matches(sha1, rev.SHA1) {
				if err := rd.soft(line, "revision %d (%s): text does not match its <sha1> %s (corrupt or edited export?)", rev.ID, ts, sha1); err != nil {
					return nil, err
				}
			}
			if rd.opts.DropText {
				rev.DropText()
			}
			return rev, nil
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
				if rev.Author, err = rd.chars(t.Name.Local); err != nil {
					return err
				}
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

// Base36SHA1 converts a hex SHA-1 to the base-36 form MediaWiki stores
// (31 digits, zero padded).
func Base36SHA1(hexsum string) string {
	n, ok := new(big.Int).SetString(hexsum, 16)
	if !ok {
		return ""
	}
	s := n.Text(36)
	if len(s) < 31 {
		s = strings.Repeat("0", 31-len(s)) + s
	}
	return s
}

// SHA1Matches compares an export's <sha1> (base 36, or hex from other
// tools) with a hex SHA-1.
func SHA1Matches(exported, hexsum string) bool {
	exported = strings.ToLower(exported)
	if len(exported) == 40 {
		return exported == hexsum
	}
	return exported == Base36SHA1(hexsum)
}

// Page is a page and its revisions, for writing.
type Page struct {
	Title     string
	Namespace int
	ID        int64
	Revisions []*model.Revision
}

// Write writes pages as a schema-0.11 export. Revisions are written in the
// order given; reading the output back gives the same revisions.
func Write(w io.Writer, siteName string, pages []Page) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(`<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.mediawiki.org/xml/export-0.11/ http://www.mediawiki.org/xml/export-0.11.xsd" version="0.11" xml:lang="en">` + "\n")
	bw.WriteString("  <siteinfo>\n    <sitename>")
	esc(bw, siteName)
	bw.WriteString("</sitename>\n    <generator>wikirules</generator>\n    <case>first-letter</case>\n  </siteinfo>\n")
	for _, p := range pages {
		bw.WriteString("  <page>\n    <title>")
		esc(bw, p.Title)
		fmt.Fprintf(bw, "</title>\n    <ns>%d</ns>\n    <id>%d</id>\n", p.Namespace, p.ID)
		for _, r := range p.Revisions {
			if s := r.Text + r.Summary + r.Author; !utf8.ValidString(s) {
				return fmt.Errorf("%s: revision %s is not valid UTF-8", p.Title, model.FormatTime(r.Timestamp))
			} else if c := invalidXMLChar(s); c >= 0 {
				return fmt.Errorf("%s: revision %s holds a control character (U+%04X) that XML cannot carry", p.Title, model.FormatTime(r.Timestamp), c)
			}
			fmt.Fprintf(bw, "    <revision>\n      <id>%d</id>\n", r.ID)
			if r.ParentID != 0 {
				fmt.Fprintf(bw, "      <parentid>%d</parentid>\n", r.ParentID)
			}
			fmt.Fprintf(bw, "      <timestamp>%s</timestamp>\n      <contributor>\n", model.FormatTime(r.Timestamp))
			tag := "username"
			if isIP(r.Author) {
				tag = "ip"
			}
			fmt.Fprintf(bw, "        <%s>", tag)
			esc(bw, r.Author)
			fmt.Fprintf(bw, "</%s>\n      </contributor>\n", tag)
			if r.Minor {
				bw.WriteString("      <minor />\n")
			}
			if r.Summary != "" {
				bw.WriteString("      <comment>")
				esc(bw, r.Summary)
				bw.WriteString("</comment>\n")
			}
			sum := model.TextSHA1(r.Text)
			fmt.Fprintf(bw, "      <model>wikitext</model>\n      <format>text/x-wiki</format>\n      <text bytes=\"%d\" sha1=\"%s\" xml:space=\"preserve\">", len(r.Text), Base36SHA1(sum))
			esc(bw, r.Text)
			fmt.Fprintf(bw, "</text>\n      <sha1>%s</sha1>\n    </revision>\n", Base36SHA1(sum))
		}
		bw.WriteString("  </page>\n")
	}
	bw.WriteString("</mediawiki>\n")
	return bw.Flush()
}

// invalidXMLChar returns the first character XML 1.0 cannot hold, or -1.
func invalidXMLChar(s string) rune {
	for _, r := range s {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
			return r
		}
	}
	return -1
}

func isIP(s string) bool {
	if s == "" {
		return false
	}
	dots, colons := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '.':
			dots++
		case c == ':':
			colons++
		case c >= '0' && c <= '9', c >= 'a' && c <= 'f', c >= 'A' && c <= 'F':
		default:
			return false
		}
	}
	return dots == 3 || colons >= 2
}

// esc writes s with XML escaping. Carriage returns and tabs are escaped too,
// so the decoder's end-of-line normalisation cannot change a text.
func esc(w *bufio.Writer, s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		var r string
		switch s[i] {
		case '<':
			r = "&lt;"
		case '>':
			r = "&gt;"
		case '&':
			r = "&amp;"
		case '"':
			r = "&quot;"
		case '\r':
			r = "&#13;"
		default:
			continue
		}
		w.WriteString(s[last:i])
		w.WriteString(r)
		last = i + 1
	}
	w.WriteString(s[last:])
}
