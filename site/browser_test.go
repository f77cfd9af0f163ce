package site_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/site"
)

// chromium finds a Chromium to drive. Without one the browser test skips,
// unless WIKIRULES_REQUIRE_BROWSER is set (CI sets it: .ci/run installs
// Debian's chromium).
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("WIKIRULES_REQUIRE_BROWSER") != "" {
		t.Fatal("no chromium on PATH, and WIKIRULES_REQUIRE_BROWSER is set")
	}
	t.Skip("no chromium on PATH: the browser test needs Debian's chromium package (apt-get install chromium)")
	return ""
}

// TestBrowser opens the site in real Chromium, as a reader would: home,
// a game, its history and a diff, its rule tables, the search, the dark
// theme; then it visits every page and fails on console errors and broken
// links. Screenshots go to the test's temporary directory (or to
// $WIKIRULES_SCREENSHOTS).
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	exe := chromium(t)
	var c *model.Corpus
	query, expect := "Tempura", "Sushigo"
	if shared.Has("seeds") {
		c = testutil.SeedCorpus(t)
	} else {
		t.Log("../shared is absent: testing the site of the embedded corpus")
		c, _ = embedded(t)
		query, expect = "queen", "Hearts"
	}
	out := filepath.Join(t.TempDir(), "public")
	build(t, c, site.Options{Version: "test"}, out)
	srv := httptest.NewServer(http.FileServer(http.Dir(out)))
	defer srv.Close()
	shots := os.Getenv("WIKIRULES_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	}

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 900),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()

	// The console of every page: errors and uncaught exceptions fail the
	// test (a failed resource load is an error entry of the browser log).
	messages := chromedp.Console(ctx)
	var mu sync.Mutex
	var consoleErrors []string
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException {
				mu.Lock()
				consoleErrors = append(consoleErrors, fmt.Sprintf("%s:%d: %s", m.URL, m.Line+1, m.Text))
				mu.Unlock()
			}
		}
	}()
	do := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	shot := func(name string) {
		t.Helper()
		buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatalf("screenshot %s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(shots, name+".png"), buf, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	get := func(a chromedp.Action[string]) string {
		t.Helper()
		v, err := chromedp.Run(ctx, a)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	eval := func(js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v
	}

	// Home → a game.
	do("home", chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(chromedp.CSS(".cards")))
	shot("1-home")
	do("open a game", chromedp.Click(chromedp.CSS(".cards .card a")), chromedp.WaitVisible(chromedp.CSS(".page-tabs")))
	shot("2-game")
	if loc := get(chromedp.Location()); !strings.Contains(loc, "/games/") {
		t.Fatalf("the first game card led to %s", loc)
	}
	// History and a diff.
	do("history", chromedp.Click(chromedp.CSS(`.page-links a[href*="history"]`)), chromedp.WaitVisible(chromedp.CSS(".revlist")))
	if loc := get(chromedp.Location()); !strings.Contains(loc, "/history/") {
		t.Fatalf("the history link led to %s", loc)
	}
	if eval(`String(document.querySelectorAll("details.diff-box").length)`) != "0" {
		do("open the diffs", chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("details.diff-box").forEach(d => d.open = true)`),
			chromedp.WaitVisible(chromedp.CSS("details.diff-box .diff")))
		shot("3-history")
	}
	// Rule tables.
	do("rule tables", chromedp.Navigate(srv.URL+"/games/"+strings.ToLower(expect)+"/rules/index.html"), chromedp.WaitVisible(chromedp.CSS(".rules-data")))
	shot("4-rules")
	if text := get(chromedp.Text(chromedp.CSS(".rules-data"))); !strings.Contains(text, "YAML") {
		t.Errorf("the rule-data page shows no table:\n%s", text)
	}
	// Blame: hidden until the switch shows who last changed each cell.
	if shown := eval(`getComputedStyle(document.querySelector(".rule-table a.blame")).display`); shown != "none" {
		t.Errorf("the cells' blame is shown before the switch is on (display %s)", shown)
	}
	do("show the blame", chromedp.Click(chromedp.CSS(".blame-toggle")), chromedp.WaitVisible(chromedp.CSS(".rule-table a.blame")))
	shot("4-rules-blame")
	if title := eval(`document.querySelector(".rule-table td[title]").title`); !strings.HasPrefix(title, "Last changed ") {
		t.Errorf("a cell's title: %q", title)
	}
	// Search from the top bar: type, then pick the first result.
	do("search", chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(chromedp.ID("wr-search-input")),
		chromedp.SendKeys(chromedp.ID("wr-search-input"), query), chromedp.WaitVisible(chromedp.CSS("#wr-search-results li a")))
	shot("5-search")
	if results := get(chromedp.Text(chromedp.ID("wr-search-results"))); !strings.Contains(results, expect) {
		t.Errorf("searching %q: the results %q lack %s", query, results, expect)
	}
	do("select a result", chromedp.KeyEvent(kb.ArrowDown))
	if sel := eval(`String(document.querySelectorAll('#wr-search-results li[aria-selected="true"]').length) + " " + document.activeElement.id`); sel != "1 wr-search-input" {
		t.Errorf("after ArrowDown: %s", sel)
	}
	do("open a result", chromedp.KeyEvent(kb.Enter), chromedp.Sleep(500*time.Millisecond), chromedp.WaitReady(chromedp.CSS("body")))
	if loc := get(chromedp.Location()); !strings.Contains(loc, "/games/") {
		t.Errorf("the first search result led to %s", loc)
	}
	// The search page.
	do("search page", chromedp.Navigate(srv.URL+"/search/index.html?q="+url.QueryEscape(query)), chromedp.WaitVisible(chromedp.CSS("#wr-search-page-results li")))
	if status := get(chromedp.Text(chromedp.ID("wr-search-status"))); !strings.Contains(status, "result") {
		t.Errorf("search page status %q", status)
	}
	// Dark mode: the toggle switches the theme, and it sticks.
	do("dark mode", chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(chromedp.CSS(".theme-toggle")),
		chromedp.Evaluate[chromedp.Void](`localStorage.removeItem("wikirules-theme"); document.documentElement.dataset.theme = "light"`),
		chromedp.Click(chromedp.CSS(".theme-toggle")))
	theme, bg := eval(`document.documentElement.dataset.theme`), eval(`getComputedStyle(document.body).backgroundColor`)
	shot("6-dark")
	do("reload", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(".theme-toggle")))
	if after := eval(`document.documentElement.dataset.theme`); theme != "dark" || bg != "rgb(20, 24, 29)" || after != "dark" {
		t.Errorf("dark mode: theme %q, background %s, after a reload %q", theme, bg, after)
	}
	// Keyboard: "/" focuses the search box.
	do("slash", chromedp.KeyEvent("/"))
	if f := eval(`document.activeElement ? document.activeElement.id : ""`); f != "wr-search-input" {
		t.Errorf(`"/" focused %q, not the search box`, f)
	}

	// Crawl: every page reachable from the home page loads, with no
	// console error, and every link it has answers.
	seen := map[string]bool{}
	queue := []string{srv.URL + "/index.html"}
	var broken []string
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		if seen[u] {
			continue
		}
		seen[u] = true
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			broken = append(broken, fmt.Sprintf("%s: %d", strings.TrimPrefix(u, srv.URL), resp.StatusCode))
			continue
		}
		if !strings.HasSuffix(u, ".html") && !strings.HasSuffix(u, "/") {
			continue
		}
		do("crawl "+u, chromedp.Navigate(u), chromedp.WaitReady(chromedp.CSS("body")))
		links, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("a[href], link[href], script[src], img[src]")).map(e => e.href || e.src)`))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range links {
			lu, err := url.Parse(l)
			if err != nil || !strings.HasPrefix(l, srv.URL) {
				continue
			}
			lu.Fragment = ""
			if lu.Path == "/search/index.html" {
				lu.RawQuery = "" // red links search for their title
			}
			if !seen[lu.String()] {
				queue = append(queue, lu.String())
			}
		}
	}
	sort.Strings(broken)
	for _, b := range broken {
		t.Errorf("broken link: %s", b)
	}
	mu.Lock()
	for _, e := range consoleErrors {
		t.Errorf("%s", e)
	}
	mu.Unlock()
	t.Logf("visited %d URLs; screenshots in %s", len(seen), shots)
}
