package site_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/site"
)

// searchCase is a query and where its first result must lead.
type searchCase struct{ what, query, want string }

// TestBrowser opens the site in real Chromium, as a reader would, at 1280
// and 390 pixels, light and dark: home, a game, its history and a diff,
// its rule tables, the search, the theme; anchors land below the header
// (a table-of-contents click, a check's line link, #L13) and the target
// line is highlighted; on a phone the title is on the first screen; every
// rule table shows the values of its YAML; the search finds stems, typos
// and sections. Every link of every page resolves (checked from the files)
// and a page of every kind loads with no console error.
// WIKIRULES_SCREENSHOTS=DIR keeps a screenshot of every kind of page at
// both widths and in both themes.
func TestBrowser(t *testing.T) {
	t.Parallel()
	ctx0 := browser(t) // skip early without Chromium
	_ = ctx0
	var c *model.Corpus
	var opts site.Options
	var searches []searchCase
	if shared.Has("seeds") {
		c = testutil.SeedCorpus(t)
		opts.Version = "test"
		searches = []searchCase{
			{"a stem", "royalty", "games/openfacechinesepoker/index.html#Royalties"},
			{"a typo", "royalities", "games/openfacechinesepoker/index.html#Royalties"},
			{"a section", "wasabi", "games/sushigo/index.html#Using_Wasabi"},
		}
	} else {
		t.Log("../shared is absent: testing the site of the embedded corpus")
		c, opts = embedded(t)
		searches = []searchCase{
			{"a stem", "dealing", "games/cribbage/index.html#The_deal"},
			{"a typo", "primeira", "games/scopa/index.html#Primiera"},
			{"a section", "shooting moon", "games/hearts/index.html#Shooting_the_moon"},
		}
	}
	out := filepath.Join(t.TempDir(), "public")
	// The search index in many parts, as a large site's: a query loads
	// the parts of words and of docs it needs.
	site.SetSearchDocsPart(&opts, 7)
	build(t, c, opts, out)
	srv := httptest.NewServer(http.FileServer(http.Dir(out)))
	t.Cleanup(srv.Close)
	all := files(t, out)
	var cons console
	t.Cleanup(func() { cons.report(t) })

	// Every link of every page resolves, fragments included (from the
	// files: a browser is not needed for that).
	checkLinks(t, out)

	tocPage := pageWithTOC(t, all)
	var rulesPages []string // those with a rule table
	for p, data := range all {
		if regexp.MustCompile(`^games/[^/]+/rules/index\.html$`).MatchString(p) && bytes.Contains(data, []byte(`class="rule-table"`)) {
			rulesPages = append(rulesPages, p)
		}
	}
	sort.Strings(rulesPages)

	// The parts below run at once, each in tabs of its own.
	t.Run("story", func(t *testing.T) {
		t.Parallel()
		browserStory(t, srv.URL, all, tocPage, &cons)
	})
	// The same site on a slow connection: the search index's parts come
	// late.
	slow := httptest.NewServer(slowSearch(http.FileServer(http.Dir(out))))
	t.Cleanup(slow.Close)
	t.Run("search", func(t *testing.T) {
		t.Parallel()
		browserSearch(t, srv.URL, slow.URL, searches, &cons)
	})
	t.Run("theme", func(t *testing.T) {
		t.Parallel()
		browserTheme(t, srv.URL, &cons)
	})
	t.Run("phone", func(t *testing.T) {
		t.Parallel()
		// A phone: a compact header that does not stay, the title on
		// the first screen, the contents folded.
		ph := tab(t, phone, &cons)
		if err := chromedp.Do(ph, chromedp.Navigate(srv.URL+"/"+tocPage), chromedp.WaitVisible(chromedp.CSS("h1"))); err != nil {
			t.Fatal(err)
		}
		got := eval[string](t, ph, `(function(){var h=document.querySelector("h1").getBoundingClientRect();var top=document.querySelector(".topbar");return [Math.round(h.bottom), innerHeight, Math.round(top.getBoundingClientRect().height), getComputedStyle(top).position, getComputedStyle(document.querySelector(".sidebar")).display, document.querySelector(".toc-inline").open].join(" ")})()`)
		var bottom, height, header int
		var pos, sidebar, open string
		fmt.Sscan(got, &bottom, &height, &header, &pos, &sidebar, &open)
		if bottom <= 0 || bottom > height || header > 110 || pos == "sticky" || sidebar != "none" || open != "false" {
			t.Errorf("phone: title bottom %d of a %d px screen, header %d px (%s), sidebar %s, contents open %s", bottom, height, header, pos, sidebar, open)
		}
	})
	t.Run("tables", func(t *testing.T) {
		t.Parallel()
		browserTables(t, srv.URL, all, rulesPages, &cons)
	})
	t.Run("kinds", func(t *testing.T) {
		t.Parallel()
		browserKinds(t, srv.URL, all, rulesPages, &cons)
	})
}

