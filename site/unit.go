package site

import (
	"bytes"
	"cmp"
	"fmt"
	"html/template"
	"io"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/wikirules/wikirules/check"
	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/render"
	"github.com/wikirules/wikirules/templates"
	"github.com/wikirules/wikirules/wiki"
)

// unitSummary is what the site-wide pages need from a unit, and what the
// manifest keeps so an unchanged unit need not be rebuilt.
type unitSummary struct {
	ID       string            `json:"id"`
	Key      string            `json:"key"`
	Deps     map[string]string `json:"deps,omitempty"`
	Files    []string          `json:"files"`
	Game     *gameSummary      `json:"game,omitempty"`
	Pages    []*pageSummary    `json:"pages"`
	Checks   []*CheckView      `json:"checks,omitempty"`
	Warnings model.MsgList     `json:"warnings,omitempty"`
	// raw is the unit's record as the previous manifest holds it, for a
	// unit reused: written back as it was (its strings share it). A unit
	// built is encoded when the manifest is written: its bytes held
	// through the build would take the garbage collector's room under the
	// memory limit.
	raw []byte
	// extra is the checks and warnings as the record holds them
	// (extraJSON).
	extra []byte
}

type gameSummary struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
	// NameKey is the digest of what Name was read from (gameUnit.nameKey).
	NameKey string    `json:"name_key"`
	Dir     string    `json:"dir"`
	Tables  int       `json:"tables"`
	HasTips bool      `json:"has_tips"`
	Updated time.Time `json:"updated"`
	// Group is the first category of the rules page: games are grouped
	// by it on the home page.
	Group string `json:"group,omitempty"`
}

type pageSummary struct {
	Title string `json:"title"`
	// Name is the page's name as the site shows it: a game's name for its
	// rules page ("Sushi Go"), "Sushi Go: tips" for its tips page, the
	// title otherwise.
	Name       string         `json:"name,omitempty"`
	Kind       model.PageKind `json:"kind"`
	Dir        string         `json:"dir"`
	Categories []string       `json:"categories,omitempty"`
	Revisions  []*revSummary  `json:"revisions"`
	Search     []searchDoc    `json:"search"`
}

type revSummary struct {
	Time         time.Time `json:"time"`
	Author       string    `json:"author"`
	Summary      string    `json:"summary,omitempty"`
	Delta        int       `json:"delta"`
	Anchor       string    `json:"anchor"`
	RulesChanged bool      `json:"rules_changed,omitempty"`
}

// pageWork is one page with every revision parsed once: the trees serve
// the render, the extraction, the diffs and the checks.
type pageWork struct {
	page *model.Page
	dir  string
	docs []*model.Document
	// shared[i] reports that docs[i] was made of parts shared with other
	// revisions (wiki.HistoryParser.ParseShared).
	shared []bool
	tables []*extract.PageTables
	// sides are the revisions as the diffs and the blame compare them:
	// one per revision, shared, so each is read once.
	sides   []*diff.Side
	anchors []string
	// blame is where each value of the latest revision's tables comes
	// from, and renamed the ids its tables had before (blameTables);
	// blamed[k] is the revision of the blame's Origin.Index k.
	blame   *diff.Blame
	renamed map[string]diff.TableRename
	blamed  []int
	// hp parsed the revisions; the old ones have the parts an earlier
	// revision had in outline (wiki.HistoryParser.ParseAndExtract), whose
	// nodes it gives (PartNodes).
	hp *wiki.HistoryParser
}

// blameTables follows the page's tables through its revisions with a text
// (already parsed): the blame shown on the rule-table page, and the
// renames the checks follow.
func (w *pageWork) blameTables() {
	b := diff.NewBlamer(w.page.Title, false)
	for i, r := range w.page.Revisions {
		if r.Visible() {
			b.Add(w.sides[i])
			w.blamed = append(w.blamed, i)
		}
	}
	w.blame, w.renamed = b.Blame(), b.Renamed()
}

// renamedIDs maps each former id of the latest revision's tables to its
// id now, for the checks.
func (w *pageWork) renamedIDs() map[string]string {
	if len(w.renamed) == 0 {
		return nil
	}
	out := make(map[string]string, len(w.renamed))
	for old, r := range w.renamed {
		out[old] = r.To
	}
	return out
}

