package site

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"html/template"
	"io/fs"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/wikirules/wikirules/check"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/render"
	"github.com/wikirules/wikirules/wiki"
)

// reserved are the top-level names the site uses itself; a Markdown page
// may not take one.
var reserved = map[string]bool{"games": true, "wiki": true, "assets": true, "checks": true, "categories": true,
	"pages": true, "search": true, "media": true, "index": true, "404": true, "feed": true, "sitemap": true}

// siteIndex is what the site-wide pages are made of: the units' summaries
// gathered, and what the earlier phases of writeSite found.
type siteIndex struct {
	units  []*unitSummary
	pages  []*pageSummary
	games  []*unitSummary // the units that are games
	checks []*CheckView
	docs   []searchDoc
	// members lists each category's pages (writeCategories).
	members map[string][]Link
	// extra are the Markdown pages, intro the home page's introduction
	// (writeMarkdown).
	extra []Link
	intro template.HTML
	stats *Stats
}

// writeSite writes the site-wide pages from the units' summaries, one phase
// per page or group of files.
func (b *builder) writeSite(units []*unitSummary) (*Stats, error) {
	x := gather(units)
	x.stats.Warnings = append(x.stats.Warnings, b.plan.warnings...)
	// These find what the later phases show (the Markdown pages, the
	// categories' members): in turn.
	for _, phase := range []func(*siteIndex) error{
		b.writeAssets,
		b.writeMedia,
		b.writeMarkdown,
		b.writeCategories,
	} {
		if err := phase(x); err != nil {
			return nil, err
		}
	}
	// The others only read what is gathered: on every core.
	phases := []func(*siteIndex) error{
		b.writeSearch,
		b.writeHome,
		b.writePageIndex,
		b.writeChecks,
		b.write404,
		b.writeSitemap,
		b.writeFeed,
	}
	errs := make([]error, len(phases))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(b.opts.Workers, len(phases)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = phases[i](x)
			}
		}()
	}
	for i := range phases {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	x.stats.Warnings.Sort()
	return x.stats, nil
}

// gather collects the units' pages, games, checks and search documents,
// and counts them.
func gather(units []*unitSummary) *siteIndex {
	x := &siteIndex{units: units, stats: &Stats{}}
	st := x.stats
	np, nd := 0, 0
	for _, u := range units {
		np += len(u.Pages)
		for _, p := range u.Pages {
			nd += len(p.Search)
		}
	}
	x.pages, x.docs = make([]*pageSummary, 0, np), make([]searchDoc, 0, nd)
	for _, u := range units {
		for _, p := range u.Pages {
			x.pages = append(x.pages, p)
			st.Pages++
			st.Revisions += len(p.Revisions)
			x.docs = append(x.docs, p.Search...)
		}
		if u.Game != nil {
			x.games = append(x.games, u)
			st.Games++
			st.Tables += u.Game.Tables
		}
		x.checks = append(x.checks, u.Checks...)
		st.Warnings = append(st.Warnings, u.Warnings...)
	}
	for _, cv := range x.checks {
		st.Checks++
		switch cv.Status {
		case check.Fail:
			st.Failed++
		case check.Error:
			st.Errors++
		}
	}
	return x
}

// writeAssets writes the layouts' assets and the highlighting styles.
func (b *builder) writeAssets(*siteIndex) error {
	for name, data := range b.opts.Layouts.Assets() {
		if err := b.write(nil, "assets/"+name, data); err != nil {
			return err
		}
	}
	return b.write(nil, "assets/chroma.css", chromaCSS())
}

// writeMedia copies the uploaded files the plan publishes.
func (b *builder) writeMedia(*siteIndex) error {
	for dst, src := range b.plan.mediaFrom {
		data, err := fs.ReadFile(b.opts.Media, src)
		if err != nil {
			return fmt.Errorf("media %s: %w", src, err)
		}
		if err := b.write(nil, dst, data); err != nil {
			return err
		}
	}
	return nil
}

