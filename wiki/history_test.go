package wiki_test

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/wiki"
)

// docDump is everything a document holds, as text, for comparisons.
func docDump(d *model.Document) string {
	var b strings.Builder
	b.WriteString(model.Dump(d.Root))
	fmt.Fprintf(&b, "categories %q\n", d.Categories)
	for _, t := range d.Templates {
		fmt.Fprintf(&b, "template %q %d:%d %v %v %+v\n", t.Name, t.Pos, t.End, t.Builtin, t.Unknown, t.Args)
	}
	var sw []string
	for k, v := range d.Switches {
		sw = append(sw, fmt.Sprint(k, v))
	}
	sort.Strings(sw)
	fmt.Fprintf(&b, "switches %q redirect %v\n", sw, d.Redirect)
	for _, m := range d.Diagnostics {
		fmt.Fprintf(&b, "diag %d:%d %s\n", m.Pos, m.End, m.String())
	}
	return b.String()
}

// historyCounts are what sameTrees saw: revisions parsed by chunks and
// whole, and top-level parts whose tables came from the cache or were read.
type historyCounts struct{ chunked, whole, reused, read int }

// sameTrees parses every revision of every page of w both ways and fails
// on the first difference, and extracts the tables both ways too (Extract,
// and the history parser's ParseAndExtract, as the site does).
func sameTrees(t *testing.T, w *wiki.Wiki) historyCounts {
	t.Helper()
	var n historyCounts
	for _, p := range w.Corpus.Pages {
		hp := w.NewHistoryParser(p)
		for _, r := range p.Revisions {
			if !r.Visible() {
				continue
			}
			whole := w.Parse(p, r)
			doc, tables, shared := hp.ParseAndExtract(r)
			if want, got := docDump(whole), docDump(doc); want != got {
				t.Fatalf("%s@%s: the history parser's tree differs from the parser's: %s", p.Title, model.FormatTime(r.Timestamp), testutil.FirstDiff(want, got))
			}
			if want := extract.Extract(whole, p, r); !reflect.DeepEqual(want, tables) {
				t.Fatalf("%s@%s: the history parser's tables (shared %v) differ from Extract's:\n%s", p.Title, model.FormatTime(r.Timestamp), shared, tablesDiff(want, tables))
			}
		}
		reused, read := hp.TableParts()
		n.chunked += hp.Chunked
		n.whole += hp.Whole
		n.reused += reused
		n.read += read
	}
	return n
}

// tablesDiff names the first difference between two extractions.
func tablesDiff(a, b *extract.PageTables) string {
	if len(a.Tables) != len(b.Tables) {
		return fmt.Sprintf("%d tables, want %d", len(b.Tables), len(a.Tables))
	}
	for i := range a.Tables {
		if !reflect.DeepEqual(a.Tables[i], b.Tables[i]) {
			return fmt.Sprintf("table %d:\n got  %+v\n want %+v", i, *b.Tables[i], *a.Tables[i])
		}
	}
	return fmt.Sprintf("warnings:\n got  %v\n want %v", b.Warnings, a.Warnings)
}