// blameURL is where the history page shows how the revision of a blame's
// origin changed the page: its diff, or the revision itself for the first
// one with a text (it has no diff).
func (w *pageWork) blameURL(o diff.Origin) string {
	i := w.blamed[o.Index]
	if w.page.VisibleAt(i-1) < 0 {
		return w.dir + "history/index.html#" + w.anchors[i]
	}
	return w.dir + "history/index.html#diff-" + w.anchors[i]
}

func (b *builder) parsePage(pg *model.Page, dir string, nodes *model.NodeArena) *pageWork {
	w := &pageWork{page: pg, dir: dir}
	seen := map[string]int{}
	// The revisions' parts that did not change are parsed once, and their
	// tables read once; in the old revisions they are only outlined: the
	// history renders each part once, the diffs and the blame read
	// sections and text.
	hp := b.wiki.NewHistoryParser(pg)
	hp.Outline, hp.Nodes = true, nodes
	w.hp = hp
	n := len(pg.Revisions)
	w.docs, w.shared, w.tables, w.sides = make([]*model.Document, n), make([]bool, n), make([]*extract.PageTables, n), make([]*diff.Side, n)
	parse := func(i int) {
		r := pg.Revisions[i]
		if r.Visible() {
			w.docs[i], w.tables[i], w.shared[i] = hp.ParseAndExtract(r)
		} else {
			// A deleted revision, or one of a stub dump: its history
			// entry says so; the page shows the nearest visible one.
			w.docs[i] = b.wiki.ParseText(pg.Title, "''"+r.Absence()+"''", r.Timestamp)
			w.tables[i] = extract.Extract(w.docs[i], pg, r)
		}
		w.sides[i] = &diff.Side{Rev: r, Doc: w.docs[i], Tables: w.tables[i]}
	}
	// The latest visible revision first: it is made in full, and the
	// others then leave the parts they share with it in outline rather
	// than it copying the parts they made in full.
	latest := pg.VisibleAt(n - 1)
	if latest >= 0 {
		parse(latest)
	}
	for i, r := range pg.Revisions {
		if i != latest {
			parse(i)
		}
		a := "rev-" + strings.ReplaceAll(model.FormatTime(r.Timestamp), ":", "-")
		seen[a]++
		if seen[a] > 1 {
			a += "-" + itoa(seen[a])
		}
		w.anchors = append(w.anchors, a)
	}
	return w
}

// latest is the page's content: its newest revision whose text is in the
// input (the newest revision when none is: its tree says the text is
// absent).
func (w *pageWork) latest() (*model.Revision, *model.Document, *extract.PageTables) {
	n := w.page.VisibleAt(len(w.page.Revisions) - 1)
	if n < 0 {
		n = len(w.page.Revisions) - 1
	}
	if n < 0 {
		return nil, nil, nil
	}
	return w.page.Revisions[n], w.docs[n], w.tables[n]
}

