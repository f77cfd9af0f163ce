package mwapi_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wikirules/wikirules/corpus/mwapi"
	"github.com/wikirules/wikirules/internal/mwtest"
)

func TestMain(m *testing.M) { mwtest.Main(m) }

// recorder records the requests a client sends.
type recorder struct {
	mu   sync.Mutex
	reqs []*http.Request
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.mu.Lock()
	r.reqs = append(r.reqs, req)
	r.mu.Unlock()
	return http.DefaultTransport.RoundTrip(req)
}

func corpusWiki(t *testing.T) *mwtest.Wiki {
	c, err := mwtest.EmbeddedCorpus()
	if err != nil {
		t.Fatal(err)
	}
	return mwtest.NewFrom(t, "corpus", func(ctx context.Context, w *mwtest.Wiki) error { return w.ImportCorpus(ctx, c) })
}

// TestClient runs the typed queries against a real wiki: siteinfo and
// namespaces, a listing that needs continuation, revisions oldest first
// and newest first, with the manners (User-Agent, maxlag, rate).
func TestClient(t *testing.T) {
	w := corpusWiki(t)
	rec := &recorder{}
	c, err := mwapi.New(w.API(), mwapi.Options{HTTP: &http.Client{Transport: rec}, Contact: "tests@example.org", Rate: 20})
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	si, err := c.SiteInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if si.Name != "Test wiki" || !strings.HasPrefix(si.Generator, "MediaWiki ") {
		t.Errorf("siteinfo: %+v", si)
	}
	for name, want := range map[string]int{"Template": 10, "template": 10, "10": 10, "Image": 6, "": 0, "Main": 0} {
		if id, ok := si.NamespaceID(name); !ok || id != want {
			t.Errorf("NamespaceID(%q) = %d, %v; want %d", name, id, ok, want)
		}
	}
	if _, ok := si.NamespaceID("Nope"); ok {
		t.Error("NamespaceID(Nope) found a namespace")
	}
	if ns, rest := si.SplitTitle("Template:Card"); ns != 10 || rest != "Card" {
		t.Errorf("SplitTitle: %d %q", ns, rest)
	}
	if ns, rest := si.SplitTitle("Tips: hearts"); ns != 0 || rest != "Tips: hearts" {
		t.Errorf("SplitTitle of a title with a colon: %d %q", ns, rest)
	}

	// Two pages per response: the listing needs continuation.
	start := time.Now()
	before := len(rec.reqs)
	var titles []string
	err = c.Pages(ctx, url.Values{"generator": {"allpages"}, "gaplimit": {"2"}, "prop": {"info"}}, func(p mwapi.Page) error {
		titles = append(titles, p.Title)
		if p.LastRevID == 0 {
			t.Errorf("%s: no lastrevid", p.Title)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	n := len(rec.reqs) - before
	if len(titles) != 7 || n != 4 {
		t.Errorf("listing: %d pages in %d requests, want 7 in 4: %q", len(titles), n, titles)
	}
	if min := time.Duration(n-1) * time.Second / 20; time.Since(start) < min {
		t.Errorf("%d requests at 20 per second took %s, less than %s", n, time.Since(start), min)
	}

	var hearts []mwapi.Revision
	var id int64
	err = c.Pages(ctx, url.Values{"titles": {"Gamehelphearts"}, "prop": {"info"}}, func(p mwapi.Page) error { id = p.ID; return nil })
	if err != nil {
		t.Fatal(err)
	}
	err = c.Revisions(ctx, mwapi.RevisionQuery{PageID: id}, func(p mwapi.Page) error { hearts = append(hearts, p.Revisions...); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if len(hearts) != 3 || hearts[0].Timestamp.After(hearts[2].Timestamp) || hearts[0].Slots["main"].Content == nil {
		t.Fatalf("revisions: %+v", hearts)
	}
	var newest []mwapi.Revision
	err = c.Revisions(ctx, mwapi.RevisionQuery{PageID: id, Older: true, Limit: 1}, func(p mwapi.Page) error { newest = append(newest, p.Revisions...); return nil })
	if err != nil || len(newest) != 1 || newest[0].ID != hearts[2].ID {
		t.Errorf("newest revision: %+v %v", newest, err)
	}
	for _, r := range rec.reqs {
		ua := r.Header.Get("User-Agent")
		if !strings.HasPrefix(ua, "wikirules/") || !strings.Contains(ua, "tests@example.org") {
			t.Errorf("User-Agent %q", ua)
		}
		if r.URL.Query().Get("maxlag") != "5" || r.URL.Query().Get("formatversion") != "2" {
			t.Errorf("request without maxlag=5 and formatversion=2: %s", r.URL)
		}
	}
	// What the wiki warns about is kept, once.
	for i := 0; i < 2; i++ {
		if _, err := c.Get(ctx, url.Values{"action": {"query"}, "meta": {"siteinfo"}, "bogus": {"1"}}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if ws := c.Warnings(); len(ws) != 1 || !strings.Contains(ws[0], "bogus") {
		t.Errorf("warnings: %q", ws)
	}
	if st := c.Stats(); st.Requests != len(rec.reqs) || st.Retries != 0 || st.Bytes == 0 {
		t.Errorf("stats %+v for %d requests", st, len(rec.reqs))
	}
}

// TestClientMaxlag: a wiki whose replicas lag refuses every request; the
// client waits and tries again, then gives up with MediaWiki's message.
func TestClientMaxlag(t *testing.T) {
	w := mwtest.New(t)
	if err := w.SetLag(30); err != nil {
		t.Fatal(err)
	}
	c, _ := mwapi.New(w.API(), mwapi.Options{Retries: 2, Backoff: time.Millisecond, MaxBackoff: 5 * time.Millisecond})
	_, err := c.SiteInfo(t.Context())
	if err == nil || !strings.Contains(err.Error(), `error "maxlag"`) || !strings.Contains(err.Error(), "gave up after 3 attempts") {
		t.Errorf("error: %v", err)
	}
	if st := c.Stats(); st.Requests != 3 || st.Retries != 2 {
		t.Errorf("stats: %+v", st)
	}
	// Asking for no maxlag check gets an answer.
	c, _ = mwapi.New(w.API(), mwapi.Options{MaxLag: -1})
	if _, err := c.SiteInfo(t.Context()); err != nil {
		t.Errorf("without maxlag: %v", err)
	}
}

func TestNewRejectsBadURLs(t *testing.T) {
	for _, u := range []string{"", "wiki.example.org/api.php", "ftp://wiki/api.php", "http://"} {
		if _, err := mwapi.New(u, mwapi.Options{}); err == nil {
			t.Errorf("%q accepted", u)
		}
	}
}
