package mwxml

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/wikirules/wikirules/model"
)

// read reads a fixture of testdata with opts, collecting the warnings and
// the siteinfo.
func read(t *testing.T, name string, opts Options) (revs []readRev, site *model.SiteInfo, warnings model.MsgList, err error) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	opts.Warn = func(m model.Msg) { warnings = append(warnings, m) }
	opts.SiteInfo = func(si *model.SiteInfo) { site = si }
	revs, err = readAll(t, name, data, opts)
	return revs, site, warnings, err
}

func TestSlots(t *testing.T) {
	revs, _, warnings, err := read(t, "slots.xml", Options{Strict: true})
	if err != nil || len(warnings) != 0 {
		t.Fatalf("a valid export with two slots: %v %v", err, warnings)
	}
	if len(revs) != 3 {
		t.Fatalf("%d revisions", len(revs))
	}
	r := revs[1].Rev
	if r.Text != "== Pieces ==\nEach player has 12 discs and one die." || len(r.Slots) != 1 {
		t.Fatalf("revision 901: %+v", r)
	}
	s := r.Slots[0]
	if s.Role != "mediainfo" || s.Model != "wikibase-mediainfo" || s.Format != "application/json" || s.Origin != 901 ||
		!strings.HasPrefix(s.Text, `{"type":"mediainfo"`) || s.Size != len(s.Text) || s.SHA1 != model.TextSHA1(s.Text) {
		t.Errorf("mediainfo slot: %+v", s)
	}
	if r.Main != (model.SlotInfo{Origin: 900}) || r.AuthorID != 31 {
		t.Errorf("main slot %+v, author id %d", r.Main, r.AuthorID)
	}
	// The hash covers both slots: changing either changes it.
	sum, ok := RevisionSHA1(&r)
	if !ok || sum == r.SHA1 {
		t.Errorf("revision hash %q %v: want one over both slots", sum, ok)
	}
	r.Slots[0].SHA1 = model.TextSHA1("other")
	if other, _ := RevisionSHA1(&r); other == sum {
		t.Error("the revision hash ignores the second slot")
	}
}

