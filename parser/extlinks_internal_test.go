package parser

import "testing"

// TestExternalLinkScansPerText: the external link pass caches where labels
// end, and an image's caption is a text of its own that the pass reads in
// the middle of the page's: a label of the page must not end where one of
// the caption did.
func TestExternalLinkScansPerText(t *testing.T) {
	ps := &parseState{opts: &Options{}}
	ps.externalLinks(newSourceText("[http://example.org z] c", 0)) // a caption, first (link 0)
	page := "[http://example.com a long label] and more text"
	if got, want := ps.externalLinks(newSourceText(page, 0)).s, `<a @ext="1">a long label</a> and more text`; got != want {
		t.Errorf("after another text:\n got %q\nwant %q", got, want)
	}
}
