package pull_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/corpus/mwapi"
	"github.com/wikirules/wikirules/internal/cli"
	"github.com/wikirules/wikirules/internal/mwtest"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/pull"
)

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) != "" {
		helperMain()
		return
	}
	mwtest.Main(m)
}

// corpusWiki is a wiki holding the embedded corpus and its templates.
func corpusWiki(t *testing.T) (*mwtest.Wiki, *model.Corpus) {
	t.Helper()
	c, err := mwtest.EmbeddedCorpus()
	if err != nil {
		t.Fatal(err)
	}
	w := mwtest.NewFrom(t, "corpus", func(ctx context.Context, w *mwtest.Wiki) error {
		return w.ImportCorpus(ctx, c)
	})
	return w, c
}

// counter is an http.RoundTripper that records the requests it sends.
type counter struct {
	mu   sync.Mutex
	base http.RoundTripper
	urls []string
	gzip int // responses that came compressed
}

func (c *counter) RoundTrip(req *http.Request) (*http.Response, error) {
	c.mu.Lock()
	c.urls = append(c.urls, req.URL.String())
	c.mu.Unlock()
	base := c.base
	if base == nil {
		base = http.DefaultTransport
	}
	resp, err := base.RoundTrip(req)
	// net/http asked for gzip and decompressed the body itself.
	if err == nil && resp.Uncompressed {
		c.mu.Lock()
		c.gzip++
		c.mu.Unlock()
	}
	return resp, err
}

func (c *counter) requests(substr string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, u := range c.urls {
		if strings.Contains(u, substr) {
			out = append(out, u)
		}
	}
	return out
}

// options pulls everything of the test corpus (main and File namespaces)
// with no pause between requests.
func options(w *mwtest.Wiki, dir string, rt http.RoundTripper) pull.Options {
	return pull.Options{
		API:       w.API(),
		Dir:       dir,
		Selection: &pull.Selection{Namespaces: []string{"0", "File"}},
		Client: mwapi.Options{HTTP: &http.Client{Transport: rt, Timeout: time.Minute},
			Backoff: time.Millisecond, MaxBackoff: 10 * time.Millisecond},
	}
}

func loadStore(t *testing.T, dir string) *model.Corpus {
	t.Helper()
	c, err := corpus.Load([]string{dir}, corpus.Options{})
	if err != nil {
		t.Fatalf("loading the store as an input: %v", err)
	}
	return c
}

