package site_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"golang.org/x/net/html"
)

// openTargetCases are fragments of a URL of fragments.txtar's game page,
// as written in it: ids as they are and percent-encoded, "%" that is no
// escape, legacy ids, and fragments that name nothing (one that is no
// UTF-8 once decoded).
var openTargetCases = []string{
	"100%", "100%25", "100%2525", "Q&A", "Q%26A", "Élan", "%C3%89lan", "%c3%89lan",
	"C++", `"quoted"`, "%22quoted%22", "50%25", "50%2525", "a_b", "a%5Fb", "Q.26A", ".C3.89lan",
	"user-wr-main", "nowhere%", "%ff%fe", "100%2",
}

// site.js marks (.wr-target) the element a URL's fragment names, and opens
// the <details> around it, on load and on hashchange: the element the
// browser goes to (:target), by the browser's rule, the fragment as
// written first, then percent-decoded (fragmentTarget). It decoded the
// fragment first, with decodeURIComponent: "#100%" threw (nothing
// marked) and "#100%25" marked the heading "100%" while the browser was
// at "100%25".
func TestBrowserOpenTarget(t *testing.T) {
	t.Parallel()
	browser(t) // skip early without Chromium
	out, all := buildFragments(t)
	srv := httptest.NewServer(http.FileServer(http.Dir(out)))
	t.Cleanup(srv.Close)
	// Console errors fail the test (site.js throwing), but the page's
	// icon's: a page left as soon as it is loaded may not have it yet.
	var cons console
	t.Cleanup(func() {
		for _, e := range cons.errors {
			if !strings.Contains(e, "/assets/favicon.svg") {
				t.Errorf("%s", e)
			}
		}
	})
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
	// What is marked, what the browser went to, and the hash.
	const state = `(function(){var m=document.querySelectorAll(".wr-target");return [m.length===1?m[0].id:m.length?"(several)":"(none)",(document.querySelector(":target")||{id:"(none)"}).id,location.hash].join("\n")})()`
	check := func(how, frag, got string) {
		t.Helper()
		want, ok := fragmentTarget(frag, ids)
		if !ok {
			want = "(none)"
		}
		parts := strings.SplitN(got, "\n", 3)
		if len(parts) != 3 {
			t.Fatalf("%s %q: %q", how, frag, got)
		}
		marked, target, hash := parts[0], parts[1], parts[2]
		if marked != want || target != want {
			t.Errorf("%s #%s (location.hash %s): site.js marks %q, Chromium goes to %q, fragmentTarget says %q", how, frag, hash, marked, target, want)
		}
	}

	// Loaded with the fragment (a query of its own each time: a load,
	// not a move on the page).
	for i, frag := range openTargetCases {
		if err := chromedp.Do(ctx, chromedp.Navigate(page+"?load="+strconv.Itoa(i)+"#"+frag)); err != nil {
			t.Fatal(err)
		}
		check("loaded at", frag, eval[string](t, ctx, state))
	}

	// The hash changed on the page, from another one (replaceState: no
	// hashchange), marks taken off first (a fragment that names nothing
	// leaves the last one).
	for _, frag := range openTargetCases {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`new Promise(function(done){
			history.replaceState(null, "", "#wr-none");
			document.querySelectorAll(".wr-target").forEach(function(e){e.classList.remove("wr-target")});
			addEventListener("hashchange", function(){setTimeout(function(){done(`+state+`)}, 0)}, {once: true});
			location.hash = `+jsString(frag)+`;
		})`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("#%s: %v", frag, err)
		}
		check("hash changed to", frag, got)
	}
}
