package wiki_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/render"
	"github.com/wikirules/wikirules/wiki"
)

// sectionsDump is what a document's sections say of it: titles, levels,
// ranges and heading ids, and its top-level parts.
func sectionsDump(d *model.Document) string {
	var b strings.Builder
	for s := range model.Sections(d.Root) {
		id := ""
		if s.Heading != nil {
			id, _ = s.Heading.Attr("id")
		}
		fmt.Fprintf(&b, "section %d %d:%d %q #%s\n", s.Node.Level, s.Node.Pos, s.Node.End, s.Title(), id)
	}
	parts, ok := d.Parts()
	fmt.Fprintf(&b, "parts %v\n", ok)
	for _, p := range parts {
		fmt.Fprintf(&b, "part %v %d %q\n", p.Lead, p.Pos, p.Text)
	}
	return b.String()
}

// inFullDump dumps d's top-level nodes, but for the parts that thin (the
// same text parsed leaving parts in outline) has in outline: a section is
// one when all it holds is headings (see onlyHeadings), a lead when it is
// one empty text. The parts in full are those of a parse in full, node for
// node, positions and calls included.
func inFullDump(d, thin *model.Document) string {
	var b strings.Builder
	n, m := d.Root.FirstChild, thin.Root.FirstChild
	if m != nil && m.Kind == model.KindText && m.Text == "" && (m.NextSibling == nil || m.NextSibling.Kind == model.KindSection) {
		// A lead in outline: an empty text over the range of the lead's
		// nodes (which no parse makes).
		from, to := n.Pos, n.End
		for ; n != nil && n.Kind != model.KindSection; n = n.NextSibling {
			to = n.End
		}
		fmt.Fprintf(&b, "lead %d:%d in outline\n", from, to)
		m = m.NextSibling
	}
	for ; n != nil && m != nil; n, m = n.NextSibling, m.NextSibling {
		if m.Kind == model.KindSection && onlyHeadings(m) {
			fmt.Fprintf(&b, "section %d:%d in outline\n", n.Pos, n.End)
			continue
		}
		b.WriteString(model.Dump(n))
	}
	return b.String()
}

// onlyHeadings reports whether section n holds headings and sections of
// headings only, as a section in outline does.
func onlyHeadings(n *model.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Kind != model.KindHeading && (c.Kind != model.KindSection || !onlyHeadings(c)) {
			return false
		}
	}
	return true
}

// callsOwned checks that the template calls d's nodes carry are d's own
// (in d.Templates), not those of another revision's tree or a chunk's.
func callsOwned(d *model.Document) error {
	own := map[*model.TemplateCall]bool{}
	for _, t := range d.Templates {
		own[t] = true
	}
	var err error
	model.Walk(d.Root, func(n *model.Node, entering bool) model.WalkStatus {
		if t := n.Template(); entering && t != nil && !own[t] {
			err = fmt.Errorf("node %s [%d:%d] carries call %q [%d:%d], not one of the document's", n.Kind, n.Pos, n.End, t.Name, t.Pos, t.End)
			return model.WalkStop
		}
		return model.WalkContinue
	})
	return err
}