// TestPullMatchesHistories pulls every page of a wiki that imported the
// embedded corpus (written by corpus.WriteXML, read by MediaWiki's own
// importer) and compares the store with the original histories, revision
// by revision.
func TestPullMatchesHistories(t *testing.T) {
	t.Parallel()
	w, orig := corpusWiki(t)
	dir := filepath.Join(t.TempDir(), "wiki")
	rt := &counter{}
	sum, err := pull.Pull(t.Context(), options(w, dir, rt))
	if err != nil {
		t.Fatal(err)
	}
	t.Log(sum)
	got := loadStore(t, dir)
	want := map[string]*model.Page{}
	for _, p := range orig.Pages {
		want[p.Title] = p
	}
	seen := 0
	for _, p := range got.Pages {
		o := want[p.Title]
		if o == nil {
			// The installer's main page is the only page of the wiki that
			// is not ours.
			if p.Title != "Main Page" {
				t.Errorf("store has %q, which the corpus does not", p.Title)
			}
			continue
		}
		seen++
		if len(p.Revisions) != len(o.Revisions) {
			t.Errorf("%s: %d revisions, want %d", p.Title, len(p.Revisions), len(o.Revisions))
			continue
		}
		for i, r := range p.Revisions {
			or := o.Revisions[i]
			label := or.Label(p.Title)
			if r.Text != or.Text {
				t.Errorf("%s: text differs (%d bytes, want %d)", label, len(r.Text), len(or.Text))
			}
			if !r.Timestamp.Equal(or.Timestamp) {
				t.Errorf("%s: timestamp %s", label, model.FormatTime(r.Timestamp))
			}
			if r.Author != or.Author {
				t.Errorf("%s: author %q, want %q", label, r.Author, or.Author)
			}
			if r.Summary != or.Summary {
				t.Errorf("%s: summary %q, want %q", label, r.Summary, or.Summary)
			}
			if r.Minor != or.Minor {
				t.Errorf("%s: minor %v, want %v", label, r.Minor, or.Minor)
			}
			if r.ID == 0 || (i > 0 && r.ParentID != p.Revisions[i-1].ID) {
				t.Errorf("%s: revision id %d, parent %d", label, r.ID, r.ParentID)
			}
		}
	}
	// Template:Points is used by no page, so it stays on the wiki.
	if seen != len(orig.Pages)-1 {
		t.Errorf("store has %d of the corpus's %d pages, want all but Template:Points", seen, len(orig.Pages))
	}
	if sum.New != len(got.Pages) || sum.Revisions != revisionCount(got) {
		t.Errorf("summary: %d new pages, %d revisions; store: %d pages, %d revisions", sum.New, sum.Revisions, len(got.Pages), revisionCount(got))
	}
	// Template:Die comes along because Gamehelpyacht uses it.
	if !hasPage(got, "Template:Die") || hasPage(got, "Template:Points") {
		t.Errorf("templates in the store: Die %v, Points %v (want true, false)", hasPage(got, "Template:Die"), hasPage(got, "Template:Points"))
	}
	if rt.gzip == 0 {
		t.Errorf("no response came gzip-compressed")
	}
	for _, u := range rt.requests("") {
		if !strings.Contains(u, "maxlag=5") || !strings.Contains(u, "formatversion=2") {
			t.Errorf("request without maxlag or formatversion=2: %s", u)
		}
	}

	// A second pull finds nothing new and writes nothing.
	before := snapshot(t, dir)
	time.Sleep(10 * time.Millisecond)
	sum2, err := pull.Pull(t.Context(), pull.Options{Dir: dir, Client: mwapi.Options{HTTP: &http.Client{Transport: rt}}})
	if err != nil {
		t.Fatal(err)
	}
	if sum2.Changed() || sum2.Revisions != 0 {
		t.Errorf("second pull changed something: %s", sum2)
	}
	if after := snapshot(t, dir); !equalSnapshots(before, after, true) {
		t.Errorf("second pull rewrote files:\n%s", diffSnapshots(before, after))
	}
	if !strings.Contains(sum2.String(), "up to date") {
		t.Errorf("summary: %s", sum2)
	}
}

func hasPage(c *model.Corpus, title string) bool {
	_, err := c.Find(title)
	return err == nil
}

func revisionCount(c *model.Corpus) int {
	n := 0
	for _, p := range c.Pages {
		n += len(p.Revisions)
	}
	return n
}

// fileInfo is a file of a store: its bytes and modification time.
type fileInfo struct {
	data  []byte
	mtime time.Time
}

