package parser

import (
	"strings"

	"github.com/wikirules/wikirules/model"
)

// isPHPSpace reports whether PHP's trim() removes c.
func isPHPSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0 || c == '\v'
}

// trimRange trims PHP whitespace from s[a:z].
func trimRange(s string, a, z int) (int, int) {
	for a < z && isPHPSpace(s[a]) {
		a++
	}
	for z > a && isPHPSpace(s[z-1]) {
		z--
	}
	return a, z
}

// tables converts {| … |} wikitables to HTML table tags, line by line, as
// MediaWiki's handleTables does (including its repairs: cells outside a
// row get one, an empty table gets an empty cell, a table left open is
// closed at the end).
func (ps *parseState) tables(in *text) *text {
	s := in.s
	if !strings.Contains(s, "{|") {
		return in
	}
	b := ps.passBuilder(in, len(s)/4)
	var (
		tdHistory, trHistory, hasOpenedTr []bool
		lastTagHistory                    []string
		trAttributes                      []string
		openPos                           []int // source offset of each open table, for diagnostics
		indentLevel                       int
	)
	pop := func(st *[]bool) bool {
		n := len(*st)
		if n == 0 {
			return false
		}
		v := (*st)[n-1]
		*st = (*st)[:n-1]
		return v
	}
	popS := func(st *[]string) string {
		n := len(*st)
		if n == 0 {
			return ""
		}
		v := (*st)[n-1]
		*st = (*st)[:n-1]
		return v
	}
	lineStart := 0
	for {
		lineEnd := strings.IndexByte(s[lineStart:], '\n')
		last := lineEnd < 0
		if last {
			lineEnd = len(s)
		} else {
			lineEnd += lineStart
		}
		a, z := trimRange(s, lineStart, lineEnd)
		line := s[a:z]
		switch {
		case a == z:
			b.copy(in, lineStart, lineEnd)
		case isTableStart(line):
			// ^(:*)\s*\{\|(.*)$
			k := 0
			for k < len(line) && line[k] == ':' {
				k++
			}
			indentLevel = k
			for k < len(line) && isPHPSpace(line[k]) {
				k++
			}
			attrStart := a + k + 2
			attrs := ps.tableAttrs(s[attrStart:z], "table")
			b.genAt(strings.Repeat("<dl><dd>", indentLevel)+"<table"+attrs+">", in, a, z)
			tdHistory = append(tdHistory, false)
			lastTagHistory = append(lastTagHistory, "")
			trHistory = append(trHistory, false)
			trAttributes = append(trAttributes, "")
			hasOpenedTr = append(hasOpenedTr, false)
			openPos = append(openPos, in.srcAt(a))
		case len(tdHistory) == 0:
			b.copy(in, lineStart, lineEnd)
		case strings.HasPrefix(line, "|}"):
			var pre strings.Builder
			lastTag := popS(&lastTagHistory)
			opened := pop(&hasOpenedTr)
			tr := pop(&trHistory)
			td := pop(&tdHistory)
			popS(&trAttributes)
			openPos = openPos[:len(openPos)-1]
			if td {
				pre.WriteString("</" + lastTag + ">")
			}
			if tr {
				pre.WriteString("</tr>")
			}
			if !opened {
				pre.WriteString("<tr><td></td></tr>")
			}
			pre.WriteString("</table>")
			b.genAt(pre.String(), in, a, a+2)
			if indentLevel > 0 {
				ra, rz := a+2, z
				for rz > ra && isPHPSpace(s[rz-1]) {
					rz--
				}
				b.copy(in, ra, rz)
				b.genAt(strings.Repeat("</dd></dl>", indentLevel), in, a, a+2)
			} else {
				b.copy(in, a+2, z)
			}
		case strings.HasPrefix(line, "|-"):
			k := a + 1
			for k < z && s[k] == '-' {
				k++
			}
			attrs := ps.tableAttrs(s[k:z], "tr")
			popS(&trAttributes)
			trAttributes = append(trAttributes, attrs)
			lastTag := popS(&lastTagHistory)
			pop(&hasOpenedTr)
			hasOpenedTr = append(hasOpenedTr, true)
			out := ""
			if pop(&trHistory) {
				out = "</tr>"
			}
			if pop(&tdHistory) {
				out = "</" + lastTag + ">" + out
			}
			b.genAt(out, in, a, k)
			trHistory = append(trHistory, false)
			tdHistory = append(tdHistory, false)
			lastTagHistory = append(lastTagHistory, "")
		case line[0] == '|' || line[0] == '!':
			first := line[0]
			cs := a + 1
			if strings.HasPrefix(line, "|+") {
				first = '+'
				cs = a + 2
			}
			cells := splitCells(s, cs, z, first == '!')
			for ci, c := range cells {
				var prev strings.Builder
				if first != '+' {
					trAfter := popS(&trAttributes)
					if !pop(&trHistory) {
						prev.WriteString("<tr" + trAfter + ">\n")
					}
					trHistory = append(trHistory, true)
					trAttributes = append(trAttributes, "")
					pop(&hasOpenedTr)
					hasOpenedTr = append(hasOpenedTr, true)
				}
				lastTag := popS(&lastTagHistory)
				if pop(&tdHistory) {
					p := prev.String()
					prev.Reset()
					prev.WriteString("</" + lastTag + ">\n" + p)
				}
				switch first {
				case '|':
					lastTag = "td"
				case '!':
					lastTag = "th"
				default:
					lastTag = "caption"
				}
				lastTagHistory = append(lastTagHistory, lastTag)
				// The cell marker: the line's first character(s) for the
				// first cell, the "||" before it for the others.
				markFrom, markTo := a, cs
				if ci > 0 {
					markFrom, markTo = c[0]-2, c[0]
				}
				b.genAt(prev.String(), in, markFrom, markTo)
				// A cell may hold attributes before a single '|'.
				pipe := strings.IndexByte(s[c[0]:c[1]], '|')
				attrPart := ""
				contentFrom := c[0]
				if pipe >= 0 {
					attrPart = s[c[0] : c[0]+pipe]
				}
				if pipe >= 0 && !strings.Contains(attrPart, "[[") && !strings.Contains(attrPart, "-{") {
					attrs := ps.tableAttrs(attrPart, lastTag)
					contentFrom = c[0] + pipe + 1
					b.genAt("<"+lastTag+attrs+">", in, markFrom, contentFrom)
				} else {
					b.genAt("<"+lastTag+">", in, markFrom, markTo)
				}
				ta, tz := trimRange(s, contentFrom, c[1])
				b.copy(in, ta, tz)
				tdHistory = append(tdHistory, true)
			}
		default:
			b.copy(in, lineStart, lineEnd)
		}
		if last {
			break
		}
		b.copy(in, lineEnd, lineEnd+1) // the newline
		lineStart = lineEnd + 1
	}
	// Close whatever is still open.
	if len(tdHistory) > 0 {
		for _, p := range openPos {
			ps.diags.Add(p, p+2, model.SevWarning, model.MsgUnclosedTable, "table is not closed: {| without |}; closed at the end of the page")
		}
		b.gen("\n", len(ps.src), len(ps.src))
	}
	for len(tdHistory) > 0 {
		var out strings.Builder
		if pop(&tdHistory) {
			out.WriteString("</td>\n")
		}
		if pop(&trHistory) {
			out.WriteString("</tr>\n")
		}
		if !pop(&hasOpenedTr) {
			out.WriteString("<tr><td></td></tr>\n")
		}
		out.WriteString("</table>\n")
		b.gen(out.String(), len(ps.src), len(ps.src))
	}
	if len(b.b) > 0 && b.b[len(b.b)-1] == '\n' && len(s) > 0 && s[len(s)-1] != '\n' {
		b.trimEnd(1)
	}
	if string(b.b) == "<table>\n<tr><td></td></tr>\n</table>" {
		return &text{}
	}
	return b.text()
}

