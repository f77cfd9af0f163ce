package parser

import (
	"strings"
)

// blockLevels is MediaWiki's BlockLevelPass: it reads the text line by line
// and makes lists from leading * # ; :, <pre> from lines starting with a
// space, and paragraphs from the rest, except around block-level HTML.

type blockState struct {
	b             *builder
	in            *text
	ps            *parseState
	lastParagraph string // "", "p" or "pre"
	inPre         bool
	dtOpen        bool
}

func (st *blockState) gen(s string, from, to int) { st.b.genAt(s, st.in, from, to) }

// separateHolders writes the held links in a pass of their own after the
// paragraph pass, as MediaWiki does, for a test that compares the output
// with and without.
var separateHolders = false

// copy copies in.s[from:to] with the links that internalLinks held back
// written in (MediaWiki replaces its link holders right after this pass:
// doing it as the lines are copied saves a pass over the whole text). A
// holder is on one line, and the pass copies whole lines or parts of a
// line that no holder straddles (a list item's text, trimmed, or split at
// a colon outside links).
func (st *blockState) copy(from, to int) {
	if len(st.ps.holders) == 0 || separateHolders {
		st.b.copy(st.in, from, to)
		return
	}
	st.ps.copyHolders(st.b, st.in, from, to)
}

func (st *blockState) closeParagraph(atEnd bool) string {
	r := ""
	if st.lastParagraph != "" {
		r = "</" + st.lastParagraph + ">"
		if !atEnd {
			r += "\n"
		}
	}
	st.inPre = false
	st.lastParagraph = ""
	return r
}

func (st *blockState) openList(c byte) string {
	r := st.closeParagraph(false)
	switch c {
	case '*':
		r += "<ul><li>"
	case '#':
		r += "<ol><li>"
	case ':':
		r += "<dl><dd>"
	case ';':
		r += "<dl><dt>"
		st.dtOpen = true
	}
	return r
}

func (st *blockState) nextItem(c byte) string {
	switch c {
	case '*', '#':
		return "</li>\n<li>"
	case ':', ';':
		cl := "</dd>\n"
		if st.dtOpen {
			cl = "</dt>\n"
		}
		if c == ';' {
			st.dtOpen = true
			return cl + "<dt>"
		}
		st.dtOpen = false
		return cl + "<dd>"
	}
	return ""
}

func (st *blockState) closeList(c byte) string {
	switch c {
	case '*':
		return "</li></ul>"
	case '#':
		return "</li></ol>"
	case ':':
		if st.dtOpen {
			st.dtOpen = false
			return "</dt></dl>"
		}
		return "</dd></dl>"
	}
	return ""
}

func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