// writeHome writes the home page: the games grouped by their first
// category, recent changes and the checks' summary.
func (b *builder) writeHome(x *siteIndex) error {
	st := x.stats
	home := &HomePage{Base: b.base(b.opts.SiteName, "index.html", "home"), Intro: x.intro}
	home.Description = "Rules, rule tables and their checks, and the history of every page."
	home.Stats.Games, home.Stats.Pages, home.Stats.Revisions, home.Stats.Tables = st.Games, st.Pages, st.Revisions, st.Tables
	home.OtherPages = st.Pages
	groups := map[string][]GameCard{}
	for _, u := range x.games {
		g := u.Game
		card := GameCard{Name: g.Name, URL: home.Link(g.Dir + "index.html"), Tables: g.Tables, HasTips: g.HasTips, Updated: g.Updated}
		for _, cv := range u.Checks {
			card.Checks.add(cv.Status)
		}
		grp := g.Group
		if grp == "" {
			grp = "Other games"
		}
		groups[grp] = append(groups[grp], card)
		home.OtherPages -= len(u.Pages)
	}
	var names []string
	for n := range groups {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		// "Other games" last.
		if (names[i] == "Other games") != (names[j] == "Other games") {
			return names[j] == "Other games"
		}
		return names[i] < names[j]
	})
	for _, n := range names {
		gs := groups[n]
		sort.SliceStable(gs, func(i, j int) bool { return strings.ToLower(gs[i].Name) < strings.ToLower(gs[j].Name) })
		home.Groups = append(home.Groups, GameGroup{Name: n, Games: gs})
	}
	for _, cv := range x.checks {
		home.Checks.add(cv.Status)
	}
	for _, l := range x.extra {
		home.Extra = append(home.Extra, Link{Title: l.Title, URL: home.Link(l.URL)})
	}
	for _, r := range recentChanges(x.pages, 20) {
		home.Recent = append(home.Recent, RecentChange{Page: r.page.name(), DiffURL: home.Link(r.page.Dir + "history/index.html#" + r.rev.Anchor),
			Time: r.rev.Time, Author: r.rev.Author, Summary: r.rev.Summary, Delta: r.rev.Delta, RulesChanged: r.rev.RulesChanged})
	}
	return b.render(nil, "index.html", "home.html", home)
}

// writePageIndex writes the list of all pages, by kind.
func (b *builder) writePageIndex(x *siteIndex) error {
	idx := &IndexPage{Base: b.base("All pages", "pages/index.html", "pages"), Total: len(x.pages)}
	for _, k := range indexGroups {
		g := IndexGroup{ID: k.id, Name: k.name}
		for _, p := range x.pages {
			if p.Kind == k.kind {
				note := plural(len(p.Revisions), "revision")
				if p.name() != p.Title {
					note = p.Title + " · " + note
				}
				g.Pages = append(g.Pages, Link{Title: p.name(), URL: idx.Link(p.Dir + "index.html"), Note: note})
			}
		}
		sort.Slice(g.Pages, func(i, j int) bool { return g.Pages[i].Title < g.Pages[j].Title })
		if len(g.Pages) > 0 {
			idx.Groups = append(idx.Groups, g)
		}
	}
	return b.render(nil, "pages/index.html", "index.html", idx)
}

// indexGroups are the groups of the page index, in order.
var indexGroups = []struct {
	kind     model.PageKind
	id, name string
}{
	{model.PageRules, "rules", "Rules pages"},
	{model.PageTips, "tips", "Tips pages"},
	{model.PageOther, "page", "Other pages"},
	{model.PageFile, "file", "Files"},
	{model.PageTemplate, "template", "Templates"},
}

// writeChecks writes the checks page: every game's checks, games with
// failures first.
func (b *builder) writeChecks(x *siteIndex) error {
	if b.unchanged("checks", b.checksShown(x), "checks/") {
		return nil
	}
	cp := &ChecksPage{Base: b.base("Rule checks", "checks/index.html", "checks")}
	var cgames []CheckGame
	for _, u := range x.games {
		if len(u.Checks) == 0 {
			continue
		}
		cg := CheckGame{Name: u.Game.Name, Slug: safeSegment(u.Game.Slug), DataURL: cp.Link(u.Game.Dir + "rules/index.html")}
		for _, cv := range u.Checks {
			cg.Checks = append(cg.Checks, relCheck(&cp.Base, cv))
			cg.Summary.add(cv.Status)
			cp.Summary.add(cv.Status)
		}
		sortChecks(cg.Checks)
		cgames = append(cgames, cg)
	}
	sort.SliceStable(cgames, func(i, j int) bool {
		a, b := cgames[i].Summary, cgames[j].Summary
		if (a.Fail > 0) != (b.Fail > 0) {
			return a.Fail > 0
		}
		if (a.Error > 0) != (b.Error > 0) {
			return a.Error > 0
		}
		return cgames[i].Name < cgames[j].Name
	})
	cp.Games = cgames
	return b.render(nil, "checks/index.html", "checks.html", cp)
}