func TestSHA1MismatchIsAWarning(t *testing.T) {
	revs, _, warnings, err := read(t, "sha1-mismatch.xml", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(revs) != 3 || revs[1].Rev.Text != "Shuffle the deck twice." {
		t.Fatalf("want the 3 revisions, the mismatched one read as it is; got %d", len(revs))
	}
	want := `sha1-mismatch.xml:29: warning: page "Gamehelpsolitaire", revision 71 (2022-01-02T10:00:00Z): the text does not match its <sha1>`
	if len(warnings) != 1 || !strings.HasPrefix(warnings[0].String(), want) || warnings[0].ID != model.MsgSHA1Mismatch {
		t.Fatalf("warnings %v, want one starting %q", warnings, want)
	}
	// --strict: an error; with --keep-going the other revisions are read.
	if _, _, _, err := read(t, "sha1-mismatch.xml", Options{Strict: true}); err == nil || !strings.Contains(err.Error(), "sha1-mismatch.xml:29: error: page") {
		t.Errorf("strict: %v", err)
	}
	revs, _, _, err = read(t, "sha1-mismatch.xml", Options{Strict: true, KeepGoing: true})
	if err == nil || len(revs) != 2 {
		t.Errorf("strict, keep going: %d revisions, %v", len(revs), err)
	}
}

func TestDeleted(t *testing.T) {
	revs, _, warnings, err := read(t, "deleted.xml", Options{Strict: true})
	if err != nil || len(warnings) != 0 {
		t.Fatal(err, warnings)
	}
	if len(revs) != 4 {
		t.Fatalf("%d revisions, want 4", len(revs))
	}
	r := revs[1].Rev
	if r.Visible() || r.Deleted != model.DeletedText|model.DeletedAuthor|model.DeletedSummary || r.Author != "" || r.Summary != "" ||
		r.Size != 31 || r.SHA1 != model.TextSHA1(strings.Repeat("x", 31)) || r.ID != 81 {
		t.Errorf("revision 81: %+v", r)
	}
	if r.AuthorLabel() != model.AuthorRemoved || r.SummaryLabel() != model.SummaryRemoved || r.Absence() != model.TextRemoved {
		t.Errorf("labels: %q %q %q", r.AuthorLabel(), r.SummaryLabel(), r.Absence())
	}
	r = revs[3].Rev
	if r.Visible() || r.Deleted != model.DeletedText|model.DeletedSummary || r.Author != "Dario" {
		t.Errorf("revision 83: %+v", r)
	}
	// The page's content is the newest visible revision.
	p := &model.Page{Title: "Gamehelprummy"}
	for i := range revs {
		p.Revisions = append(p.Revisions, &revs[i].Rev)
	}
	if lv := p.LatestVisible(); lv == nil || lv.ID != 82 {
		t.Errorf("LatestVisible = %+v, want revision 82", lv)
	}
	if i := p.VisibleAt(1); i != 0 {
		t.Errorf("VisibleAt(1) = %d, want 0: the revision before the deleted one", i)
	}
	if r, _, _ := p.SelectRevision("latest"); r.ID != 82 {
		t.Errorf("latest = %d, want 82", r.ID)
	}
}

func TestStubs(t *testing.T) {
	for _, name := range []string{"stub.xml", "stub-011.xml"} {
		t.Run(name, func(t *testing.T) {
			revs, _, warnings, err := read(t, name, Options{Strict: true})
			if err != nil || len(warnings) != 0 {
				t.Fatal(err, warnings)
			}
			for _, rr := range revs {
				r := rr.Rev
				if !r.Stub || r.Visible() || r.Text != "" || r.Size < 1800 || len(r.SHA1) != 40 || r.Absence() != model.TextNotInInput {
					t.Errorf("revision %d: %+v", r.ID, r)
				}
			}
		})
	}
	revs, _, _, _ := read(t, "stub-011.xml", Options{})
	if m := revs[0].Rev.Main; m.Location != "tt:1192" || m.TextID != "1192" || m.Origin != 92 {
		t.Errorf("stub location: %+v", m)
	}
}

func TestSiteInfo(t *testing.T) {
	revs, site, _, err := read(t, "namespaces-fo.xml", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if site == nil || site.Name != "Spælwiki" || site.Case != model.CaseFirstLetter || len(site.Namespaces) != 10 || site.Namespaces[9] != (model.Namespace{ID: 14, Name: "Bólkur", Case: model.CaseFirstLetter}) {
		t.Fatalf("siteinfo: %+v", site)
	}
	if revs[1].Title != "Bólkur:Terningaspøl" || revs[1].NS != 14 {
		t.Errorf("category page: %+v", revs[1])
	}
	ns := model.NewNamespaces(site)
	for in, want := range map[string]string{
		"bólkur:terningaspøl":   "Bólkur:Terningaspøl",
		"Category:Terningaspøl": "Bólkur:Terningaspøl", // canonical names work on every wiki
		"fyrimynd:regluboks":    "Fyrimynd:Regluboks",
		"mediawiki:sidebar":     "MediaWiki:Sidebar",
		"Mynd:x.png":            "Mynd:X.png",
	} {
		if got := ns.Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
	if n, _ := ns.Split("Bólkur:Terningaspøl"); n != model.NSCategory {
		t.Errorf("Bólkur is namespace %d", n)
	}
}

func TestCaseSensitive(t *testing.T) {
	revs, site, _, err := read(t, "case-sensitive.xml", Options{})
	if err != nil {
		t.Fatal(err)
	}
	ns := model.NewNamespaces(site)
	var titles []string
	for _, r := range revs {
		titles = append(titles, ns.Normalize(r.Title))
	}
	if want := []string{"polish", "Polish", "Template:lang", "User:Lex"}; !reflect.DeepEqual(titles, want) {
		t.Errorf("titles %q, want %q", titles, want)
	}
	if ns.Normalize("user:lex") != "User:Lex" || ns.Normalize("template:lang") != "Template:lang" {
		t.Errorf("per-namespace case: %q %q", ns.Normalize("user:lex"), ns.Normalize("template:lang"))
	}
}

func TestUploadsAndLogItems(t *testing.T) {
	revs, _, warnings, err := read(t, "uploads-logitems.xml", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(revs) != 1 || revs[0].Rev.Text != "The 78 cards of a tarot deck." || revs[0].Rev.Timestamp.IsZero() {
		t.Fatalf("revisions: %+v", revs)
	}
	var got []string
	for _, w := range warnings {
		got = append(got, w.String())
	}
	want := []string{
		"uploads-logitems.xml: warning: 1 <upload> element skipped: file uploads (the file description pages' revisions are read, not the files, even those an export made with --include-files holds: give build the files with --media) [skipped]",
		"uploads-logitems.xml: warning: 2 <logitem> elements skipped: log entries (they are not revisions of a page) [skipped]",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("warnings:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestOldSchema(t *testing.T) {
	revs, site, warnings, err := read(t, "schema-0.3.xml", Options{Strict: true})
	if err != nil || len(warnings) != 0 {
		t.Fatal(err, warnings)
	}
	if len(revs) != 2 || revs[0].NS != -1 || revs[0].Rev.Author != "Old Timer" || revs[1].Rev.Text != "" || !revs[1].Rev.Visible() || !revs[1].Rev.Minor {
		t.Fatalf("revisions: %+v", revs)
	}
	if site.Generator != "MediaWiki 1.12.0" || site.Namespaces[3] != (model.Namespace{ID: 10, Name: "Template"}) {
		t.Errorf("siteinfo %+v", site)
	}
}

// Each fixture written back and read again gives the same revisions and
// siteinfo, and writing that gives the same bytes.
func TestFixturesRoundTrip(t *testing.T) {
	for _, name := range []string{"small.xml", "slots.xml", "deleted.xml", "stub.xml", "stub-011.xml", "namespaces-fo.xml", "case-sensitive.xml", "schema-0.3.xml", "sha1-mismatch.xml"} {
		t.Run(name, func(t *testing.T) {
			revs, site, _, err := read(t, name, Options{})
			if err != nil {
				t.Fatal(err)
			}
			out := writeRevs(t, site, revs)
			var site2 *model.SiteInfo
			again, err := readAll(t, "again.xml", out, Options{Strict: true, SiteInfo: func(si *model.SiteInfo) { site2 = si }})
			if err != nil && name != "sha1-mismatch.xml" {
				t.Fatal(err)
			}
			if !site.Equal(site2) {
				t.Errorf("siteinfo %+v, after the round trip %+v", site, site2)
			}
			if len(again) != len(revs) {
				t.Fatalf("%d revisions, after the round trip %d", len(revs), len(again))
			}
			for i := range revs {
				a, b := revs[i], again[i]
				a.Rev.Source, b.Rev.Source = model.SourceRef{}, model.SourceRef{}
				if a.NS < 0 {
					a.NS = 0 // written as namespace 0
				}
				if !reflect.DeepEqual(a, b) {
					t.Errorf("revision %d:\n got %+v\nwant %+v", i, b, a)
				}
			}
			if out2 := writeRevs(t, site2, again); !bytes.Equal(out, out2) {
				t.Error("writing the export read back gives other bytes")
			}
		})
	}
}

func writeRevs(t *testing.T, site *model.SiteInfo, revs []readRev) []byte {
	var pages []Page
	for i := range revs {
		r := revs[i]
		if n := len(pages); n == 0 || pages[n-1].Title != r.Title {
			pages = append(pages, Page{Title: r.Title, Namespace: max(r.NS, 0), ID: int64(len(pages) + 1)})
		}
		p := &pages[len(pages)-1]
		p.Revisions = append(p.Revisions, &r.Rev)
	}
	var buf bytes.Buffer
	if err := Write(&buf, site, pages); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestTruncatedCompressed(t *testing.T) {
	// An export of a few hundred kilobytes, so that the compressed stream
	// has several blocks and the cut falls after some XML was decoded.
	var plain bytes.Buffer
	plain.WriteString("<mediawiki>\n<page>\n<title>Big</title>\n")
	for i := range 400 {
		fmt.Fprintf(&plain, "<revision>\n<id>%d</id>\n<timestamp>2024-01-01T00:00:00Z</timestamp>\n<text>", i+1)
		for j := range 40 {
			fmt.Fprintf(&plain, "line %d of revision %d, with a few words that do not repeat %x\n", j, i, i*j*7919)
		}
		plain.WriteString("</text>\n</revision>\n")
	}
	plain.WriteString("</page>\n</mediawiki>\n")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(plain.Bytes())
	zw.Close()
	cases := map[string][]byte{"cut.xml.gz": gz.Bytes()[:gz.Len()*2/3]}
	if _, err := exec.LookPath("bzip2"); err == nil {
		cmd := exec.Command("bzip2", "-1") // 100 kB blocks
		cmd.Stdin = bytes.NewReader(plain.Bytes())
		bz, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		cases["cut.xml.bz2"] = bz[:len(bz)*2/3]
	} else {
		t.Log("bzip2 is not installed: a .bz2 cut after its first block is not checked")
	}
	for name, data := range cases {
		_, err := readAll(t, name, data, Options{})
		if err == nil || !strings.HasPrefix(err.Error(), name+":") || !strings.Contains(err.Error(), "unexpected end of compressed data inside <") ||
			!strings.Contains(err.Error(), "(truncated export?)") || strings.HasPrefix(err.Error(), name+":1:") {
			t.Errorf("%s: %v; want the line, the open element and (truncated export?)", name, err)
		}
	}
	// A single-block file cut short says so at its start.
	bz, err := os.ReadFile("testdata/small.xml.bz2")
	if err != nil {
		t.Fatal(err)
	}
	_, err = readAll(t, "small.xml.bz2", bz[:len(bz)/2], Options{})
	if want := "small.xml.bz2:1: error: unexpected end of compressed data before the <mediawiki> element (truncated export?)"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("single block: %v, want %q", err, want)
	}
}

func TestEncoding(t *testing.T) {
	in := "\ufeff<mediawiki>\n<page>\n<title>A</title>\n<revision>\n<timestamp>2024-01-01T00:00:00Z</timestamp>\n<text>bad \xff byte\nnul \x00 and \x01 control</text>\n</revision>\n</page>\n</mediawiki>"
	var warnings model.MsgList
	revs, err := readAll(t, "enc.xml", []byte(in), Options{Warn: func(m model.Msg) { warnings = append(warnings, m) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(revs) != 1 || revs[0].Rev.Text != "bad \uFFFD byte\nnul  and \uFFFD control" {
		t.Fatalf("revisions %+v", revs)
	}
	want := "enc.xml:6: warning: a byte that is not UTF-8 was replaced by U+FFFD [encoding]\n" +
		"enc.xml:7: warning: a NUL byte was removed [encoding]\n" +
		"enc.xml:7: warning: a control character XML cannot carry was replaced by U+FFFD [encoding]"
	if warnings.Error() != want {
		t.Errorf("warnings:\n%s\nwant\n%s", warnings.Error(), want)
	}
}

// The limit counts decoded characters: a text made of entities is as long
// as what it decodes to, not as its escaped form.
func TestSizeLimitCountsDecodedText(t *testing.T) {
	export := func(n int) []byte {
		return []byte("<mediawiki><page><title>Q</title><revision><id>5</id><timestamp>2024-01-01T00:00:00Z</timestamp><text>" +
			strings.Repeat("&quot;&#13;&amp;", n) + "</text></revision></page></mediawiki>")
	}
	const limit = 300 << 10 // above the reader's 64 kB slack for tags
	revs, err := readAll(t, "q.xml", export(limit/3-10), Options{MaxRevisionBytes: limit})
	if err != nil || len(revs) != 1 || len(revs[0].Rev.Text) != 3*(limit/3-10) {
		t.Fatalf("a text just under the limit: %v", err)
	}
	_, err = readAll(t, "q.xml", export(limit/3+10), Options{MaxRevisionBytes: limit})
	if want := `q.xml:1: error: page "Q", revision 5 (2024-01-01T00:00:00Z): text over the limit of 307200 bytes per revision`; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("a text just over the limit: %v, want %q", err, want)
	}
}

// An export made with --uploads --include-files holds each file, base64
// encoded, in its <upload>'s <contents>: a file is no revision's text, and
// one larger than the limit of a text (MediaWiki takes uploads of 100 MB)
// is skipped with its <upload>, not refused as "text over the limit" of the
// description page. Contents of any length, with entities cut anywhere.
func TestUploadContentsOverTheLimit(t *testing.T) {
	const limit = 1 << 20
	for _, tc := range []struct {
		name  string
		chunk string
		size  int
	}{
		{"base64", "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0NTY3ODkr/w==\n", 3 * limit},
		{"entities", "a&amp;b&#169;&lt;", 12*limit + 5},
		{"just over", "QUJD\n", limit + 64<<10 + 10},
		{"under", "QUJD\n", limit / 2},
	} {
		var b bytes.Buffer
		b.WriteString("<mediawiki>\n<page>\n<title>File:Rulebook.pdf</title>\n<ns>6</ns>\n<id>7</id>\n" +
			"<revision>\n<id>70</id>\n<timestamp>2024-01-01T00:00:00Z</timestamp>\n<contributor><username>Ann</username><id>3</id></contributor>\n" +
			"<text bytes=\"13\" xml:space=\"preserve\">The rulebook.</text>\n</revision>\n" +
			"<upload>\n<timestamp>2024-01-01T00:00:00Z</timestamp>\n<contributor><username>Ann</username><id>3</id></contributor>\n" +
			"<filename>Rulebook.pdf</filename>\n<size>1</size>\n<contents encoding=\"base64\">")
		for n := 0; n < tc.size; n += len(tc.chunk) {
			b.WriteString(tc.chunk)
		}
		b.WriteString("</contents>\n</upload>\n</page>\n<page>\n<title>Gamehelpafter</title>\n<ns>0</ns>\n<id>8</id>\n" +
			"<revision>\n<id>80</id>\n<timestamp>2024-01-02T00:00:00Z</timestamp>\n<contributor><ip>192.0.2.1</ip></contributor>\n" +
			"<text xml:space=\"preserve\">After the file &amp; its upload.</text>\n</revision>\n</page>\n</mediawiki>\n")
		check := func(how string, r io.Reader, limit int) {
			var warnings model.MsgList
			var revs []readRev
			err := Read("uploads.xml", r, Options{MaxRevisionBytes: limit, Warn: func(m model.Msg) { warnings = append(warnings, m) }},
				func(p *PageInfo, rev *model.Revision) error {
					revs = append(revs, readRev{p.Title, p.Namespace, *rev})
					return nil
				})
			if err != nil {
				t.Errorf("%s, %s: %v", tc.name, how, err)
				return
			}
			if len(revs) != 2 || revs[0].Rev.Text != "The rulebook." || revs[1].Rev.Text != "After the file & its upload." || revs[1].Rev.Author != "192.0.2.1" {
				t.Errorf("%s, %s: revisions %+v", tc.name, how, revs)
			}
			if len(warnings) != 1 || !strings.Contains(warnings[0].String(), "1 <upload> element skipped") {
				t.Errorf("%s, %s: warnings %v", tc.name, how, warnings)
			}
		}
		check("read whole", bytes.NewReader(b.Bytes()), limit)
		// Byte by byte, with a limit a fifth of the file's: the drop
		// starts at every place of an entity (the decoder refuses an
		// entity cut short).
		check("byte by byte", iotest.OneByteReader(bytes.NewReader(b.Bytes())), tc.size/5)
	}
}