func (ps *parseState) blockLevels(in *text) *text {
	s := in.s
	// Room for the paragraphs' tags and for the held links written in
	// (see copy): their tags, labels and segments.
	extra, extraSegs := len(s)/4, len(in.segs)/4+8
	if !separateHolders {
		for _, h := range ps.holders {
			extra += len(`<a @link="">`) + 6 + len(`</a>`) // 6: the link's number
			extraSegs += 2
			if h.label != nil {
				extra += len(h.label.s)
				extraSegs += len(h.label.segs)
			}
		}
	}
	b := ps.spareBuilder(len(s)+extra, len(in.segs)+extraSegs)
	st := &blockState{b: b, in: in, ps: ps}
	lastPrefix := ""
	var prefix2 string
	prefixLength := 0
	pendingPTag := "" // "" means false
	inBlockElem := false
	inBlockquote := false
	for ls := 0; ; {
		le := strings.IndexByte(s[ls:], '\n')
		notLast := le >= 0
		if le < 0 {
			le = len(s)
		} else {
			le += ls
		}
		line := s[ls:le]
		lastPrefixLength := len(lastPrefix)
		// Most lines have no tag: the tag tests below are for the others,
		// all four in one scan of the line's tags.
		var tags lineTags
		if strings.IndexByte(line, '<') >= 0 {
			tags = scanLineTags(line)
		}
		preCloseMatch, preOpenMatch := tags.preClose, tags.preOpen
		var prefix string
		ts, te := ls, le // $t
		if !st.inPre {
			prefixLength = 0
			for prefixLength < len(line) && strings.IndexByte("*#:;", line[prefixLength]) >= 0 {
				prefixLength++
			}
			prefix = line[:prefixLength]
			prefix2 = strings.ReplaceAll(prefix, ";", ":")
			ts = ls + prefixLength
			st.inPre = preOpenMatch
		} else {
			prefixLength = 0
			prefix, prefix2 = "", ""
		}
		if prefixLength > 0 && lastPrefix == prefix2 {
			// Same as the last item: no nesting to deal with.
			st.gen(st.nextItem(prefix[len(prefix)-1]), ls, ls+prefixLength)
			pendingPTag = ""
			if prefix[len(prefix)-1] == ';' {
				if c := findColonNoLinks(s, ts, te); c >= 0 {
					ta, tz := trimRange(s, ts, c)
					st.copy(ta, tz)
					st.gen(st.nextItem(':'), c, c+1)
					ts = c + 1
				}
			}
		} else if prefixLength > 0 || lastPrefixLength > 0 {
			common := commonPrefix(prefix, lastPrefix)
			pendingPTag = ""
			for common < lastPrefixLength {
				st.gen(st.closeList(lastPrefix[lastPrefixLength-1]), ls, ls)
				lastPrefixLength--
			}
			if prefixLength <= common && common > 0 {
				st.gen(st.nextItem(prefix[common-1]), ls+common-1, ls+common)
			}
			if st.dtOpen && common > 0 && prefix[common-1] == ':' {
				st.gen(st.nextItem(':'), ls+common-1, ls+common)
			}
			if lastPrefix != "" && prefixLength > common {
				st.gen("\n", ls, ls)
			}
			for prefixLength > common {
				c := prefix[common]
				st.gen(st.openList(c), ls+common, ls+common+1)
				if c == ';' {
					if k := findColonNoLinks(s, ts, te); k >= 0 {
						ta, tz := trimRange(s, ts, k)
						st.copy(ta, tz)
						st.gen(st.nextItem(':'), k, k+1)
						ts = k + 1
					}
				}
				common++
			}
			if prefixLength == 0 && lastPrefix != "" {
				st.gen("\n", ls, ls)
			}
			lastPrefix = prefix2
		}
		if prefixLength == 0 {
			t := s[ts:te]
			// t is the line here: it has no list prefix.
			openMatch, closeMatch := tags.open, tags.close
			if openMatch || closeMatch {
				pendingPTag = ""
				// Only outside a <pre>, or at the line that opens it
				// (closing the paragraph leaves pre mode).
				if !st.inPre || preOpenMatch {
					st.gen(st.closeParagraph(false), ts, ts)
				}
				if preOpenMatch && !preCloseMatch {
					st.inPre = true
				}
				if v, ok := lastBlockquote(t); ok {
					inBlockquote = v
				}
				inBlockElem = !closeMatch
			} else if !inBlockElem && !st.inPre {
				if len(t) > 0 && t[0] == ' ' && (st.lastParagraph == "pre" || strings.TrimSpace(t) != "") && !inBlockquote {
					// Indent-pre.
					if st.lastParagraph != "pre" {
						pendingPTag = ""
						st.gen(st.closeParagraph(false)+"<pre>", ts, ts+1)
						st.lastParagraph = "pre"
					}
					ts++
				} else if onlyLinkTags(t) {
					if pendingPTag != "" {
						st.gen(st.closeParagraph(false), ts, ts)
						pendingPTag = ""
					}
				} else if phpTrim(t) == "" {
					switch {
					case pendingPTag != "":
						st.gen(pendingPTag+"<br />", ts, te)
						pendingPTag = ""
						st.lastParagraph = "p"
					case st.lastParagraph != "p":
						st.gen(st.closeParagraph(false), ts, ts)
						pendingPTag = "<p>"
					default:
						pendingPTag = "</p><p>"
					}
				} else if pendingPTag != "" {
					st.gen(pendingPTag, ts, ts)
					pendingPTag = ""
					st.lastParagraph = "p"
				} else if st.lastParagraph != "p" {
					st.gen(st.closeParagraph(false)+"<p>", ts, ts)
					st.lastParagraph = "p"
				}
			}
		}
		if preCloseMatch && st.inPre {
			st.inPre = false
		}
		if pendingPTag == "" {
			if prefixLength == 0 {
				st.copy(ts, te)
				if notLast || st.lastParagraph != "" {
					if notLast {
						b.copy(in, le, le+1) // the newline
					} else {
						st.gen("\n", le, le)
					}
				}
			} else {
				ta, tz := trimRange(s, ts, te)
				st.copy(ta, tz)
			}
		}
		if !notLast {
			break
		}
		ls = le + 1
	}
	for prefixLength > 0 {
		st.gen(st.closeList(prefix2[prefixLength-1]), len(s), len(s))
		prefixLength--
		if prefixLength == 0 && st.lastParagraph != "" {
			st.gen("\n", len(s), len(s))
		}
	}
	st.gen(st.closeParagraph(true), len(s), len(s))
	return b.text()
}

