package site

import (
	"bytes"
	"html/template"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/render"
	"github.com/wikirules/wikirules/templates"
	"github.com/wikirules/wikirules/wiki"
)

// A history page holds every revision of a page: the list, each
// revision's diff from the one before and its comparison with the current
// one, the revisions themselves and the current wikitext. It is the site's
// biggest page, so it is written compactly:
//
//   - the old revisions are kept as parts (the lead, each top-level
//     section), each part once however many revisions have it
//     (revisionParts): most of an edit's revision is the revision before;
//     the page's script puts a revision together when it is opened;
//   - the list and the revisions are written by Go (writeHistoryBody)
//     rather than by ranging in the template: html/template's reflection
//     was a sixth of a big build.

// writeHistory writes the page's history: every revision, newest first,
// with the diff from the one before it and the revision itself, and the
// current wikitext. It returns the revisions' summaries, oldest first.
func (b *builder) writeHistory(s *unitSummary, w *pageWork, view *WikiPage, game *GameLinks) ([]*revSummary, error) {
	pg := w.page
	rev := pg.Latest()
	pagePath := w.dir + "index.html"
	base := view.Base
	var revs []*revSummary
	histPath := w.dir + "history/index.html"
	hb := b.base("History of "+pg.Title, histPath, base.Section)
	hist := &HistoryPage{Base: hb, PageURL: hb.Link(pagePath)}
	hist.Page.Title, hist.Page.Name = pg.Title, view.Heading
	hist.Title = "History of " + view.Heading
	hist.WikiURL = b.wiki.HistoryURL(pg.Title)
	hist.Crumbs = append(append([]Crumb{}, relCrumbs(&hb, view.Crumbs, pagePath)...), Crumb{"History", ""})
	if game != nil {
		hist.DataURL = hb.Link(game.DataURL)
	}
	sides := w.sides
	parts := newRevisionParts(w.hp, render.New(render.Options{Linker: newLinker(b.plan, pg.Title, histPath, "", s.Deps), NoTOC: true, ReservedIDPrefix: siteIDPrefix}))
	defer parts.release()
	for i := len(pg.Revisions) - 1; i >= 0; i-- {
		r := pg.Revisions[i]
		e := &RevEntry{ID: w.anchors[i], Time: r.Timestamp, Author: r.AuthorLabel(), Summary: r.SummaryLabel(), Size: r.Size,
			First: i == 0, Latest: i == len(pg.Revisions)-1, WikiURL: b.wiki.RevisionURL(pg.Title, r)}
		rs := &revSummary{Time: r.Timestamp, Author: r.AuthorLabel(), Summary: r.SummaryLabel(), Anchor: w.anchors[i]}
		// A revision is compared with the nearest visible one before it:
		// a deleted revision in between is not a blanking.
		prev := pg.VisibleAt(i - 1)
		if i > 0 {
			e.Delta = r.Size - pg.Revisions[i-1].Size
		}
		if i > 0 && prev >= 0 && r.Visible() {
			res := diff.Compare(pg.Title, sides[prev], sides[i])
			dv := &DiffView{ID: "diff-" + w.anchors[i], PrevID: w.anchors[prev], res: res,
				Added: res.Summary.LinesAdded, Removed: res.Summary.LinesRemoved, RulesChanged: res.RulesChanged(), Open: e.Latest}
			for _, t := range res.Tables {
				switch t.Change {
				case diff.TableFormatting:
					dv.FormattingOnly = !dv.RulesChanged
				case diff.TableRenamed:
					dv.Renames = append(dv.Renames, t.FromID+" → "+t.ToID)
				}
			}
			for _, sc := range res.Sections {
				if sc.Change == diff.SectionRenamed {
					dv.Renames = append(dv.Renames, "“"+sc.FromTitle+"” → “"+sc.Title+"”")
				}
			}
			e.Diff = dv
			rs.RulesChanged = dv.RulesChanged
			rs.Anchor = dv.ID
		} else if i == 0 {
			e.Delta = r.Size
		}
		rs.Delta = e.Delta
		b.compareWithCurrent(e, w, i)
		if !e.Latest {
			ps, err := parts.add(w.docs[i], w.shared[i])
			if err != nil {
				return nil, err
			}
			e.Parts = ps
		}
		hist.Revisions = append(hist.Revisions, e)
		if e.Diff != nil || e.Compare != nil {
			hist.Diffs++
		}
		revs = append(revs, rs)
	}
	hist.partsData, hist.partEnds = parts.all.Bytes(), parts.ends
	// Oldest first in the summary, like the corpus.
	slices.Reverse(revs)
	// The current wikitext, a line anchor per line, is on the history
	// page too: checks and tables link to their lines. (A page of its own
	// per wiki page was a fifth of the files of a build.)
	if b.native {
		hist.bodyLater, hist.sourceText, hist.SourceLines = true, rev.Text, sourceLines(rev.Text)
	} else {
		hist.fill(rev.Text)
	}
	return revs, b.render(s, histPath, "history.html", hist)
}

