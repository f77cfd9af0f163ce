package parser_test

import (
	"testing"

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