// isTableStart matches ^(:*)\s*\{\| on a trimmed line.
func isTableStart(line string) bool {
	k := 0
	for k < len(line) && line[k] == ':' {
		k++
	}
	for k < len(line) && isPHPSpace(line[k]) {
		k++
	}
	return strings.HasPrefix(line[k:], "{|")
}

// splitCells splits a cell line s[from:to] at "||" (and, on header lines,
// at "!!" outside HTML tags) and returns each cell's range.
func splitCells(s string, from, to int, header bool) [][2]int {
	var cells [][2]int
	start := from
	inTag := false
	for i := from; i < to; i++ {
		c := s[i]
		if header {
			if c == '<' {
				inTag = true
			} else if c == '>' {
				inTag = false
			}
		}
		if i+1 < to && ((c == '|' && s[i+1] == '|') || (header && !inTag && c == '!' && s[i+1] == '!')) {
			// A "!!" turned "||" may pair with a following '|' like
			// MediaWiki's str_replace-then-explode; splitting at the first
			// pair found from the left is what explode does.
			cells = append(cells, [2]int{start, i})
			start = i + 2
			i++
		}
	}
	return append(cells, [2]int{start, to})
}

// tableAttrs sanitizes attribute text for a table element.
func (ps *parseState) tableAttrs(raw, tag string) string {
	return encodeAttrs(validateAttrs(parseAttrs(ps.unstripAttr(raw)), tag))
}

// rules turns lines starting with four or more dashes into <hr />.
func (ps *parseState) rules(in *text) *text {
	s := in.s
	if !strings.Contains(s, "----") {
		return in
	}
	b := ps.passBuilder(in, 0)
	last := 0
	for i := 0; i < len(s); {
		if (i == 0 || s[i-1] == '\n') && strings.HasPrefix(s[i:], "----") {
			j := i + 4
			for j < len(s) && s[j] == '-' {
				j++
			}
			b.copy(in, last, i)
			b.genAt("<hr />", in, i, j)
			last = j
			i = j
			continue
		}
		nl := strings.IndexByte(s[i:], '\n')
		if nl < 0 {
			break
		}
		i += nl + 1
	}
	b.copy(in, last, len(s))
	return b.text()
}