// hostileHistoryTexts are texts made to defeat the history parser's
// chunks: constructs that reach from one chunk into another, and every
// kind of cut.
var hostileHistoryTexts = []string{
	"Lead.\n== A ==\nText.\n== A ==\nSame title twice.\n=== a ===\nAnd in lower case.\n",
	"== Scoring ==\n{{#if: x|\n== Inside ==\n}}\nAfter.\n== Next ==\nEnd.",
	"{|\n|-\n| cell\n== In a table ==\n| more\n|}\n== After ==\ntext",
	"Start <!-- a comment\n== Commented ==\n--> end\n== Real ==\nx",
	"Note<ref>one</ref>\n== B ==\nOther<ref>two</ref>\n<references/>",
	"[http://a.example] x\n== B ==\n[http://b.example] y",
	"__NOTOC__\n== A ==\nx\n== B ==\ny",
	"<div>\n== In a div ==\n</div>\n== Out ==\nz",
	"Year {{CURRENTYEAR}}\n== A ==\n{{CURRENTMONTH}} and {{#time:Y}}\n== B ==\nplain",
	"== Lead-less ==\n\n\n== Empty ==\n== Sub ==\n=== deeper ===\n==== deepest ====\ntext\n== Back ==\n",
	"Text\n=not a heading\n== x ==\ny\n==\n== = ==\nz",
	"<pre>\n== In pre ==\n</pre>\n== Out ==\n",
	"<nowiki>\n== In nowiki ==\n</nowiki>\n== Out ==\n",
	"{{heart|Q}} Lead ?\n== A : b ==\n« x » ; y !\n== [[Link]] and '''bold''' ==\n* list\n* items\n== C ==\n pre\n line\n",
	"== A ==\n[[Category:One]]\n== B ==\n[[Category:Two]] [[Category:One]]\n",
	"#REDIRECT [[Elsewhere]]\n== A ==\nx",
	"== Unclosed {{ ==\nx\n== B ==\n}} y",
	// Paragraph cuts: paragraphs after paragraphs, lists, pre,
	// tables and blocks; two empty lines; a blank line of spaces;
	// quotes, spans, links and calls over an empty line.
	"Para one.\n\nPara two.\n\n\nPara three.\n\n* list\n\nAfter list.\n\n pre\n\nAfter pre.\n\n{|\n|a\n|}\n\nAfter table.\n\n----\n\nAfter rule.",
	"<div>\n\nInside div.\n\n</div>\n\nEnd.",
	"''italic\n\nstill''\n\nNext.",
	"Text <span>open\n\nclosed</span>\n\nNext",
	"A\n\n  \n\nB\n \nC\n\nD",
	"A [[Link|x\n\ny]] C\n\nD",
	"{{note|a\n\nb}}\n\nNext\n\n{{note|c}} last",
	"A\n\nB\n== H ==\nC\n\nD\n\n=== I ===\n\nE\n\nF",
	"Lead line\n\n1 card per player.\n\n:indented\n\nx ; y\n\nEnd",
	// One chunk twice in a text: each copy's calls are its own.
	"Lead\n== A ==\nPlay {{heart|Q}} first.\n== A ==\nPlay {{heart|Q}} first.\n== B ==\nend",
	// Messages from several chunks (no server set; an unknown template).
	"Lead {{SERVER}}\n== A ==\nSee {{fullurl:X}}.\n== B ==\n{{SERVER}} and {{Nope}}\n",
	// A line that looks like a heading but is none, starting the text:
	// the same chunk is the lead of one revision and follows a cut in
	// another ("x\n" before it), where it must not stand for a section.
	"=<!-- c -->=\nfoo\n== S ==\nbar\n",
	// Leads that cannot be left in outline: a heading inside a block
	// (its id counts with the sections'), a table whose reading warns
	// (its tables are not cached), a time word (the parse is the time's).
	"<div>\n<h2>Rules</h2>\n</div>\n== Rules ==\nx\n",
	"{| class=\"wikitable\"\n! Card !! Points\n|-\n| Ace || 11 || extra\n|-\n| King\n|}\n== S ==\nx\n",
	"{{CURRENTYEAR}} lead\n== S ==\nx\n",
}