// buildGame builds a game's pages: rules, tips, their histories and
// sources, and the rule tables with their checks.
func (b *builder) buildGame(g *gameUnit, key string, nodes *model.NodeArena) (*unitSummary, error) {
	s := &unitSummary{ID: "game:" + g.slug, Key: key, Deps: map[string]string{}}
	var works []*pageWork
	for _, pg := range []*model.Page{g.rules, g.tips} {
		if pg != nil && len(pg.Revisions) > 0 {
			works = append(works, b.parsePage(pg, b.plan.dir[pg.Title], nodes))
		}
	}
	// The game's one name (wiki.GameName), as the commands know it.
	name := b.wiki.GameName(g.game)
	links := &GameLinks{Name: name, Slug: g.slug, RulesURL: g.dir + "index.html", DataURL: g.dir + "rules/index.html", HistoryURL: g.dir + "history/index.html"}
	if g.tips != nil {
		links.TipsURL = g.dir + "tips/index.html"
		links.TipsHistoryURL = g.dir + "tips/history/index.html"
	}
	if g.prev != nil {
		links.Prev = &Link{Title: b.wiki.GameName(g.prev.game), URL: g.prev.dir + "index.html"}
	}
	if g.next != nil {
		links.Next = &Link{Title: b.wiki.GameName(g.next.game), URL: g.next.dir + "index.html"}
	}

	// Checks on the latest revision of each page.
	var pds []check.PageData
	var all []*extract.PageTables
	for _, w := range works {
		w.blameTables()
		r, doc, pt := w.latest()
		pds = append(pds, check.PageData{Page: w.page, Rev: r, Doc: doc, Tables: pt, Renamed: w.renamedIDs()})
		all = append(all, pt)
		links.Tables += len(pt.Tables)
	}
	results := b.suite.RunGame(g.slug, pds)
	checks := make([]*CheckView, 0, len(results))
	byTable := map[string][]*CheckView{}
	for _, r := range results {
		cv := b.checkView(g, r)
		checks = append(checks, cv)
		byTable[cv.Table] = append(byTable[cv.Table], cv)
	}
	s.Checks = checks

	gs := &gameSummary{Slug: g.slug, Name: name, NameKey: g.nameKey, Dir: g.dir, Tables: links.Tables, HasTips: g.tips != nil}
	for _, w := range works {
		if t := w.page.Latest().Timestamp; t.After(gs.Updated) {
			gs.Updated = t
		}
	}
	s.Game = gs

	for _, w := range works {
		tab := "rules"
		if w.page.Kind == model.PageTips {
			tab = "tips"
		}
		ps, err := b.writePage(s, w, links, tab, byTable)
		if err != nil {
			return nil, err
		}
		if w.page == g.rules && len(ps.Categories) > 0 {
			gs.Group = ps.Categories[0]
		}
		s.Pages = append(s.Pages, ps)
	}
	if g.rules == nil {
		// A game with a tips page only: its game page says so.
		if err := b.writeMissingRules(s, g, links); err != nil {
			return nil, err
		}
	}
	if err := b.writeRules(s, g, links, works, all, checks, byTable); err != nil {
		return nil, err
	}
	return s, nil
}

// buildPage builds a page that belongs to no game.
func (b *builder) buildPage(pg *model.Page, key string, nodes *model.NodeArena) (*unitSummary, error) {
	s := &unitSummary{ID: "page:" + pg.Title, Key: key, Deps: map[string]string{}}
	if len(pg.Revisions) == 0 {
		return s, nil
	}
	if pg.Redirect != "" {
		return s, b.buildRedirect(s, pg)
	}
	w := b.parsePage(pg, b.plan.dir[pg.Title], nodes)
	ps, err := b.writePage(s, w, nil, "", nil)
	if err != nil {
		return nil, err
	}
	s.Pages = append(s.Pages, ps)
	return s, nil
}

func (b *builder) checkView(g *gameUnit, r check.Result) *CheckView {
	cv := &CheckView{Status: r.Status, Game: r.Game, ID: r.ID, Table: r.Table, Description: r.Description,
		Message: r.Message, Page: r.Source.Page, Revision: r.Source.Revision, Line: r.Source.Line, Spec: r.Spec, Builtin: r.Builtin}
	if r.TableNow != "" {
		// The spec names the table by an id it had before a rename.
		cv.Table = r.TableNow
		cv.Message += " (the spec names the table " + r.Table + ", its id before a rename)"
	}
	if cv.Table != "" {
		cv.TableURL = g.dir + "rules/index.html#" + tableAnchor(cv.Table)
	}
	if d, ok := b.plan.dir[r.Source.Page]; ok && r.Source.Line > 0 {
		cv.SourceURL = d + "history/index.html#L" + itoa(r.Source.Line)
	}
	return cv
}

// tableAnchor is the id of a table's place on its game's rule-tables page:
// "t-" and the table id with its first "/" as "-" and any other as "--"
// ("demo/scoring" → "t-demo-scoring", a tips page's "demo/tips/scoring" →
// "t-demo-tips--scoring"). A slug has no "--", so a rules page's section
// "Tips scoring" ("demo/tips-scoring") keeps an anchor of its own.
func tableAnchor(id string) string {
	game, rest, ok := strings.Cut(id, "/")
	if !ok {
		return "t-" + id
	}
	return "t-" + game + "-" + strings.ReplaceAll(rest, "/", "--")
}

