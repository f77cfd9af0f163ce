package mwxml_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/internal/mwtest"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
)

func TestMain(m *testing.M) { mwtest.Main(m) }

// TestReadsMediaWikiDumps reads what a real MediaWiki writes: the embedded
// corpus is imported into a wiki, two of its revisions are hidden
// (revision deletion of the text, of the author), and the wiki's own
// exports — dumpBackup.php --full and --stub, Special:Export with history —
// must read with no warning and give back every page and revision as it
// went in: times, authors, summaries, texts, ids and the hidden parts
// marked as such, never as empty text.
//
// The same runs on the real seeds when ../shared is there.
func TestReadsMediaWikiDumps(t *testing.T) {
	t.Run("embedded", func(t *testing.T) {
		t.Parallel()
		c, err := mwtest.EmbeddedCorpus()
		if err != nil {
			t.Fatal(err)
		}
		readsDumps(t, c)
	})
	t.Run("seeds", func(t *testing.T) {
		t.Parallel()
		readsDumps(t, testutil.SeedCorpus(t))
	})
}

func readsDumps(t *testing.T, c *model.Corpus) {
	w := mwtest.New(t)
	ctx := t.Context()
	if err := w.ImportCorpus(ctx, c); err != nil {
		t.Fatal(err)
	}
	hidden := hideRevisions(ctx, t, w, c)

	dir := t.TempDir()
	full := filepath.Join(dir, "full.xml")
	if _, err := w.Maintenance(ctx, nil, "dumpBackup.php", "--full", "--quiet", "--output=file:"+full); err != nil {
		t.Fatal(err)
	}
	got := load(t, full)
	compare(t, "dumpBackup --full", c, got, hidden, false)
	if got.Site == nil || got.Site.Base == "" || len(got.Site.Namespaces) == 0 {
		t.Errorf("dumpBackup --full: siteinfo not read: %+v", got.Site)
	}

	// convert --to xml keeps what it read: the ids, the hidden parts, siteinfo.
	var b bytes.Buffer
	if err := corpus.WriteXML(&b, got, "wikirules"); err != nil {
		t.Fatal(err)
	}
	again := filepath.Join(dir, "again.xml")
	if err := os.WriteFile(again, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	back := load(t, again)
	compare(t, "dumpBackup --full, converted", c, back, hidden, false)
	for _, p := range got.Pages {
		q := back.Page(p.Title)
		if q == nil || q.ID != p.ID {
			t.Errorf("converted: page %q lost its id %d", p.Title, p.ID)
			continue
		}
		for i, r := range p.Revisions {
			if i < len(q.Revisions) && (q.Revisions[i].ID != r.ID || q.Revisions[i].SHA1 != r.SHA1) {
				t.Errorf("converted: %s revision %d: id %d sha1 %s, was %d %s", p.Title, i, q.Revisions[i].ID, q.Revisions[i].SHA1, r.ID, r.SHA1)
			}
		}
	}
	if !back.Site.Equal(got.Site) {
		t.Errorf("converted: siteinfo %+v, was %+v", back.Site, got.Site)
	}

	stub := filepath.Join(dir, "stub.xml")
	if _, err := w.Maintenance(ctx, nil, "dumpBackup.php", "--full", "--stub", "--quiet", "--output=file:"+stub); err != nil {
		t.Fatal(err)
	}
	compare(t, "dumpBackup --stub", c, load(t, stub), hidden, true)

	// Special:Export, as a user downloads it: every page with its history.
	var titles []string
	for _, p := range c.Pages {
		titles = append(titles, p.Title)
	}
	form := url.Values{"pages": {strings.Join(titles, "\n")}, "history": {"1"}, "action": {"submit"}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.URL+"/index.php?title=Special:Export", strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("Special:Export: %s", resp.Status)
	}
	special := filepath.Join(dir, "special.xml")
	f, err := os.Create(special)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.ReadFrom(resp.Body); err != nil {
		t.Fatal(err)
	}
	f.Close()
	compare(t, "Special:Export", c, load(t, special), hidden, false)
}

// hideRevisions hides the text of one revision and the author of another
// (rev_deleted 1 and 4, MediaWiki's RevisionRecord::DELETED_TEXT and
// DELETED_USER) of the first page with three revisions or more, and
// returns what was hidden by revision time.
func hideRevisions(ctx context.Context, t *testing.T, w *mwtest.Wiki, c *model.Corpus) map[string]model.Deleted {
	t.Helper()
	var page *model.Page
	for _, p := range c.Pages {
		if len(p.Revisions) >= 3 {
			page = p
			break
		}
	}
	if page == nil {
		t.Fatal("the corpus has no page with three revisions")
	}
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
	if err := w.Query(ctx, url.Values{"action": {"query"}, "prop": {"revisions"}, "titles": {page.Title},
		"rvprop": {"ids|timestamp"}, "rvlimit": {"max"}, "rvdir": {"newer"}}, &r); err != nil {
		t.Fatal(err)
	}
	revs := r.Query.Pages[0].Revisions
	hidden := map[string]model.Deleted{
		page.Title + "@" + revs[0].Timestamp: model.DeletedText,
		page.Title + "@" + revs[1].Timestamp: model.DeletedAuthor,
	}
	for i, bits := range []int{1, 4} {
		q := fmt.Sprintf("UPDATE revision SET rev_deleted = %d WHERE rev_id = %d", bits, revs[i].RevID)
		if _, err := w.Maintenance(ctx, nil, "sql.php", "--query", q); err != nil {
			t.Fatal(err)
		}
	}
	return hidden
}

func load(t *testing.T, path string) *model.Corpus {
	t.Helper()
	c, err := corpus.Load([]string{path}, corpus.Options{})
	if err != nil {
		t.Fatalf("reading %s: %v", filepath.Base(path), err)
	}
	for _, m := range c.Warnings {
		t.Errorf("%s: unexpected warning: %s", filepath.Base(path), m)
	}
	return c
}

// compare checks that every page and revision of want came back in got.
// The wiki adds nothing but may keep more (its main page); a stub dump has
// no texts.
func compare(t *testing.T, what string, want, got *model.Corpus, hidden map[string]model.Deleted, stub bool) {
	t.Helper()
	for _, wp := range want.Pages {
		gp := got.Page(wp.Title)
		if gp == nil {
			t.Errorf("%s: page %q missing", what, wp.Title)
			continue
		}
		if gp.ID == 0 {
			t.Errorf("%s: %s: no page id", what, wp.Title)
		}
		if len(gp.Revisions) != len(wp.Revisions) {
			t.Errorf("%s: %s: %d revisions, want %d", what, wp.Title, len(gp.Revisions), len(wp.Revisions))
			continue
		}
		for i, wr := range wp.Revisions {
			gr := gp.Revisions[i]
			at := wr.Timestamp.UTC().Format("2006-01-02T15:04:05Z")
			where := fmt.Sprintf("%s: %s@%s", what, wp.Title, at)
			if !gr.Timestamp.Equal(wr.Timestamp) {
				t.Errorf("%s: timestamp %v", where, gr.Timestamp)
			}
			if gr.ID == 0 || gr.SHA1 == "" || gr.Size != len(wr.Text) {
				t.Errorf("%s: id %d, sha1 %q, size %d (want %d)", where, gr.ID, gr.SHA1, gr.Size, len(wr.Text))
			}
			if gr.Summary != wr.Summary {
				t.Errorf("%s: summary %q, want %q", where, gr.Summary, wr.Summary)
			}
			del := hidden[wp.Title+"@"+at]
			if gr.Deleted != del {
				t.Errorf("%s: deleted %v, want %v", where, gr.Deleted, del)
			}
			wantAuthor := wr.Author
			if del == model.DeletedAuthor {
				wantAuthor = ""
			}
			if gr.Author != wantAuthor {
				t.Errorf("%s: author %q, want %q", where, gr.Author, wantAuthor)
			}
			switch {
			case stub && del == model.DeletedText:
				// A stub dump marks hidden text as deleted, as a full one does.
				if gr.Stub || gr.Visible() {
					t.Errorf("%s: hidden text in a stub dump: stub %v, visible %v", where, gr.Stub, gr.Visible())
				}
			case stub && wr.Text == "":
				// bytes="0": the text is known to be empty.
				if gr.Stub || !gr.Visible() {
					t.Errorf("%s: empty text in a stub dump: stub %v, visible %v", where, gr.Stub, gr.Visible())
				}
			case stub:
				if !gr.Stub || gr.Text != "" || gr.Visible() {
					t.Errorf("%s: stub %v, %d bytes of text, visible %v", where, gr.Stub, len(gr.Text), gr.Visible())
				}
			case del == model.DeletedText:
				if gr.Text != "" || gr.Visible() {
					t.Errorf("%s: hidden text read as %d bytes, visible %v", where, len(gr.Text), gr.Visible())
				}
			default:
				if gr.Text != wr.Text {
					t.Errorf("%s: text differs (%d bytes, want %d)", where, len(gr.Text), len(wr.Text))
				}
			}
		}
	}
}

// TestRedirectMarkerAcrossDumps: a page that was a redirect when one dump
// was made and an article when a later one was is an article when both are
// read, in either order: the older dump's <redirect title="…"/> says what
// the page was then.
func TestRedirectMarkerAcrossDumps(t *testing.T) {
	w := mwtest.New(t)
	ctx := t.Context()
	if err := w.Edit(ctx, "Gamehelphearts", "== Scoring ==\nThe queen of spades is worth 13.", "Mara", "rules"); err != nil {
		t.Fatal(err)
	}
	if err := w.Edit(ctx, "Hearts", "#REDIRECT [[Gamehelphearts]]", "Mara", "redirect"); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	dump := func(name string) string {
		path := filepath.Join(dir, name)
		if _, err := w.Maintenance(ctx, nil, "dumpBackup.php", "--full", "--quiet", "--output=file:"+path); err != nil {
			t.Fatal(err)
		}
		return path
	}
	old := dump("old.xml")
	if err := w.Edit(ctx, "Hearts", "Hearts is a card game: see [[Gamehelphearts]].", "Tobias", "an article of its own"); err != nil {
		t.Fatal(err)
	}
	newer := dump("new.xml")
	if data, _ := os.ReadFile(old); !bytes.Contains(data, []byte(`<redirect title="Gamehelphearts"`)) {
		t.Fatalf("the first dump does not mark Hearts as a redirect:\n%s", data)
	}
	for _, tc := range []struct {
		inputs []string
		kind   model.PageKind
	}{
		{[]string{old}, model.PageRedirect},
		{[]string{newer}, model.PageOther},
		{[]string{old, newer}, model.PageOther},
		{[]string{newer, old}, model.PageOther},
	} {
		for _, drop := range []bool{false, true} {
			c, err := corpus.Load(tc.inputs, corpus.Options{DropText: drop})
			if err != nil {
				t.Fatal(err)
			}
			p := c.Page("Hearts")
			if p == nil {
				t.Fatalf("%v: no page Hearts", tc.inputs)
			}
			if p.Kind != tc.kind || (tc.kind != model.PageRedirect) != (p.Redirect == "") {
				t.Errorf("%v (drop text %v): kind %s, redirect %q; want %s", tc.inputs, drop, p.Kind, p.Redirect, tc.kind)
			}
		}
	}
}

// TestIncludeFilesDump: a dump made with --uploads --include-files holds
// each file base64-encoded in its <upload>; a file larger than the limit
// of a revision's text is skipped with its <upload>, not refused as the
// description page's "text over the limit". (The limit is lowered here to
// keep the file small; by default a 25 MB file did it.)
func TestIncludeFilesDump(t *testing.T) {
	w := mwtest.New(t)
	ctx := t.Context()
	var file bytes.Buffer
	for i := 0; file.Len() < 300<<10; i++ {
		fmt.Fprintf(&file, "line %d of the rulebook: each player draws %d cards & passes three.\n", i, i%13)
	}
	if err := w.Edit(ctx, "Gamehelprulebook", "See [[File:Rulebook.txt]].", "Mara", "rules"); err != nil {
		t.Fatal(err)
	}
	if err := w.Upload(ctx, "Rulebook.txt", file.Bytes(), "Mara", "the rulebook"); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "uploads.xml")
	if _, err := w.Maintenance(ctx, nil, "dumpBackup.php", "--full", "--uploads", "--include-files", "--quiet", "--output=file:"+path); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); !bytes.Contains(data, []byte(`<contents encoding="base64">`)) {
		t.Fatal("the dump holds no file")
	}
	c, err := corpus.Load([]string{path}, corpus.Options{MaxRevisionBytes: 64 << 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, title := range []string{"File:Rulebook.txt", "Gamehelprulebook"} {
		if p := c.Page(title); p == nil || len(p.Revisions) != 1 || p.Revisions[0].Text == "" {
			t.Errorf("%s: %+v", title, p)
		}
	}
	if len(c.Warnings) != 1 || c.Warnings[0].ID != model.MsgSkipped || !strings.Contains(c.Warnings[0].Text, "1 <upload> element skipped") {
		t.Errorf("warnings: %v", c.Warnings)
	}
}

// TestRedirectsOnCaseSensitiveWiki: on a wiki with $wgCapitalLinks = false
// a redirect to "color" leads to the page "color", as its dump says, with
// texts kept or dropped and from a stub dump (the <redirect> alone).
func TestRedirectsOnCaseSensitiveWiki(t *testing.T) {
	w := mwtest.New(t)
	ctx := t.Context()
	if err := w.AddSettings("$wgCapitalLinks = false;"); err != nil {
		t.Fatal(err)
	}
	for _, e := range [][2]string{{"color", "a hue"}, {"colour", "#REDIRECT [[color]]"}, {"Template:card", "[{{{1}}}]"}, {"tplredir", "#REDIRECT [[template:card#Use]]"}} {
		if err := w.Edit(ctx, e[0], e[1], "Mara", "x"); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	for _, stub := range []bool{false, true} {
		path := filepath.Join(dir, fmt.Sprintf("dump-%v.xml", stub))
		args := []string{"--full", "--quiet", "--output=file:" + path}
		if stub {
			args = append(args, "--stub")
		}
		if _, err := w.Maintenance(ctx, nil, "dumpBackup.php", args...); err != nil {
			t.Fatal(err)
		}
		for _, drop := range []bool{false, true} {
			c := load(t, path)
			if drop {
				var err error
				if c, err = corpus.Load([]string{path}, corpus.Options{DropText: true}); err != nil {
					t.Fatal(err)
				}
			}
			if c.Page("color") == nil || c.Page("Color") != nil {
				t.Fatalf("stub %v: the wiki is not case-sensitive: %v", stub, c.Page("Color"))
			}
			for title, want := range map[string]string{"colour": "color", "tplredir": "Template:card#Use"} {
				if stub {
					want, _, _ = strings.Cut(want, "#") // <redirect title="…"/> has no fragment
				}
				if p := c.Page(title); p == nil || p.Kind != model.PageRedirect || p.Redirect != want {
					t.Errorf("stub %v, drop text %v: %s: %+v; want a redirect to %q", stub, drop, title, p, want)
				}
			}
		}
	}
}