// browserStory walks the site as a reader does: home → a game → its
// history and a diff → its rule tables, the contents, a check's line
// link and the wikitext's copy button.
func browserStory(t *testing.T, base string, all map[string][]byte, tocPage string, cons *console) {
	ctx, do, js := drive(t, desktop, cons)

	// Home → a game → its history and a diff → its rule tables.
	do("home", chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS(".cards")))
	do("open a game", chromedp.Click(chromedp.CSS(".cards .card a")), chromedp.WaitVisible(chromedp.CSS(".page-tabs")))
	if loc := js(`location.href`); !strings.Contains(loc, "/games/") {
		t.Fatalf("the first game card led to %s", loc)
	}
	do("history", chromedp.Click(chromedp.CSS(`.page-links a[href*="history"]`)), chromedp.WaitVisible(chromedp.CSS(".revlist")))
	if loc := js(`location.href`); !strings.Contains(loc, "/history/") {
		t.Fatalf("the history link led to %s", loc)
	}

	// The comparison of an old revision with the current one is drawn
	// side by side when opened: as many removed and added lines as its
	// summary says.
	if cmpPage := pageWith(all, `class="diff-box compare-box"`); cmpPage != "" {
		do("a comparison", chromedp.Navigate(base+"/"+cmpPage), chromedp.WaitReady(chromedp.CSS("body")),
			chromedp.Evaluate[chromedp.Void](`document.querySelector("details.compare-box").open = true`),
			chromedp.WaitVisible(chromedp.CSS("details.compare-box table.sbs")))
		got := js(`(function(){var b=document.querySelector("details.compare-box");return [b.querySelectorAll("td.code.ins").length, b.querySelector(".ins-count").textContent, b.querySelectorAll("td.code.del").length, b.querySelector(".del-count").textContent].join(" ")})()`)
		var ins, del int
		var insSum, delSum string
		fmt.Sscan(got, &ins, &insSum, &del, &delSum)
		if "+"+fmt.Sprint(ins) != insSum || "−"+fmt.Sprint(del) != delSum || ins+del == 0 {
			t.Errorf("the comparison shows %d added and %d removed lines, its summary %s %s", ins, del, insSum, delSum)
		}
	} else {
		t.Log("no history with a comparison")
	}

	// An old revision is put together from its parts when opened: its
	// headings there, with ids of its own.
	if revPage := pageWith(all, `class="revision-view"`); revPage != "" {
		do("an old revision", chromedp.Navigate(base+"/"+revPage), chromedp.WaitReady(chromedp.CSS("body")),
			chromedp.Evaluate[chromedp.Void](`document.querySelector("details.revision-view").open = true`),
			chromedp.WaitVisible(chromedp.CSS("details.revision-view .wiki-body > *")))
		got := js(`(function(){var v=document.querySelector("details.revision-view"), id=v.closest("section.revision").id;
			var hs=Array.from(v.querySelectorAll(".wiki-body [id]"));
			return [v.querySelector(".wiki-body").textContent.trim().length > 0, hs.length > 0 && hs.every(function(h){return h.id.indexOf(id+"-")===0})].join(" ")})()`)
		if got != "true true" {
			t.Errorf("the old revision put together: text, ids prefixed = %s", got)
		}
	}

	// Rule tables: the blame of each cell is hidden until the switch
	// shows who last changed it.
	do("rule tables", chromedp.Navigate(base+"/"+pageWith(all, `class="rule-table"`)), chromedp.WaitVisible(chromedp.CSS(".rules-data")))
	if shown := js(`getComputedStyle(document.querySelector(".rule-table a.blame")).display`); shown != "none" {
		t.Errorf("the cells' blame is shown before the switch is on (display %s)", shown)
	}
	do("show the blame", chromedp.Click(chromedp.CSS(".blame-toggle")), chromedp.WaitVisible(chromedp.CSS(".rule-table a.blame")))
	if title := js(`document.querySelector(".rule-table td[title]").title`); !strings.HasPrefix(title, "Last changed ") {
		t.Errorf("a cell's title: %q", title)
	}

	// A table-of-contents click lands the heading below the header.
	do("a page with contents", chromedp.Navigate(base+"/"+tocPage), chromedp.WaitVisible(chromedp.CSS(".sidebar .toc")))
	id := js(`(function(){var a=document.querySelectorAll(".sidebar .toc a");var l=a[Math.floor(a.length/2)];l.click();return decodeURIComponent(l.hash.slice(1))})()`)
	if got := js(`decodeURIComponent(location.hash.slice(1))`); got != id {
		t.Errorf("the contents link led to #%s, want #%s", got, id)
	}
	visibleBelowHeader(t, ctx, "the heading of a contents link", id)

	// A check's line link opens the wikitext at that line, below the
	// header, highlighted; so does #L13.
	do("checks", chromedp.Navigate(base+"/checks/index.html"), chromedp.WaitReady(chromedp.CSS("body")))
	if hash := js(`(function(){var a=document.querySelector('.check-links a[href*="#L"]');if(!a)return "";a.click();return a.hash})()`); hash != "" {
		waitFor(t, ctx, `document.readyState === "complete" && location.pathname.indexOf("/history/") >= 0 && location.hash === `+jsString(hash)+` ? "yes" : ""`, "the check's line link to open")
		line := js(`location.hash.slice(1)`)
		visibleBelowHeader(t, ctx, "the line of a check's link", line)
		highlighted(t, ctx, line)
	} else {
		t.Log("no check links to a line")
	}
	histPage := historyWithLines(t, all, 30)
	do("#L13", chromedp.Navigate(base+"/"+histPage+"#L13"), chromedp.WaitReady(chromedp.CSS("body")))
	visibleBelowHeader(t, ctx, "#L13", "L13")
	highlighted(t, ctx, "L13")
	// The wikitext has a copy button; it copies the text without the
	// line numbers.
	if got := js(`(function(){var b=document.querySelector("#wikitext .copy-button");if(!b)return "no button";
		var copied=null;var orig=navigator.clipboard&&navigator.clipboard.writeText;
		if(navigator.clipboard)navigator.clipboard.writeText=function(t){copied=t;return Promise.resolve()};
		b.click();return copied===null?"nothing copied":copied.split(String.fromCharCode(10))[12].trim()})()`); got != strings.TrimSpace(js(`(function(){var l=document.getElementById("L13").cloneNode(true);l.querySelector(".ln").remove();return l.textContent})()`)) {
		t.Errorf("the wikitext's copy button copies line 13 as %q", got)
	}

}