// TestHistoryParserSameTrees: a revision parsed by chunks has the very tree
// the parser makes of the whole text, and the tables read through the
// cache of its parts are those Extract reads, on the seeds, the embedded
// sample, generated wikis (tables, lists and lines edited, sections
// renamed and added) and texts made to defeat the chunking.
func TestHistoryParserSameTrees(t *testing.T) {
	t.Run("generated", func(t *testing.T) {
		for seed := uint64(1); seed <= 3; seed++ {
			c := testgen.Corpus(testgen.Options{Pages: 60, Revisions: 8, Seed: seed})
			n := sameTrees(t, wiki.New(c, nil, wiki.Config{}))
			if n.chunked == 0 || n.whole > n.chunked/10 {
				t.Errorf("seed %d: %d revisions parsed by chunks, %d whole: the generated pages should be chunked", seed, n.chunked, n.whole)
			}
			if n.reused < 2*n.read {
				t.Errorf("seed %d: the tables of %d parts reused, %d read: most parts of a generated history repeat", seed, n.reused, n.read)
			}
		}
	})
	t.Run("one revision", func(t *testing.T) {
		// A page's only revision is parsed whole: no other revision
		// could share its chunks.
		c := testgen.Corpus(testgen.Options{Pages: 40, Revisions: 1, Seed: 5})
		n := sameTrees(t, wiki.New(c, nil, wiki.Config{}))
		if n.chunked != 0 || n.whole != len(c.Pages) {
			t.Errorf("%d pages of one revision: %d parsed by chunks, %d whole; want all whole", len(c.Pages), n.chunked, n.whole)
		}
	})
	t.Run("sample", func(t *testing.T) {
		w, err := wiki.Open(wiki.Config{})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("sample: %+v", sameTrees(t, w))
	})
	t.Run("seeds", func(t *testing.T) {
		t.Logf("seeds: %+v", sameTrees(t, wiki.New(testutil.SeedCorpus(t), nil, wiki.Config{})))
	})
	// A chunk that ends a revision and is followed by a heading in the
	// next (a section added after it) is not the same tree both ways: a
	// chunk's parse is kept apart for each (it once reused the last
	// chunk's, and lost the line break before the new heading).
	t.Run("section added at the end", func(t *testing.T) {
		w := wiki.New(model.NewCorpus(nil), nil, wiki.Config{})
		at := time.Date(2024, 3, 4, 5, 6, 7, 0, time.UTC)
		for _, end := range []string{"text\n", "text\n\n", "* item\n", " pre\n", "text\n\n\n", "text"} {
			first := "Lead\n== A ==\n" + end
			second := first + "== B ==\nmore"
			p := &model.Page{Title: "Added"}
			hp := w.NewHistoryParser(p)
			for k, text := range []string{first, second, first} {
				want, got := docDump(w.ParseText(p.Title, text, at)), docDump(hp.ParseText(text, at))
				if want != got {
					t.Errorf("%q (parse %d): %s", text, k, testutil.FirstDiff(want, got))
				}
			}
			if hp.Chunked != 3 {
				t.Errorf("%q: %d parses by chunks, %d whole", first, hp.Chunked, hp.Whole)
			}
		}
	})
	t.Run("hostile", func(t *testing.T) {
		texts := hostileHistoryTexts
		w := wiki.New(model.NewCorpus(nil), nil, wiki.Config{})
		at := time.Date(2024, 3, 4, 5, 6, 7, 0, time.UTC)
		// These are parsed by chunks (the others whole): heading ids
		// de-duplicated over the text, time words, sections nested,
		// categories from several chunks, paragraphs around headings.
		byChunks := map[int]bool{0: true, 8: true, 9: true, 10: true, 13: true, 14: true, 24: true, 26: true, 27: true, 28: true, 29: true, 30: true, 31: true}
		for i, text := range texts {
			p := &model.Page{Title: fmt.Sprintf("Hostile %d", i)}
			hp := w.NewHistoryParser(p)
			// Twice, and a second time at another time: the second parse
			// of each chunk comes from the cache.
			for k, when := range []time.Time{at, at, at.AddDate(1, 1, 1)} {
				want, got := docDump(w.ParseText(p.Title, text, when)), docDump(hp.ParseText(text, when))
				if want != got {
					t.Errorf("text %d (parse %d): %s\n%s", i, k, testutil.FirstDiff(want, got), text)
				}
			}
			if byChunks[i] != (hp.Chunked == 3) {
				t.Errorf("text %d: %d parses by chunks, %d whole", i, hp.Chunked, hp.Whole)
			}
		}
	})
	// Headings made by templates begin sections as the page's own do
	// (the parser no longer wraps a call that makes one at the top
	// level): the chunks agree.
	t.Run("template headings", func(t *testing.T) {
		rev := func(day int, text string) *model.Revision {
			return &model.Revision{ID: int64(day), Timestamp: time.Date(2024, 1, day, 0, 0, 0, 0, time.UTC), Text: text}
		}
		tpl := func(title, text string) *model.Page {
			return &model.Page{Title: title, Kind: model.PageTemplate, Revisions: []*model.Revision{rev(1, text)}}
		}
		p := &model.Page{Title: "Gamehelpheaded", Game: "headed", Revisions: []*model.Revision{
			rev(1, "Lead\n{{H|Scoring}}\n{|\n! Card !! Points\n|-\n| Ace || 11\n|}\n== B ==\nx\n{{Two|Setup|Board}}\n== C ==\ny"),
			rev(2, "Lead\n{{H|Scoring}}\n{|\n! Card !! Points\n|-\n| Ace || 12\n|}\n== B ==\nx\n{{Two|Setup|Board}}\n== C ==\ny\n{{H|End}}"),
			rev(3, "Lead changed\n{{HP|Scoring}}\n{|\n! Card !! Points\n|-\n| Ace || 12\n|}\n== B ==\nx\n{{Two|Setup|Board}}\n== C ==\ny\n{{H|End}}"),
		}}
		c := model.NewCorpus([]*model.Page{p, tpl("Template:H", "== {{{1}}} =="), tpl("Template:HP", "== {{{1}}} ==\nsome text"),
			tpl("Template:Two", "== {{{1}}} ==\n=== {{{2}}} ===\n")})
		w := wiki.New(c, nil, wiki.Config{})
		n := sameTrees(t, w)
		if n.chunked == 0 {
			t.Errorf("%+v: the test wants chunks", n)
		}
		var titles []string
		for s := range model.Sections(w.Parse(p, p.Revisions[2]).Root) {
			titles = append(titles, s.Title())
		}
		if got, want := strings.Join(titles, "|"), "Scoring|B|Setup|Board|C|End"; got != want {
			t.Errorf("sections %q, want %q", got, want)
		}
	})
	// The words of the revision: a chunk that reads them is the same text
	// in every revision, and must give each revision its own values.
	t.Run("revision words", func(t *testing.T) {
		p := &model.Page{Title: "Revisions", ID: 7}
		for i, author := range []string{"Ann", "Bo", "Cy"} {
			p.Revisions = append(p.Revisions, &model.Revision{ID: int64(100 + i), Author: author,
				Timestamp: time.Date(2024, 1, 1+i, 0, 0, 0, 0, time.UTC),
				Text:      fmt.Sprintf("Lead %d.\n== Stamp ==\n{{PAGEID}} {{REVISIONID}} {{REVISIONUSER}} {{REVISIONSIZE}}\n== Plain ==\n%s", i, strings.Repeat("x", i))})
		}
		c := model.NewCorpus([]*model.Page{p})
		w := wiki.New(c, nil, wiki.Config{})
		sameTrees(t, w)
		hp := w.NewHistoryParser(p)
		for _, r := range p.Revisions {
			want := fmt.Sprintf("7 %d %s %d", r.ID, r.Author, len(r.Text))
			if got := model.PlainText(hp.Parse(r).Root); !strings.Contains(got, want) {
				t.Errorf("revision %d: %q lacks %q", r.ID, got, want)
			}
		}
		if hp.Chunked == 0 {
			t.Errorf("parsed whole (%d): the test wants chunks", hp.Whole)
		}
	})
}

