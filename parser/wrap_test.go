package parser

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
)

// wrapNaive is the straightforward template wrap that wrapTemplates must
// agree with: every call descends from the root, scanning every child at
// each level (time: calls × children).
func wrapNaive(root *model.Node, calls []*model.TemplateCall) {
	for _, c := range calls {
		wrapNaiveCall(root, c)
	}
}

func wrapNaiveCall(root *model.Node, c *model.TemplateCall) {
	parent := root
	for {
		var first, last, into *model.Node
		count, straddle := 0, false
		for ch := parent.FirstChild; ch != nil; ch = ch.NextSibling {
			if !overlaps(ch, c) {
				continue
			}
			if inside(ch, c) {
				if first == nil {
					first = ch
				} else if last != ch.PrevSibling {
					return // not contiguous
				}
				last = ch
				count++
			} else {
				straddle = true
				into = ch
			}
		}
		if count == 1 && !straddle && first.Kind == model.KindParagraph && first.FirstChild != nil {
			parent = first
			continue
		}
		if count > 0 && !straddle {
			// A table part or a list item stays in its table or
			// list: into the only one, or not wrapped.
			var part *model.Node
			parts := 0
			for ch := first; ch != last.NextSibling; ch = ch.NextSibling {
				if ch.Kind == model.KindRow || ch.Kind == model.KindCell || ch.Kind == model.KindCaption || ch.Kind == model.KindListItem {
					part = ch
					parts++
				}
			}
			if parts > 1 || parts == 1 && part.FirstChild == nil {
				return
			}
			if parts == 1 {
				parent = part
				continue
			}
		}
		if count > 0 && !straddle && parent == root {
			for ch := first; ch != last.NextSibling; ch = ch.NextSibling {
				if ch.Kind == model.KindHeading {
					return // a section's heading: not wrapped
				}
			}
		}
		switch {
		case count > 0 && !straddle:
			w := &model.Node{Kind: model.KindTemplate, Pos: c.Pos, End: c.End}
			w.SetTemplate(c)
			parent.InsertBefore(w, first)
			for a := parent; a != nil && a.Kind != model.KindDocument; a = a.Parent {
				a.Pos, a.End = min(a.Pos, w.Pos), max(a.End, w.End)
			}
			for ch := first; ; {
				next := ch.NextSibling
				ch.Remove()
				w.AppendChild(ch)
				if ch == last {
					break
				}
				ch = next
			}
			return
		case count == 0 && into != nil:
			parent = into
		default:
			return
		}
	}
}

// dumpRanges writes a tree with every node's range and template call.
func dumpRanges(n *model.Node) string {
	var b strings.Builder
	depth := 0
	model.Walk(n, func(c *model.Node, entering bool) model.WalkStatus {
		if !entering {
			depth--
			return model.WalkContinue
		}
		fmt.Fprintf(&b, "%s%s <%s> [%d,%d)", strings.Repeat(" ", depth), c.Kind, c.Tag, c.Pos, c.End)
		if c.Template() != nil {
			fmt.Fprintf(&b, " call %s [%d,%d)", c.Template().Name, c.Template().Pos, c.Template().End)
		}
		if c.Kind == model.KindText {
			fmt.Fprintf(&b, " %q", c.Text)
		}
		b.WriteByte('\n')
		depth++
		return model.WalkContinue
	})
	return b.String()
}

// trickyTemplates write output that straddles paragraphs, lists and
// tables, and output that ends up out of source order.
func trickyTemplates() *WikiTemplates {
	t := NewWikiTemplates()
	t.Add("Para", "a\n\nb")
	t.Add("Item", "\n* {{{1}}}\n* two")
	t.Add("Cell", "x\n|-\n| {{{1}}}")
	t.Add("Wrap", "<div>{{{1}}}</div>")
	t.Add("Open", "<b>{{{1}}}")
	t.Add("Row", "|-\n{{{1}}}")
	t.Add("Head", "== {{{1}}} ==")
	t.Add("HeadText", "{{{1}}}\n=== Notes ===\nmore")
	return t
}

