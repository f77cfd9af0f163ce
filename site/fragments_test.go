package site_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"golang.org/x/net/html"

	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/site"
)

// fragmentHeadings are the ids of the headings of fragments.txtar's game
// page, in order.
var fragmentHeadings = []string{"100%", "100%25", "Q&A", "a_b", "Élan", "C++", `"quoted"`, "50%25", "Scoring_1", "user-wr-main"}

// escapeIDForLink is MediaWiki's Sanitizer::escapeIdForLink of an id
// ($wgFragmentMode html5): a '%' before two hex digits as "%25".
func escapeIDForLink(id string) string {
	return regexp.MustCompile(`%([a-fA-F0-9]{2})`).ReplaceAllString(id, "%25$1")
}

// buildFragments builds fragments.txtar's site.
func buildFragments(t *testing.T) (out string, all map[string][]byte) {
	t.Helper()
	ar := testutil.ReadArchive(t, "testdata/sites/fragments.txtar")
	dir := t.TempDir()
	ar.WriteFiles(t, dir, func(name string) bool { return strings.HasPrefix(name, "input/") })
	c, err := corpus.Load([]string{filepath.Join(dir, "input")}, corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out = filepath.Join(dir, "public")
	build(t, c, site.Options{Version: "test"}, out)
	return out, files(t, out)
}

// pageLinks are the hrefs of a page's links that are in (or are) an
// element for which in is true.
func pageLinks(t *testing.T, page []byte, in func(n *html.Node) bool) []string {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode || n.Data != "a" {
			continue
		}
		for p := n; p != nil; p = p.Parent {
			if p.Type == html.ElementNode && in(p) {
				out = append(out, attr(n, "href"))
				break
			}
		}
	}
	return out
}

// inClass is pageLinks' test of an element of a class.
func inClass(class string) func(n *html.Node) bool {
	return func(n *html.Node) bool { return hasClass(n, class) }
}