// writePage writes a page's latest revision and its history, and returns
// what the site-wide pages need of it.
func (b *builder) writePage(s *unitSummary, w *pageWork, game *GameLinks, tab string, byTable map[string][]*CheckView) (*pageSummary, error) {
	pg := w.page
	rev, doc, pt := w.latest()
	ps := &pageSummary{Title: pg.Title, Kind: pg.Kind, Dir: w.dir, Categories: doc.Categories}
	view, err := b.writeWikiPage(s, w, game, tab, byTable)
	if err != nil {
		return nil, err
	}
	ps.Name = view.Heading
	// Warnings of the latest revision, with page, revision and line.
	s.Warnings = append(s.Warnings, doc.Messages(pg.Title, model.FormatTime(rev.Timestamp))...)
	s.Warnings = append(s.Warnings, pt.Warnings...)
	if ps.Revisions, err = b.writeHistory(s, w, view, game); err != nil {
		return nil, err
	}
	ps.Search = append(ps.Search, pageSearchDocs(pg, w.dir, doc, game, tab)...)
	if game != nil && pt != nil {
		for _, t := range pt.Tables {
			ps.Search = append(ps.Search, tableSearchDoc(t, game))
		}
	}
	return ps, nil
}

// writeWikiPage writes the page's latest revision (page.html); a game's
// rule tables link to their data and checks.
func (b *builder) writeWikiPage(s *unitSummary, w *pageWork, game *GameLinks, tab string, byTable map[string][]*CheckView) (*WikiPage, error) {
	pg := w.page
	rev, doc, pt := w.latest()
	pagePath := w.dir + "index.html"
	section := "pages"
	if game != nil {
		section = "home"
	}
	base := b.base(pg.Title, pagePath, section)
	lk := newLinker(b.plan, pg.Title, pagePath, "", s.Deps)
	r := render.New(render.Options{Linker: lk, NoTOC: true, ReservedIDPrefix: siteIDPrefix})
	headingLinks(r)
	if game != nil && len(pt.Tables) > 0 {
		b.linkTables(r, base, pt, game, byTable)
	}
	var body bytes.Buffer
	if err := r.Render(&body, doc); err != nil {
		return nil, err
	}
	view := &WikiPage{Base: base, Heading: pg.Title, PageTitle: pg.Title, Kind: pg.Kind, Tab: tab,
		Rev: Rev{rev.Timestamp, rev.AuthorLabel(), rev.SummaryLabel(), b.wiki.RevisionURL(pg.Title, rev)}, Body: template.HTML(body.String()),
		HistoryURL: base.Link(w.dir + "history/index.html"), SourceURL: base.Link(w.dir + "history/index.html#wikitext"),
		Revisions: len(pg.Revisions)}
	view.WikiURL, view.EditURL = b.wiki.PageURL(pg.Title), b.wiki.EditURL(pg.Title)
	view.Description = description(doc)
	if !doc.Switches["NOTOC"] {
		view.TOC = tocOf(doc, lk)
	}
	if game != nil {
		view.Heading = game.Name
		if tab == "tips" {
			view.Heading = game.Name + ": tips"
		}
		view.Title = view.Heading
		view.Game = relGame(&base, game)
		view.Crumbs = []Crumb{{"Games", base.Link("index.html")}, {game.Name, ""}}
		if tab == "tips" {
			view.Crumbs = []Crumb{{"Games", base.Link("index.html")}, {game.Name, base.Link(game.RulesURL)}, {"Tips", ""}}
		}
		view.Notes = b.notes[game.Slug]
	} else {
		view.Crumbs = []Crumb{{"All pages", base.Link("pages/index.html")}, {pg.Title, ""}}
	}
	for _, c := range doc.Categories {
		view.Categories = append(view.Categories, Link{Title: c, URL: base.Link(categoryDir(c) + "index.html")})
	}
	if pg.Kind == model.PageFile {
		_, name := b.plan.names.Split(pg.Title)
		if m, ok := b.plan.media[b.plan.mediaKey(name)]; ok {
			view.Image = base.Link(m)
		}
		s.Deps["file:"+name] = b.plan.media[b.plan.mediaKey(name)]
	}
	return view, b.render(s, pagePath, "page.html", view)
}

// relCrumbs rebases crumbs made for the page at from onto another page.
func relCrumbs(to *Base, crumbs []Crumb, from string) []Crumb {
	out := make([]Crumb, len(crumbs))
	fromRoot := rootOf(from)
	for i, c := range crumbs {
		out[i] = c
		if c.URL != "" {
			out[i].URL = to.Root + strings.TrimPrefix(c.URL, fromRoot)
		}
	}
	if n := len(out); n > 0 && out[n-1].URL == "" {
		out[n-1].URL = to.Link(from)
	}
	return out
}