var trickyPages = []string{
	"x {{Para}} y {{Para}} z",
	"* a {{Item|b}} c\n* {{Item|{{Item|d}}}}",
	"{|\n| {{Cell|1}} || {{Cell|{{Para}}}}\n|}",
	"{{Wrap|{{Wrap|{{Para}} {{Open|q}} r}}}} s {{Open|t}}",
	"{|\n{{Para}}\n| c {{Wrap|d}}\n{{Open|e}}\n|}\n{{Para}}",
	"'''{{Open|a}}''' {{Para}}''x",
	"== {{Para}} ==\n{{Item|{{Cell|z}}}}",
	"{|\n|-\n{{Wrap|a}} {{Para}}\n{{Row|{{Open|b}}}}\n|-\n| c {{Para}}\n|}",
	// Headings made at the top level (not wrapped) and inside blocks.
	"a\n{{Head|x}}\nb\n{{HeadText|{{Head|y}}}}\n{{Wrap|{{Head|z}}}}\n* {{Head|w}}",
}

// FuzzWrapTemplates checks the linear template wrap against the
// straightforward one on any page. Run with:
// go test ./parser -run xxx -fuzz FuzzWrapTemplates
func FuzzWrapTemplates(f *testing.F) {
	for _, s := range trickyPages {
		f.Add(s)
	}
	tpl := trickyTemplates()
	f.Fuzz(func(t *testing.T, src string) {
		opts := &Options{WikiTemplates: tpl}
		got := dumpRanges(parse(src, opts, wrapTemplates).Root)
		if want := dumpRanges(parse(src, opts, wrapNaive).Root); got != want {
			t.Errorf("the trees differ\n--- naive\n%s\n--- linear\n%s", want, got)
		}
	})
}

// wrapCase is a page and the templates it may call.
type wrapCase struct {
	name string
	src  string
	tpl  *WikiTemplates
}

// wrapCases gathers pages with template calls: the spec cases, the
// generated constructs, and, when ../shared is present, the MediaWiki
// conformance cases (with their template articles) and the seeds.
func wrapCases(t *testing.T) []wrapCase {
	var cases []wrapCase
	files, _ := filepath.Glob(filepath.Join("testdata", "spec", "*.txtar"))
	for _, p := range files {
		ar, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		tpl := NewWikiTemplates()
		for _, f := range ar.Files {
			if name, ok := strings.CutPrefix(f.Name, "template/"); ok {
				tpl.Add(strings.TrimSuffix(name, ".wiki"), strings.TrimSuffix(string(f.Data), "\n"))
			}
		}
		for _, f := range ar.Files {
			if !strings.HasPrefix(f.Name, "template/") && strings.HasSuffix(f.Name, ".wiki") {
				cases = append(cases, wrapCase{p + ":" + f.Name, strings.TrimSuffix(string(f.Data), "\n"), tpl})
			}
		}
	}
	for _, c := range constructs {
		cases = append(cases, wrapCase{c.name, c.gen(6 << 10), scaleTemplates()})
	}
	// Calls whose output straddles paragraphs, lists and tables, nested
	// calls, calls in arguments, and output out of source order.
	tricky := trickyTemplates()
	for i, s := range trickyPages {
		cases = append(cases, wrapCase{fmt.Sprintf("tricky %d", i), s, tricky})
	}
	if d := shared.Dir(); d != "" {
		for _, file := range []string{"dev.jsonl", "templates-dev.jsonl"} {
			f, err := os.Open(filepath.Join(d, "conformance", file))
			if err != nil {
				continue
			}
			sc := bufio.NewScanner(f)
			sc.Buffer(make([]byte, 1<<20), 16<<20)
			for sc.Scan() {
				var c struct {
					Name     string
					Wikitext string
					Articles map[string]string
				}
				if json.Unmarshal(sc.Bytes(), &c) != nil {
					continue
				}
				tpl := NewWikiTemplates()
				for title, text := range c.Articles {
					tpl.Add(":"+title, text)
				}
				cases = append(cases, wrapCase{file + ": " + c.Name, c.Wikitext, tpl})
			}
			f.Close()
		}
		if _, err := os.Stat(filepath.Join(d, "seeds")); err == nil {
			for i, s := range testutil.SeedTexts(t) {
				cases = append(cases, wrapCase{fmt.Sprintf("seed revision %d", i), s, nil})
			}
		}
	}
	return cases
}