func phpTrim(s string) string {
	a, z := trimRange(s, 0, len(s))
	return s[a:z]
}

// isWordByte is PCRE's \w without the u flag: ASCII letters, digits, '_'.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// lineTags is what the paragraph pass asks of a line's tags: whether it
// has "<pre" or "</pre" anywhere (any case), and MediaWiki's block
// regexes, open: <(table|h1…h6|pre|p|ul|ol|dl)\b, </(td|th)\b,
// </?(tr|caption|dt|dd|li)\b; close: </(table|h1…h6|pre|p|ul|ol|dl)\b,
// <(td|th)\b, </?(center|blockquote|div|hr|mw:|aside|figure)\b. The
// extension tags' HTML is in the text by now (unstripGeneral).
type lineTags struct {
	preOpen, preClose, open, close bool
}

// Classes of the tag names that MediaWiki's block regexes look for.
const (
	tagOpenBlock  uint8 = 1 << iota // table, h1…h6, pre, p, ul, ol, dl
	tagOpenAnti                     // td, th
	tagOpenAlways                   // tr, caption, dt, dd, li
	tagCloseNever                   // center, blockquote, div, hr, mw:, aside, figure
)

// blockTagClass is the class of the tag name at s[j:] with the regexes'
// \b after it: the run of word bytes there, in any case, is one of the
// names ("mw:" is "mw" and a colon before a word byte).
func blockTagClass(s string, j int) uint8 {
	var w [10]byte // the longest name, blockquote, has 10 bytes
	n := 0
	for k := j; k < len(s) && isWordByte(s[k]); k++ {
		if n == len(w) {
			return 0
		}
		w[n] = s[k] | 0x20 // ASCII lower case (digits and '_' keep theirs)
		n++
	}
	switch string(w[:n]) {
	case "table", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "p", "ul", "ol", "dl":
		return tagOpenBlock
	case "td", "th":
		return tagOpenAnti
	case "tr", "caption", "dt", "dd", "li":
		return tagOpenAlways
	case "center", "blockquote", "div", "hr", "aside", "figure":
		return tagCloseNever
	case "mw":
		if k := j + n; k+1 < len(s) && s[k] == ':' && isWordByte(s[k+1]) {
			return tagCloseNever
		}
	}
	return 0
}