// drive opens a tab for t: do runs actions in it (failing t with what
// when they fail), js evaluates an expression to a string.
func drive(t *testing.T, o tabOptions, cons *console) (ctx context.Context, do func(what string, actions ...chromedp.Action[chromedp.Void]), js func(string) string) {
	ctx = tab(t, o, cons)
	do = func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	js = func(s string) string { t.Helper(); return eval[string](t, ctx, s) }
	return ctx, do, js
}

// browserSearch: the search finds stems, typos and sections, and opens
// the section; the search page too.
func browserSearch(t *testing.T, base, slow string, searches []searchCase, cons *console) {
	ctx, do, js := drive(t, desktop, cons)

	// The search finds stems, typos and sections, and opens the section.
	for _, sc := range searches {
		do("search "+sc.query, chromedp.Navigate(base+"/index.html"), chromedp.WaitVisible(chromedp.ID("wr-search-input")),
			chromedp.SendKeys(chromedp.ID("wr-search-input"), sc.query))
		// The results of the whole query, not of the part typed first.
		q, _ := json.Marshal(sc.query)
		first := waitFor(t, ctx, `(function(){var l=document.getElementById("wr-search-results");if(l.getAttribute("data-query")!==`+string(q)+`)return "";var a=l.querySelector("li[role=option] a");return a?a.getAttribute("href"):""})()`, "results for "+sc.query)
		if !strings.HasSuffix(first, sc.want) {
			t.Errorf("search for %s %q: the first result is %s, want %s\n%s", sc.what, sc.query, first, sc.want, js(`document.getElementById("wr-search-results").innerText`))
			continue
		}
		if mark := js(`(function(){var m=document.querySelector("#wr-search-results li mark");return m?m.textContent:""})()`); mark == "" {
			t.Errorf("search %q: no word of the first result is highlighted", sc.query)
		}
		do("open "+sc.query, chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.Enter))
		waitFor(t, ctx, `document.readyState === "complete" && (location.pathname.replace(/index\.html$/, "") + location.hash).endsWith(`+jsString(strings.Replace(sc.want, "index.html", "", 1))+`) ? "yes" : ""`, "the result to open")
		frag := sc.want[strings.IndexByte(sc.want, '#')+1:]
		visibleBelowHeader(t, ctx, "the section "+sc.query+" leads to", frag)
	}
	// A query typed further while the parts for its beginning still load
	// waits for them (it once took them as loaded, and found nothing).
	sc := searches[0]
	do("slow search", chromedp.Navigate(slow+"/index.html"), chromedp.WaitVisible(chromedp.ID("wr-search-input")),
		chromedp.SendKeys(chromedp.ID("wr-search-input"), sc.query[:2]), chromedp.Sleep(200*time.Millisecond),
		chromedp.SendKeys(chromedp.ID("wr-search-input"), sc.query[2:]))
	q, _ := json.Marshal(sc.query)
	if first := waitFor(t, ctx, `(function(){var l=document.getElementById("wr-search-results");if(l.getAttribute("data-query")!==`+string(q)+`)return "";var a=l.querySelector("li[role=option] a");return a?a.getAttribute("href"):"none"})()`, "results for "+sc.query+" on a slow connection"); !strings.HasSuffix(first, sc.want) {
		t.Errorf("search for %q on a slow connection: the first result is %s, want %s", sc.query, first, sc.want)
	}

	// The search page, for the typo.
	do("search page", chromedp.Navigate(base+"/search/index.html?q="+url.QueryEscape(searches[1].query)), chromedp.WaitVisible(chromedp.CSS("#wr-search-page-results li")))
	if first := js(`document.querySelector("#wr-search-page-results li a").getAttribute("href")`); !strings.HasSuffix(first, searches[1].want) {
		t.Errorf("search page for %q: first result %s", searches[1].query, first)
	}
	if status := js(`document.getElementById("wr-search-status").textContent`); !strings.Contains(status, "result") {
		t.Errorf("search page status %q", status)
	}
}

