package site

import (
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/model"
)

// Past the limit of URLs per file, sitemap.xml becomes an index.
func TestSitemapIndex(t *testing.T) {
	b := &builder{opts: Options{BaseURL: "https://x.org/"}}
	var pages []*pageSummary
	for _, n := range []string{"a", "b", "c"} {
		pages = append(pages, &pageSummary{Title: n, Kind: model.PageOther, Dir: "wiki/" + n + "/", Revisions: []*revSummary{{Time: time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC)}}})
	}
	one := b.sitemaps(pages, nil, nil, 100)
	if len(one) != 1 || !strings.Contains(string(one["sitemap.xml"]), "<loc>https://x.org/wiki/a/history/</loc><lastmod>2024-01-02</lastmod>") {
		t.Fatalf("%s", one["sitemap.xml"])
	}
	many := b.sitemaps(pages, nil, nil, 4) // 4 site pages + 6 page URLs = 10 URLs
	if len(many) != 4 {
		t.Fatalf("%d files", len(many))
	}
	idx := string(many["sitemap.xml"])
	if !strings.Contains(idx, "<sitemapindex") || !strings.Contains(idx, "<loc>https://x.org/sitemap-3.xml</loc>") {
		t.Errorf("index:\n%s", idx)
	}
	if n := strings.Count(string(many["sitemap-1.xml"]), "<url>"); n != 4 {
		t.Errorf("sitemap-1.xml has %d URLs", n)
	}
}