// writeSearch writes the search page and its index.
func (b *builder) writeSearch(x *siteIndex) error {
	sp := &SearchPage{Base: b.base("Search", "search/index.html", "search")}
	sp.NoIndex = true
	if err := b.render(nil, "search/index.html", "search.html", sp); err != nil {
		return err
	}
	runs := docRuns(x.units, x.docs)
	var prev []byte
	if b.prev != nil {
		prev = b.prev.postings
	}
	post := postingsOf(x.docs, runs, prev)
	b.postings = postingsRecord(post, runs, len(x.docs))
	return writeSearchIndex(x.docs, post, b.opts.searchDocsPart, func(path string, data []byte) error {
		return b.write(nil, path, data)
	})
}

// write404 writes the not-found page. A server shows it at any depth, so
// it links from the site's absolute path.
func (b *builder) write404(*siteIndex) error {
	nf := b.base("Page not found", "404.html", "")
	nf.Root = "/"
	if b.opts.BaseURL != "" {
		if i := strings.Index(b.opts.BaseURL, "://"); i >= 0 {
			if j := strings.IndexByte(b.opts.BaseURL[i+3:], '/'); j >= 0 {
				nf.Root = b.opts.BaseURL[i+3+j:]
			}
		}
	}
	nf.NoIndex = true
	return b.render(nil, "404.html", "404.html", &nf)
}

// writeSitemap writes sitemap.xml (an index of several past the limit).
func (b *builder) writeSitemap(x *siteIndex) error {
	for name, data := range b.sitemaps(x.pages, x.members, x.extra, maxSitemapURLs) {
		if err := b.write(nil, name, data); err != nil {
			return err
		}
	}
	return nil
}

// writeFeed writes the Atom feed of recent changes.
func (b *builder) writeFeed(x *siteIndex) error {
	feed, err := b.feed(x.pages)
	if err != nil {
		return err
	}
	return b.write(nil, "feed.xml", feed)
}

// writeMarkdown writes the Markdown pages of the content; it records them
// as links (from the root) and the home page's introduction (index.md).
func (b *builder) writeMarkdown(x *siteIndex) error {
	if b.opts.Content == nil {
		return nil
	}
	entries, err := fs.ReadDir(b.opts.Content, ".")
	if err != nil {
		return nil
	}
	var links []Link
	var intro template.HTML
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".md") {
			continue
		}
		data, err := fs.ReadFile(b.opts.Content, e.Name())
		if err != nil {
			return err
		}
		note, body, err := wiki.SplitFrontMatter(e.Name(), data)
		if err != nil {
			return err
		}
		h, title, err := markdownHTML(b.md, body)
		if err != nil {
			return fmt.Errorf("%s: %w", e.Name(), err)
		}
		if note.Title != "" {
			title = note.Title
		}
		name := strings.TrimSuffix(e.Name(), ".md")
		if name == "index" {
			intro = h
			continue
		}
		seg := safeSegment(name)
		if reserved[seg] {
			return fmt.Errorf("content page %s: the name %q is used by the site itself; rename the file", e.Name(), seg)
		}
		if title == "" {
			title = name
		}
		p := seg + "/index.html"
		page := &MarkdownPage{Base: b.base(title, p, ""), Body: h}
		page.Crumbs = []Crumb{{"Home", page.Link("index.html")}, {title, ""}}
		if err := b.render(nil, p, "markdown.html", page); err != nil {
			return err
		}
		links = append(links, Link{Title: title, URL: p})
	}
	x.extra, x.intro = links, intro
	return nil
}

