package testgen

import (
	"bytes"
	"testing"

	"github.com/wikirules/wikirules/corpus/feed"
	"github.com/wikirules/wikirules/model"
)

// The generated wiki is the same for the same seed, has the size asked
// for, and reads back as a feed.
func TestGenerated(t *testing.T) {
	o := Options{Pages: 20, Revisions: 3, Seed: 7}
	var a, b bytes.Buffer
	if err := WriteFeed(&a, o); err != nil {
		t.Fatal(err)
	}
	WriteFeed(&b, o)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two generations with the same seed differ")
	}
	f, err := feed.Parse("gen.txt", a.Bytes(), feed.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Entries) != 60 {
		t.Errorf("%d entries, want 60", len(f.Entries))
	}
	c := Corpus(o)
	kinds := map[model.PageKind]int{}
	for _, p := range c.Pages {
		kinds[p.Kind]++
		if len(p.Revisions) != 3 {
			t.Errorf("%s: %d revisions", p.Title, len(p.Revisions))
		}
		for i, r := range p.Revisions {
			if r.SHA1 != model.TextSHA1(r.Text) {
				t.Errorf("%s: bad SHA-1", p.Title)
			}
			if i > 0 && !r.Timestamp.After(p.Revisions[i-1].Timestamp) {
				t.Errorf("%s: revisions out of order", p.Title)
			}
		}
	}
	if len(c.Pages) != 20 || kinds[model.PageRules] != 12 || kinds[model.PageTips] != 4 {
		t.Errorf("%d pages, kinds %v", len(c.Pages), kinds)
	}
}
