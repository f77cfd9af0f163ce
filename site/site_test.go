package site_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/net/html"

	"github.com/wikirules/wikirules/check"
	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/site"
	"github.com/wikirules/wikirules/templates"
	"github.com/wikirules/wikirules/wiki"
)

func embedded(t testing.TB) (*model.Corpus, site.Options) {
	t.Helper()
	ct := content.New()
	c, err := ct.Corpus(corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	specs, err := check.LoadSpecs(ct.FS(), content.ChecksDir, "content/checks")
	if err != nil {
		t.Fatal(err)
	}
	suite := check.NewSuite(specs, ct.FS(), content.EngineDir, "content/engine")
	return c, site.Options{Suite: suite, Content: ct.Site(), Version: "test"}
}

func build(t testing.TB, c *model.Corpus, opts site.Options, out string) *site.Stats {
	t.Helper()
	opts.Out = out
	st, err := site.Build(wiki.New(c, nil, wiki.Config{}), opts)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// searchDocs is the text of the search index's parts of docs.
func searchDocs(fs map[string][]byte) string {
	var names []string
	for p := range fs {
		if strings.HasPrefix(p, "search/docs-") {
			names = append(names, p)
		}
	}
	sort.Strings(names)
	var b strings.Builder
	for _, p := range names {
		b.Write(fs[p])
	}
	return b.String()
}

// files reads every file of a site.
func files(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = data
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestEmbeddedSite(t *testing.T) {
	c, opts := embedded(t)
	out := filepath.Join(t.TempDir(), "public")
	st := build(t, c, opts, out)
	if st.Games != 5 || st.Checks != 17 || st.Failed != 0 || st.Errors != 0 {
		t.Errorf("stats: %+v", st)
	}
	fs := files(t, out)
	for _, want := range []string{
		"index.html", "404.html", "sitemap.xml", "feed.xml", "search-index.js", "search/index.html",
		"assets/style.css", "assets/site.js", "assets/chroma.css", "pages/index.html", "checks/index.html",
		"categories/index.html", "categories/card-games/index.html", "about/index.html",
		"games/hearts/index.html", "games/hearts/tips/index.html", "games/hearts/history/index.html",
		"games/hearts/rules/index.html", "games/hearts/rules/hearts.yaml", "games/hearts/rules/hearts.json",
		"wiki/file-yacht-score-sheet-png/index.html",
	} {
		if _, ok := fs[want]; !ok {
			t.Errorf("missing %s", want)
		}
	}
	contains := func(file string, subs ...string) {
		t.Helper()
		for _, s := range subs {
			if !bytes.Contains(fs[file], []byte(s)) {
				t.Errorf("%s lacks %q", file, s)
			}
		}
	}
	// The game page: rules rendered, its table linked to its data and checks,
	// the Markdown note, relative links.
	contains("games/hearts/index.html", `<link rel="stylesheet" href="../../assets/style.css">`,
		`href="../../games/hearts/rules/index.html#t-hearts-scoring"`, `3 checks pass`, `Engine note.`,
		`href="../../games/hearts/tips/index.html"`, `href="../../categories/card-games/index.html"`)
	// History: every revision, the diffs, old revisions put together
	// from their parts with prefixed ids.
	contains("games/hearts/history/index.html", `id="rev-2024-01-10T09-00-00Z"`, `id="diff-rev-2024-01-12T18-22-41Z"`,
		`<td>Q♠</td><td>Points</td><td><del>12</del>`, `<ins>13</ins>`, `<template id="wr-part-0">`)
	if old := oldRevision(t, fs["games/hearts/history/index.html"], "rev-2024-01-10T09-00-00Z"); !strings.Contains(old, `id="rev-2024-01-10T09-00-00Z-Scoring"`) || !strings.Contains(old, "Points") {
		t.Errorf("the first revision of hearts, put together:\n%s", old)
	}
	// Rule data: tables, YAML highlighted with chroma's classes, checks.
	contains("games/hearts/rules/index.html", `id="t-hearts-scoring"`, `<span class="hl-nt">Points</span>`,
		`queen-of-spades`, `badge-pass`, `href="../../../games/hearts/history/index.html#L19"`)
	// Blame: each cell says when and by whom its value was last changed,
	// linking to that revision's diff; the queen's 13 is Tobias's fix.
	contains("games/hearts/rules/index.html", `class="blame-toggle"`,
		`<td class="num" title="Last changed 2024-01-12 18:22 UTC by Tobias: /* Scoring */ the queen of spades is worth 13, not 12; add shooting the moon">13<a class="blame" href="../../../games/hearts/history/index.html#diff-rev-2024-01-12T18-22-41Z">2024-01-12 · Tobias</a></td>`,
		`<td title="Last changed 2024-01-10 09:00 UTC by Mara: Created page with the basic rules">Q♠<a class="blame" href="../../../games/hearts/history/index.html#rev-2024-01-10T09-00-00Z">`,
		`values last changed <a href="../../../games/hearts/history/index.html#diff-rev-2024-01-12T18-22-41Z">`)
	contains("checks/index.html", "17 checks", "queen-of-spades")
	contains("index.html", "Card games", "Dice games", "Recent changes", `href="games/hearts/index.html"`, `<a href="about/index.html">About this site</a>`)
	contains("sitemap.xml", "<loc>/games/hearts/</loc>")
	contains("feed.xml", `<feed xmlns="http://www.w3.org/2005/Atom">`)
	contains("search-index.js", `"Hearts"`)
	if !strings.Contains(searchDocs(fs), `"games/hearts/rules/index.html#t-hearts-scoring"`) {
		t.Error("the search index lacks the table of Hearts' scoring")
	}
	contains("assets/chroma.css", `:root[data-theme="dark"] .hl-chroma`)
	checkLinks(t, out)
}

// Two builds of the same input are byte-identical.
func TestDeterministic(t *testing.T) {
	c, opts := embedded(t)
	dir := t.TempDir()
	a := files(t, func() string { o := filepath.Join(dir, "a"); build(t, c, opts, o); return o }())
	opts.Workers = 1
	b := files(t, func() string { o := filepath.Join(dir, "b"); build(t, c, opts, o); return o }())
	if len(a) != len(b) {
		t.Fatalf("%d files, then %d", len(a), len(b))
	}
	for p, data := range a {
		if !bytes.Equal(data, b[p]) {
			t.Errorf("%s differs between two builds", p)
		}
	}
}

// A rebuild with nothing changed writes nothing; with one page changed it
// rebuilds that page's unit and reuses the others' files.
func TestIncremental(t *testing.T) {
	c, opts := embedded(t)
	out := filepath.Join(t.TempDir(), "public")
	first := build(t, c, opts, out)
	if first.Built != 6 || first.Reused != 0 {
		t.Fatalf("first build: %+v", first)
	}
	again := build(t, c, opts, out)
	if !again.UpToDate {
		t.Fatalf("no-change rebuild: %+v", again)
	}
	inode := func(p string) uint64 {
		st, err := os.Stat(filepath.Join(out, p))
		if err != nil {
			t.Fatal(err)
		}
		return st.Sys().(*syscall.Stat_t).Ino
	}
	yachtBefore, scopaBefore := inode("games/yacht/index.html"), inode("games/scopa/index.html")
	// A new revision of Yacht.
	p := c.Page("Gamehelpyacht")
	last := p.Latest()
	text := last.Text + "\nOne more line.\n"
	p.Revisions = append(p.Revisions, &model.Revision{Timestamp: last.Timestamp.Add(time.Hour), Author: "Zoe", Summary: "a line", Text: text, SHA1: model.TextSHA1(text)})
	st := build(t, c, opts, out)
	if st.Built != 1 || st.Reused != 5 {
		t.Errorf("one page changed: built %d, reused %d, want 1 and 5", st.Built, st.Reused)
	}
	if inode("games/scopa/index.html") != scopaBefore {
		t.Errorf("an unchanged page was rewritten")
	}
	if inode("games/yacht/index.html") == yachtBefore {
		t.Errorf("the changed page was not rewritten")
	}
	if !strings.Contains(string(files(t, out)["games/yacht/history/index.html"]), "One more line") {
		t.Errorf("history lacks the new revision")
	}
}

// A page that links to a missing page is rebuilt when that page appears:
// its red link turns into a link.
func TestIncrementalLinkTargets(t *testing.T) {
	mk := func(title, text string) *model.Page {
		ns, kind, game := model.DefaultConventions().Classify(title, -1)
		return &model.Page{Title: title, Namespace: ns, Kind: kind, Game: game, Revisions: []*model.Revision{
			{Timestamp: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), Author: "X", Text: text, SHA1: model.TextSHA1(text)}}}
	}
	a := mk("Gamehelpalpha", "See [[Glossary]].")
	c := mk("Gamehelpgamma", "Unrelated.")
	out := filepath.Join(t.TempDir(), "public")
	build(t, model.NewCorpus([]*model.Page{a, c}), site.Options{Version: "test"}, out)
	if !bytes.Contains(files(t, out)["games/alpha/index.html"], []byte(`class="new"`)) {
		t.Fatal("the link to a missing page is not red")
	}
	st := build(t, model.NewCorpus([]*model.Page{a, c, mk("Glossary", "Words.")}), site.Options{Version: "test"}, out)
	if st.Built != 2 || st.Reused != 1 {
		t.Errorf("built %d, reused %d; want 2 (alpha and the new page) and 1", st.Built, st.Reused)
	}
	page := files(t, out)["games/alpha/index.html"]
	if bytes.Contains(page, []byte(`class="new"`)) || !bytes.Contains(page, []byte(`href="../../wiki/glossary/index.html"`)) {
		t.Errorf("the link did not follow the new page")
	}
}

// A failed build leaves the previous site as it was.
func TestFailedBuildKeepsSite(t *testing.T) {
	c, opts := embedded(t)
	out := filepath.Join(t.TempDir(), "public")
	build(t, c, opts, out)
	before := files(t, out)
	// A template that fails when executed.
	bad, err := templates.New(fstest.MapFS{"page.html": {Data: []byte(`{{template "base" .}}{{define "main"}}{{.NoSuchField}}{{end}}`)}})
	if err != nil {
		t.Fatal(err)
	}
	opts.Layouts = bad
	opts.Force = true
	opts.Out = out
	if _, err := site.Build(wiki.New(c, nil, wiki.Config{}), opts); err == nil || !strings.Contains(err.Error(), "NoSuchField") {
		t.Fatalf("build with a broken template: %v", err)
	}
	after := files(t, out)
	if len(after) != len(before) {
		t.Fatalf("%d files before, %d after", len(before), len(after))
	}
	for p := range before {
		if !bytes.Equal(before[p], after[p]) {
			t.Errorf("%s changed", p)
		}
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	if len(entries) != 1 {
		t.Errorf("temporary directories left behind: %v", entries)
	}
}

// The build never replaces a directory it did not make.
func TestRefusesForeignDirectory(t *testing.T) {
	c, opts := embedded(t)
	out := t.TempDir()
	keep := filepath.Join(out, "thesis.tex")
	os.WriteFile(keep, []byte("important"), 0o644)
	opts.Out = out
	if _, err := site.Build(wiki.New(c, nil, wiki.Config{}), opts); err == nil || !strings.Contains(err.Error(), "not written by wikirules") {
		t.Fatalf("err = %v", err)
	}
	if _, err := os.Stat(keep); err != nil {
		t.Fatal("the directory's file is gone")
	}
}

// Hostile titles stay inside the output directory and get working pages.
func TestHostileTitles(t *testing.T) {
	titles := []string{"../../etc/passwd", "..", "Gamehelp../../x", "Tips ../..", "/absolute", `a\b`, "Ünïcödé page", "!!!", "???", "File:../../evil.png", "Category:../x"}
	var pages []*model.Page
	conv := model.DefaultConventions()
	for i, title := range titles {
		ns, kind, game := conv.Classify(title, -1)
		text := "Some text linking to [[../../etc/passwd]] and [[Ünïcödé page]]. [[Category:../../up]]"
		pages = append(pages, &model.Page{Title: title, Namespace: ns, Kind: kind, Game: game, Revisions: []*model.Revision{
			{Timestamp: time.Date(2024, 1, 1+i, 0, 0, 0, 0, time.UTC), Author: "X", Text: text, SHA1: model.TextSHA1(text)}}})
	}
	c := model.NewCorpus(pages)
	root := t.TempDir()
	out := filepath.Join(root, "site", "public")
	build(t, c, site.Options{Version: "test"}, out)
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !strings.HasPrefix(p, out+string(filepath.Separator)) {
			t.Errorf("file outside the site: %s", p)
		}
		return nil
	})
	n := 0
	for p := range files(t, out) {
		if strings.HasPrefix(p, "wiki/") || strings.HasPrefix(p, "games/") {
			if strings.HasSuffix(p, "/history/index.html") {
				n++
			}
		}
	}
	if n != len(titles)-1 { // the category page is listed, not a wiki page
		t.Errorf("%d pages with a history, want %d", n, len(titles)-1)
	}
	checkLinks(t, out)
}

// TestSeedsSite builds the real pages and checks every link.
func TestSeedsSite(t *testing.T) {
	t.Parallel()
	c := testutil.SeedCorpus(t)
	out := filepath.Join(t.TempDir(), "public")
	st := build(t, c, site.Options{Version: "test"}, out)
	if st.Pages != 38 || st.Revisions != 81 {
		t.Errorf("stats: %+v", st)
	}
	fs := files(t, out)
	for _, want := range []string{"games/sushigo/rules/sushigo.yaml", "games/texasholdem/index.html", "games/openfacechinesepoker/history/index.html"} {
		if _, ok := fs[want]; !ok {
			t.Errorf("missing %s", want)
		}
	}
	if !bytes.Contains(fs["games/sushigo/rules/index.html"], []byte("Tempura")) {
		t.Errorf("Sushi Go's rule data lacks its deck")
	}
	checkLinks(t, out)
}

// checkLinks crawls every HTML file of a site: each relative link and
// resource must exist, each fragment must take a browser to the element
// it names (fragmentTarget), and the pages must parse.
func checkLinks(t *testing.T, dir string) {
	t.Helper()
	checkLinksExcept(t, dir, nil)
}

// checkLinksExcept is checkLinks where the links in known (as reported,
// "from → target#fragment …") are known to be broken: each must still be.
func checkLinksExcept(t *testing.T, dir string, known []string) {
	t.Helper()
	broken := brokenLinks(t, dir)
	isKnown := map[string]bool{}
	for _, k := range known {
		isKnown[k] = true
	}
	var unknown []string
	for _, b := range broken {
		if isKnown[b] {
			delete(isKnown, b)
		} else {
			unknown = append(unknown, b)
		}
	}
	for i, b := range unknown {
		if i == 20 {
			t.Errorf("… and %d more", len(unknown)-20)
			break
		}
		t.Errorf("broken link: %s", b)
	}
	for k := range isKnown {
		t.Errorf("listed as broken, but it is not: %s", k)
	}
}

// brokenLinks lists, sorted, the links of a site's HTML files that go
// nowhere (or, by their fragment, somewhere else: "(at id …)").
func brokenLinks(t *testing.T, dir string) []string {
	t.Helper()
	all := files(t, dir)
	ids := map[string]map[string]bool{}
	type ref struct{ from, target, frag string }
	var refs []ref
	for p, data := range all {
		if !strings.HasSuffix(p, ".html") {
			continue
		}
		doc, err := html.Parse(bytes.NewReader(data))
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		ids[p] = map[string]bool{}
		// The parts of a history's old revisions are inert <template>s
		// until the script puts a revision together: their ids and links
		// are checked in each revision, with its prefix.
		parts := map[string]*html.Node{}
		var views []*html.Node
		var walk func(n *html.Node, prefix string, seen map[string]bool)
		walk = func(n *html.Node, prefix string, seen map[string]bool) {
			if n.Type == html.ElementNode {
				if n.Data == "template" && prefix == "" {
					parts[attr(n, "id")] = n
					return
				}
				if n.Data == "details" && strings.Contains(attr(n, "class"), "revision-view") {
					views = append(views, n)
				}
				for _, a := range n.Attr {
					switch a.Key {
					case "id":
						id := prefix + a.Val
						if ids[p][id] || seen[id] {
							t.Errorf("%s: duplicate id %q", p, id)
						}
						seen[id] = true
					case "href", "src":
						// The fragment as written: a browser reads it
						// leniently ("#100%" is no bad escape to it).
						href, frag, hasFrag := strings.Cut(a.Val, "#")
						u, err := url.Parse(href)
						if err != nil {
							t.Errorf("%s: bad URL %q", p, a.Val)
							continue
						}
						if u.Scheme != "" || u.Host != "" || p == "404.html" {
							continue
						}
						target := p
						if u.Path != "" {
							target = path.Join(path.Dir(p), u.Path)
							if strings.HasSuffix(u.Path, "/") {
								target += "/index.html"
							}
						} else if hasFrag && frag != "" && u.RawQuery == "" {
							frag = prefix + frag
						}
						refs = append(refs, ref{p, target, frag})
					}
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c, prefix, seen)
			}
		}
		walk(doc, "", ids[p])
		for _, v := range views {
			sec := v.Parent
			for sec != nil && attr(sec, "class") != "revision" {
				sec = sec.Parent
			}
			if sec == nil {
				t.Errorf("%s: a revision view outside a revision", p)
				continue
			}
			seen := map[string]bool{}
			for _, k := range strings.Fields(attr(v, "data-parts")) {
				part := parts["wr-part-"+k]
				if part == nil {
					t.Errorf("%s: revision %s: no part %s", p, attr(sec, "id"), k)
					continue
				}
				for c := part.FirstChild; c != nil; c = c.NextSibling {
					walk(c, attr(sec, "id")+"-", seen)
				}
			}
			for id := range seen {
				ids[p][id] = true
			}
		}
	}
	var broken []string
	for _, r := range refs {
		if strings.HasPrefix(r.target, "../") || r.target == ".." {
			broken = append(broken, r.from+" → "+r.target+" (outside the site)")
			continue
		}
		if _, ok := all[r.target]; !ok {
			broken = append(broken, r.from+" → "+r.target)
			continue
		}
		if r.frag != "" && strings.HasSuffix(r.target, ".html") {
			if to, ok := fragmentTarget(r.frag, ids[r.target]); !ok {
				broken = append(broken, r.from+" → "+r.target+"#"+r.frag)
			} else if want := fragmentID(r.frag); to != want {
				broken = append(broken, r.from+" → "+r.target+"#"+r.frag+" (at id "+strconv.Quote(to)+", not "+strconv.Quote(want)+")")
			}
		}
	}
	sort.Strings(broken)
	return slices.Compact(broken)
}

// fragmentTarget is the id of the element a browser goes to for a link's
// fragment written frag (HTML's "indicated part of the document"): the
// URL parser percent-encodes some bytes of it (fragmentAsParsed); the
// element whose id is that fragment, else the one whose id is it
// percent-decoded. ok is false when neither is in ids.
func fragmentTarget(frag string, ids map[string]bool) (id string, ok bool) {
	f := fragmentAsParsed(frag)
	if ids[f] {
		return f, true
	}
	d := percentDecode(f)
	return d, ids[d]
}

// fragmentID is the id a link's fragment names, as MediaWiki's links
// (Sanitizer::escapeIdForLink) and html/template's percent-encoding
// write it: the fragment percent-decoded.
func fragmentID(frag string) string { return percentDecode(fragmentAsParsed(frag)) }

// fragmentAsParsed is a fragment as the URL parser keeps it: the bytes of
// the fragment percent-encode set (C0 controls, space, '"', '<', '>',
// '`', and every byte past '~') percent-encoded, tabs and newlines
// dropped, the rest (a '%' too) as it is.
func fragmentAsParsed(frag string) string {
	var b strings.Builder
	for i := 0; i < len(frag); i++ {
		switch c := frag[i]; {
		case c == '\t' || c == '\n' || c == '\r':
		case c < 0x20 || c > '~' || c == ' ' || c == '"' || c == '<' || c == '>' || c == '`':
			fmt.Fprintf(&b, "%%%02X", c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// percentDecode is the URL standard's percent-decode (a '%' not before
// two hex digits stays) and UTF-8 decode (a bad sequence as U+FFFD).
func percentDecode(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			v, _ := strconv.ParseUint(s[i+1:i+3], 16, 8)
			b = append(b, byte(v))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// oldRevision puts an old revision of a history page together from its
// parts, as the page's script does: its ids and same-page links get the
// revision's anchor before them.
func oldRevision(t *testing.T, page []byte, anchor string) string {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	parts := map[string]*html.Node{}
	var view *html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "template" {
			parts[attr(n, "id")] = n
			return
		}
		if n.Type == html.ElementNode && attr(n, "id") == anchor {
			for c := range n.Descendants() {
				if c.Type == html.ElementNode && strings.Contains(attr(c, "class"), "revision-view") {
					view = c
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if view == nil {
		t.Fatalf("no revision %s with a view", anchor)
	}
	var b bytes.Buffer
	for _, k := range strings.Fields(attr(view, "data-parts")) {
		part := parts["wr-part-"+k]
		if part == nil {
			t.Fatalf("revision %s: no part %s", anchor, k)
		}
		for c := part.FirstChild; c != nil; c = c.NextSibling {
			for n := range c.Descendants() {
				prefixIDs(n, anchor+"-")
			}
			prefixIDs(c, anchor+"-")
			html.Render(&b, c)
		}
	}
	return b.String()
}

func prefixIDs(n *html.Node, prefix string) {
	for i, a := range n.Attr {
		switch {
		case a.Key == "id":
			n.Attr[i].Val = prefix + a.Val
		case a.Key == "href" && strings.HasPrefix(a.Val, "#"):
			n.Attr[i].Val = "#" + prefix + a.Val[1:]
		}
	}
}

// A history with renames: the history page shows the section and the table
// renamed (not removed and added), the rule-table page blames each cell on
// the revision that set it across the rename, and a check that names the
// table's old id follows it.
func TestSiteRenames(t *testing.T) {
	rev := func(day int, author, summary, text string) *model.Revision {
		return &model.Revision{Timestamp: time.Date(2024, 5, day, 9, 0, 0, 0, time.UTC), Author: author, Summary: summary, Text: text, SHA1: model.TextSHA1(text)}
	}
	table := func(title, four string) string {
		return "== " + title + " ==\nThe game ends when a player reaches the target.\n{| class=\"wikitable\"\n! Players !! Target\n|-\n| 2 || 30\n|-\n| 4 || " + four + "\n|}\n"
	}
	p := &model.Page{Title: "Gamehelpdemo", Game: "demo", Kind: model.PageRules, Revisions: []*model.Revision{
		rev(1, "Ada", "first version", table("Goals", "20")),
		rev(2, "Ben", "clearer title", table("End-of-Game Trigger", "20")),
		// A revision whose text the wiki deleted: no edit, no blanking.
		{Timestamp: time.Date(2024, 5, 2, 12, 0, 0, 0, time.UTC), Author: "Vandal", Deleted: model.DeletedText},
		rev(3, "Cleo", "four players play to 18", table("End-of-Game Trigger", "18")),
	}}
	specs, err := check.LoadSpecs(fstest.MapFS{"demo.yaml": {Data: []byte("game: demo\nchecks:\n  - id: targets\n    table: demo/goals\n    expr: all(rows, .Target >= 18)\n")}}, ".", "checks")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "public")
	st := build(t, model.NewCorpus([]*model.Page{p}), site.Options{Version: "test", Suite: check.NewSuite(specs, fstest.MapFS{}, ".", "engine")}, out)
	if st.Errors != 0 || st.Failed != 0 {
		t.Errorf("the check on the renamed table: %+v", st)
	}
	fs := files(t, out)
	hist, rules := string(fs["games/demo/history/index.html"]), string(fs["games/demo/rules/index.html"])
	for _, want := range []string{
		`<span class="badge badge-rename" title="demo/goals → demo/end-of-game-trigger; “Goals” → “End-of-Game Trigger”">renamed</span>`,
		`<code>demo/end-of-game-trigger</code> <span class="badge">renamed</span> from <code>demo/goals</code>, values unchanged`,
		`<span class="badge">renamed</span> End-of-Game Trigger: renamed from “Goals”`,
	} {
		if !strings.Contains(hist, want) {
			t.Errorf("the history page lacks %q", want)
		}
	}
	if strings.Contains(hist, `change-removed`) || strings.Contains(hist, `change-added"><p><code>demo/end`) {
		t.Error("the history page shows the renamed table as removed and added")
	}
	for _, want := range []string{
		`formerly <code>demo/goals</code>`,
		`title="Last changed 2024-05-03 09:00 UTC by Cleo: four players play to 18">18<a class="blame" href="../../../games/demo/history/index.html#diff-rev-2024-05-03T09-00-00Z">2024-05-03 · Cleo</a>`,
		`title="Last changed 2024-05-01 09:00 UTC by Ada: first version">30<a class="blame" href="../../../games/demo/history/index.html#rev-2024-05-01T09-00-00Z">`,
		`values last changed <a href="../../../games/demo/history/index.html#diff-rev-2024-05-03T09-00-00Z">`,
		`badge-pass`, `targets`,
	} {
		if !strings.Contains(rules, want) {
			t.Errorf("the rule-table page lacks %q", want)
		}
	}
	checkLinks(t, out)
}