// writeCategories writes the category list and a page per category (the
// categories of the pages' latest revisions, and the wiki's category
// pages), with the category page's own text when the wiki has one.
func (b *builder) writeCategories(x *siteIndex) error {
	members := map[string][]Link{}
	for _, p := range x.pages {
		for _, cat := range p.Categories {
			members[cat] = append(members[cat], Link{Title: p.Title, URL: p.Dir + "index.html"})
		}
	}
	for name := range b.plan.categories {
		if _, ok := members[name]; !ok {
			members[name] = nil
		}
	}
	x.members = members
	var names []string
	for n, ms := range members {
		names = append(names, n)
		sort.Slice(ms, func(i, j int) bool { return ms[i].Title < ms[j].Title })
	}
	sort.Strings(names)
	if b.unchanged("categories", b.categoriesShown(names, members), "categories/") {
		return nil
	}
	list := &CategoriesPage{Base: b.base("Categories", "categories/index.html", "categories")}
	for _, n := range names {
		ms := members[n]
		list.Categories = append(list.Categories, CategoryLink{Title: n, URL: list.Link(categoryDir(n) + "index.html"), Count: len(ms)})
		p := categoryDir(n) + "index.html"
		cp := &CategoryPage{Base: b.base("Category: "+n, p, "categories"), Name: n}
		cp.Crumbs = []Crumb{{"Categories", cp.Link("categories/index.html")}, {n, ""}}
		for _, m := range ms {
			cp.Members = append(cp.Members, Link{Title: m.Title, URL: cp.Link(m.URL)})
		}
		if pg := b.plan.categories[n]; pg != nil && pg.LatestVisible() != nil {
			r := pg.LatestVisible()
			doc := b.wiki.Parse(pg, r)
			var body bytes.Buffer
			rr := render.New(render.Options{Linker: newLinker(b.plan, pg.Title, p, "", nil), NoTOC: true, ReservedIDPrefix: siteIDPrefix})
			if err := rr.Render(&body, doc); err != nil {
				return err
			}
			cp.Body = template.HTML(body.String())
		}
		if err := b.render(nil, p, "category.html", cp); err != nil {
			return err
		}
	}
	return b.render(nil, "categories/index.html", "categories.html", list)
}

type recentRev struct {
	page *pageSummary
	rev  *revSummary
}

// recentChanges are the n newest revisions of all pages, newest first
// (then by title, then in the pages' order). Only the n kept so far are
// sorted: a site of 100,000 revisions is not sorted whole for 50 of them.
func recentChanges(pages []*pageSummary, n int) []recentRev {
	// before orders a revision met later (in the pages' order) against
	// one kept: on equal time and title the one met first stays first.
	before := func(a, b recentRev) bool {
		if !a.rev.Time.Equal(b.rev.Time) {
			return a.rev.Time.After(b.rev.Time)
		}
		return a.page.Title < b.page.Title
	}
	if n <= 0 {
		return nil
	}
	top := make([]recentRev, 0, n+1)
	for _, p := range pages {
		for _, r := range p.Revisions {
			c := recentRev{p, r}
			if len(top) == n && !before(c, top[n-1]) {
				continue
			}
			// After every kept one it does not come before.
			i := sort.Search(len(top), func(i int) bool { return before(c, top[i]) })
			top = append(top, recentRev{})
			copy(top[i+1:], top[i:])
			top[i] = c
			if len(top) > n {
				top = top[:n]
			}
		}
	}
	return top
}

// absURL is a site path as an absolute URL, or as a path from the site's
// root when no base URL is set.
func (b *builder) absURL(p string) string {
	p = strings.TrimSuffix(p, "index.html")
	if b.opts.BaseURL == "" {
		return "/" + escapePath(p)
	}
	return b.opts.BaseURL + escapePath(p)
}

// maxSitemapURLs is the most URLs one sitemap file may list (sitemaps.org).
const maxSitemapURLs = 50000