// TestWrapTemplatesMatchesNaive checks that the linear template wrap builds
// the same tree, ranges included, as the straightforward one.
func TestWrapTemplatesMatchesNaive(t *testing.T) {
	calls, differ := 0, 0
	for _, c := range wrapCases(t) {
		opts := &Options{Title: "Wrap", WikiTemplates: c.tpl}
		got := parse(c.src, opts, wrapTemplates)
		want := parse(c.src, opts, wrapNaive)
		calls += len(got.Templates)
		if g, w := dumpRanges(got.Root), dumpRanges(want.Root); g != w {
			differ++
			if differ <= 3 {
				t.Errorf("%s: the trees differ\ninput:\n%s\n--- naive\n%s\n--- linear\n%s", c.name, c.src, w, g)
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d inputs differ", differ)
	}
	t.Logf("%d calls compared", calls)
}

// TestEveryCallIsWrapped: a page with more calls than the old limit of
// 20,000 has every call wrapped, the last ones as the first.
func TestEveryCallIsWrapped(t *testing.T) {
	t.Parallel()
	const n = 25000
	src := strings.Repeat("{{card|A}}\n\n", n)
	doc := Parse(src, &Options{})
	if len(doc.Templates) != n {
		t.Fatalf("%d calls recorded, want %d", len(doc.Templates), n)
	}
	wrapped := 0
	for w := range doc.Root.FindAll(model.KindTemplate) {
		if w.Template() == nil || w.Template().Name != "Card" {
			t.Fatalf("wrapper for %+v", w.Template())
		}
		wrapped++
	}
	if wrapped != n {
		t.Errorf("%d of %d calls wrapped", wrapped, n)
	}
}

// TestTemplateHeadingsBeginSections: a heading a template makes at the top
// level begins a section as the page's own headings do, whatever else the
// call makes around it (a call that made nothing after its heading was
// wrapped whole, and its heading was in no section).
func TestTemplateHeadingsBeginSections(t *testing.T) {
	tpl := NewWikiTemplates()
	tpl.Add("H", "== {{{1}}} ==")
	tpl.Add("HP", "== {{{1}}} ==\nsome text")
	tpl.Add("Two", "== {{{1}}} ==\n=== {{{2}}} ===\n")
	tpl.Add("Outer", "{{H|{{{1}}}}}")
	tpl.Add("Boxed", "<div>\n== {{{1}}} ==\n</div>")
	for _, c := range []struct{ src, want string }{
		{"Lead\n{{H|Scoring}}\nText\n== B ==\nx", "Scoring B"},
		{"Lead\n{{HP|Scoring}}\nText\n== B ==\nx", "Scoring B"},
		{"{{H|Scoring}}", "Scoring"},
		{"== A ==\n{{Two|Setup|Board}}\n== B ==", "A Setup Board B"},
		{"{{Outer|Nested}}\ntext", "Nested"},
		{"== A ==\n{{Boxed|In a box}}\n", "A"}, // not at the top level: as a page's own heading in a <div>
		{"x {{card|A}} y\n\n{{card|B}}", ""},
	} {
		doc := Parse(c.src, &Options{WikiTemplates: tpl})
		var got []string
		for s := range model.Sections(doc.Root) {
			if s.Heading != nil {
				got = append(got, s.Title())
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%q: sections %q, want %q\n%s", c.src, got, c.want, model.Dump(doc.Root))
		}
		if strings.Contains(c.src, "card") && len(slices.Collect(doc.Root.FindAll(model.KindTemplate))) != 2 {
			t.Errorf("%q: calls without headings are not wrapped", c.src)
		}
	}
}