func relGame(b *Base, g *GameLinks) *GameLinks {
	r := *g
	for _, u := range []*string{&r.RulesURL, &r.TipsURL, &r.DataURL, &r.HistoryURL, &r.TipsHistoryURL} {
		if *u != "" {
			*u = b.Link(*u)
		}
	}
	for _, l := range []**Link{&r.Prev, &r.Next} {
		if *l != nil {
			c := **l
			c.URL = b.Link(c.URL)
			*l = &c
		}
	}
	return &r
}

// tocOf is a page's table of contents: its headings (none when it has
// fewer than two), each line with the formatting MediaWiki keeps in it,
// written by a renderer of the page's links (lk) without the site's
// additions to the body (permalinks, table links).
func tocOf(doc *model.Document, lk *linker) []TOCEntry {
	entries := render.New(render.Options{Linker: lk, NoTOC: true}).TOC(doc)
	if len(entries) < 2 {
		return nil
	}
	toc := make([]TOCEntry, len(entries))
	for i, e := range entries {
		toc[i] = TOCEntry{Level: e.Level, Number: e.Number, ID: contentIDs("").ContentID(e.ID), Title: template.HTML(e.HTML), Text: e.Title}
	}
	return toc
}

// headingLinks gives every heading with an id a permalink: a "#" at its
// end (shown on hover and focus) linking to the heading itself.
func headingLinks(r *render.Renderer) {
	def := r.Func(model.KindHeading)
	r.SetFunc(model.KindHeading, func(w *render.Writer, n *model.Node, entering bool) bool {
		if !entering {
			for _, a := range n.Attrs() {
				if strings.EqualFold(a.Name, "id") && a.Value != "" {
					w.WriteString(`<a class="wr-anchor" aria-label="Link to this section"`)
					w.Attr("href", "#"+idFragment(contentIDs("").ContentID(a.Value)))
					w.WriteString(`>#</a>`)
					break
				}
			}
		}
		return def(w, n, entering)
	})
}

// linkTables makes the page's rendered rule tables link to their data and
// checks: after the outermost block that holds a table's end.
func (b *builder) linkTables(r *render.Renderer, base Base, pt *extract.PageTables, game *GameLinks, byTable map[string][]*CheckView) {
	unplaced := newTableEnds(pt.Tables)
	var here []int
	emit := func(w *render.Writer, n *model.Node) {
		here = unplaced.take(here[:0], n.Pos, n.End)
		for _, i := range here {
			t := pt.Tables[i]
			var sum CheckSummary
			for _, c := range byTable[t.ID] {
				sum.add(c.Status)
			}
			w.WriteString(`<p class="table-links"><a`)
			w.Attr("href", base.Link(game.DataURL+"#"+tableAnchor(t.ID)))
			w.WriteString(`>Rule table <code>`)
			w.Text(t.ID)
			w.WriteString(`</code></a>`)
			switch {
			case sum.Fail > 0:
				fmt.Fprintf(w, ` <span class="badge badge-fail">%d failing</span>`, sum.Fail)
			case sum.Error > 0:
				fmt.Fprintf(w, ` <span class="badge badge-error">%d errors</span>`, sum.Error)
			case sum.Pass > 0:
				fmt.Fprintf(w, ` <span class="badge badge-pass">%s pass</span>`, plural(sum.Pass, "check"))
			}
			w.WriteString("</p>\n")
		}
	}
	// around counts the blocks of these kinds the node being written is
	// in (looking through its ancestors instead cost the tree's depth at
	// every block). A block counts from its start, before def writes it:
	// a table writes its rows itself.
	around := 0
	for _, k := range []model.Kind{model.KindTable, model.KindList, model.KindPre, model.KindParagraph} {
		def := r.Func(k)
		r.SetFunc(k, func(w *render.Writer, n *model.Node, entering bool) bool {
			if entering {
				around++
			} else {
				around--
			}
			ok := def(w, n, entering)
			if entering && !ok {
				around-- // written whole: no call at its end
			}
			if (entering && !ok || !entering) && around == 0 {
				emit(w, n)
			}
			return ok
		})
	}
}

// tableEnds finds the tables not yet placed whose ends are in a range:
// the links of a page's tables follow the outermost block that holds
// each one's end, and looking through every table at every such block
// was quadratic (60,000 tables on a page took 13 s).
type tableEnds struct {
	order []int // the tables' indexes by their ends (and indexes)
	ends  []int // ends[k]: the end of table order[k]
	// next[k] is the first of order[k:] not yet placed (as far as it is
	// known: followed until it points to itself).
	next []int
}