// TestFragmentLinks: every link the site writes to a heading of
// fragments.txtar ("100%", "Q&A", "Élan", "50%25"…) writes its id as
// MediaWiki does (Sanitizer::escapeIdForLink: "#100%", "#50%2525", not
// url.PathEscape's "#100%25", another heading's id): its permalink, the
// page's [[#…]] links (in the old revision too), another page's
// [[Page#…]] links, a redirect to a section and the search index; and
// each lands on its heading by the browser's rule (fragmentTarget). So
// does the layouts' table of contents (templates.FragmentHref), both of
// them; its lines keep their formatting. The rule-tables page links to
// its table (an anchor of a non-ASCII letter) the same way.
func TestFragmentLinks(t *testing.T) {
	_, all := buildFragments(t)
	page := all["games/frag/index.html"]
	ids := map[string]bool{}
	for _, id := range fragmentHeadings {
		ids[id] = true
	}
	want := func(prefix string) []string {
		var out []string
		for _, id := range fragmentHeadings {
			out = append(out, prefix+"#"+escapeIDForLink(id))
		}
		return out
	}
	lands := func(what string, hrefs []string, prefix string) {
		t.Helper()
		for i, h := range hrefs {
			frag, ok := strings.CutPrefix(h, prefix+"#")
			if !ok {
				t.Errorf("%s: link %d is %q", what, i+1, h)
				continue
			}
			if to, ok := fragmentTarget(frag, ids); !ok || to != fragmentID(frag) {
				t.Errorf("%s: %q goes to %q (found: %v), not to %q", what, h, to, ok, fragmentID(frag))
			}
		}
	}

	// The permalinks and the page's links.
	perma := pageLinks(t, page, inClass("wr-anchor"))
	if !slices.Equal(perma, want("")) {
		t.Errorf("permalinks\n got %q\nwant %q", perma, want(""))
	}
	lands("permalinks", perma, "")
	body := pageLinks(t, page, func(n *html.Node) bool { return n.Data == "p" && attr(n, "class") == "" })
	if !slices.Equal(body, want("")) {
		t.Errorf("[[#…]] links\n got %q\nwant %q", body, want(""))
	}
	lands("[[#…]] links", body, "")

	// The old revision's links, as its script puts it together (its ids
	// and same-page links get its anchor before them).
	const anchor = "rev-2024-06-01T10-00-00Z"
	old := pageLinks(t, []byte(oldRevision(t, all["games/frag/history/index.html"], anchor)), func(n *html.Node) bool { return n.Data == "p" })
	if !slices.Equal(old, prefixed(want(""), anchor+"-")) {
		t.Errorf("the old revision's [[#…]] links\n got %q\nwant %q", old, prefixed(want(""), anchor+"-"))
	}

	// Another page's links and a redirect to a section.
	other := pageLinks(t, all["wiki/fragment-links/index.html"], inClass("wiki-body"))
	wantOther := slices.DeleteFunc(want("../../games/frag/index.html"), func(h string) bool { return strings.HasSuffix(h, "Scoring_1") })
	wantOther = append(wantOther, "../../games/frag/index.html#100%") // [[Full]], a redirect to Gamehelpfrag#100%
	if !slices.Equal(other, wantOther) {
		t.Errorf("[[Gamehelpfrag#…]] links\n got %q\nwant %q", other, wantOther)
	}
	lands("[[Gamehelpfrag#…]] links", other, "../../games/frag/index.html")
	if r := all["wiki/full/index.html"]; !bytes.Contains(r, []byte(`url=../../games/frag/index.html#100%"`)) {
		t.Errorf("the redirect to Gamehelpfrag#100%% does not refresh to #100%%:\n%s", r)
	}

	// The search index's sections.
	var sections []string
	for _, d := range searchEntries(t, all) {
		if u := d[2].(string); strings.HasPrefix(u, "games/frag/index.html#") {
			sections = append(sections, u)
		}
	}
	if !slices.Equal(sections, want("games/frag/index.html")) {
		t.Errorf("the search index's sections\n got %q\nwant %q", sections, want("games/frag/index.html"))
	}
	lands("the search index", sections, "games/frag/index.html")

	// The table of contents, in the sidebar and folded for a phone: each
	// line links to its heading as the other links do (the layouts'
	// fragmentHref: "#100%", "#Q&A", not html/template's "#100%25", a
	// heading "100%25"'s id, or "#Q%26A"), lands there, and keeps its
	// formatting.
	for _, toc := range []struct {
		what string
		in   func(n *html.Node) bool
	}{
		{"the table of contents", func(n *html.Node) bool { return n.Data == "aside" }},
		{"the folded table of contents", inClass("toc-inline")},
	} {
		hrefs := pageLinks(t, page, toc.in)
		if !slices.Equal(hrefs, want("")) {
			t.Errorf("%s\n got %q\nwant %q", toc.what, hrefs, want(""))
		}
		lands(toc.what, hrefs, "")
	}
	if n := bytes.Count(page, []byte(`<span class="tocnumber">9</span> <i>Scoring</i> <sup>1</sup></a>`)); n != 2 {
		t.Errorf("the tables of contents' line 9 keeps its formatting %d times, not 2", n)
	}

	// The rule-tables page's lists of its tables (in the sidebar and
	// folded) link to the table under "Élan" as to a heading ("#t-frag-élan",
	// not html/template's "#t-frag-%c3%a9lan"), and land there.
	const rulesPage = "games/frag/rules/index.html"
	rules := all[rulesPage]
	tableIDs := map[string]bool{}
	doc, err := html.Parse(bytes.NewReader(rules))
	if err != nil {
		t.Fatal(err)
	}
	for n := range doc.Descendants() {
		if id := attr(n, "id"); n.Type == html.ElementNode && id != "" {
			tableIDs[id] = true
		}
	}
	tables := pageLinks(t, rules, func(n *html.Node) bool { return n.Data == "nav" && hasClass(n, "toc") })
	if want := []string{"#t-frag-élan", "#t-frag-élan"}; !slices.Equal(tables, want) || !tableIDs["t-frag-élan"] {
		t.Errorf("%s: the lists of tables link to %q, want %q (a table of id t-frag-élan: %v)", rulesPage, tables, want, tableIDs["t-frag-élan"])
	}
	for _, h := range tables {
		if to, ok := fragmentTarget(strings.TrimPrefix(h, "#"), tableIDs); !ok || to != "t-frag-élan" {
			t.Errorf("%s: %q goes to %q (found: %v)", rulesPage, h, to, ok)
		}
	}
}

// prefixed puts prefix after the "#" of each href.
func prefixed(hrefs []string, prefix string) []string {
	out := make([]string, len(hrefs))
	for i, h := range hrefs {
		out[i] = strings.Replace(h, "#", "#"+prefix, 1)
	}
	return out
}

// searchEntries reads the search index's docs: [title, page, url, kind,
// text] each.
func searchEntries(t *testing.T, all map[string][]byte) [][]any {
	t.Helper()
	var parts []string
	for p := range all {
		if strings.HasPrefix(p, "search/docs-") {
			parts = append(parts, p)
		}
	}
	slices.Sort(parts)
	var out [][]any
	for _, p := range parts {
		s := string(all[p])
		i, j := strings.Index(s, "=["), strings.LastIndexByte(s, ']')
		if i < 0 || j < i {
			t.Fatalf("%s: no list of docs", p)
		}
		var docs [][]any
		if err := json.Unmarshal([]byte(s[i+1:j+1]), &docs); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		out = append(out, docs...)
	}
	return out
}

