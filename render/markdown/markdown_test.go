package markdown_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"golang.org/x/net/html"

	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
	"github.com/wikirules/wikirules/render/markdown"
)

func toMarkdown(t testing.TB, doc *model.Document) string {
	t.Helper()
	var b bytes.Buffer
	if err := markdown.Render(&b, doc, markdown.Options{}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// goldmarkHTML renders Markdown the way GitHub does (GFM, raw HTML kept).
func goldmarkHTML(t testing.TB, md string) string {
	t.Helper()
	var b bytes.Buffer
	g := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(gmhtml.WithUnsafe()))
	if err := g.Convert([]byte(md), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// shape is what a reader sees of an HTML page: its words in order, and the
// structure that matters (headings, table cells, list items, links).
type shape struct {
	words    []string
	headings []string
	cells    []string
	items    int
	links    []string
}

func shapeOf(t testing.TB, src string) shape {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	var s shape
	var text func(n *html.Node) string
	text = func(n *html.Node) string {
		if n.Type == html.TextNode {
			return n.Data
		}
		var b strings.Builder
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			b.WriteString(text(c))
			if cardBeforeCard(c) {
				b.WriteString(" ")
			}
		}
		return b.String()
	}
	var all strings.Builder
	blockTags := map[string]bool{"p": true, "li": true, "dt": true, "dd": true, "td": true, "th": true, "tr": true, "br": true,
		"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "div": true, "pre": true, "table": true,
		"ul": true, "ol": true, "dl": true, "figure": true, "figcaption": true, "caption": true, "blockquote": true, "hr": true}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "h1", "h2", "h3", "h4", "h5", "h6":
				s.headings = append(s.headings, n.Data+":"+strings.Join(strings.Fields(text(n)), " "))
			case "td", "th":
				s.cells = append(s.cells, strings.Join(strings.Fields(text(n)), " "))
			case "li":
				s.items++
			case "a":
				for _, a := range n.Attr {
					if a.Key == "href" {
						s.links = append(s.links, a.Val)
					}
				}
			}
			if blockTags[n.Data] {
				all.WriteString(" ")
			}
		}
		if n.Type == html.TextNode {
			all.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if n.Type == html.ElementNode && (blockTags[n.Data] || cardBeforeCard(n)) {
			all.WriteString(" ")
		}
	}
	walk(doc)
	s.words = strings.Fields(all.String())
	return s
}

// cardBeforeCard reports whether n is a card of the card templates
// followed by another: boxes side by side, so words apart to a reader.
func cardBeforeCard(n *html.Node) bool {
	return isCard(n) && n.NextSibling != nil && isCard(n.NextSibling)
}

func isCard(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	for _, a := range n.Attr {
		if a.Key == "class" && slices.Contains(strings.Fields(a.Val), "card") {
			return true
		}
	}
	return false
}