// scanLineTags reads line's tags once for lineTags: the same answers as
// four scans of the line for "<pre", "</pre" and each regex, as it was
// first written (a quarter of the paragraph pass on pages of links and
// templates).
func scanLineTags(line string) lineTags {
	var m lineTags
	for i := strings.IndexByte(line, '<'); i >= 0; {
		j := i + 1
		closing := j < len(line) && line[j] == '/'
		if closing {
			j++
		}
		// Most tags of a line (span, b, i, a comment) are none of
		// the names and begin with a byte that says so.
		if j < len(line) && isWordByte(line[j]) {
			class := blockTagClass(line, j)
			pre := hasPrefixFold(line[j:], "pre")
			if closing {
				m.preClose = m.preClose || pre
				m.open = m.open || class&(tagOpenAnti|tagOpenAlways) != 0
				m.close = m.close || class&(tagOpenBlock|tagCloseNever) != 0
			} else {
				m.preOpen = m.preOpen || pre
				m.open = m.open || class&(tagOpenBlock|tagOpenAlways) != 0
				m.close = m.close || class&(tagOpenAnti|tagCloseNever) != 0
			}
			if m.preOpen && m.preClose && m.open && m.close {
				break
			}
		}
		k := strings.IndexByte(line[i+1:], '<')
		if k < 0 {
			break
		}
		i += k + 1
	}
	return m
}

// hasPrefixFold reports whether s begins with the lower-case ASCII
// prefix, in any case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// lastBlockquote finds the last <blockquote or </blockquote (followed by a
// space or '>') on the line and reports whether it opens.
func lastBlockquote(t string) (open bool, found bool) {
	for i := 0; i+10 <= len(t); i++ {
		if t[i] != 'b' && t[i] != 'B' || !strings.EqualFold(t[i:i+10], "blockquote") {
			continue
		}
		end := i + 10
		if end < len(t) && (t[end] == '>' || isSpace(t[end])) {
			if i >= 1 && t[i-1] == '<' {
				open, found = true, true
			} else if i >= 2 && t[i-1] == '/' && t[i-2] == '<' {
				open, found = false, true
			}
		}
	}
	return
}

// onlyLinkTags reports whether t is nothing but <link> tags and spaces.
func onlyLinkTags(t string) bool {
	t = strings.TrimSpace(t)
	if t == "" {
		return false
	}
	for t != "" {
		if len(t) < 5 || !strings.EqualFold(t[:5], "<link") {
			return false
		}
		k := strings.IndexByte(t, '>')
		if k < 0 {
			return false
		}
		t = strings.TrimSpace(t[k+1:])
	}
	return true
}

// findColonNoLinks finds the ':' that ends a ";term: definition" term,
// skipping colons inside tags and inside elements (so a URL in a link does
// not split), as MediaWiki's state machine does. It returns -1 when there
// is none.
func findColonNoLinks(s string, from, to int) int {
	const (
		stText = iota
		stTag
		stTagStart
		stCloseTag
		stTagSlash
		stComment
		stCommentDash
		stCommentDashDash
	)
	state := stText
	ltLevel := 0
	for i := from; i < to; i++ {
		c := s[i]
		switch state {
		case stText:
			switch c {
			case '<':
				state = stTagStart
			case ':':
				if ltLevel == 0 {
					return i
				}
			}
		case stTag:
			switch c {
			case '>':
				ltLevel++
				state = stText
			case '/':
				state = stTagSlash
			}
		case stTagStart:
			switch c {
			case '/':
				state = stCloseTag
			case '!':
				state = stComment
			case '>':
				state = stText
			default:
				state = stTag
			}
		case stCloseTag:
			if c == '>' {
				if ltLevel > 0 {
					ltLevel--
				}
				state = stText
			}
		case stTagSlash:
			if c == '>' {
				state = stText
			} else {
				state = stTag
			}
		case stComment:
			if c == '-' {
				state = stCommentDash
			}
		case stCommentDash:
			if c == '-' {
				state = stCommentDashDash
			} else {
				state = stComment
			}
		case stCommentDashDash:
			if c == '>' {
				state = stText
			} else {
				state = stComment
			}
		}
	}
	return -1
}
