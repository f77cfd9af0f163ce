package render_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

// The table of contents stands where MediaWiki puts it: before the first
// heading, after the page's introduction (it came before everything), or
// where __TOC__ is.
func TestTOCPlace(t *testing.T) {
	out := html(t, "Intro.\n== A ==\n== B ==\n== C ==\n== D ==\n", render.Options{})
	if i, j := strings.Index(out, "<p>Intro."), strings.Index(out, `<div id="toc"`); i < 0 || j < i {
		t.Errorf("the TOC is not after the introduction:\n%s", out)
	}
	out = html(t, "Intro.\n== A ==\ntext\n__TOC__\n== B ==\n== C ==\n", render.Options{})
	if i, j := strings.Index(out, "<p>text"), strings.Index(out, `<div id="toc"`); i < 0 || j < i {
		t.Errorf("the TOC is not where __TOC__ is:\n%s", out)
	}
}

// A line of the table of contents keeps the inline formatting MediaWiki
// keeps (sup, sub, bdi, i, b, s, strike, q; span with a dir= first),
// without attributes but q's, and the text of links, images and footnote
// markers; the lines are MediaWiki 1.39's (TestTOCAsMediaWiki).
func TestTOCLine(t *testing.T) {
	for src, want := range map[string]string{
		"== ''Scoring'' <sup>1</sup> ==":      "<i>Scoring</i> <sup>1</sup>",
		"== '''Bold''' and '''''both''''' ==": "<b>Bold</b> and <i><b>both</b></i>",
		`== <span dir="rtl" class="x">R</span> <span class="y" dir="ltr">L</span> <span id="foo"></span>Z ==`:                                                `<span dir="rtl">R</span> <span>L</span> Z`,
		`== <small>small</small> <s title="t">s</s> <strike>k</strike> <q cite="c" title="q">q</q> <u>u</u> <b class="c">b</b> <bdi>d</bdi> <sub>2</sub> ==`: `small <s>s</s> <strike>k</strike> <q cite="c" title="q">q</q> u <b>b</b> <bdi>d</bdi> <sub>2</sub>`,
		`== [[Link|linked ''text'']] [http://example.com ext] [[File:X.png|20px]] <code>code</code> ==`:                                                      "linked <i>text</i> ext <span><span>File:X.png</span></span> code",
		`== Note<ref>foot</ref> and <abbr title="x">abbr</abbr> &amp; &lt;x&gt; ==`:                                                                          "Note<sup>[1]</sup> and abbr &amp; &lt;x&gt;",
		`== <span><span></span></span> nested <span id="a"><span id="b"></span></span> ==`:                                                                   "<span></span> nested <span></span>",
		`== <span></span> Lead <span id="x"></span> and trail <span></span> ==`:                                                                              "Lead  and trail",
	} {
		out := html(t, "__TOC__\n"+src+"\n", render.Options{})
		if got := tocEntries(out); len(got) != 1 || got[0].text != want {
			t.Errorf("%s: TOC lines %q, want one of %q\n%s", src, got, want, out)
		}
	}
	// Renderer.TOC gives the lines; TOC, for a page's own table, only
	// the plain text.
	doc := parser.Parse("== ''Scoring'' <sup>1</sup> ==\n", &parser.Options{})
	if got := render.New(render.Options{}).TOC(doc); len(got) != 1 || got[0].HTML != "<i>Scoring</i> <sup>1</sup>" || got[0].Title != "Scoring 1" {
		t.Errorf("Renderer.TOC = %+v", got)
	}
	if got := render.TOC(doc); len(got) != 1 || got[0].HTML != "" || got[0].Title != "Scoring 1" {
		t.Errorf("TOC = %+v", got)
	}
}

// Each line of the table of contents links to its heading: by the id the
// heading is written with (IDPrefix, ReservedIDPrefix), and written as
// MediaWiki writes the link, so that "#100%" is not read as "#100%25",
// another heading's.
func TestTOCLinksToHeadings(t *testing.T) {
	src := "__TOC__\n== 100% ==\n== 100%25 ==\n== Q&A ==\n== wr-search ==\n== Élan ==\n"
	for _, opts := range []render.Options{{}, {IDPrefix: "r1-"}, {ReservedIDPrefix: "wr-"}} {
		out := html(t, src, opts)
		ids := ourHeadingIDs(out)
		entries := tocEntries(out)
		if len(ids) != 5 || len(entries) != 5 {
			t.Fatalf("%+v: %d headings, %d TOC lines:\n%s", opts, len(ids), len(entries), out)
		}
		for i, e := range entries {
			if to := fragmentTarget(e.href, ids); to != ids[i].id {
				t.Errorf("%+v: TOC line %d links to %q (%q), not to its heading %q", opts, i+1, e.href, to, ids[i].id)
			}
		}
	}
}

// TOC lists every heading in document order, however many there are and
// wherever they are (in a <div>, a table cell): 70 headings, more than
// the walk keeps on the stack, numbered by level.
func TestTOCManyHeadings(t *testing.T) {
	var src strings.Builder
	var want []string
	top, sub := 0, 0
	for i := range 70 {
		switch {
		case i%7 == 3:
			sub++
			fmt.Fprintf(&src, "=== S%d ===\n", i)
			want = append(want, fmt.Sprintf("%d.%d S%d S%d", top, sub, i, i))
		case i%10 == 5:
			top, sub = top+1, 0
			fmt.Fprintf(&src, "<div>\n== D%d ==\n</div>\n", i)
			want = append(want, fmt.Sprintf("%d D%d D%d", top, i, i))
		default:
			top, sub = top+1, 0
			fmt.Fprintf(&src, "== H%d ==\ntext\n", i)
			want = append(want, fmt.Sprintf("%d H%d H%d", top, i, i))
		}
	}
	var got []string
	for _, e := range render.TOC(parser.Parse(src.String(), &parser.Options{})) {
		got = append(got, e.Number+" "+e.Title+" "+e.ID)
	}
	if !slices.Equal(got, want) {
		t.Errorf("TOC\n got %q\nwant %q", got, want)
	}
}