// TestBrowserFragments asks Chromium where the links of fragments.txtar's
// site go (the :target of each): every same-page link of the game page
// (skip link, table of contents, permalinks, [[#…]] links: 18 hrefs, one
// per heading), another page's links to
// its sections and a redirect to one; each must be where fragmentTarget,
// the rule checkLinks and TestFragmentLinks apply, says it goes.
func TestBrowserFragments(t *testing.T) {
	t.Parallel()
	browser(t) // skip early without Chromium
	out, all := buildFragments(t)
	srv := httptest.NewServer(http.FileServer(http.Dir(out)))
	t.Cleanup(srv.Close)
	var cons console
	t.Cleanup(func() { cons.report(t) })
	ctx := tab(t, desktop, &cons)
	page := srv.URL + "/games/frag/index.html"
	ids := map[string]bool{}
	doc, err := html.Parse(bytes.NewReader(all["games/frag/index.html"]))
	if err != nil {
		t.Fatal(err)
	}
	for n := range doc.Descendants() {
		if id := attr(n, "id"); n.Type == html.ElementNode && id != "" {
			ids[id] = true
		}
	}
	target := `(document.querySelector(":target")||{id:"(none)"}).id`
	// The game page loaded (the file server sends index.html's path to
	// its directory's).
	atGame := `/\/games\/frag\/(index\.html)?$/.test(location.pathname)&&document.readyState==="complete"?`

	// Same-page links: clicked one after the other.
	if err := chromedp.Do(ctx, chromedp.Navigate(page)); err != nil {
		t.Fatal(err)
	}
	var hrefs []string
	seen := map[string]bool{}
	for _, h := range pageLinks(t, all["games/frag/index.html"], func(*html.Node) bool { return true }) {
		if strings.HasPrefix(h, "#") && !seen[h] {
			seen[h] = true
			hrefs = append(hrefs, h)
		}
	}
	// The skip link, then a link to each heading as MediaWiki writes it
	// (the table of contents, the permalinks and the [[#…]] links write
	// the same: "#100%", not "#100%25"), then the [[#…]] links to the
	// legacy ids. Each heading's link clicked is the first of its href,
	// the sidebar's table of contents'.
	wantHrefs := []string{"#wr-main"}
	for _, id := range fragmentHeadings {
		wantHrefs = append(wantHrefs, "#"+escapeIDForLink(id))
	}
	wantHrefs = append(wantHrefs, "#100.25", "#100.2525", "#Q.26A", "#.C3.89lan", "#C.2B.2B", "#.22quoted.22", "#50.2525")
	if !slices.Equal(hrefs, wantHrefs) {
		t.Fatalf("the same-page links\n got %q\nwant %q", hrefs, wantHrefs)
	}
	for i, h := range hrefs {
		want, ok := fragmentTarget(h[1:], ids)
		if !ok {
			want = "(none)"
		}
		got := eval[string](t, ctx, `(function(){var a=[...document.querySelectorAll("a")].find(function(a){return a.getAttribute("href")===`+jsString(h)+`});a.click();return (a.closest("aside .toc")?"toc":"-")+" "+location.hash+" "+`+target+`})()`)
		where, got, _ := strings.Cut(got, " ")
		hash, id, _ := strings.Cut(got, " ")
		if id != want {
			t.Errorf("%q (location.hash %s): Chromium goes to %q, fragmentTarget says %q", h, hash, id, want)
		}
		if toc := 1 <= i && i <= len(fragmentHeadings); toc != (where == "toc") {
			t.Errorf("%q: the link clicked is in the table of contents: %v, want %v", h, where == "toc", toc)
		}
	}

	// Another page's links, and a redirect to a section: loaded.
	other := pageLinks(t, all["wiki/fragment-links/index.html"], inClass("wiki-body"))
	for _, h := range other {
		frag := h[strings.IndexByte(h, '#')+1:]
		want, _ := fragmentTarget(frag, ids)
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/wiki/fragment-links/index.html")); err != nil {
			t.Fatal(err)
		}
		eval[string](t, ctx, `(function(){var a=[...document.querySelectorAll(".wiki-body a")].find(function(a){return a.getAttribute("href")===`+jsString(h)+`});location.href=a.href;return ""})()`)
		id := waitFor(t, ctx, atGame+target+`:""`, "the link "+h)
		if id != want {
			t.Errorf("%q from another page: Chromium goes to %q, fragmentTarget says %q", h, id, want)
		}
	}
	// (A tab that does not count console errors: the redirect page has
	// no icon, and Chromium asks for /favicon.ico.)
	rctx := tab(t, desktop, nil)
	if err := chromedp.Do(rctx, chromedp.Navigate(srv.URL+"/wiki/full/index.html")); err != nil {
		t.Fatal(err)
	}
	if id := waitFor(t, rctx, atGame+target+`:""`, "the redirect"); id != "100%" {
		t.Errorf("the redirect to Gamehelpfrag#100%%: Chromium goes to %q", id)
	}
}