// snapshot reads every file below dir except the lock.
func snapshot(t *testing.T, dir string) map[string]fileInfo {
	t.Helper()
	out := map[string]fileInfo{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == ".lock" {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		st, err := os.Stat(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = fileInfo{data, st.ModTime()}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func equalSnapshots(a, b map[string]fileInfo, mtimes bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k, fa := range a {
		fb, ok := b[k]
		if !ok || !bytes.Equal(fa.data, fb.data) || (mtimes && !fa.mtime.Equal(fb.mtime)) {
			return false
		}
	}
	return true
}

func diffSnapshots(a, b map[string]fileInfo) string {
	var lines []string
	for k, fa := range a {
		fb, ok := b[k]
		switch {
		case !ok:
			lines = append(lines, "- "+k)
		case !bytes.Equal(fa.data, fb.data):
			lines = append(lines, "~ "+k+" (content)")
		case !fa.mtime.Equal(fb.mtime):
			lines = append(lines, "~ "+k+" (rewritten)")
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			lines = append(lines, "+ "+k)
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// TestPullAfterEdit edits a page on the wiki (maintenance/edit.php) and
// pulls again: only that page's new revision is fetched, only its file
// changes, and diff shows the edit.
func TestPullAfterEdit(t *testing.T) {
	t.Parallel()
	w, _ := corpusWiki(t)
	dir := filepath.Join(t.TempDir(), "wiki")
	if _, err := pull.Pull(t.Context(), options(w, dir, nil)); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	st, err := pull.ReadState(dir)
	if err != nil {
		t.Fatal(err)
	}
	var hearts pull.PageState
	for _, p := range st.Pages {
		if p.Title == "Gamehelphearts" {
			hearts = p
		}
	}
	old := loadStore(t, dir)
	page, _ := old.Find("Gamehelphearts")
	prev := page.Latest()
	text := strings.Replace(prev.Text, "| {{spade|=Q}} || 13", "| {{spade|=Q}} || 15", 1)
	if text == prev.Text {
		t.Fatal("the corpus's Hearts page has no queen of spades row to edit")
	}
	if err := w.Edit(t.Context(), "Gamehelphearts", text, "Nadia", "/* Scoring */ the queen costs 15 now"); err != nil {
		t.Fatal(err)
	}

	rt := &counter{}
	sum, err := pull.Pull(t.Context(), pull.Options{Dir: dir, Client: mwapi.Options{HTTP: &http.Client{Transport: rt}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(sum)
	revReqs := rt.requests("prop=revisions")
	if len(revReqs) != 1 || !strings.Contains(revReqs[0], "pageids="+itoa(hearts.ID)) || !strings.Contains(revReqs[0], "rvstartid="+itoa(hearts.LastRevID)) {
		t.Errorf("revision requests: %q; want one, for page %d from revision %d", revReqs, hearts.ID, hearts.LastRevID)
	}
	// siteinfo, two listings (main and File), the templates, the revisions.
	if n := len(rt.requests("")); n != 5 {
		t.Errorf("%d requests, want 5:\n%s", n, strings.Join(rt.requests(""), "\n"))
	}
	if sum.Updated != 1 || sum.New+sum.Renamed+sum.Removed != 0 || sum.Revisions != 1 || len(sum.Changes) != 1 {
		t.Fatalf("summary: %+v", sum)
	}
	c := sum.Changes[0]
	if c.Title != "Gamehelphearts" || c.Change != "updated" || c.From != model.FormatTime(prev.Timestamp) || c.FromRevID != hearts.LastRevID {
		t.Errorf("change: %+v", c)
	}
	after := snapshot(t, dir)
	if d := diffSnapshots(before, after); d != "~ pages/Gamehelphearts.xml (content)\n~ pull.json (content)" {
		t.Errorf("files changed:\n%s", d)
	}
	now := loadStore(t, dir)
	page, _ = now.Find("Gamehelphearts")
	latest := page.Latest()
	if len(page.Revisions) != 4 {
		t.Errorf("Hearts has %d revisions, want 4", len(page.Revisions))
	}
	if latest.Text != text || latest.Author != "Nadia" || latest.Summary != "/* Scoring */ the queen costs 15 now" || latest.Section != "Scoring" {
		t.Errorf("new revision: author %q, summary %q, %d bytes (want %d)", latest.Author, latest.Summary, len(latest.Text), len(text))
	}

	// diff shows the change, and says a rule table changed (exit 1).
	var out, errOut bytes.Buffer
	code := cli.Run([]string{"diff", "Gamehelphearts", dir, "--color", "never"}, strings.NewReader(""), &out, &errOut)
	if code != cli.ExitChanged || !strings.Contains(out.String(), "13 → 15") {
		t.Errorf("diff exit %d:\n%s%s", code, out.String(), errOut.String())
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestPullRenameDelete renames a page (leaving a redirect), deletes another
// and then narrows the selection: the store follows the wiki.
func TestPullRenameDelete(t *testing.T) {
	t.Parallel()
	w, _ := corpusWiki(t)
	ctx := t.Context()
	dir := filepath.Join(t.TempDir(), "wiki")
	if _, err := pull.Pull(ctx, options(w, dir, nil)); err != nil {
		t.Fatal(err)
	}
	if err := w.Move(ctx, "Tips hearts", "Tips for hearts", "Mara", "clearer title", false); err != nil {
		t.Fatal(err)
	}
	if err := w.Delete(ctx, "Gamehelpcribbage", "Admin", "duplicate"); err != nil {
		t.Fatal(err)
	}
	sum, err := pull.Pull(ctx, pull.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(sum)
	changes := map[string]pull.Change{}
	for _, c := range sum.Changes {
		changes[c.Title] = c
	}
	if c := changes["Tips for hearts"]; c.Change != "renamed" || c.FromTitle != "Tips hearts" || c.Revisions != 1 {
		t.Errorf("rename: %+v", c)
	}
	if c := changes["Tips hearts"]; c.Change != "new" {
		t.Errorf("the redirect left at the old title: %+v", c)
	}
	if c := changes["Gamehelpcribbage"]; c.Change != "removed" || c.Reason != "deleted on the wiki" || c.File != ".removed/Gamehelpcribbage.xml" {
		t.Errorf("deletion: %+v", c)
	}
	if sum.Renamed != 1 || sum.New != 1 || sum.Removed != 1 || sum.Updated != 0 {
		t.Errorf("summary counts: %s", sum)
	}
	c := loadStore(t, dir)
	tips, err := c.Find("Tips for hearts")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(tips.Revisions); n != 2 || !strings.Contains(tips.Latest().Summary, "Tips hearts") {
		t.Errorf("renamed page: %d revisions, latest summary %q (want the original and the move)", n, tips.Latest().Summary)
	}
	redirect, _ := c.Find("Tips hearts")
	if redirect == nil || !strings.HasPrefix(redirect.Latest().Text, "#REDIRECT [[Tips for hearts]]") {
		t.Errorf("old title: %+v", redirect)
	}
	if hasPage(c, "Gamehelpcribbage") {
		t.Error("the deleted page is still an input")
	}
	if _, err := os.Stat(filepath.Join(dir, ".removed", "Gamehelpcribbage.xml")); err != nil {
		t.Errorf("the deleted page's history was not kept aside: %v", err)
	}

	// A narrower selection: pages that no longer match leave the store,
	// and so does the template only they used.
	sum, err = pull.Pull(ctx, pull.Options{Dir: dir, Selection: &pull.Selection{Prefixes: []string{"Gamehelph", "Tips "}}})
	if err != nil {
		t.Fatal(err)
	}
	c = loadStore(t, dir)
	var titles []string
	for _, p := range c.Pages {
		titles = append(titles, p.Title)
	}
	if got := strings.Join(titles, ", "); got != "Gamehelphearts, Tips for hearts, Tips hearts" {
		t.Errorf("after narrowing the selection the store holds %s", got)
	}
	reasons := map[string]string{}
	for _, ch := range sum.Changes {
		reasons[ch.Title] = ch.Reason
	}
	if reasons["Gamehelpyacht"] != "no longer selected" || reasons["Template:Die"] != "no longer used by the selected pages" {
		t.Errorf("reasons: %v", reasons)
	}
	// The selection is remembered.
	st, _ := pull.ReadState(dir)
	if strings.Join(st.Selection.Prefixes, "|") != "Gamehelph|Tips " {
		t.Errorf("stored selection: %+v", st.Selection)
	}
}

// TestPullMedia downloads the files the pages use, checks them against the
// wiki's SHA-1, and fetches them again only when they change.
func TestPullMedia(t *testing.T) {
	t.Parallel()
	w, _ := corpusWiki(t)
	ctx := t.Context()
	png1 := tinyPNG(1)
	if err := w.Upload(ctx, "Yacht score sheet.png", png1, "Ines", "a score sheet"); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "wiki")
	media := filepath.Join(t.TempDir(), "media")
	opts := options(w, dir, nil)
	opts.Media = media
	sum, err := pull.Pull(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(media, "Yacht_score_sheet.png"))
	if err != nil || !bytes.Equal(got, png1) {
		t.Fatalf("downloaded file: %d bytes, %v", len(got), err)
	}
	if sum.Media.Downloaded != 1 || sum.Media.Files != 1 {
		t.Errorf("media summary: %+v", sum.Media)
	}
	sum, err = pull.Pull(ctx, pull.Options{Dir: dir, Media: media})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Media.Downloaded != 0 || sum.Media.Files != 1 || sum.Changed() {
		t.Errorf("second pull: %s %+v", sum, sum.Media)
	}
	// A new version of the file on the wiki is fetched again.
	png2 := tinyPNG(2)
	if _, err := w.Maintenance(ctx, nil, "importImages.php", "--overwrite", "--user=Ines", "--comment=darker", "--extensions=png", writeTemp(t, "Yacht score sheet.png", png2)); err != nil {
		t.Fatal(err)
	}
	if sum, err = pull.Pull(ctx, pull.Options{Dir: dir, Media: media}); err != nil {
		t.Fatal(err)
	}
	got, _ = os.ReadFile(filepath.Join(media, "Yacht_score_sheet.png"))
	if sum.Media.Downloaded != 1 || !bytes.Equal(got, png2) {
		t.Errorf("after a new upload: downloaded %d, file is the new one: %v", sum.Media.Downloaded, bytes.Equal(got, png2))
	}
}

// tinyPNG is a valid 1×1 PNG whose pixel depends on v.
func tinyPNG(v byte) []byte {
	var b bytes.Buffer
	img := image.NewGray(image.Rect(0, 0, 1, 1))
	img.Pix[0] = v
	png.Encode(&b, img)
	return b.Bytes()
}

// writeTemp writes a file named name into a new directory and returns the
// directory.
func writeTemp(t *testing.T, name string, data []byte) string {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestPullMatchesFreshPull changes the wiki in several ways at once (a
// deletion early in title order, edits after it, a rename) and checks that
// the incremental pull ends with the same pages as a fresh pull of the
// wiki as it now is.
func TestPullMatchesFreshPull(t *testing.T) {
	t.Parallel()
	w, _ := corpusWiki(t)
	ctx := t.Context()
	dir := filepath.Join(t.TempDir(), "wiki")
	if _, err := pull.Pull(ctx, options(w, dir, nil)); err != nil {
		t.Fatal(err)
	}
	if err := w.Delete(ctx, "Gamehelpcrazyeights", "Admin", "gone"); err != nil {
		t.Fatal(err)
	}
	if err := w.Edit(ctx, "Gamehelpscopa", "== Setup ==\nDeal three cards each.", "Nadia", "shorter"); err != nil {
		t.Fatal(err)
	}
	if err := w.Edit(ctx, "Tips hearts", "Lead low hearts early.", "Nadia", "new tip"); err != nil {
		t.Fatal(err)
	}
	if err := w.Move(ctx, "Gamehelpcribbage", "Gamehelpcribbage (rules)", "Mara", "clearer", true); err != nil {
		t.Fatal(err)
	}
	sum, err := pull.Pull(ctx, pull.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(sum)
	if sum.Updated != 2 || sum.Renamed != 1 || sum.Removed != 1 || sum.New != 0 || sum.Revisions != 3 || len(sum.Warnings) != 0 {
		t.Errorf("summary: %s\nchanges: %+v\nwarnings: %q", sum, sum.Changes, sum.Warnings)
	}
	fresh := filepath.Join(t.TempDir(), "fresh")
	if _, err := pull.Pull(ctx, options(w, fresh, nil)); err != nil {
		t.Fatal(err)
	}
	got, want := snapshot(t, dir), snapshot(t, fresh)
	for k := range got {
		if strings.HasPrefix(k, ".removed/") {
			delete(got, k)
		}
	}
	if !equalSnapshots(want, got, false) {
		t.Errorf("the updated store differs from a fresh pull:\n%s", diffSnapshots(want, got))
	}
}

// TestPullTrickyTexts sends texts and names that an XML export must carry
// exactly through MediaWiki's importer and back through the API: CRLF and
// lone CR, tabs, trailing spaces and newlines, markup characters, a CDATA
// end, non-ASCII, IP authors, a minor edit, an empty summary and one with
// markup characters.
func TestPullTrickyTexts(t *testing.T) {
	t.Parallel()
	w := mwtest.New(t)
	at := func(s string) time.Time { tm, _ := time.Parse(model.TimeLayout, s); return tm }
	rev := func(ts, author, summary, text string, minor bool) *model.Revision {
		return &model.Revision{Timestamp: at(ts), Author: author, Summary: summary, Text: text, Minor: minor,
			SHA1: model.TextSHA1(text), Size: len(text)}
	}
	orig := model.NewCorpus([]*model.Page{{Title: "Gamehelptricky", Revisions: []*model.Revision{
		rev("2024-01-01T00:00:00Z", "Zoë Ångström", "", "Line one\r\nLine two\rthree\n\tTabbed  \n  \n", false),
		rev("2024-01-02T00:00:00Z", "192.0.2.7", "a < b && c > \"d\" 'e'", "<nowiki>&amp; &lt;</nowiki> ]]> {{{x}}} \u00a0é漢字🙂\n\n\n", true),
		rev("2024-01-03T00:00:00Z", "2001:db8::1", "/* Scoring */ tidy", " leading space\n== Scoring ==\n| 14 || x\n", false),
	}}})
	if err := w.ImportCorpus(t.Context(), orig); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "wiki")
	if _, err := pull.Pull(t.Context(), options(w, dir, nil)); err != nil {
		t.Fatal(err)
	}
	p, err := loadStore(t, dir).Find("Gamehelptricky")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Revisions) != 3 {
		t.Fatalf("%d revisions, want 3", len(p.Revisions))
	}
	for i, r := range p.Revisions {
		o := *orig.Pages[0].Revisions[i]
		if o.Author == "2001:db8::1" {
			// MediaWiki stores an IPv6 editor in its own canonical form
			// (IPUtils::sanitizeIP); that is the wiki's name for them.
			o.Author = "2001:DB8:0:0:0:0:0:1"
		}
		if r.Text != o.Text || r.Author != o.Author || r.Summary != o.Summary || r.Minor != o.Minor || !r.Timestamp.Equal(o.Timestamp) {
			t.Errorf("revision %d:\n got %q by %q (%q, minor %v)\nwant %q by %q (%q, minor %v)", i+1,
				r.Text, r.Author, r.Summary, r.Minor, o.Text, o.Author, o.Summary, o.Minor)
		}
	}
}

// TestPullHiddenRevisions hides parts of two revisions on the wiki
// (revision deletion: rev_deleted, set here with maintenance/sql.php) and
// pulls: the revisions are kept, marked deleted as an export marks them,
// and never read as a blanking.
func TestPullHiddenRevisions(t *testing.T) {
	t.Parallel()
	w, _ := corpusWiki(t)
	ctx := t.Context()
	var r struct {
		Query struct {
			Pages []struct {
				Revisions []struct {
					RevID     int64
					Timestamp string
				}
			}
		}
	}
	if err := w.Query(ctx, url.Values{"action": {"query"}, "prop": {"revisions"}, "titles": {"Gamehelphearts"},
		"rvprop": {"ids|timestamp"}, "rvlimit": {"max"}, "rvdir": {"newer"}}, &r); err != nil {
		t.Fatal(err)
	}
	revs := r.Query.Pages[0].Revisions
	// 1: the text, 4: the author (MediaWiki's RevisionRecord::DELETED_*).
	for _, q := range []string{
		fmt.Sprintf("UPDATE revision SET rev_deleted = 1 WHERE rev_id = %d", revs[1].RevID),
		fmt.Sprintf("UPDATE revision SET rev_deleted = 4 WHERE rev_id = %d", revs[2].RevID),
	} {
		if _, err := w.Maintenance(ctx, nil, "sql.php", "--query", q); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(t.TempDir(), "wiki")
	sum, err := pull.Pull(ctx, options(w, dir, nil))
	if err != nil {
		t.Fatal(err)
	}
	// The warning names the page and the revision, as every command's
	// messages do (model.Msg).
	if len(sum.Warnings) != 1 {
		t.Fatalf("warnings: %v", sum.Warnings)
	}
	if m := sum.Warnings[0]; m.ID != model.MsgHiddenText || m.Page != "Gamehelphearts" || m.Rev != revs[1].Timestamp ||
		m.Severity != model.SevWarning || !strings.Contains(m.Text, "hidden") {
		t.Errorf("warning: %s (%+v)", m, m)
	}
	p, err := loadStore(t, dir).Find("Gamehelphearts")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Revisions) != 3 {
		t.Fatalf("%d revisions, want 3", len(p.Revisions))
	}
	if r := p.Revisions[1]; r.Deleted != model.DeletedText || r.Text != "" || r.Visible() || r.Size == 0 {
		t.Errorf("text-hidden revision: deleted %v, %d bytes of text, size %d", r.Deleted, len(r.Text), r.Size)
	}
	if r := p.Revisions[2]; r.Deleted != model.DeletedAuthor || r.Author != "" || r.Text == "" {
		t.Errorf("author-hidden revision: deleted %v, author %q", r.Deleted, r.Author)
	}
	if p.LatestVisible() != p.Revisions[2] {
		t.Error("the latest visible revision is not the newest")
	}
}