// revisionParts are the parts the old revisions of a history page are made
// of, each rendered once: a revision is the list of its parts' numbers.
type revisionParts struct {
	hp   *wiki.HistoryParser
	r    *render.Renderer
	seen map[partKey]int
	// all holds the parts one after the other, part k ending at ends[k]
	// (one pooled buffer: a string of its own for each part was a
	// fiftieth of what a big build allocated).
	all  *bytes.Buffer
	ends []int
}

// release gives the parts' buffer back; the parts must not be used
// afterwards.
func (p *revisionParts) release() {
	if p.all.Cap() <= maxPooledBuffer {
		p.all.Reset()
		pageBuffers.Put(p.all)
	}
	p.all = nil
}

// partOf is part k of parts that end at ends in data.
func partOf(data []byte, ends []int, k int) []byte {
	from := 0
	if k > 0 {
		from = ends[k-1]
	}
	return data[from:ends[k]]
}

// partKey identifies a part: the lead or a section, its source text (a
// part of the revision's text, not a copy: the key of every part of every
// revision was a tenth of what a history allocated) and, for a section,
// its headings' ids.
type partKey struct {
	lead      bool
	text, ids string
}

func newRevisionParts(hp *wiki.HistoryParser, r *render.Renderer) *revisionParts {
	all := pageBuffers.Get().(*bytes.Buffer)
	all.Reset()
	return &revisionParts{hp: hp, r: r, seen: map[partKey]int{}, all: all}
}

// add renders the document's parts it has not seen and returns the
// numbers of all of them. The parts of a shared document (see
// wiki.HistoryParser.ParseShared) are its lead and top-level sections,
// known by their text and heading ids; another document is one part of its
// own. The parts are rendered without an id prefix: the script gives each
// revision's ids and same-page links the revision's when it puts it
// together.
func (p *revisionParts) add(doc *model.Document, shared bool) ([]int, error) {
	var parts []model.Part
	ok := false
	if shared {
		parts, ok = doc.Parts()
	}
	if !ok {
		if err := p.r.Render(p.all, doc); err != nil {
			return nil, err
		}
		p.ends = append(p.ends, p.all.Len())
		return []int{len(p.ends) - 1}, nil
	}
	out := make([]int, 0, len(parts))
	for _, part := range parts {
		key := partKey{lead: part.Lead, text: part.Text}
		if !part.Lead {
			key.ids = wiki.PartIDs(part)
		}
		if k, ok := p.seen[key]; ok {
			out = append(out, k)
			continue
		}
		// A part left in outline is rendered from its nodes in full.
		for _, n := range p.hp.PartNodes(part, key.ids) {
			if err := p.r.RenderNode(p.all, n); err != nil {
				return nil, err
			}
		}
		p.seen[key] = len(p.ends)
		out = append(out, len(p.ends))
		p.ends = append(p.ends, p.all.Len())
	}
	return out, nil
}

// writeHistoryBody writes the history page's list of revisions and the
// revisions (history.html puts it between the page's header and its
// wikitext).
func writeHistoryBody(h *HistoryPage) template.HTML {
	var b strings.Builder
	// One allocation rather than a dozen.
	b.Grow(historyBodySize(h))
	writeHistoryBodyTo(&b, h)
	return template.HTML(b.String())
}

// fill sets the page's Source and Body from the current wikitext, for a
// layout that reads them.
func (h *HistoryPage) fill(text string) {
	if h.Parts == nil && h.partEnds != nil {
		h.Parts = make([]template.HTML, len(h.partEnds))
		for k := range h.partEnds {
			h.Parts[k] = template.HTML(partOf(h.partsData, h.partEnds, k))
		}
	}
	for _, e := range h.Revisions {
		if d := e.Diff; d != nil && d.HTML == "" && d.res != nil {
			d.HTML = diffHTML(d.res)
		}
	}
	h.Source, h.SourceLines = sourceHTML(text)
	h.Body = writeHistoryBody(h)
	h.bodyLater, h.sourceText = false, ""
}

// historyBodySize is the size of a history page's body, near enough: the
// big parts and a few hundred bytes of markup per revision.
func historyBodySize(h *HistoryPage) int {
	size := 1024
	for _, e := range h.Revisions {
		size += 1536 + len(e.Summary)
		if d := e.Diff; d != nil {
			size += len(d.HTML)
			if d.HTML == "" && d.res != nil {
				size += diffHTMLSize(d.res)
			}
		}
		if e.Compare != nil {
			size += len(e.Compare.Ops)
		}
	}
	for _, p := range h.Parts {
		size += len(p) + 40
	}
	if h.Parts == nil {
		size += len(h.partsData) + 40*len(h.partEnds)
	}
	return size
}