// slowSearch serves h, the search index's parts 400 ms late, as a slow
// connection does.
func slowSearch(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/search/") && strings.HasSuffix(r.URL.Path, ".js") {
			time.Sleep(400 * time.Millisecond)
		}
		h.ServeHTTP(w, r)
	})
}

// browserTheme: the dark theme sticks; "/" focuses the search box.
func browserTheme(t *testing.T, base string, cons *console) {
	_, do, js := drive(t, desktop, cons)

	// Dark mode: the toggle switches the theme, and it sticks.
	do("dark mode", chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS(".theme-toggle")),
		chromedp.Evaluate[chromedp.Void](`localStorage.removeItem("wikirules-theme"); document.documentElement.dataset.theme = "light"`),
		chromedp.Click(chromedp.CSS(".theme-toggle")))
	theme, bg := js(`document.documentElement.dataset.theme`), js(`getComputedStyle(document.body).backgroundColor`)
	do("reload", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(".theme-toggle")))
	if after := js(`document.documentElement.dataset.theme`); theme != "dark" || bg != "rgb(20, 24, 29)" || after != "dark" {
		t.Errorf("dark mode: theme %q, background %s, after a reload %q", theme, bg, after)
	}
	// Keyboard: "/" focuses the search box.
	do("slash", chromedp.KeyEvent("/"))
	if f := js(`document.activeElement ? document.activeElement.id : ""`); f != "wr-search-input" {
		t.Errorf(`"/" focused %q, not the search box`, f)
	}
	do("forget the theme", chromedp.Evaluate[chromedp.Void](`localStorage.removeItem("wikirules-theme")`))

}

