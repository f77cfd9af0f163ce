package site_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/model"
)

// withRevision returns a copy of c with a new revision of the first page
// that is not a game's: its latest text with more appended.
func withRevision(t *testing.T, c *model.Corpus, more string) *model.Corpus {
	t.Helper()
	var pages []*model.Page
	done := false
	for _, p := range c.Pages {
		if !done && p.Kind != model.PageRules && p.Kind != model.PageTips && p.Redirect == "" && p.LatestVisible() != nil {
			cp := *p
			last := p.Latest()
			text := last.Text + more
			cp.Revisions = append(append([]*model.Revision(nil), p.Revisions...), &model.Revision{Timestamp: last.Timestamp.Add(time.Hour), Author: "Zoe", Text: text, SHA1: model.TextSHA1(text)})
			pages = append(pages, &cp)
			done = true
			continue
		}
		pages = append(pages, p)
	}
	if !done {
		t.Fatal("no page to edit")
	}
	return model.NewCorpus(pages)
}

// The checks page and the category pages are left as they are when what
// they show did not change (a page edited in words), and written again
// when it did (a page joins a category).
func TestSiteWidePagesRewrittenWhenShownChanges(t *testing.T) {
	t.Parallel()
	c, opts := embedded(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	build(t, c, opts, out)
	const mark = "<!-- left as it was -->"
	tamper := func(p string) {
		fp := filepath.Join(out, filepath.FromSlash(p))
		data, err := os.ReadFile(fp)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fp, append(data, mark...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	marked := func(p string) bool {
		data, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		return strings.HasSuffix(string(data), mark)
	}
	tamper("checks/index.html")
	tamper("categories/index.html")

	c2 := withRevision(t, c, "\nA few more words.\n")
	if st := build(t, c2, opts, out); st.Built != 1 {
		t.Fatalf("built %d units, want 1", st.Built)
	}
	if !marked("checks/index.html") || !marked("categories/index.html") {
		t.Error("the checks page or the category list was written again, though what it shows did not change")
	}

	c3 := withRevision(t, c, "\n[[Category:A brand new category]]\n")
	build(t, c3, opts, out)
	if marked("categories/index.html") {
		t.Error("the category list was left as it was, though a page joined a new category")
	}
	if !marked("checks/index.html") {
		t.Error("the checks page was written again, though the checks did not change")
	}
	// Apart from the file marked by hand, the tree is a full build's.
	full := filepath.Join(dir, "full")
	build(t, c3, opts, full)
	data, err := os.ReadFile(filepath.Join(full, "checks", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "checks", "index.html"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	sameTree(t, full, out)
	if _, err := os.Stat(filepath.Join(out, "categories", "a-brand-new-category", "index.html")); err != nil {
		t.Errorf("the new category's page: %v", err)
	}
}