// bodyWriter is where a history page's body is written: a strings.Builder
// for the page's layouts, or the page's own buffer when the site writes
// the page in Go (layouts.go), which spares a copy of the body.
type bodyWriter interface {
	io.Writer
	io.StringWriter
	io.ByteWriter
}

// writeHistoryBodyTo writes the body of history page h to b.
func writeHistoryBodyTo(b bodyWriter, h *HistoryPage) {
	esc := func(s string) { escapeText(b, s) }
	// timeTag writes t as <time>, without a string for each form.
	var tb [64]byte
	timeTag := func(t time.Time) {
		b.WriteString(`<time datetime="`)
		b.Write(model.AppendTime(tb[:0], t)) // RFC 3339 in UTC
		b.WriteString(`">`)
		b.Write(model.AppendMinute(tb[:0], t))
		b.WriteString(`</time>`)
	}
	summary := func(s string) {
		if s == "" {
			b.WriteString(`<span class="no-summary">no summary</span>`)
			return
		}
		b.WriteString(string(templates.SummaryHTML(s)))
	}
	renames := func(rs []string) {
		for i, r := range rs {
			if i > 0 {
				b.WriteString("; ")
			}
			esc(r)
		}
	}
	revWord := "revisions"
	if len(h.Revisions) == 1 {
		revWord = "revision"
	}
	b.WriteString(`<table class="revlist">` + "\n")
	b.WriteString(`    <caption>` + itoa(len(h.Revisions)) + " " + revWord + `, newest first</caption>` + "\n")
	b.WriteString(`    <thead><tr><th scope="col">Time</th><th scope="col">Author</th><th scope="col">Summary</th><th scope="col" class="num">Size</th><th scope="col">Changes</th></tr></thead>` + "\n")
	b.WriteString(`    <tbody>`)
	for _, e := range h.Revisions {
		b.WriteString("\n      <tr><td class=\"time\"><a href=\"#")
		esc(e.ID)
		b.WriteString(`">`)
		timeTag(e.Time)
		b.WriteString(`</a></td><td>`)
		esc(e.Author)
		b.WriteString(`</td><td>`)
		summary(e.Summary)
		b.WriteString("</td>\n        <td class=\"num\">" + itoa(e.Size) + ` <span class="delta`)
		if e.Delta < 0 {
			b.WriteString(" neg")
		}
		b.WriteString(`">(` + templates.Signed(e.Delta) + ")</span></td>\n        <td>")
		if e.First {
			b.WriteString("created")
		} else if d := e.Diff; d != nil {
			b.WriteString(`<a href="#`)
			esc(d.ID)
			b.WriteString(`">diff</a>`)
			if d.RulesChanged {
				b.WriteString(` <span class="badge badge-rule">rules changed</span>`)
			} else if d.FormattingOnly {
				b.WriteString(` <span class="badge badge-format">formatting</span>`)
			}
			if len(d.Renames) > 0 {
				b.WriteString(` <span class="badge badge-rename" title="`)
				renames(d.Renames)
				b.WriteString(`">renamed</span>`)
			}
		}
		if c := e.Compare; c != nil {
			b.WriteString(` · <a href="#`)
			esc(c.ID)
			b.WriteString(`">vs current</a>`)
		} else if e.CompareURL != "" {
			b.WriteString(` · <a href="`)
			esc(e.CompareURL)
			b.WriteString(`">vs current</a>`)
		}
		b.WriteString("</td></tr>")
	}
	b.WriteString("\n    </tbody>\n  </table>")
	if h.Diffs > 0 {
		b.WriteString("\n  <p class=\"diff-mode\"><label><input type=\"checkbox\" class=\"diff-inline-toggle\"> Show changes in one column</label></p>")
	}
	for _, e := range h.Revisions {
		b.WriteString("\n  <section class=\"revision\" id=\"")
		esc(e.ID)
		b.WriteString(`" aria-labelledby="`)
		esc(e.ID)
		b.WriteString("-h\">\n    <h2 id=\"")
		esc(e.ID)
		b.WriteString(`-h">`)
		timeTag(e.Time)
		b.WriteString(` · `)
		esc(e.Author)
		if e.Latest {
			b.WriteString(` <span class="badge">current</span>`)
		}
		b.WriteString("</h2>\n    <p class=\"summary\">")
		summary(e.Summary)
		if e.WikiURL != "" {
			b.WriteString(` · <a class="wiki-link" href="`)
			esc(e.WikiURL)
			b.WriteString(`" rel="external">this revision on the wiki</a>`)
		}
		b.WriteString("</p>")
		if d := e.Diff; d != nil {
			b.WriteString("\n    <details class=\"diff-box\" id=\"")
			esc(d.ID)
			b.WriteString(`"`)
			if d.Open {
				b.WriteString(" open")
			}
			b.WriteString(">\n      <summary>Changes since <a href=\"#")
			esc(d.PrevID)
			b.WriteString(`">the previous revision</a>: <span class="ins-count">+` + itoa(d.Added) + `</span> <span class="del-count">−` + itoa(d.Removed) + `</span> lines`)
			if d.RulesChanged {
				b.WriteString(` · <strong>rule tables changed</strong>`)
			}
			if len(d.Renames) > 0 {
				b.WriteString(" · renamed: ")
				renames(d.Renames)
			}
			b.WriteString("</summary>\n      ")
			if d.HTML == "" && d.res != nil {
				writeDiffHTML(b, d.res)
			} else {
				b.WriteString(string(d.HTML))
			}
			b.WriteString("\n    </details>")
		}
		if c := e.Compare; c != nil {
			b.WriteString("\n    <details class=\"diff-box compare-box\" id=\"")
			esc(c.ID)
			b.WriteString(`" data-ops="`)
			esc(c.Ops)
			b.WriteString("\">\n      <summary>Changes from this revision to the current one: <span class=\"ins-count\">+" + itoa(c.Added) + `</span> <span class="del-count">−` + itoa(c.Removed) + "</span> lines</summary>\n")
			b.WriteString(`      <div class="diff diff-sbs"><p class="js-note">The comparison is drawn by the page's script.</p></div>` + "\n    </details>")
		}
		if len(e.Parts) > 0 {
			b.WriteString("\n    <details class=\"revision-view\" data-parts=\"")
			for k, p := range e.Parts {
				if k > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(itoa(p))
			}
			b.WriteString("\">\n      <summary>View this revision</summary>\n      <div class=\"wiki-body prose\"><p class=\"js-note\">The revision is put together by the page's script.</p></div>\n    </details>")
		}
		b.WriteString("\n  </section>")
	}
	// The revisions' parts: inert until the script copies them.
	for k := range max(len(h.Parts), len(h.partEnds)) {
		b.WriteString("\n  <template id=\"wr-part-")
		b.WriteString(itoa(k))
		b.WriteString("\">")
		if h.Parts != nil {
			b.WriteString(string(h.Parts[k]))
		} else {
			b.Write(partOf(h.partsData, h.partEnds, k))
		}
		b.WriteString("</template>")
	}
}