// browserTables: every rule table shows exactly the values of its YAML.
func browserTables(t *testing.T, base string, all map[string][]byte, rulesPages []string, cons *console) {
	var compared atomic.Int64
	parallel(t, 2, desktop, cons, rulesPages, func(ctx context.Context, p string) error {
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/"+p), chromedp.WaitReady(chromedp.CSS("body"))); err != nil {
			return fmt.Errorf("%s: %v", p, err)
		}
		shown, err := chromedp.Run(ctx, chromedp.Evaluate[[]shownTable](`Array.from(document.querySelectorAll("section.rule-table")).map(function(s){
			var t=s.querySelector(".table-scroll table");
			return {id: s.id, columns: Array.from(t.querySelectorAll("thead th")).map(function(th){return th.innerText.trim()}),
				rows: Array.from(t.querySelectorAll("tbody tr")).map(function(tr){return Array.from(tr.children).map(function(td){
					return Array.from(td.childNodes).filter(function(n){return n.nodeType===3}).map(function(n){return n.textContent}).join("")})})}})`))
		if err != nil {
			return fmt.Errorf("%s: %v", p, err)
		}
		if err := compareTables(p, shown, all); err != nil {
			return err
		}
		compared.Add(int64(len(shown)))
		return nil
	})
	t.Logf("%d rule tables compared with their YAML on %d pages", compared.Load(), len(rulesPages))

}

// browserKinds: a page of every kind loads with no console error; with
// WIKIRULES_SCREENSHOTS, each at both widths and in both themes.
func browserKinds(t *testing.T, base string, all map[string][]byte, rulesPages []string, cons *console) {
	kinds := pageKinds(all, base)
	shots := os.Getenv("WIKIRULES_SCREENSHOTS")
	if shots == "" {
		// Those opened above already (the same page: the home, the
		// checks, the search page; every rules page with a table) are
		// not opened again.
		kinds = slices.DeleteFunc(kinds, func(k pageKind) bool {
			return k.name == "home" || k.name == "checks" || k.name == "search" ||
				k.name == "rules" && slices.Contains(rulesPages, strings.TrimPrefix(k.url, base+"/"))
		})
		parallel(t, 2, desktop, cons, kinds, func(ctx context.Context, k pageKind) error {
			return chromedp.Do(ctx, chromedp.Navigate(k.url), chromedp.WaitReady(chromedp.CSS("body")), chromedp.Sleep(50*time.Millisecond))
		})
		t.Logf("%d kinds of page opened (WIKIRULES_SCREENSHOTS=DIR keeps screenshots of each)", len(kinds))
		return
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, o := range []tabOptions{desktop, phone, {width: 1280, height: 900, dark: true}, {width: 390, height: 844, mobile: true, dark: true}} {
		parallel(t, 3, o, cons, kinds, func(ctx context.Context, k pageKind) error {
			if err := chromedp.Do(ctx, chromedp.Navigate(k.url), chromedp.WaitReady(chromedp.CSS("body")), chromedp.Sleep(100*time.Millisecond)); err != nil {
				return fmt.Errorf("%s: %v", k.url, err)
			}
			buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				return fmt.Errorf("screenshot %s: %v", k.name, err)
			}
			theme := "light"
			if o.dark {
				theme = "dark"
			}
			return os.WriteFile(filepath.Join(shots, fmt.Sprintf("%s-%d-%s.png", k.name, o.width, theme)), buf, 0o644)
		})
	}
	t.Logf("screenshots of %d kinds of page in %s", len(kinds), shots)
}

