package parser_test

import (
	"slices"
	"testing"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// A link's target and fragment are read as MediaWiki 1.39 reads them
// (Title::newFromText: MediaWikiTitleCodec::splitTitleString,
// Title::setFragment): a run of spaces, underscores and Unicode spaces
// one space, none at the ends (but at the start of a fragment), the bidi
// marks left out, the target percent-decoded as PHP's rawurldecode does,
// and no link at all where the title would hold U+FFFD (a reference to a
// control character, a control character beside a '&', bytes that are
// no UTF-8). TestAgainstMediaWiki compares the same links' HTML with
// MediaWiki's, render's TestLinkFragmentsAsMediaWiki their hrefs.
func TestLinkFragments(t *testing.T) {
	const none = "(no link)"
	for _, c := range []struct{ src, target, fragment string }{
		{"[[#a&nbsp;b]]", "", "a b"},
		{"[[#a\u00a0b]]", "", "a b"},
		{"[[#a\u2003\u2003b]]", "", "a b"},
		{"[[#a\u2003_\u3000b]]", "", "a b"},
		{"[[#a\u200eb]]", "", "ab"},
		{"[[#a \u200e b]]", "", "a b"},
		{"[[#a&#x202A;b&#x202E;]]", "", "ab"},
		{"[[# lead]]", "", " lead"},
		{"[[#_lead]]", "", " lead"},
		{"[[#trail _\u00a0]]", "", "trail"},
		{"[[#a%%41]]", "", "a%A"},
		{"[[#x%zz%41]]", "", "x%zzA"},
		{"[[#100%25]]", "", "100%"},
		{"[[#a&#9;]]", "", "a\t"},
		{"[[#a&#9;  b]]", "", "a\t b"},
		{"[[#a%0Cb]]", "", "a\fb"}, // no '&': no clean-up
		{"[[Main Page _#x]]", "Main Page", "x"},
		{"[[Main_Page#_x]]", "Main Page", " x"},
		{"[[Ma&#x200F;in&#x2003;Page#y]]", "Main Page", "y"},
		{"[[:\u00a0Main Page#z]]", "Main Page", "z"},
		{"[[#a&#x0C;b]]", none, ""},
		{"[[Main Page#a&#x0C;b|label]]", none, ""},
		{"[[#a&#13;b]]", none, ""},
		{"[[#a&#xFFFE;b]]", none, ""},
		{"[[#a&#xFFFD;b]]", none, ""},
		{"[[#a\uFFFDb]]", none, ""},
		{"[[#&#99999999999;]]", none, ""},
		{"[[#a%0Bb&amp;]]", none, ""},
		{"[[#a%C3]]", none, ""},
		{"[[a&#9;]]", none, ""},
		{"[[Main Page&#9;#x]]", none, ""},
	} {
		doc := parser.Parse(c.src, &parser.Options{})
		target, fragment, n := none, "", 0
		for node := range doc.Root.Descendants() {
			if l := node.Link(); l != nil {
				target, fragment = l.Target, l.Fragment
				n++
			}
		}
		if n > 1 || target != c.target || fragment != c.fragment {
			t.Errorf("%q: %d links, target %q, fragment %q; want target %q, fragment %q", c.src, n, target, fragment, c.target, c.fragment)
		}
	}
}

// A link is forced (its leading ':' left out of its text, a file linked
// rather than shown, a category linked rather than added) only when its
// target as written starts with ':' (MediaWiki's $noforce: the first
// character after the spaces), not when the title codec finds a ':' there
// once it has trimmed an underscore, a Unicode space or a bidi mark
// before it: that ':' only puts the title in the main namespace, or
// nowhere special before a namespace's name ([[_:File:X.png]] shows the
// file). The text of [[_:Foo]] is "_:Foo", as MediaWiki writes it
// (TestAgainstMediaWiki has the same links).
func TestLinkForcedAsWritten(t *testing.T) {
	for _, c := range []struct{ src, text string }{
		{"[[_:Foo]]", "_:Foo"},
		{"[[\u200e:Foo]]", "\u200e:Foo"},
		{"[[&#x200E;:Foo]]", "\u200e:Foo"},
		{"[[&nbsp;:Foo]]", "\u00a0:Foo"},
		{"[[\u3000:Foo]]", "\u3000:Foo"},
		{"[[_:Help:Foo]]", "_:Help:Foo"},
		{"[[_:#x]]", "_:#x"},
		{"[[:Foo]]", "Foo"},
		{"[[ :Foo]]", "Foo"},
		{"[[:Category:Foo]]", "Category:Foo"},
	} {
		doc := parser.Parse(c.src, &parser.Options{Title: "Parser test"})
		var got []string
		for n := range doc.Root.FindAll(model.KindLink) {
			got = append(got, model.PlainText(n))
		}
		if len(got) != 1 || got[0] != c.text {
			t.Errorf("%q: links %q, want one, %q", c.src, got, c.text)
		}
	}
	doc := parser.Parse("[[_:File:X.png]] [[\u00a0:Category:Foo]] [[_:Category:Bar]]", &parser.Options{Title: "Parser test"})
	images, links := 0, 0
	for range doc.Root.FindAll(model.KindImage) {
		images++
	}
	for range doc.Root.FindAll(model.KindLink) {
		links++
	}
	if images != 1 || links != 0 || !slices.Equal(doc.Categories, []string{"Foo", "Bar"}) {
		t.Errorf("%d images, %d links, categories %q; want the file shown, no link, categories Foo and Bar", images, links, doc.Categories)
	}
}