// sitemaps lists every page's URL with its last change: sitemap.xml, or,
// past max URLs, sitemap.xml as an index of sitemap-1.xml, sitemap-2.xml…
func (b *builder) sitemaps(pages []*pageSummary, cats map[string][]Link, extra []Link, max int) map[string][]byte {
	type entry struct {
		loc, mod string
	}
	var es []entry
	es = append(es, entry{b.absURL("index.html"), ""})
	for _, p := range []string{"pages/index.html", "categories/index.html", "checks/index.html"} {
		es = append(es, entry{b.absURL(p), ""})
	}
	for _, l := range extra {
		es = append(es, entry{b.absURL(l.URL), ""})
	}
	for _, p := range pages {
		mod := ""
		if n := len(p.Revisions); n > 0 {
			mod = p.Revisions[n-1].Time.UTC().Format("2006-01-02")
		}
		es = append(es, entry{b.absURL(p.Dir + "index.html"), mod}, entry{b.absURL(p.Dir + "history/index.html"), mod})
		if p.Kind == model.PageRules {
			es = append(es, entry{b.absURL(p.Dir + "rules/index.html"), mod})
		}
	}
	for n := range cats {
		es = append(es, entry{b.absURL(categoryDir(n) + "index.html"), ""})
	}
	sort.Slice(es, func(i, j int) bool { return es[i].loc < es[j].loc })
	urlset := func(es []entry) []byte {
		var out bytes.Buffer
		out.WriteString(xml.Header)
		out.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
		for _, e := range es {
			out.WriteString("  <url><loc>")
			xml.EscapeText(&out, []byte(e.loc))
			out.WriteString("</loc>")
			if e.mod != "" {
				out.WriteString("<lastmod>" + e.mod + "</lastmod>")
			}
			out.WriteString("</url>\n")
		}
		out.WriteString("</urlset>\n")
		return out.Bytes()
	}
	if len(es) <= max {
		return map[string][]byte{"sitemap.xml": urlset(es)}
	}
	files := map[string][]byte{}
	var index bytes.Buffer
	index.WriteString(xml.Header)
	index.WriteString(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for i := 0; i*max < len(es); i++ {
		name := "sitemap-" + itoa(i+1) + ".xml"
		files[name] = urlset(es[i*max : min((i+1)*max, len(es))])
		index.WriteString("  <sitemap><loc>")
		xml.EscapeText(&index, []byte(b.absURL(name)))
		index.WriteString("</loc></sitemap>\n")
	}
	index.WriteString("</sitemapindex>\n")
	files["sitemap.xml"] = index.Bytes()
	return files
}

// feed is an Atom feed of the 50 newest revisions.
func (b *builder) feed(pages []*pageSummary) ([]byte, error) {
	type link struct {
		Href string `xml:"href,attr"`
		Rel  string `xml:"rel,attr,omitempty"`
	}
	type entry struct {
		Title   string `xml:"title"`
		ID      string `xml:"id"`
		Updated string `xml:"updated"`
		Author  struct {
			Name string `xml:"name"`
		} `xml:"author"`
		Link    link   `xml:"link"`
		Summary string `xml:"summary,omitempty"`
	}
	type feed struct {
		XMLName xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
		Title   string   `xml:"title"`
		ID      string   `xml:"id"`
		Updated string   `xml:"updated"`
		Links   []link   `xml:"link"`
		Entries []entry  `xml:"entry"`
	}
	recent := recentChanges(pages, 50)
	f := feed{Title: b.opts.SiteName + ": recent changes", ID: b.absURL("index.html"),
		Links: []link{{Href: b.absURL("feed.xml"), Rel: "self"}, {Href: b.absURL("index.html")}}}
	f.Updated = time.Unix(0, 0).UTC().Format(time.RFC3339)
	if len(recent) > 0 {
		f.Updated = recent[0].rev.Time.UTC().Format(time.RFC3339)
	}
	for _, r := range recent {
		e := entry{Title: r.page.name(), Updated: r.rev.Time.UTC().Format(time.RFC3339), Summary: r.rev.Summary,
			Link: link{Href: b.absURL(r.page.Dir+"history/index.html") + "#" + r.rev.Anchor}}
		e.ID = e.Link.Href
		if r.rev.RulesChanged {
			e.Title += " (rules changed)"
		}
		e.Author.Name = r.rev.Author
		if e.Author.Name == "" {
			e.Author.Name = "unknown"
		}
		f.Entries = append(f.Entries, e)
	}
	data, err := xml.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, err
	}
	return append([]byte(xml.Header), append(data, '\n')...), nil
}

// name is the page's name as the site shows it (a game's name for its
// pages), or its title.
func (p *pageSummary) name() string {
	if p.Name != "" {
		return p.Name
	}
	return p.Title
}