// shownTable is a rule table as the page shows it.
type shownTable struct {
	ID      string     `json:"id"`
	Columns []string   `json:"columns"`
	Rows    [][]string `json:"rows"`
}

// visibleBelowHeader fails unless the element with the id is on screen,
// below the sticky header.
func visibleBelowHeader(t *testing.T, ctx context.Context, what, id string) {
	t.Helper()
	got := eval[string](t, ctx, `(function(){var e=document.getElementById(`+jsString(id)+`);if(!e)return "missing";var r=e.getBoundingClientRect();var h=document.querySelector(".topbar").getBoundingClientRect();
		var sticky=getComputedStyle(document.querySelector(".topbar")).position==="sticky";
		return [Math.round(r.top), Math.round(r.bottom), sticky?Math.round(h.bottom):0, innerHeight].join(" ")})()`)
	var top, bottom, header, height int
	if _, err := fmt.Sscan(got, &top, &bottom, &header, &height); err != nil {
		t.Errorf("%s: #%s is %s", what, id, got)
		return
	}
	if top < header-1 || top >= height || bottom <= header {
		t.Errorf("%s: #%s spans %d–%d px; the header ends at %d px, the screen at %d px", what, id, top, bottom, header, height)
	}
}

// highlighted fails unless the line with the id stands out from the next.
func highlighted(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	got := eval[string](t, ctx, `(function(){var e=document.getElementById(`+jsString(id)+`);var n=e.nextElementSibling||e.previousElementSibling;return getComputedStyle(e).backgroundColor+"|"+getComputedStyle(n).backgroundColor})()`)
	a, b, _ := strings.Cut(got, "|")
	if a == b || a == "rgba(0, 0, 0, 0)" {
		t.Errorf("#%s is not highlighted: background %s, the next line's %s", id, a, b)
	}
}

// waitFor polls a JavaScript expression until it is not empty.
func waitFor(t *testing.T, ctx context.Context, expr, what string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		if err == nil && v != "" {
			return v
		}
		if time.Now().After(deadline) {
			loc, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href`))
			t.Fatalf("waiting for %s (at %s): %v", what, loc, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func jsString(s string) string { return fmt.Sprintf("%q", s) }

// pageWithTOC is the game page with the longest table of contents.
func pageWithTOC(t *testing.T, all map[string][]byte) string {
	best, n := "", 0
	for p, data := range all {
		if !regexp.MustCompile(`^(games|wiki)/[^/]+/index\.html$`).MatchString(p) {
			continue
		}
		if c := strings.Count(string(data), `<li class="toc-l`); c > n || c == n && p < best {
			best, n = p, c
		}
	}
	if n < 3 {
		t.Fatalf("no page has a table of contents of 3 entries")
	}
	return best
}

// pageWith is the first page (by path) whose HTML has s, or "".
func pageWith(all map[string][]byte, s string) string {
	var ps []string
	for p, data := range all {
		if strings.HasSuffix(p, ".html") && strings.Contains(string(data), s) {
			ps = append(ps, p)
		}
	}
	sort.Strings(ps)
	if len(ps) == 0 {
		return ""
	}
	return ps[0]
}

// historyWithLines is a history page whose wikitext has at least n lines.
func historyWithLines(t *testing.T, all map[string][]byte, n int) string {
	var ps []string
	for p, data := range all {
		if strings.HasSuffix(p, "/history/index.html") && strings.Contains(string(data), fmt.Sprintf(`id="L%d"`, n)) {
			ps = append(ps, p)
		}
	}
	if len(ps) == 0 {
		t.Fatalf("no wikitext of %d lines", n)
	}
	sort.Strings(ps)
	return ps[0]
}

// pageKind is a page standing for its kind.
type pageKind struct{ name, url string }