func newTableEnds(tables []*extract.Table) *tableEnds {
	e := &tableEnds{order: make([]int, len(tables)), ends: make([]int, len(tables)), next: make([]int, len(tables)+1)}
	for i := range tables {
		e.order[i] = i
	}
	slices.SortStableFunc(e.order, func(a, b int) int { return cmp.Compare(tables[a].Source.End, tables[b].Source.End) })
	for k, i := range e.order {
		e.ends[k] = tables[i].Source.End
	}
	for k := range e.next {
		e.next[k] = k
	}
	return e
}

// first returns the first of order[k:] not yet placed (len(order) for
// none), shortening the paths it follows.
func (e *tableEnds) first(k int) int {
	root := k
	for e.next[root] != root {
		root = e.next[root]
	}
	for e.next[k] != root {
		e.next[k], k = root, e.next[k]
	}
	return root
}

// take appends to out the tables not yet placed whose ends are in
// [from, to], in the order of their indexes, and marks them placed.
func (e *tableEnds) take(out []int, from, to int) []int {
	k, _ := slices.BinarySearch(e.ends, from)
	for k = e.first(k); k < len(e.order) && e.ends[k] <= to; k = e.first(k) {
		out = append(out, e.order[k])
		e.next[k] = k + 1
	}
	slices.Sort(out)
	return out
}

// plural is templates.Plural of a word whose plural takes an s.
func plural(n int, word string) string { return templates.Plural(n, word, word+"s") }

// description is the page's first paragraph, for <meta name=description>.
func description(doc *model.Document) string {
	for p := range doc.Root.FindAll(model.KindParagraph) {
		t := strings.TrimSpace(model.PlainText(p))
		if t == "" {
			continue
		}
		return clip(t, 200)
	}
	return ""
}

func clip(s string, n int) string { return templates.Clip(s, n) }

func (b *builder) writeMissingRules(s *unitSummary, g *gameUnit, links *GameLinks) error {
	p := g.dir + "index.html"
	base := b.base(links.Name, p, "home")
	view := &WikiPage{Base: base, Heading: links.Name, Tab: "rules", Game: relGame(&base, links),
		Body:       template.HTML(`<p>The wiki has no rules page for this game yet; see <a href="` + template.HTMLEscapeString(base.Link(links.TipsURL)) + `">its tips</a>.</p>`),
		HistoryURL: base.Link(links.TipsHistoryURL), SourceURL: base.Link(g.dir + "tips/history/index.html#wikitext"),
		Revisions: len(g.tips.Revisions)}
	view.Crumbs = []Crumb{{"Games", base.Link("index.html")}, {links.Name, ""}}
	view.Rev = Rev{Time: g.tips.Latest().Timestamp, Author: g.tips.Latest().AuthorLabel(), URL: b.wiki.RevisionURL(g.tips.Title, g.tips.Latest())}
	return b.render(s, p, "page.html", view)
}

