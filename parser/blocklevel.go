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
	s := st.in.s[:to]
	for from < to {
		k := strings.Index(s[from:], holderPrefix)
		if k < 0 {
			break
		}
		k += from
		e := strings.Index(s[k:], holderSuffix)
		if e < 0 {
			break
		}
		e += k
		st.b.copy(st.in, from, k)
		if st.ps.writeHolder(st.b, st.in, k, e) {
			from = e + len(holderSuffix)
		} else {
			st.b.copy(st.in, k, e)
			from = e
		}
	}
	st.b.copy(st.in, from, to)
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
			extra += len(`<a @link="">`) + 6 + len(`</a>`)
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
						st.copy(le, le+1)
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

// tagNameAt reports whether s[i:] starts with one of names,
// case-insensitively, followed by a word boundary (\b).
func tagNameAt(s string, i int, names *tagNames) bool {
	if i >= len(s) || !names.first[s[i]] {
		return false
	}
	for _, n := range names.names {
		if len(s)-i >= len(n) && strings.EqualFold(s[i:i+len(n)], n) {
			j := i + len(n)
			next := j < len(s) && isWordByte(s[j])
			if isWordByte(n[len(n)-1]) != next {
				return true
			}
		}
	}
	return false
}

// tagNames is a list of tag names (lower case) and the bytes they begin
// with in either case: most tags of a line begin with none of them.
type tagNames struct {
	names []string
	first [256]bool
}

func newTagNames(names ...string) *tagNames {
	t := &tagNames{names: names}
	for _, n := range names {
		t.first[n[0]] = true
		t.first[n[0]-'a'+'A'] = true
	}
	return t
}

// isWordByte is PCRE's \w without the u flag: ASCII letters, digits, '_'.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

var (
	openBlockNames  = newTagNames("table", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "p", "ul", "ol", "dl")
	openAntiNames   = newTagNames("td", "th")
	openAlwaysNames = newTagNames("tr", "caption", "dt", "dd", "li")
	closeNeverNames = newTagNames("center", "blockquote", "div", "hr", "mw:", "aside", "figure")
)

// lineTags is what the paragraph pass asks of a line's tags: whether it
// has "<pre" or "</pre" anywhere (any case), and MediaWiki's block
// regexes, open: <(table|h1…h6|pre|p|ul|ol|dl)\b, </(td|th)\b,
// </?(tr|caption|dt|dd|li)\b; close: </(table|h1…h6|pre|p|ul|ol|dl)\b,
// <(td|th)\b, </?(center|blockquote|div|hr|mw:|aside|figure)\b. The
// extension tags' HTML is in the text by now (unstripGeneral).
type lineTags struct {
	preOpen, preClose, open, close bool
}

// blockFirst marks the bytes a tag name that lineTags looks for begins
// with, in either case: most tags of a line (span, b, i, a comment) begin
// with none of them.
var blockFirst = func() (t [256]bool) {
	for _, names := range []*tagNames{openBlockNames, openAntiNames, openAlwaysNames, closeNeverNames} {
		for c, ok := range names.first {
			t[c] = t[c] || ok
		}
	}
	return t
}()

// scanLineTags reads line's tags once for lineTags: the same answers as
// containsFold(line, "<pre"), containsFold(line, "</pre"),
// blockOpenMatch(line) and blockCloseMatch(line), which each scanned the
// line (a quarter of the paragraph pass on pages of links and templates).
func scanLineTags(line string) lineTags {
	var m lineTags
	for i := strings.IndexByte(line, '<'); i >= 0; {
		j := i + 1
		closing := j < len(line) && line[j] == '/'
		if closing {
			j++
		}
		if j < len(line) && blockFirst[line[j]] {
			if closing {
				m.preClose = m.preClose || hasPrefixFold(line[j:], "pre")
				m.open = m.open || tagNameAt(line, j, openAntiNames) || tagNameAt(line, j, openAlwaysNames)
				m.close = m.close || tagNameAt(line, j, openBlockNames) || tagNameAt(line, j, closeNeverNames)
			} else {
				m.preOpen = m.preOpen || hasPrefixFold(line[j:], "pre")
				m.open = m.open || tagNameAt(line, j, openBlockNames) || tagNameAt(line, j, openAlwaysNames)
				m.close = m.close || tagNameAt(line, j, openAntiNames) || tagNameAt(line, j, closeNeverNames)
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