// compareWithCurrent gives a history entry the change from its revision
// to the current one, or for the revision just before the current one, a
// link to the current revision's diff. The change is kept small: the
// lines the old revision has that the current one has not, and how many
// lines stay or come in between (compareOps); the page's script shows it
// side by side with the current wikitext the page holds anyway. (As HTML,
// the comparisons were a third of a big site's bytes.)
func (b *builder) compareWithCurrent(e *RevEntry, w *pageWork, i int) {
	pg := w.page
	cur := len(pg.Revisions) - 1
	if cur < 0 || i >= cur || !pg.Revisions[cur].Visible() || !pg.Revisions[i].Visible() {
		return
	}
	if pg.VisibleAt(cur-1) == i {
		e.CompareURL = "#diff-" + w.anchors[cur]
		return
	}
	ops := diff.LineOps(w.sides[i], w.sides[cur])
	cv := &CompareView{ID: "cmp-" + w.anchors[i], Ops: compareOps(w.sides[i].Lines(), ops)}
	cv.Removed, cv.Added = diff.Counts(ops)
	e.Compare = cv
}

// compareOps writes a line diff as JSON for site.js: a positive number n
// is n lines both texts have, a negative one -n lines only the new text
// has (the page shows them from its wikitext), and ["…", …] are lines only
// the old text has. ops is the script of old's lines (diff.LineOps); the
// lines both texts have after the last change are left out.
func compareOps(old []string, ops []diff.Op) string {
	var b strings.Builder
	var q []byte // a line as JSON (appendJSONString: json.Marshal's bytes)
	b.WriteByte('[')
	sep := func() {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
	}
	same := 0 // lines both have, not written yet
	for _, op := range ops {
		switch op.Kind {
		case diff.OpEqual:
			same += op.AEnd - op.AStart
			continue
		}
		if same > 0 {
			sep()
			b.WriteString(itoa(same))
			same = 0
		}
		sep()
		switch op.Kind {
		case diff.OpDelete:
			b.WriteByte('[')
			for k := op.AStart; k < op.AEnd; k++ {
				if k > op.AStart {
					b.WriteByte(',')
				}
				q = appendJSONString(q[:0], old[k])
				b.Write(q)
			}
			b.WriteByte(']')
		case diff.OpInsert:
			b.WriteByte('-')
			b.WriteString(itoa(op.BEnd - op.BStart))
		}
	}
	b.WriteByte(']')
	return b.String()
}