// writeRules writes the rule-data page and the game's tables as YAML and
// JSON.
func (b *builder) writeRules(s *unitSummary, g *gameUnit, links *GameLinks, works []*pageWork, all []*extract.PageTables, checks []*CheckView, byTable map[string][]*CheckView) error {
	p := g.dir + "rules/index.html"
	base := b.base(links.Name+": rule tables", p, "home")
	yamlName, jsonName := safeSegment(g.slug)+".yaml", safeSegment(g.slug)+".json"
	view := &RulesPage{Base: base, Game: relGame(&base, links), YAMLName: yamlName, JSONName: jsonName,
		YAMLURL: base.Link(g.dir + "rules/" + yamlName), JSONURL: base.Link(g.dir + "rules/" + jsonName)}
	view.Crumbs = []Crumb{{"Games", base.Link("index.html")}, {links.Name, base.Link(links.RulesURL)}, {"Rule tables", ""}}
	enc, err := extract.Encode(all)
	if err != nil {
		return fmt.Errorf("%s: %w", g.slug, err)
	}
	known := map[string]bool{}
	for _, w := range works {
		_, _, pt := w.latest()
		for k, t := range pt.Tables {
			var bt *diff.BlameTable
			if w.blame != nil && k < len(w.blame.Tables) && w.blame.Tables[k].ID == t.ID {
				bt = &w.blame.Tables[k]
			}
			cellURL := func(o diff.Origin) string { return base.Link(w.blameURL(o)) }
			known[t.ID] = true
			y, ok := enc.Tables[t]
			if !ok {
				// all holds every work's latest tables (buildGame).
				return fmt.Errorf("%s: table %s: not among the game's tables", w.page.Title, t.ID)
			}
			tv := &TableView{ID: t.ID, Title: t.Title, Kind: t.Kind, Form: t.Source.Form, Anchor: tableAnchor(t.ID),
				Page: w.page.Title, PageURL: base.Link(w.dir + "index.html"), SourceURL: base.Link(w.dir + "history/index.html#L" + itoa(t.Source.Line)),
				Line: t.Source.Line, DeclaredTotal: t.DeclaredTotal, HTML: tableHTML(t, bt, cellURL), YAML: highlightYAML(string(y))}
			if bt != nil {
				last := lastChange(bt)
				tv.Changed = &Changed{Rev: Rev{Time: mustTime(last.Timestamp), Author: last.Author, Summary: last.Summary}, URL: cellURL(last)}
				for _, rn := range bt.Renames {
					tv.FormerIDs = append(tv.FormerIDs, rn.From)
				}
			}
			for _, wr := range pt.Warnings {
				if strings.Contains(wr.Text, t.ID) {
					tv.Warnings = append(tv.Warnings, wr.String())
				}
			}
			var sum CheckSummary
			for _, c := range byTable[t.ID] {
				tv.Checks = append(tv.Checks, relCheck(&base, c))
				sum.add(c.Status)
			}
			tv.Status = worst(sum)
			view.Tables = append(view.Tables, tv)
		}
	}
	for _, c := range checks {
		view.Summary.add(c.Status)
		if !known[c.Table] {
			view.Other = append(view.Other, relCheck(&base, c))
		}
	}
	if err := b.render(s, p, "rules.html", view); err != nil {
		return err
	}
	if err := b.write(s, g.dir+"rules/"+yamlName, enc.YAML); err != nil {
		return err
	}
	return b.write(s, g.dir+"rules/"+jsonName, enc.JSON)
}

func worst(s CheckSummary) check.Status {
	switch {
	case s.Fail > 0:
		return check.Fail
	case s.Error > 0:
		return check.Error
	case s.Pass > 0:
		return check.Pass
	}
	return ""
}

// relCheck is a check with its links relative to the page showing it.
func relCheck(b *Base, c *CheckView) *CheckView {
	r := *c
	if r.TableURL != "" {
		r.TableURL = b.Link(r.TableURL)
	}
	if r.SourceURL != "" {
		r.SourceURL = b.Link(r.SourceURL)
	}
	return &r
}

