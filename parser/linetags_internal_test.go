package parser

import (
	"strings"
	"testing"
)

// The paragraph pass asked four questions of a line with tags, each in a
// scan of its own; scanLineTags answers them in one. These are the four
// scans as first written, the reference FuzzLineTags holds it to.

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

var (
	openBlockNames  = newTagNames("table", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "p", "ul", "ol", "dl")
	openAntiNames   = newTagNames("td", "th")
	openAlwaysNames = newTagNames("tr", "caption", "dt", "dd", "li")
	closeNeverNames = newTagNames("center", "blockquote", "div", "hr", "mw:", "aside", "figure")
)

func containsFold(s, sub string) bool {
	// sub is lower case ASCII.
	for i := 0; i+len(sub) <= len(s); i++ {
		k := strings.IndexByte(s[i:], sub[0])
		if k < 0 {
			return false
		}
		i += k
		if i+len(sub) <= len(s) && strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

// blockOpenMatch: <(table|h1…h6|pre|p|ul|ol|dl)\b, </(td|th)\b, </?(tr|caption|dt|dd|li)\b
func blockOpenMatch(t string) bool {
	return tagMatch(t, openBlockNames, openAlwaysNames, openAntiNames, openAlwaysNames)
}

// blockCloseMatch: </(table|h1…|dl)\b, <(td|th)\b, </?(center|blockquote|div|hr|mw:|aside|figure)\b.
// The extension tags' HTML is in the text by now (unstripGeneral).
func blockCloseMatch(t string) bool {
	return tagMatch(t, openAntiNames, closeNeverNames, openBlockNames, closeNeverNames)
}

// tagMatch reports whether t has an opening tag named in open1 or open2,
// or a closing tag named in close1 or close2 (MediaWiki's block regexes).
func tagMatch(t string, open1, open2, close1, close2 *tagNames) bool {
	for i := strings.IndexByte(t, '<'); i >= 0; {
		j := i + 1
		if tagNameAt(t, j, open1) || tagNameAt(t, j, open2) {
			return true
		}
		if j < len(t) && t[j] == '/' && (tagNameAt(t, j+1, close1) || tagNameAt(t, j+1, close2)) {
			return true
		}
		k := strings.IndexByte(t[i+1:], '<')
		if k < 0 {
			break
		}
		i += k + 1
	}
	return false
}

func referenceLineTags(line string) lineTags {
	return lineTags{
		preOpen:  containsFold(line, "<pre"),
		preClose: containsFold(line, "</pre"),
		open:     blockOpenMatch(line),
		close:    blockCloseMatch(line),
	}
}

var lineTagCases = []string{
	"", "plain text", "<", "</", "<p>", "</p>", "<P class=x>", "<pre>", "</PRE>", "<prefix>", "</preformatted",
	"<table>", "<tablex>", "</td>", "<td>", "<th x>", "</th>", "<tr>", "</tr>", "<caption>", "</dd>", "<li", "<li>",
	"<center>", "</center>", "<blockquote>", "</blockquote >", "<div>", "</div>", "<hr/>", "<hr>", "<mw:x>", "</mw:>",
	"<aside>", "<figure>", "</figure>", "<h1>", "</h6>", "<h7>", "<ul>", "</ol>", "<dl>", "<dt>", "<span>x</span>",
	"<b>bold</b> and <i>it</i>", "<!--LINK'\" 0-->", "a <span class=\"card\">2</span> then <div>", "<pre><p></pre>",
	"<<p", "<</p>", "<p_x>", "<p-x>", "<h1x>", "x<Td>y</TR>z", "<blockquotes>", "<BLOCKQUOTE>", "</blockquote_", "<mw:x",
	"<mw:", "<mw:-", "</MW:Y>", "<mwx:y>", "<tablé>", "<tableé>", "<h1_>", "<P1>", "<centerpiece>", "<Caption2>", "<pRe>",
}

func TestLineTags(t *testing.T) {
	for _, line := range lineTagCases {
		if got, want := scanLineTags(line), referenceLineTags(line); got != want {
			t.Errorf("scanLineTags(%q) = %+v, want %+v", line, got, want)
		}
	}
}

func FuzzLineTags(f *testing.F) {
	for _, line := range lineTagCases {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if got, want := scanLineTags(line), referenceLineTags(line); got != want {
			t.Fatalf("scanLineTags(%q) = %+v, want %+v", line, got, want)
		}
	})
}
