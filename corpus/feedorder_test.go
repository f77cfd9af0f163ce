package corpus

import (
	"bytes"
	"strings"
	"testing"
)

// A contribution feed lists revisions newest first, as the wiki's listing
// does (and WriteFeed): of two revisions of a page saved in the same
// second, the one further down the feed is the older. They were read the
// other way round (a bot's or a script's edits a second apart came out in
// the wrong order), and a feed written from an export listed them oldest
// first.
func TestFeedSameSecondOrder(t *testing.T) {
	const export = `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11">
<page><title>Gamehelpempty</title><ns>0</ns><id>19</id>
<revision><id>27</id><timestamp>2026-12-02T18:52:51Z</timestamp><contributor><username>Tobias</username><id>4</id></contributor><comment>empty page</comment><text bytes="0" xml:space="preserve" /></revision>
<revision><id>28</id><parentid>27</parentid><timestamp>2026-12-02T18:52:51Z</timestamp><contributor><username>Tobias</username><id>4</id></contributor><minor/><comment>m</comment><text bytes="6" xml:space="preserve">second</text></revision>
<revision><id>29</id><parentid>28</parentid><timestamp>2026-12-02T18:52:51Z</timestamp><contributor><username>Mara</username><id>3</id></contributor><comment>third</comment><text bytes="5" xml:space="preserve">third</text></revision>
</page>
</mediawiki>
`
	l := NewLoader(Options{})
	if err := l.AddReader("export.xml", strings.NewReader(export), FormatUnknown); err != nil {
		t.Fatal(err)
	}
	c, err := l.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	summaries := func(where string, texts ...string) {
		t.Helper()
		var got []string
		for _, r := range c.Page("Gamehelpempty").Revisions {
			got = append(got, r.Summary)
		}
		if strings.Join(got, ",") != strings.Join(texts, ",") {
			t.Errorf("%s: revisions %q, want %q", where, got, texts)
		}
	}
	summaries("the export", "empty page", "m", "third")
	var b bytes.Buffer
	if err := WriteFeed(&b, c, ""); err != nil {
		t.Fatal(err)
	}
	if i, j := strings.Index(b.String(), "Mara: third"), strings.Index(b.String(), "Tobias: empty page"); i < 0 || j < i {
		t.Errorf("the feed is not newest first:\n%s", b.String())
	}
	// The feed read back, alone, and a listing's own feed with a page
	// edited at other times too.
	listing := "Wiki - User contributions [en]\n\n" +
		"Gamehelpother\n\n2027-01-01T00:00:00Z\n\nAnn: later\n\nx\n\n" +
		"Gamehelpempty\n\n2026-12-02T18:52:51Z\n\nMara: third\n\nthird\n\n" +
		"Gamehelpempty\n\n2026-12-02T18:52:51Z\n\nTobias: m\n\nsecond\n\n" +
		"Gamehelpempty\n\n2026-12-02T18:52:51Z\n\nTobias: empty page\n\n" +
		"Gamehelpother\n\n2020-01-01T00:00:00Z\n\nAnn: earlier\n\ny\n"
	for _, feed := range []string{b.String(), listing} {
		l := NewLoader(Options{})
		if err := l.AddReader("feed.txt", strings.NewReader(feed), FormatUnknown); err != nil {
			t.Fatal(err)
		}
		if c, err = l.Corpus(); err != nil {
			t.Fatal(err)
		}
		summaries("the feed", "empty page", "m", "third")
	}
}