// FuzzHistoryParser: the history parser's trees are the parser's for two
// revisions of a page, the second an edit of the first (the chunks they
// share are parsed once), and the tables read through a cache of the
// shared parts are Extract's.
func FuzzHistoryParser(f *testing.F) {
	f.Add("Lead\n== A ==\ntext\n", "Lead\n== A ==\ntext\n== B ==\nmore")
	f.Add("== Scoring ==\n{|\n! Card !! Points\n|-\n| Ace || 11\n|}\n== Setup ==\n* 3 x Cards\n* 4 x Tiles\n",
		"Intro\n== Setup ==\n* 3 x Cards\n* 4 x Tiles\n== Scoring ==\n{|\n! Card !! Points\n|-\n| Ace || 11\n|}\n== Scoring ==\nAce: 1 point\n")
	for i, t := range hostileHistoryTexts {
		f.Add(t, hostileHistoryTexts[(i+1)%len(hostileHistoryTexts)]+"\n\n"+t)
		f.Add(t, strings.Replace(t, "\n\n", "\n\nAdded.\n\n", 1))
		f.Add(t, "x\n"+t) // its lead after a cut
	}
	// Templates that make headings: sections the chunks do not cut at.
	f.Add("Lead\n{{H|Scoring}}\ntext\n== B ==\nx", "Lead\n{{H|Scoring}}\ntext\n== B ==\nx\n{{HP|End}}")
	tpl := func(title, text string) *model.Page {
		return &model.Page{Title: title, Kind: model.PageTemplate, Revisions: []*model.Revision{{Timestamp: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), Text: text}}}
	}
	w := wiki.New(model.NewCorpus([]*model.Page{tpl("Template:H", "== {{{1}}} =="), tpl("Template:HP", "== {{{1}}} ==\nsome text")}), nil, wiki.Config{})
	at := time.Date(2024, 3, 4, 5, 6, 7, 0, time.UTC)
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a)+len(b) > 4096 {
			return
		}
		p := &model.Page{Title: "Gamehelpfuzzed", Game: "fuzzed"}
		hp := w.NewHistoryParser(p)
		cache := extract.NewSectionCache()
		for k, text := range []string{a, b, a} {
			when := at.Add(time.Duration(k) * time.Hour)
			whole := w.ParseText(p.Title, text, when)
			doc, shared := hp.ParseShared(text, when)
			want, got := docDump(whole), docDump(doc)
			if want != got {
				t.Fatalf("text %d: %s\n%q", k, testutil.FirstDiff(want, got), text)
			}
			// And the tables read through the cache of the parts.
			if shared {
				r := &model.Revision{Timestamp: when, Text: text}
				if want, got := extract.Extract(whole, p, r), extract.ExtractShared(doc, p, r, cache); !reflect.DeepEqual(want, got) {
					t.Fatalf("text %d: ExtractShared differs from Extract:\n%s\n%q", k, tablesDiff(want, got), text)
				}
			}
		}
	})
}

// BenchmarkHistoryParser parses every revision of a generated wiki's
// pages with a history parser per page, as a site build does: the bytes
// are the revisions' texts, most of them in chunks an earlier revision
// had.
func BenchmarkHistoryParser(b *testing.B) {
	c := testgen.Corpus(testgen.Options{Pages: 100, Revisions: 10, Seed: 1})
	w := wiki.New(c, nil, wiki.Config{})
	size := 0
	for _, p := range c.Pages {
		for _, r := range p.Revisions {
			size += len(r.Text)
		}
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range c.Pages {
			hp := w.NewHistoryParser(p)
			for _, r := range p.Revisions {
				hp.Parse(r)
			}
		}
	}
}
