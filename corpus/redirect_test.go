package corpus

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/wikirules/wikirules/model"
)

// An export's <redirect title="…"/> says what the page was when the export
// was made: a page that was a redirect in an older export and an article in
// a newer input (an export taken later, or a feed) is an article, whatever
// the order of the inputs and whether the texts are kept.
func TestStaleRedirectMarker(t *testing.T) {
	dir := filepath.Join("testdata", "redirect")
	in := func(names ...string) []string {
		var out []string
		for _, n := range names {
			out = append(out, filepath.Join(dir, n))
		}
		return out
	}
	for _, tc := range []struct {
		inputs []string
		kind   model.PageKind
		target string
	}{
		{in("old.xml"), model.PageRedirect, "Gamehelphearts"},
		{in("new.xml"), model.PageOther, ""},
		{in("old.xml", "new.xml"), model.PageOther, ""},
		{in("new.xml", "old.xml"), model.PageOther, ""},
		{in("old.xml", "newer.txt"), model.PageOther, ""},
		{in("newer.txt", "old.xml"), model.PageOther, ""},
	} {
		for _, drop := range []bool{false, true} {
			c, err := Load(tc.inputs, Options{DropText: drop})
			if err != nil {
				t.Fatal(err)
			}
			p := c.Page("Hearts")
			if p == nil || len(p.Revisions) != 2 && len(tc.inputs) > 1 {
				t.Fatalf("%v: page %+v", tc.inputs, p)
			}
			if p.Kind != tc.kind || p.Redirect != tc.target {
				t.Errorf("%v (drop text %v): kind %s, redirect %q; want %s %q", tc.inputs, drop, p.Kind, p.Redirect, tc.kind, tc.target)
			}
		}
	}
}

// A redirect's target is read by the wiki's rules, as every other title:
// on a case-sensitive wiki "#REDIRECT [[color]]" and <redirect
// title="color"/> lead to "color", not to "Color" (another page, missing
// here), whatever the order of the inputs and whether texts are kept (a
// feed read before the export that says the wiki is case-sensitive too).
func TestRedirectTargetsCaseSensitive(t *testing.T) {
	dir := filepath.Join("testdata", "redirect")
	xml, feed := filepath.Join(dir, "case-sensitive.xml"), filepath.Join(dir, "case-sensitive-feed.txt")
	want := map[string]string{
		"colour":   "color",             // text and marker
		"hue":      "color",             // a stub: the marker alone
		"tplredir": "Template:card#Use", // the namespace's name, the title's case
		"colours":  "color",             // the feed's
	}
	for _, inputs := range [][]string{{xml, feed}, {feed, xml}} {
		for _, drop := range []bool{false, true} {
			c, err := Load(inputs, Options{DropText: drop})
			if err != nil {
				t.Fatal(err)
			}
			for title, target := range want {
				p := c.Page(title)
				if p == nil || p.Kind != model.PageRedirect || p.Redirect != target {
					t.Errorf("%v (drop text %v): %s: %+v; want a redirect to %q", inputs, drop, title, p, target)
					continue
				}
				if r := p.Latest(); drop && !r.Stub && r.Redirect != target {
					t.Errorf("%v (drop text): %s's latest revision redirects to %q, want %q", inputs, title, r.Redirect, target)
				}
			}
		}
	}
}

// A page deleted and made again has a new id: of two exports, the one with
// the page's newest revision gives it, whatever the order of the inputs
// (the first input read gave it, so {{PAGEID}} could be the old page's).
func TestPageIDOfNewestExport(t *testing.T) {
	dir := t.TempDir()
	export := func(name string, id int, ts string) string {
		p := filepath.Join(dir, name)
		text := `<mediawiki version="0.11"><page><title>Hearts</title><ns>0</ns><id>` + strconv.Itoa(id) +
			`</id><revision><id>` + strconv.Itoa(id*10) + `</id><timestamp>` + ts + `</timestamp><text>x</text></revision></page></mediawiki>`
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	old, recreated := export("old.xml", 16, "2024-01-01T00:00:00Z"), export("new.xml", 41, "2024-06-01T00:00:00Z")
	for _, inputs := range [][]string{{old, recreated}, {recreated, old}, {recreated}} {
		c, err := Load(inputs, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Page("Hearts").ID; got != 41 {
			t.Errorf("%v: page id %d, want 41 (the newest export's)", inputs, got)
		}
	}
}

// Two pages of a wiki whose titles the title rules read as one ("ßeta",
// kept so from before PHP capitalized ß as SS, and "SSeta") stay two pages,
// each with its own history; the same page in two inputs still merges.
func TestPagesOfOneNormalTitle(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "two.xml")
	page := func(title string, id int, text string) string {
		return `<page><title>` + title + `</title><ns>0</ns><id>` + strconv.Itoa(id) + `</id><revision><id>` + strconv.Itoa(id*10) +
			`</id><timestamp>2024-01-0` + strconv.Itoa(id) + `T00:00:00Z</timestamp><text>` + text + `</text></revision></page>`
	}
	if err := os.WriteFile(p, []byte(`<mediawiki version="0.11">`+page("ßeta", 1, "legacy page")+page("SSeta", 2, "other page")+`</mediawiki>`), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load([]string{p}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Pages) != 2 {
		t.Fatalf("%d pages, want 2", len(c.Pages))
	}
	for title, text := range map[string]string{"SSeta": "other page", "ßeta": "legacy page"} {
		pg := c.Page(title)
		if pg == nil || len(pg.Revisions) != 1 || pg.Revisions[0].Text != text {
			t.Errorf("page %q: %+v", title, pg)
		}
	}
	// The same page read from an export and a feed is one page.
	feedPath := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(feedPath, []byte("W - User contributions [en]\n\nSSeta\n\n2024-03-01T00:00:00Z\n\nAnn: s\n\nnewer\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err = Load([]string{p, feedPath}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if pg := c.Page("SSeta"); pg == nil || len(pg.Revisions) != 2 {
		t.Errorf("SSeta from the export and the feed: %+v", pg)
	}
}