// tableHTML writes an extracted table as an HTML table: its columns and
// its cells' values, written as the YAML and JSON hold them
// (extract.FormatValue), never the source text they were read from. With a
// blame, each cell says (in its title, and in a link the page's blame
// switch shows) when and by whom its value was last changed, the link
// going to that revision's diff.
func tableHTML(t *extract.Table, bt *diff.BlameTable, url func(diff.Origin) string) template.HTML {
	var b strings.Builder
	// A cell's blame markup, made once per origin: a table's cells come
	// from a few revisions (each made anew was a title, a time parsed and
	// formatted, and a link per cell).
	type blamed struct {
		o           diff.Origin
		title, link string
	}
	var origins []blamed
	blameOf := func(o diff.Origin) *blamed {
		for k := range origins {
			if origins[k].o == o {
				return &origins[k]
			}
		}
		var e strings.Builder
		escapeText(&e, blameTitle(o))
		title := e.String()
		e.Reset()
		e.WriteString(`<a class="blame" href="`)
		escapeText(&e, url(o))
		e.WriteString(`">`)
		escapeText(&e, shortDate(o.Timestamp)+" · "+o.Author)
		e.WriteString("</a>")
		origins = append(origins, blamed{o, title, e.String()})
		return &origins[len(origins)-1]
	}
	b.Grow(256 + len(t.Rows)*len(t.Columns)*48)
	b.WriteString("<table>")
	if t.Caption != "" {
		b.WriteString("<caption>")
		escapeText(&b, t.Caption)
		b.WriteString("</caption>")
	}
	b.WriteString("<thead><tr>")
	for _, c := range t.Columns {
		b.WriteString(`<th scope="col">`)
		escapeText(&b, c)
		b.WriteString("</th>")
	}
	b.WriteString("</tr></thead><tbody>")
	for r, row := range t.Rows {
		b.WriteString("<tr>")
		for i := range t.Columns {
			txt, num := "", false
			if i < len(row) {
				txt = extract.FormatValue(row[i].Value)
				switch row[i].Value.(type) {
				case int, int64, float64:
					num = true
				}
			}
			b.WriteString("<td")
			if num {
				b.WriteString(` class="num"`)
			}
			var bl *blamed
			if bt != nil && r < len(bt.Rows) && i < len(bt.Rows[r].Cells) {
				bl = blameOf(bt.Rows[r].Cells[i].Origin)
				b.WriteString(` title="`)
				b.WriteString(bl.title)
				b.WriteString(`"`)
			}
			b.WriteString(">")
			escapeText(&b, txt)
			if bl != nil {
				b.WriteString(bl.link)
			}
			b.WriteString("</td>")
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>")
	return template.HTML(b.String())
}

// blameTitle says who last changed a value: "Last changed 2024-01-12 18:22
// UTC by Tobias: the queen is worth 13".
func blameTitle(o diff.Origin) string {
	s := "Last changed " + mustTime(o.Timestamp).Format("2006-01-02 15:04 UTC")
	if o.Author != "" {
		s += " by " + o.Author
	}
	if o.Summary != "" {
		s += ": " + clip(strings.Join(strings.Fields(o.Summary), " "), 160)
	}
	return s
}

func shortDate(ts string) string {
	if len(ts) >= 10 {
		return ts[:10]
	}
	return ts
}

// lastChange is the newest origin of a table's rows and cells.
func lastChange(bt *diff.BlameTable) diff.Origin {
	var last diff.Origin
	last.Index = -1
	for _, r := range bt.Rows {
		if r.Since.Index > last.Index {
			last = r.Since
		}
		for _, c := range r.Cells {
			if c.Index > last.Index {
				last = c.Origin
			}
		}
	}
	return last
}

func mustTime(ts string) time.Time {
	t, _ := time.Parse(model.TimeLayout, ts)
	return t
}

// sortChecks puts failures first, then errors, then passes, each by game
// and id.
func sortChecks(cs []*CheckView) {
	rank := map[check.Status]int{check.Fail: 0, check.Error: 1, check.Pass: 2}
	sort.SliceStable(cs, func(i, j int) bool {
		if rank[cs[i].Status] != rank[cs[j].Status] {
			return rank[cs[i].Status] < rank[cs[j].Status]
		}
		if cs[i].Game != cs[j].Game {
			return cs[i].Game < cs[j].Game
		}
		return cs[i].ID < cs[j].ID
	})
}

// sourceHTML writes wikitext as lines with anchors.
func sourceHTML(text string) (template.HTML, int) {
	var b strings.Builder
	b.Grow(sourceHTMLSize(text))
	n := writeSourceHTML(&b, text)
	return template.HTML(b.String()), n
}

// sourceHTMLSize is the size of sourceHTML(text), near enough: the text
// and some 110 bytes of markup a line.
func sourceHTMLSize(text string) int { return len(text) + len(text)/8 + 110*sourceLines(text) }

// sourceLines is how many lines sourceHTML shows of text.
func sourceLines(text string) int {
	return strings.Count(strings.TrimSuffix(text, "\n"), "\n") + 1
}

// writeSourceHTML writes sourceHTML(text) to b and returns its lines.
func writeSourceHTML(b io.StringWriter, text string) int {
	text = strings.TrimSuffix(text, "\n")
	n := 0
	for {
		n++
		line := text
		i := strings.IndexByte(text, '\n')
		if i >= 0 {
			line = text[:i]
		}
		num := itoa(n)
		b.WriteString(`<span class="line" id="L`)
		b.WriteString(num)
		b.WriteString(`"><a class="ln" href="#L`)
		b.WriteString(num)
		b.WriteString(`" aria-hidden="true" tabindex="-1">`)
		b.WriteString(num)
		b.WriteString(`</a>`)
		escapeText(b, line)
		b.WriteString("\n</span>")
		if i < 0 {
			break
		}
		text = text[i+1:]
	}
	return n
}
