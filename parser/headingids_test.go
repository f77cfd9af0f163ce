package parser_test

import (
	"encoding/json"
	"fmt"
	stdhtml "html"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/internal/mwtest"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// headingIDPages are pages whose headings' ids are MediaWiki's own way:
// runs of spaces and underscores, white space MediaWiki keeps or
// replaces, texts that are another heading's id or legacy id, empty
// headings, "0" (PHP's $refers[false]), what a heading's text holds
// (footnote markers, missing files, errors, links) and ids cut at 1024
// characters.
var headingIDPages = []string{
	"== A_b ==\n== A b ==\n== A  b ==\n== A__b ==\n== A _ b ==",
	"== A\tb ==\n== A \t b ==\n== A\u00a0b ==\n== A&nbsp;b ==\n== a\u200eb ==",
	"== a\u0085b ==\n== a\u180eb ==\n== a\u3000b ==\n== a\vb ==\n== a\fb ==\n== &nbsp;x&nbsp; ==",
	"== Q&A ==\n== Q.26A ==\n== Q.26A_2 ==\n== Q&A ==",
	"== Q&A ==\n== Q.26A_2 ==\n== Q&A_2 ==",
	"== Élan ==\n== élan ==\n== ÉLAN ==\n== .C3.89lan ==",
	"== 100% ==\n== 100.25 ==\n== 100%25 ==\n== 100%41 ==",
	"== a~b ==\n== a.7Eb ==\n== a:b ==\n== a%3Ab ==",
	"== <span></span> ==\n== ==\n== x ==\n== _2 ==",
	"== A ==\n== 0 ==\n== 0 ==",
	"== 0 ==\n== A ==\n== 0 ==\n== Q&A ==\n== 0 ==",
	"== Q&A ==\n== 0 ==\n== 00 ==\n== A ==\n== 00 ==\n== -0 ==\n== 0.0 ==",
	"== Note<ref>n</ref> ==\n== Note ==\n== Note[1] ==\n== Élan<ref>n</ref>_2 ==",
	"== [[Link|linked ''text'']] [http://example.com ext] [[File:X.png|20px]] <code>code</code> ==",
	"== A [[File:X.png|thumb|cap]] B ==\n== C [[File:X.png|alt=al|cap]] D ==\n== E [[Image:Y y.png|frame]] ==",
	"== [http://x.example] [http://y.example] ==\n== {{#expr:1/0}} ==\n== x<br/>y ==\n== <nowiki>[[z]]</nowiki> ==",
	"== a : b ==\n== « c » ==\n== [[Link]]s ==\n== Links ==",
	"== " + strings.Repeat("é", 1030) + " ==\n== " + strings.Repeat("é", 1024) + "x ==\n== " + strings.Repeat("a b", 400) + " ==",
	strings.Repeat("== A ==\n== A_2 ==\n== a b ==\n", 20),
}

// headingIDPool is what generated pages draw their headings from.
var headingIDPool = []string{"A", "a", "A_2", "A b", "A_b", "A  b", "A\tb", "0", "Q&A", "q&a", "Q.26A", "Q.26A_2",
	"Élan", "élan", ".C3.89lan", "", "<span></span>", "x&nbsp;y", "x y", "Note<ref>n</ref>", "Note[1]", "_2", "0_2"}

// generatedHeadingIDPages are n pages of six headings from
// headingIDPool, always the same (a fixed seed).
func generatedHeadingIDPages(n int) []string {
	r := rand.New(rand.NewPCG(3, 4))
	var out []string
	for range n {
		var b strings.Builder
		for range 6 {
			fmt.Fprintf(&b, "== %s ==\n", headingIDPool[r.IntN(len(headingIDPool))])
		}
		out = append(out, b.String())
	}
	return out
}

var mwHeadlineRE = regexp.MustCompile(`<span class="mw-headline" id="([^"]*)">`)

// TestHeadingIDsAsMediaWiki compares the ids the parser gives headings
// with those a real MediaWiki gives them (TestAgainstMediaWiki's
// normalizer leaves ids out), for headingIDPages and pages generated
// from headingIDPool. (The wiki has no file: MediaWiki's id holds a
// missing file's title, as the parser's holds every file's.)
func TestHeadingIDsAsMediaWiki(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("skipped in -short mode: runs a MediaWiki")
	}
	w := mwtest.New(t)
	if err := w.AddSettings("$wgParserEnableLegacyMediaDOM = false;\n"); err != nil {
		t.Fatal(err)
	}
	pages := append(slices.Clone(headingIDPages), generatedHeadingIDPages(80)...)
	in, _ := json.Marshal(pages)
	script, _ := filepath.Abs(filepath.Join("testdata", "mediawiki", "batch.php"))
	outFile := filepath.Join(t.TempDir(), "out.json")
	if msg, err := w.Maintenance(t.Context(), strings.NewReader(string(in)), script, "--out", outFile); err != nil {
		t.Fatalf("MediaWiki's parser: %v\n%s", err, msg)
	}
	out, err := os.ReadFile(outFile)
	if err != nil {
		t.Fatal(err)
	}
	var theirs []string
	if err := json.Unmarshal(out, &theirs); err != nil || len(theirs) != len(pages) {
		t.Fatalf("MediaWiki's parser returned %d results (%v): %.300s", len(theirs), err, out)
	}
	for i, page := range pages {
		var want []string
		for _, m := range mwHeadlineRE.FindAllStringSubmatch(theirs[i], -1) {
			want = append(want, stdhtml.UnescapeString(m[1]))
		}
		doc := parser.Parse(page, &parser.Options{Title: "Parser test"})
		var got []string
		for h := range doc.Root.FindAll(model.KindHeading) {
			id, _ := h.Attr("id")
			got = append(got, id)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: heading ids\n got %q\nwant %q", page, got, want)
		}
	}
}

// TestAssignHeadingIDsFromBases: AssignHeadingIDs given the headings'
// ids before numbering (a history's stitched tree gives those of the
// chunks that begin with them) gives Parse's ids, for every heading
// given one and for every other: the legacy ids that take part in the
// numbering are read from the texts where the id does not tell them
// ("A\tb": A.09b, its id A_b).
func TestAssignHeadingIDsFromBases(t *testing.T) {
	pages := append(slices.Clone(headingIDPages), generatedHeadingIDPages(80)...)
	pages = append(pages, "== A\tb ==\n== A.09b ==\n== A_b ==", "== A\tb ==\n== A\tb ==\n== A.09b_2 ==")
	for _, page := range pages {
		doc := parser.Parse(page, &parser.Options{Title: "Parser test"})
		var headings []*model.Node
		var want, bases []string
		for h := range doc.Root.FindAll(model.KindHeading) {
			headings = append(headings, h)
			id, _ := h.Attr("id")
			want = append(want, id)
			parser.AssignHeadingIDs([]*model.Node{h}, nil) // its id alone
			base, _ := h.Attr("id")
			bases = append(bases, base)
		}
		for _, every := range []int{1, 2} {
			given := slices.Clone(bases)
			for i := range given {
				if i%every != 0 {
					given[i] = ""
				}
			}
			parser.AssignHeadingIDs(headings, given)
			var got []string
			for _, h := range headings {
				id, _ := h.Attr("id")
				got = append(got, id)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%q, bases %q: ids\n got %q\nwant %q", page, given, got, want)
			}
		}
	}
}