// pageKinds picks a page of every kind the site has.
func pageKinds(all map[string][]byte, base string) []pageKind {
	patterns := []struct{ name, re string }{
		{"home", `^index\.html$`}, {"game", `^games/[^/]+/index\.html$`}, {"tips", `^games/[^/]+/tips/index\.html$`},
		{"history", `^games/[^/]+/history/index\.html$`}, {"rules", `^games/[^/]+/rules/index\.html$`},
		{"page", `^wiki/[^/]+/index\.html$`}, {"page-history", `^wiki/[^/]+/history/index\.html$`},
		{"all-pages", `^pages/index\.html$`}, {"categories", `^categories/index\.html$`}, {"category", `^categories/[^/]+/index\.html$`},
		{"checks", `^checks/index\.html$`}, {"search", `^search/index\.html$`}, {"not-found", `^404\.html$`}, {"markdown", `^[^/]+/index\.html$`},
	}
	var out []pageKind
	for _, k := range patterns {
		re := regexp.MustCompile(k.re)
		var best string
		size := -1
		for p, data := range all {
			if !re.MatchString(p) || k.name == "markdown" && strings.Contains("games wiki pages categories checks search", strings.Split(p, "/")[0]) {
				continue
			}
			// The biggest page of its kind shows the most.
			if len(data) > size || len(data) == size && p < best {
				best, size = p, len(data)
			}
		}
		if best == "" {
			continue
		}
		u := base + "/" + best
		if k.name == "search" {
			u += "?q=points"
		}
		out = append(out, pageKind{k.name, u})
	}
	return out
}

// TestBrowserWikiColors: in the dark theme, a wiki table with an inline
// width and light background shrinks to its content, a cell with a light
// background keeps dark text, and text with an inline dark colour is made
// light.
func TestBrowserWikiColors(t *testing.T) {
	t.Parallel()
	browser(t)
	c := corpusOf(map[string]string{"Styled": `{| class="wikitable" style="width:100%; background:#ffffff"
! style="background:#eeeeee" | Card !! Points
|-
| style="background:#ffffcc" | Ace || 11
|-
| Two || 4
|}
A paragraph with <span style="color:#222222">dark text</span>.`})
	out := filepath.Join(t.TempDir(), "public")
	build(t, c, site.Options{Version: "test"}, out)
	srv := httptest.NewServer(http.FileServer(http.Dir(out)))
	defer srv.Close()
	var cons console
	defer cons.report(t)
	ctx := tab(t, tabOptions{width: 1280, height: 900, dark: true}, &cons)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/wiki/styled/index.html"), chromedp.WaitReady(chromedp.CSS("body"))); err != nil {
		t.Fatal(err)
	}
	got := eval[string](t, ctx, `(function(){
		function lum(c){var m=/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)/.exec(c);return (0.2126*m[1]+0.7152*m[2]+0.0722*m[3])/255}
		var t=document.querySelector(".wiki-body table"), body=document.querySelector(".wiki-body");
		var ace=Array.from(document.querySelectorAll(".wiki-body td")).find(function(td){return td.textContent.trim()==="Ace"});
		var dark=document.querySelector(".wiki-body span[style]");
		return [Math.round(t.getBoundingClientRect().width), Math.round(body.getBoundingClientRect().width),
			lum(getComputedStyle(document.body).backgroundColor).toFixed(2), lum(getComputedStyle(ace).color).toFixed(2), lum(getComputedStyle(dark).color).toFixed(2)].join(" ")})()`)
	var tw, bw int
	var page, ace, dark float64
	fmt.Sscan(got, &tw, &bw, &page, &ace, &dark)
	if page > 0.2 {
		t.Fatalf("the page is not in the dark theme (%s)", got)
	}
	if tw >= bw/2 {
		t.Errorf("the table is %d px wide in a %d px body: not shrunk to its content", tw, bw)
	}
	if ace > 0.3 {
		t.Errorf("text on a light inline background is light (luminance %.2f)", ace)
	}
	if dark < 0.6 {
		t.Errorf("text of an inline dark colour stays dark on the dark theme (luminance %.2f)", dark)
	}
}
