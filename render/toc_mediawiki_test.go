package render_test

import (
	"fmt"
	stdhtml "html"
	"math/rand/v2"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/internal/mwtest"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

// tocCases are headings whose table-of-contents lines MediaWiki writes
// with some of their formatting: the tags it keeps (sup, sub, bdi, i, b,
// s, strike, q; span with a leading dir= alone), those it drops (links,
// images, small, code…) and the attributes it strips.
var tocCases = []string{
	"== ''Scoring'' <sup>1</sup> ==",
	"== '''Bold''' and '''''both''''' ==",
	`== <span dir="rtl" class="x">R</span> <span class="y" dir="ltr">L</span> <span id="foo"></span>Z ==`,
	`== <small>small</small> <s title="t">s</s> <strike>k</strike> <q cite="c" title="q">q</q> <u>u</u> <b class="c">b</b> <bdi>d</bdi> <sub>2</sub> ==`,
	`== [[Link|linked ''text'']] [http://example.com ext] [[File:X.png|20px]] <code>code</code> ==`,
	`== Note<ref>foot</ref> and <abbr title="x">abbr</abbr> &amp; &lt;x&gt; ==`,
	`== <span style="color:red">red</span> <span dir="rtl">rtl</span> <span dir="RTL">upper</span> <span dir="auto">auto</span> ==`,
	`== <span><span></span></span> nested <span id="a"><span id="b"></span></span> ==`,
	`== <span></span> Lead <span id="x"></span> and trail <span></span> ==`,
	`== <del>del</del> <ins>ins</ins> <em>em</em> <strong>strong</strong> <big>big</big> <tt>tt</tt> <kbd>kbd</kbd> ==`,
	`== <i>a <b>b <sup>c</sup></b></i> <span dir="ltr" title="t">t</span> ==`,
	"== <nowiki>''not''</nowiki> <br/> break ==",
	`== [[Page#Sec|''sec'']] [[Page]] [https://example.org] ==`,
	"== <font color=red>font</font> <center>c</center> <mark>m</mark> ==",
}

// tocEntry is a line of a table of contents: its link's target and its
// text (HTML).
type tocEntry struct{ href, text string }

var tocLineRE = regexp.MustCompile(`<li class="toclevel-\d+[^"]*"><a href="#([^"]*)"><span class="tocnumber">[^<]*</span> <span class="toctext">(.*?)</span></a>`)

// tocEntries reads the lines of the table of contents of a page's HTML,
// the text's character references written as characters where they are
// not markup (MediaWiki writes "[" as "&#91;").
func tocEntries(page string) []tocEntry {
	var out []tocEntry
	for _, m := range tocLineRE.FindAllStringSubmatch(page, -1) {
		out = append(out, tocEntry{stdhtml.UnescapeString(m[1]), numericRefs(m[2])})
	}
	return out
}

var numRefRE = regexp.MustCompile(`&#(x[0-9a-fA-F]+|[0-9]+);`)

// numericRefs writes numeric character references as characters, but
// those of markup (<, >, &, quotes).
func numericRefs(s string) string {
	return numRefRE.ReplaceAllStringFunc(s, func(ref string) string {
		c := stdhtml.UnescapeString(ref)
		if strings.ContainsAny(c, `<>&"'`) {
			return ref
		}
		return c
	})
}

// headingID is a heading's id and the legacy id written before it ("" for
// none).
type headingID struct{ id, legacy string }

var (
	mwHeadingRE  = regexp.MustCompile(`<h[1-6]>(?:<span id="([^"]*)"></span>)?<span class="mw-headline" id="([^"]*)">`)
	ourHeadingRE = regexp.MustCompile(`<h[1-6] id="([^"]*)">(?:<span id="([^"]*)"></span>)?`)
)

func mwHeadingIDs(page string) []headingID {
	var out []headingID
	for _, m := range mwHeadingRE.FindAllStringSubmatch(page, -1) {
		out = append(out, headingID{stdhtml.UnescapeString(m[2]), stdhtml.UnescapeString(m[1])})
	}
	return out
}

func ourHeadingIDs(page string) []headingID {
	var out []headingID
	for _, m := range ourHeadingRE.FindAllStringSubmatch(page, -1) {
		if m[1] == "mw-toc-heading" {
			continue // the table of contents' own
		}
		out = append(out, headingID{stdhtml.UnescapeString(m[1]), stdhtml.UnescapeString(m[2])})
	}
	return out
}

// fragmentTarget is the id a browser goes to for a link's fragment: the
// fragment as it is when an element has it, else percent-decoded (HTML's
// "find a potential indicated element").
func fragmentTarget(frag string, ids []headingID) string {
	for _, h := range ids {
		if h.id == frag || h.legacy == frag {
			return frag
		}
	}
	if d, err := url.PathUnescape(frag); err == nil {
		return d
	}
	return frag
}

// idCases are pages of headings whose ids collide: the same text, texts
// that make the same id ("A b", "A_b"), texts that are another heading's
// numbered id ("Scoring_2"), and texts whose legacy ids (escaped
// otherwise) are another's id or legacy id.
var idCases = []string{
	"== A ==\n== A ==\n== A ==",
	"== A_b ==\n== A b ==\n== A  b ==\n== A__b ==\n== A _ b ==",
	"== Scoring_2 ==\n== Scoring ==\n== Scoring ==",
	"== Scoring ==\n== Scoring ==\n== Scoring_2 ==",
	"== Scoring ==\n== scoring ==\n== SCORING_2 ==",
	"== Q&A ==\n== Q.26A ==",
	"== Q.26A ==\n== Q&A ==",
	"== Q&A ==\n== Q&A ==\n== q&a ==",
	"== Q&A_2 ==\n== Q&A ==\n== Q&A ==",
	"== Q&A ==\n== Q.26A_2 ==\n== Q&A ==",
	"== Élan ==\n== élan ==\n== ÉLAN ==\n== .C3.89lan ==",
	"== .C3.89lan ==\n== Élan ==\n== Élan ==",
	"== 100% ==\n== 100.25 ==\n== 100%25 ==\n== 100%41 ==",
	"== a~b ==\n== a.7Eb ==\n== a:b ==\n== a%3Ab ==",
	"== <span></span> ==\n== ==\n== x ==",
	"== A&nbsp;b ==\n== A\u00a0b ==\n== A\tb ==",
	"== Q&A ==\n== Q&A_2 ==\n== Q&A ==\n== Q&A_2 ==",
	"== Élan ==\n== ÉLAN ==",
	"== Q&A 2 ==\n== Q&A ==\n== Q&A ==",
	"== Q&A ==\n== Q.26A_2 ==\n== Q&A_2 ==",
	"== [[Link]] ==\n== Link ==",
	"== A ==\n== 0 ==\n== 0 ==",
	"== Note<ref>n</ref> ==\n== Note ==",
	"== Élan<ref>n</ref>_2 ==",
	"== Q&A ==\n== Q.26A_2 ==\n== Q&A__2 ==",
	"== Élan ==\n== .C3.89lan_2 ==\n== Élan _2 ==",
	"== Élan ==\n== .C3.89lan_2 ==\n== Élan\u200e_2 ==",
	"== Q&A ==\n== Q.26A_2 ==\n== _Q&A_2_ ==",
}

// idPool is what generated pages draw their headings from: texts whose
// ids, legacy ids and numbered ids meet.
var idPool = []string{"A", "Q&A 2", "Élan_2", "a", "A_2", "A b", "A_b", "Q&A", "q&a", "Q.26A", "Q&A_2", "Q.26A_2", "Élan", "élan", ".C3.89lan", ".C3.89lan_2", "x%y", "x.25y"}

// generatedIDCases are pages of five headings drawn from idPool, always
// the same ones (a fixed seed).
func generatedIDCases(n int) []string {
	r := rand.New(rand.NewPCG(1, 2))
	var out []string
	for range n {
		var b strings.Builder
		for range 5 {
			fmt.Fprintf(&b, "== %s ==\n", idPool[r.IntN(len(idPool))])
		}
		out = append(out, b.String())
	}
	return out
}

// idsParserDiffers are the idCases whose heading ids (the parser's) are
// not MediaWiki's, each with the reason; a case listed that no longer
// differs fails, so the list stays true. The legacy ids are compared
// with MediaWiki's ids given to the headings.
var idsParserDiffers = map[string]string{}

// legacyParserDiffers are the idCases whose legacy ids are not
// MediaWiki's, even for MediaWiki's ids, because of the parser, each with
// the reason; a case listed that no longer differs fails.
var legacyParserDiffers = map[string]string{
	"== A&nbsp;b ==\n== A\u00a0b ==\n== A\tb ==": "MediaWiki's legacy id of a heading with a tab is made from its text (A.09b); the parser's plain text, from which the renderer reads it, has a space",
}

// TestTOCAsMediaWiki compares, with a real MediaWiki, the table of
// contents (each line's HTML, and that it links to its heading) and the
// headings' legacy ids, for tocCases, idCases and pages generated from
// idPool. The headings' ids are the parser's: where they are not
// MediaWiki's (idsParserDiffers), the legacy ids are compared with
// MediaWiki's ids given to our headings, so the renderer's numbering of
// legacy ids is checked on every page.
func TestTOCAsMediaWiki(t *testing.T) {
	t.Parallel()
	w := mwtest.New(t)
	if err := w.AddSettings("$wgParserEnableLegacyMediaDOM = false;"); err != nil {
		t.Fatal(err)
	}
	generated := generatedIDCases(100)
	pages := append(append(slices.Clone(tocCases), idCases...), generated...)
	differ := 0
	for _, page := range pages {
		src := "__TOC__\n" + page + "\n"
		theirs, err := w.Parse(t.Context(), "Headings", src)
		if err != nil {
			t.Fatal(err)
		}
		wantIDs := mwHeadingIDs(theirs)
		doc := parser.Parse(src, &parser.Options{})
		var headings []*model.Node
		for h := range doc.Root.FindAll(model.KindHeading) {
			headings = append(headings, h)
		}
		if len(headings) != len(wantIDs) {
			t.Fatalf("%q: %d headings, MediaWiki's %d:\n%s", src, len(headings), len(wantIDs), theirs)
		}
		ours := renderDoc(t, doc, render.Options{})
		gotIDs := ourHeadingIDs(ours)
		sameIDs := slices.EqualFunc(gotIDs, wantIDs, func(a, b headingID) bool { return a.id == b.id })
		reason, listed := idsParserDiffers[page]
		switch {
		case !sameIDs && listed:
			differ++
		case !sameIDs && slices.Contains(generated, page):
			// The parser's, counted below.
			differ++
		case !sameIDs:
			t.Errorf("%q: heading ids\n got %q\nwant %q", src, gotIDs, wantIDs)
		case listed:
			t.Errorf("%q: the heading ids are MediaWiki's now: take it out of idsParserDiffers (%s)", src, reason)
		}
		wantTOC, gotTOC := tocEntries(theirs), tocEntries(ours)
		if len(wantTOC) == 0 || len(gotTOC) != len(wantTOC) {
			t.Errorf("%q: %d TOC lines, MediaWiki's %d:\n%s\n%s", src, len(gotTOC), len(wantTOC), ours, theirs)
			continue
		}
		for i, e := range gotTOC {
			if e.text != wantTOC[i].text {
				t.Errorf("%q: TOC line %d\n got %q\nwant %q", src, i+1, e.text, wantTOC[i].text)
			}
			if to := fragmentTarget(e.href, gotIDs); to != gotIDs[i].id {
				t.Errorf("%q: TOC line %d links to %q (%q), not to its heading %q", src, i+1, e.href, to, gotIDs[i].id)
			}
		}
		// The renderer's part: legacy ids and links for MediaWiki's ids.
		for i, h := range headings {
			setID(h, wantIDs[i].id)
		}
		ours = renderDoc(t, doc, render.Options{})
		got := ourHeadingIDs(ours)
		reason, listed = legacyParserDiffers[page]
		switch same := slices.Equal(got, wantIDs); {
		case !same && !listed:
			t.Errorf("%q: with MediaWiki's ids, (id, legacy id)\n got %q\nwant %q", src, got, wantIDs)
		case same && listed:
			t.Errorf("%q: the legacy ids are MediaWiki's now: take it out of legacyParserDiffers (%s)", src, reason)
		}
		for i, e := range tocEntries(ours) {
			if to := fragmentTarget(e.href, wantIDs); to != wantIDs[i].id {
				t.Errorf("%q: with MediaWiki's ids, TOC line %d links to %q (%q), not to its heading %q", src, i+1, e.href, to, wantIDs[i].id)
			}
		}
	}
	t.Logf("MediaWiki %s: %d pages of headings, the parser's ids differ on %d (idsParserDiffers: %d)", w.Inst.Version, len(pages), differ, len(idsParserDiffers))
}

func renderDoc(t *testing.T, doc *model.Document, opts render.Options) string {
	t.Helper()
	var sb strings.Builder
	if err := render.New(opts).Render(&sb, doc); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

// setID sets a node's id attribute.
func setID(n *model.Node, id string) {
	attrs := slices.DeleteFunc(slices.Clone(n.Attrs()), func(a model.Attr) bool { return a.Name == "id" })
	n.SetAttrs(append(attrs, model.Attr{Name: "id", Value: id}))
}