// behaviourSwitches are the __WORDS__ MediaWiki removes from the text and
// records.
var behaviourSwitches = []string{"NOTOC", "FORCETOC", "TOC", "NOEDITSECTION", "NEWSECTIONLINK", "NONEWSECTIONLINK",
	"NOGALLERY", "HIDDENCAT", "EXPECTUNUSEDCATEGORY", "NOCONTENTCONVERT", "NOCC", "NOTITLECONVERT", "NOTC",
	"INDEX", "NOINDEX", "STATICREDIRECT", "DISAMBIG", "NOGLOBAL", "EXPECTUNUSEDTEMPLATE"}

// doubleUnderscore removes behaviour switches such as __NOTOC__.
func (ps *parseState) doubleUnderscore(in *text) *text {
	s := in.s
	if !strings.Contains(s, "__") {
		return in
	}
	b := ps.passBuilder(in, 0)
	last := 0
	for i := 0; i+4 <= len(s); {
		k := strings.Index(s[i:], "__")
		if k < 0 {
			break
		}
		i += k
		matched := false
		for _, w := range behaviourSwitches {
			n := len(w) + 4
			if i+n <= len(s) && strings.EqualFold(s[i+2:i+2+len(w)], w) && s[i+2+len(w)] == '_' && s[i+3+len(w)] == '_' {
				if ps.switches == nil {
					ps.switches = map[string]bool{}
				}
				b.copy(in, last, i)
				if w == "TOC" && !ps.switches[w] {
					// The first __TOC__ leaves a placeholder that is a block
					// to the paragraph pass and to p-wrapping, as MediaWiki's
					// <mw:tocplace> is: a block strip item holding an empty
					// <div @toc>, which the tree builder removes once built.
					idx := len(ps.ex.strips)
					hb := newBuilder(32)
					hb.genAt(`<div @toc=""></div>`, in, i, i+n)
					ps.ex.strips = append(ps.ex.strips, strip{kind: stripGeneral, html: hb.text()})
					b.genAt(markerFor("block", idx), in, i, i+n)
				}
				ps.switches[w] = true
				last = i + n
				i += n
				matched = true
				break
			}
		}
		if !matched {
			i++
		}
	}
	b.copy(in, last, len(s))
	return b.text()
}

// headings turns "== Title ==" lines into <h2>Title</h2>. Like MediaWiki's
// regex, the blank lines after a heading are swallowed.
func (ps *parseState) headings(in *text) *text {
	s := in.s
	if !strings.Contains(s, "=") {
		return in
	}
	b := ps.passBuilder(in, 0)
	last := 0
	for ls := 0; ls < len(s); {
		le := strings.IndexByte(s[ls:], '\n')
		if le < 0 {
			le = len(s)
		} else {
			le += ls
		}
		if s[ls] == '=' {
			if lvl, ca, cz, te, end, ok := headingLine(s, ls, le); ok {
				b.copy(in, last, ls)
				tag := "h" + string(rune('0'+lvl))
				b.genAt("<"+tag+">", in, ls, ca)
				b.copy(in, ca, cz)
				// The end tag is the closing "=" run's: the white
				// space after it is not the heading's.
				b.genAt("</"+tag+">", in, cz, te)
				last = end
				if end >= len(s) {
					break
				}
				ls = end + 1 // end is the newline kept after the heading
				continue
			}
		}
		ls = le + 1
	}
	b.copy(in, last, len(s))
	return b.text()
}

// headingLine matches ^(={n})[ \t]*(.+?)[ \t]*\1\s*$ for n = 6…1 on the
// line s[ls:le]. It returns the level, the content range, the end of the
// closing "=" run, and where the rest of the text resumes (the newline
// that ends the swallowed run).
func headingLine(s string, ls, le int) (lvl, ca, cz, te, end int, ok bool) {
	// Trailing whitespace of the line (the \s* before $).
	te = le
	for te > ls && isRegexSpace(s[te-1]) {
		te--
	}
	for n := 6; n >= 1; n-- {
		if te-ls < 2*n+1 {
			continue
		}
		if strings.Count(s[ls:ls+n], "=") != n || strings.Count(s[te-n:te], "=") != n {
			continue
		}
		ca, cz = ls+n, te-n
		for ca < cz && (s[ca] == ' ' || s[ca] == '\t') {
			ca++
		}
		for cz > ca && (s[cz-1] == ' ' || s[cz-1] == '\t') {
			cz--
		}
		if cz <= ca {
			// (.+?) needs a character; spaces alone are taken by it.
			ca, cz = ls+n, te-n
			if cz <= ca {
				continue
			}
		}
		// \s*$ swallows the following blank lines, up to the last newline
		// before the next non-space character.
		p := le
		for p < len(s) && isRegexSpace(s[p]) {
			p++
		}
		end = le
		if p >= len(s) {
			end = len(s)
		} else if k := strings.LastIndexByte(s[le:p], '\n'); k >= 0 {
			end = le + k
		}
		return n, ca, cz, te, end, true
	}
	return 0, 0, 0, 0, 0, false
}

func isRegexSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}