func renderNodes(t *testing.T, nodes []*model.Node) string {
	t.Helper()
	var b bytes.Buffer
	r := render.New(render.Options{NoTOC: true})
	for _, n := range nodes {
		if err := r.RenderNode(&b, n); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

// sameOutlines parses every page of w with a history parser that leaves
// parts in outline and one that does not, and fails on the first
// difference in what the outlines serve: the tables, the sections and
// parts, each part's rendering (from PartNodes), the diff of each
// revision from the one before, and the latest revision's whole tree.
// With latestFirst, the parser in outline takes the latest visible
// revision first, as the site does. Everything is checked once every
// revision is parsed, as the site reads them: a later revision must not
// change an earlier one's tree. It returns the parts left in outline and
// those in all.
func sameOutlines(t *testing.T, w *wiki.Wiki, latestFirst bool) (outlined, parts int) {
	t.Helper()
	type parsed struct {
		doc    *model.Document
		tables *extract.PageTables
		shared bool
	}
	for _, p := range w.Corpus.Pages {
		full, thin := w.NewHistoryParser(p), w.NewHistoryParser(p)
		thin.Outline = true
		latest := p.VisibleAt(len(p.Revisions) - 1)
		fulls, thins := make([]parsed, len(p.Revisions)), make([]parsed, len(p.Revisions))
		parseThin := func(i int) {
			d, tb, s := thin.ParseAndExtract(p.Revisions[i])
			thins[i] = parsed{d, tb, s}
		}
		if latestFirst && latest >= 0 {
			parseThin(latest)
		}
		for i, r := range p.Revisions {
			if !r.Visible() {
				continue
			}
			d, tb, s := full.ParseAndExtract(r)
			fulls[i] = parsed{d, tb, s}
			if !latestFirst || i != latest {
				parseThin(i)
			}
		}
		var prevFull, prevThin *diff.Side
		for i, r := range p.Revisions {
			if !r.Visible() {
				continue
			}
			where := p.Title + "@" + model.FormatTime(r.Timestamp)
			fd, ft, fs := fulls[i].doc, fulls[i].tables, fulls[i].shared
			td, tt, ts := thins[i].doc, thins[i].tables, thins[i].shared
			if fs != ts || !reflect.DeepEqual(ft, tt) {
				t.Fatalf("%s: the tables differ in outline (shared %v, %v):\n%s", where, fs, ts, tablesDiff(ft, tt))
			}
			if i == latest || !ts {
				// The latest revision, and one not made of shared parts
				// (which the site renders whole), are in full.
				if want, got := docDump(fd), docDump(td); want != got {
					t.Fatalf("%s: the revision is not in full (latest %v, shared %v): %s", where, i == latest, ts, testutil.FirstDiff(want, got))
				}
			}
			if want, got := sectionsDump(fd), sectionsDump(td); want != got {
				t.Fatalf("%s: the sections differ in outline: %s", where, testutil.FirstDiff(want, got))
			}
			if want, got := inFullDump(fd, td), inFullDump(td, td); want != got {
				t.Fatalf("%s: a part in full differs from the parse in full: %s", where, testutil.FirstDiff(want, got))
			}
			for _, d := range []*model.Document{fd, td} {
				if err := callsOwned(d); err != nil {
					t.Fatalf("%s: %v", where, err)
				}
			}
			if fs {
				fp, _ := fd.Parts()
				tp, _ := td.Parts()
				for k := range fp {
					ids := wiki.PartIDs(tp[k])
					if want := wiki.PartIDs(fp[k]); want != ids {
						t.Fatalf("%s: part %d's heading ids %q, in outline %q", where, k, want, ids)
					}
					if want, got := renderNodes(t, fp[k].Nodes), renderNodes(t, thin.PartNodes(tp[k], ids)); want != got {
						t.Fatalf("%s: part %d renders differently from its outline: %s", where, k, testutil.FirstDiff(want, got))
					}
				}
				parts += len(fp)
			}
			fside := &diff.Side{Rev: r, Doc: fd, Tables: ft}
			tside := &diff.Side{Rev: r, Doc: td, Tables: tt}
			if prevFull != nil {
				want, got := compareDump(t, p.Title, prevFull, fside), compareDump(t, p.Title, prevThin, tside)
				if want != got {
					t.Fatalf("%s: the diff from the revision before differs in outline: %s", where, testutil.FirstDiff(want, got))
				}
			}
			prevFull, prevThin = fside, tside
		}
		outlined += thin.Outlined
		if full.Outlined != 0 {
			t.Fatalf("%s: %d parts in outline without Outline", p.Title, full.Outlined)
		}
	}
	return outlined, parts
}

func compareDump(t *testing.T, page string, a, b *diff.Side) string {
	t.Helper()
	res := diff.Compare(page, a, b)
	j, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var h bytes.Buffer
	if err := diff.WriteHTML(&h, res); err != nil {
		t.Fatal(err)
	}
	return string(j) + "\n" + h.String()
}

// TestHistoryParserOutline: the old revisions a history parser leaves in
// outline serve the site as the revisions in full do (tables, sections,
// parts rendered, diffs), on generated wikis, the embedded sample, the
// seeds and pages whose revisions are the hostile texts in turn.
func TestHistoryParserOutline(t *testing.T) {
	for _, latestFirst := range []bool{false, true} {
		t.Run(map[bool]string{false: "in-order", true: "latest-first"}[latestFirst], func(t *testing.T) {
			testHistoryParserOutline(t, latestFirst)
		})
	}
}

func testHistoryParserOutline(t *testing.T, latestFirst bool) {
	t.Run("generated", func(t *testing.T) {
		for seed := uint64(1); seed <= 3; seed++ {
			c := testgen.Corpus(testgen.Options{Pages: 60, Revisions: 8, Seed: seed})
			outlined, parts := sameOutlines(t, wiki.New(c, nil, wiki.Config{}), latestFirst)
			// Each edit changes one section: most parts of the old
			// revisions repeat an earlier one.
			if outlined < parts/2 {
				t.Errorf("seed %d: %d of %d parts in outline", seed, outlined, parts)
			}
		}
	})
	t.Run("sample", func(t *testing.T) {
		w, err := wiki.Open(wiki.Config{})
		if err != nil {
			t.Fatal(err)
		}
		outlined, parts := sameOutlines(t, w, latestFirst)
		t.Logf("sample: %d of %d parts in outline", outlined, parts)
	})
	t.Run("seeds", func(t *testing.T) {
		outlined, parts := sameOutlines(t, wiki.New(testutil.SeedCorpus(t), nil, wiki.Config{}), latestFirst)
		t.Logf("seeds: %d of %d parts in outline", outlined, parts)
	})
	t.Run("timed", func(t *testing.T) {
		// The same texts a year apart: a part that reads the time is
		// the time's, never the outline of another year's.
		at := time.Date(2024, 3, 4, 5, 6, 7, 0, time.UTC)
		p := &model.Page{Title: "Gamehelptimed", Game: "timed", Kind: model.PageRules}
		for k, s := range []string{
			"{{CURRENTYEAR}} lead\n== S ==\nx\n== T ==\nIn {{CURRENTYEAR}}.\n",
			"{{CURRENTYEAR}} lead\n== S ==\nx\n== T ==\nIn {{CURRENTYEAR}}.\n",
			"{{CURRENTYEAR}} lead\n== S ==\ny\n== T ==\nIn {{CURRENTYEAR}}.\n",
			"{{CURRENTYEAR}} lead\n== S ==\nx\n== T ==\nIn {{CURRENTYEAR}}.\n",
		} {
			p.Revisions = append(p.Revisions, &model.Revision{ID: int64(k + 1), Timestamp: at.AddDate(k, 0, 0), Text: s})
		}
		sameOutlines(t, wiki.New(model.NewCorpus([]*model.Page{p}), nil, wiki.Config{}), latestFirst)
	})
	t.Run("hostile", func(t *testing.T) {
		// Each text, then the next after it, then each again: parts
		// that come back, move, change ids and sit beside chunks that
		// cannot be outlined.
		at := time.Date(2024, 3, 4, 5, 6, 7, 0, time.UTC)
		var pages []*model.Page
		texts := hostileHistoryTexts
		for i, text := range texts {
			next := texts[(i+1)%len(texts)]
			p := &model.Page{Title: fmt.Sprintf("Gamehelphostile%d", i), Game: fmt.Sprintf("hostile%d", i), Kind: model.PageRules}
			for k, s := range []string{text, next + "\n" + text, text + "\n== Added ==\nx\n", text, "Lead\n" + text, next + "\n" + text} {
				p.Revisions = append(p.Revisions, &model.Revision{ID: int64(k + 1), Timestamp: at.Add(time.Duration(k) * time.Hour), Text: s})
			}
			pages = append(pages, p)
		}
		outlined, parts := sameOutlines(t, wiki.New(model.NewCorpus(pages), nil, wiki.Config{}), latestFirst)
		if outlined == 0 {
			t.Errorf("no part of %d in outline: the test wants some", parts)
		}
		t.Logf("hostile: %d of %d parts in outline", outlined, parts)
	})
}

// FuzzHistoryOutline: a page whose revisions are two texts in turn is
// served in outline as in full (sameOutlines).
func FuzzHistoryOutline(f *testing.F) {
	f.Add("Lead\n== A ==\ntext\n", "Lead\n== A ==\ntext\n== B ==\nmore")
	for i, t := range hostileHistoryTexts {
		f.Add(t, hostileHistoryTexts[(i+1)%len(hostileHistoryTexts)]+"\n\n"+t)
		f.Add(t, strings.Replace(t, "\n\n", "\n\nAdded.\n\n", 1))
	}
	at := time.Date(2024, 3, 4, 5, 6, 7, 0, time.UTC)
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a)+len(b) > 4096 {
			return
		}
		p := &model.Page{Title: "Gamehelpfuzzed", Game: "fuzzed", Kind: model.PageRules}
		for k, s := range []string{a, b, a, b + "\n" + a, a} {
			p.Revisions = append(p.Revisions, &model.Revision{ID: int64(k + 1), Timestamp: at.Add(time.Duration(k) * time.Hour), Text: s})
		}
		w := wiki.New(model.NewCorpus([]*model.Page{p}), nil, wiki.Config{})
		sameOutlines(t, w, false)
		sameOutlines(t, w, true)
	})
}
