package parser_test

import (
	"strings"
	"testing"

	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// isBlock reports whether n is a block whose span TestBlockSpans checks.
func isBlock(n *model.Node) bool {
	switch n.Kind {
	case model.KindParagraph, model.KindList, model.KindListItem, model.KindPre, model.KindHeading:
		return true
	}
	return false
}

// blocks returns the source of every paragraph, list, list item, <pre>
// and heading of doc, in tree order, with the node.
func blocks(doc *model.Document) (nodes []*model.Node, srcs []string) {
	model.Walk(doc.Root, func(n *model.Node, entering bool) model.WalkStatus {
		if entering && isBlock(n) {
			nodes = append(nodes, n)
			srcs = append(srcs, doc.Source[n.Pos:n.End])
		}
		return model.WalkContinue
	})
	return nodes, srcs
}

// TestBlockSpans: a paragraph, a list, a list item (a term, a
// description), a <pre> and a heading span their own wikitext: a list
// item from its marker to where its text ends, without the line break and
// the next item's "*" (or the ":" of a term's description); a paragraph
// and a <pre> to the line break that ends their text's last line (as an
// HTML item left open, whose text holds it), without the blank lines or
// the next block's marker after it, and so does an element left open in
// them; a list to its last item's end; a heading to its closing "=" run.
// An element an extension or an HTML tag of the page opened ends at its
// end tag; a list a template made is the template call, and its items
// are the list's children.
func TestBlockSpans(t *testing.T) {
	tpl := parser.NewWikiTemplates()
	tpl.Add("L", "* a\n* b")
	tpl.Add("1x", "{{{1}}}")
	for _, c := range []struct {
		name, src string
		want      []string
	}{
		{"count list", "* 5 x Wasabi\n* 3 x Tempura\n** sub\n* last\n\nText",
			[]string{"* 5 x Wasabi\n* 3 x Tempura\n** sub\n* last", "* 5 x Wasabi", "* 3 x Tempura\n** sub", "* sub", "* sub", "* last", "Text"}},
		{"paragraphs", "Para one\nline two\n\nPara two\n; term : desc\n: dd\n pre line\n pre2\n\nend\n",
			[]string{"Para one\nline two\n", "Para two\n", "; term : desc\n: dd", "; term", ": desc", ": dd", " pre line\n pre2\n", "end\n"}},
		{"headings", "== H ==  \n# a\n# b  \n\n== I == <!-- c -->\ntext <!-- c -->\n\n* a <!-- x -->\n* b",
			[]string{"== H ==", "# a\n# b", "# a", "# b", "== I ==", "text <!-- c -->\n", "* a <!-- x -->\n* b", "* a", "* b"}},
		{"in a cell", "{|\n| cell\n\nsecond para\n|-\n|\n# one\n# two\n|}",
			[]string{"second para", "# one\n# two", "# one", "# two"}},
		{"html", "<ul>\n<li>one\n<li>two</li>\n</ul>\n<dl><dt>t<dd>d\n</dl>",
			[]string{"<ul>\n<li>one\n<li>two</li>\n</ul>", "<li>one\n", "<li>two</li>", "<dl><dt>t<dd>d\n</dl>", "<dt>t", "<dd>d\n"}},
		{"extensions", "<syntaxhighlight lang=python>\nx = 1\n</syntaxhighlight>\n\n<pre>\n a \n</pre>\nafter",
			[]string{"<syntaxhighlight lang=python>\nx = 1\n</syntaxhighlight>", "<pre>\n a \n</pre>", "after"}},
		{"templates", "{{L}}\n* c\n\n{{1x|para}}\n\n* d {{1x|e}}\n",
			[]string{"{{L}}\n* c", "{{L}}", "{{L}}", "* c", "{{1x|para}}\n", "* d {{1x|e}}", "* d {{1x|e}}"}},
		{"left open", "a <span>b\n\nc <span>d\n* e\n\n<div>x</div>y\n\nz",
			[]string{"a <span>b\n", "c <span>d\n", "* e", "* e", "y\n", "z"}},
	} {
		doc := parser.Parse(c.src, &parser.Options{Title: "Spans", WikiTemplates: tpl})
		checkTree(t, c.name, doc)
		nodes, got := blocks(doc)
		if strings.Join(got, "\x00") != strings.Join(c.want, "\x00") {
			t.Errorf("%s: the blocks span\n%q\nwant\n%q", c.name, got, c.want)
		}
		// An item a template made is still its list's child (a
		// template wrapper around it would hide it from the list's
		// items).
		for _, n := range nodes {
			if n.Kind == model.KindListItem && n.Parent.Kind != model.KindList {
				t.Errorf("%s: a %s [%d:%d] is a child of a %s", c.name, n.Kind, n.Pos, n.End, n.Parent.Kind)
			}
		}
	}
}

// TestSeedsBlockSpans: no paragraph, list, list item, <pre> or heading of
// the seeds holds what comes after it: the blank lines after a
// paragraph, the next item's marker, the line break after an item or a
// heading; nor does one end after the block that follows it starts.
func TestSeedsBlockSpans(t *testing.T) {
	c := testutil.SeedCorpus(t)
	n := 0
	for _, p := range c.Pages {
		for _, r := range p.Revisions {
			doc := parser.Parse(r.Text, &parser.Options{Title: p.Title, Time: r.Timestamp})
			nodes, srcs := blocks(doc)
			for i, src := range srcs {
				n++
				if msg := blockEnds(nodes[i], src); msg != "" {
					t.Errorf("%s:%d: a %s %s:\n%q", r.Label(p.Title), doc.Line(nodes[i].Pos), nodes[i].Kind, msg, src)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no block in the seeds")
	}
	t.Logf("%d paragraphs, lists, list items, pres and headings", n)
}

// blockEnds says what is wrong with the end of a block's source ("" when
// nothing is).
func blockEnds(n *model.Node, src string) string {
	if next := nextBlock(n); next != nil && n.End > next.Pos {
		return "runs into the " + next.Kind.String() + " after it"
	}
	switch n.Kind {
	case model.KindParagraph, model.KindPre:
		// Its text's last line break is its own, no more.
		if strings.HasSuffix(strings.TrimRight(src, " \t\r"), "\n\n") || strings.HasSuffix(src, "\n\n") {
			return "holds the blank line after it"
		}
		if k := strings.LastIndexByte(src, '\n'); k >= 0 && k+1 < len(src) && strings.Trim(src[k+1:], " \t\r*#:;") == "" {
			return "ends on the next line"
		}
	default:
		if strings.TrimRight(src, " \t\r\n") != src {
			return "ends in white space"
		}
	}
	return ""
}

// nextBlock is the block sibling after n, past text, or nil.
func nextBlock(n *model.Node) *model.Node {
	for c := n.NextSibling; c != nil; c = c.NextSibling {
		if isBlock(c) {
			return c
		}
		if c.Kind != model.KindText {
			return nil
		}
	}
	return nil
}
