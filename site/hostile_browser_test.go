package site_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/wikirules/wikirules/site"
	"github.com/wikirules/wikirules/wiki"
)

// TestBrowserHostile opens, in real Chromium, what a hostile wiki or
// upload could do to the site's origin:
//   - uploaded SVG, HTML, XHTML, XML and extensionless files: not published
//     by default; published with --media-allow '*' and opened directly
//     from serve, none runs script (the same files from a plain file server
//     do, which shows the check can fail);
//   - a page with ids the site's script uses: the search page and the
//     script still work, and the page's text is left alone;
//   - a page with a position:fixed overlay: the site's header stays on top
//     and clickable;
//   - the pages' Content-Security-Policy is in force (an inline script
//     added at run time does not run).
func TestBrowserHostile(t *testing.T) {
	t.Parallel()
	browser(t) // skip early without Chromium
	media, _ := hostileMedia(t)
	pages := map[string]string{
		"Gamehelpboard": uploads,
		"Hijack": `<p id="wr-search-page-results">page text one</p><p id="wr-search-status">page text two</p><p id="search-status">page text three</p>
== wr-main ==
Text.
== Second ==
More.`,
		"Overlay": `<div style="position:fixed; top:0; left:0; width:100%; height:100%; z-index:2147483647; background:red">overlay</div>
Some text.`,
	}
	c := corpusOf(pages)
	var opts site.Options
	if err := opts.LoadDirs(site.Dirs{Media: media}); err != nil {
		t.Fatal(err)
	}
	opts.Version = "test"

	// The default build, on a plain static server.
	plain := filepath.Join(t.TempDir(), "public")
	build(t, c, opts, plain)
	static := httptest.NewServer(http.FileServer(http.Dir(plain)))
	defer static.Close()

	// Everything published, served by serve (site.Preview).
	allowed := filepath.Join(t.TempDir(), "public")
	opts.MediaAllow = []string{"*"}
	p, err := site.NewPreview(allowed, nil, func() error {
		o := opts
		o.Out = allowed
		_, err := site.Build(wiki.New(c, nil, wiki.Config{}), o)
		return err
	}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	serve := servePreview(t, p)
	// The same files with no headers at all, to show they do run script.
	bare := httptest.NewServer(http.FileServer(http.Dir(allowed)))
	defer bare.Close()

	ctx := tab(t, desktop, nil)
	eval := func(js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v
	}
	// open loads u; false when the browser downloads it rather than
	// showing it (nothing runs then). Navigate returns at the load event,
	// after the files' inline scripts have run.
	open := func(u string) bool {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
			if strings.Contains(err.Error(), "ERR_ABORTED") {
				return false
			}
			t.Fatalf("%s: %v", u, err)
		}
		return true
	}
	pwned := `String(document.documentElement && document.documentElement.getAttribute("data-pwned"))`

	// Uploaded files.
	for _, f := range []string{"evil.svg", "evil.html", "evil.htm", "evil.xhtml", "evil.xml", "evil"} {
		resp, err := http.Get(static.URL + "/media/" + f)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 404 {
			t.Errorf("default build: media/%s is published (%d)", f, resp.StatusCode)
		}
		if open(serve+"/media/"+f) && eval(pwned) == "1" {
			t.Errorf("serve: media/%s ran script when opened directly", f)
		}
	}
	ran := 0
	for _, f := range []string{"evil.svg", "evil.html", "evil.xhtml"} {
		if open(bare.URL+"/media/"+f) && eval(pwned) == "1" {
			ran++
		}
	}
	if ran == 0 {
		t.Error("the hostile files run no script even without the headers: the check above proves nothing")
	}

	// Ids the site's script uses.
	open(static.URL + "/wiki/hijack/index.html?q=board")
	if got := eval(`document.getElementById("user-wr-search-page-results").textContent + "|" + document.getElementById("user-wr-search-status").textContent`); got != "page text one|page text two" {
		t.Errorf("the page's text was changed by the site's script: %q", got)
	}
	if got := eval(`document.getElementById("wr-search-input").closest("header") ? "header" : "content"`); got != "header" {
		t.Errorf("wr-search-input is in the %s", got)
	}
	if got := eval(`(function(){var a=document.querySelector('.toc a[href="#user-wr-main"]');if(!a)return "no TOC link to #user-wr-main";a.click();return "ok"})()`); got != "ok" {
		t.Fatal(got)
	}
	if got := eval(`location.hash + " " + (document.getElementById(location.hash.slice(1)) ? document.getElementById(location.hash.slice(1)).firstChild.textContent.trim() : "missing")`); got != "#user-wr-main wr-main" {
		t.Errorf("TOC link to the heading: %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(static.URL+"/search/index.html?q=board"), chromedp.WaitVisible(chromedp.CSS("#wr-search-page-results li"))); err != nil {
		t.Fatalf("search page: %v", err)
	}
	if got := eval(`document.getElementById("wr-search-status").textContent`); !strings.Contains(got, "result") {
		t.Errorf("search status %q", got)
	}

	// The overlay stays inside the content.
	open(static.URL + "/wiki/overlay/index.html")
	if got := eval(`(function(){var e=document.elementFromPoint(40, 20);return e && e.closest(".topbar") ? "header" : (e ? e.outerHTML.slice(0, 80) : "nothing")})()`); got != "header" {
		t.Errorf("the top left corner shows %s, not the site's header", got)
	}
	if got := eval(`(function(){var b=document.querySelector(".brand").getBoundingClientRect();var e=document.elementFromPoint(b.x+b.width/2, b.y+b.height/2);return e && e.closest(".brand") ? "brand" : (e ? e.outerHTML.slice(0, 80) : "nothing")})()`); got != "brand" {
		t.Errorf("the site's name link is covered by %s", got)
	}

	// The site still works from file:// under its policy: the site's
	// script ran (it sets aria-pressed on the theme toggle) and the theme
	// script too.
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+filepath.ToSlash(filepath.Join(plain, "index.html"))),
		chromedp.Evaluate[chromedp.Void](`localStorage.setItem("wikirules-theme", "dark")`), chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("body"))); err != nil {
		t.Fatalf("file://: %v", err)
	}
	if got := eval(`String(document.querySelector(".theme-toggle").getAttribute("aria-pressed")) + " " + String(document.documentElement.dataset.theme)`); got != "true dark" {
		t.Errorf("from file://, the site's scripts did not run: %q", got)
	}
	open(static.URL + "/wiki/overlay/index.html")

	// The Content-Security-Policy is in force.
	if got := eval(`(function(){var s=document.createElement("script");s.textContent="window.__inline=1";document.head.appendChild(s);return String(window.__inline)})()`); got != "undefined" {
		t.Errorf("an inline script ran: the page's CSP is not in force (%s)", got)
	}
}