// compare renders a page both ways and compares what a reader sees.
func compare(t *testing.T, name, wikitext string) {
	t.Helper()
	doc := parser.Parse(wikitext, &parser.Options{Title: name})
	var ours bytes.Buffer
	if err := render.New(render.Options{NoTOC: true}).Render(&ours, doc); err != nil {
		t.Fatal(err)
	}
	md := toMarkdown(t, doc)
	want, got := shapeOf(t, ours.String()), shapeOf(t, goldmarkHTML(t, md))
	if a, b := strings.Join(want.words, " "), strings.Join(got.words, " "); a != b {
		i := 0
		for i < len(a) && i < len(b) && a[i] == b[i] {
			i++
		}
		t.Errorf("%s: the words differ at %q\n  ours:     %q\n  markdown: %q\nmarkdown:\n%s", name, a[:i], clip(a[i:]), clip(b[i:]), md)
		return
	}
	for _, c := range []struct {
		what string
		a, b []string
	}{{"headings", want.headings, got.headings}, {"table cells", want.cells, got.cells}, {"links", want.links, got.links}} {
		if strings.Join(c.a, "\x00") != strings.Join(c.b, "\x00") {
			t.Errorf("%s: %s differ\n  ours:     %q\n  markdown: %q", name, c.what, c.a, c.b)
		}
	}
	if want.items != got.items {
		t.Errorf("%s: %d list items, markdown has %d", name, want.items, got.items)
	}
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

func TestMatchesOurHTML(t *testing.T) {
	for name, src := range map[string]string{
		"inline":   "Some '''bold''', ''italic'', '''''both''''' and a [[Target page|link]], [https://example.org an external one] and * stars * _under_ [brackets] #hash.",
		"lists":    "* one\n* two\n** two.one\n** two.two\n* three\n# first\n# second\n#* mixed",
		"table":    "{| class=\"wikitable\"\n! Card !! Points\n|-\n| Ace || 11\n|-\n| King || 4\n|}",
		"span":     "{|\n! colspan=2 | Both\n|-\n| a || b\n|}",
		"headings": "== Two ==\ntext\n=== Three ===\nmore\n==== Four ====\nend",
		"pre":      " indented code\n with  spaces\n\nafter",
		"number":   "1. not a list\n\n- not one either",
		"html":     "a < b & c > d &amp; e",
	} {
		compare(t, name, src)
	}
}

// Every page of the embedded corpus and of the seeds.
func TestPagesMatchOurHTML(t *testing.T) {
	var pages []*model.Page
	c, err := content.New().Corpus(corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pages = append(pages, c.Pages...)
	if shared.Has("seeds") {
		pages = append(pages, testutil.SeedCorpus(t).Pages...)
	} else {
		t.Log("../shared is absent: the seed pages are not compared")
	}
	for _, p := range pages {
		if r := p.Latest(); r != nil {
			compare(t, p.Title, r.Text)
		}
	}
}

// Cards written side by side stay apart: "K♥ Q♥", not "K♥Q♥".
func TestCardsKeepTheirSpacing(t *testing.T) {
	for src, want := range map[string]string{
		"ranked {{card|=K}}{{card|=Q}}{{card|=J}} high":                 "ranked K Q J high",
		"{{cardholder|{{heart|K}}{{diamond|K}}{{spade|6}}|Full House}}": "K♥ K♦ 6♠ Full House",
		"a {{heart|A}}, then {{club|2}}.":                               "a A♥, then 2♣.",
		"{{spade|=Q}} and {{heart}}":                                    "Q♠ and ♥",
	} {
		if got := strings.TrimSpace(toMarkdown(t, parser.Parse(src, &parser.Options{}))); got != want {
			t.Errorf("%s:\n got %q\nwant %q", src, got, want)
		}
		compare(t, src, src)
	}
}

// A GFM table where it fits; HTML where cells span.
func TestTables(t *testing.T) {
	md := toMarkdown(t, parser.Parse("{| class=\"wikitable\"\n! Card !! Points\n|-\n| Ace || 11\n|}", &parser.Options{}))
	if !strings.Contains(md, "| Card | Points |\n| --- | --- |\n| Ace | 11 |") {
		t.Errorf("not a GFM table:\n%s", md)
	}
	md = toMarkdown(t, parser.Parse("{|\n! colspan=2 | Both\n|-\n| a || b\n|}", &parser.Options{}))
	if !strings.Contains(md, `<th colspan="2">`) {
		t.Errorf("a spanning table is not HTML:\n%s", md)
	}
}

// Cite footnotes become Markdown footnotes: a marker [^label] where the
// <ref> was, a definition for each note where the list is.
func TestFootnotes(t *testing.T) {
	src := "Tempura scores 5<ref>per pair</ref>; sashimi 10<ref name=s>per set of three</ref>, again<ref name=s/>.\n== Notes ==\n<references/>"
	got := toMarkdown(t, parser.Parse(src, &parser.Options{}))
	want := "Tempura scores 5[^1]; sashimi 10[^s-2], again[^s-2].\n\n## Notes\n\n[^1]: per pair\n[^s-2]: per set of three\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// goldmark reads them as footnotes.
	var out bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Footnote)).Convert([]byte(got), &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `<div class="footnotes"`) || strings.Count(out.String(), `class="footnote-ref"`) != 3 {
		t.Errorf("goldmark did not read the footnotes:\n%s", out.String())
	}
}
