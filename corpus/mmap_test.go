package corpus

import (
	"compress/gzip"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/model"
)

// feedText is a small feed: two pages, three revisions, one of them empty.
const feedText = "Wiki - User contributions [en]\n\n" +
	"Gamehelphearts\n\n2024-01-02T03:04:05Z\n\nAnn: first\n\nHearts is a card game.\n\n== Scoring ==\nOne point per heart.\n\n" +
	"Other page\n\n2024-01-03T00:00:00Z\n\nBob: created\n\nSome text é.\n\n" +
	"Gamehelphearts\n\n2024-02-01T00:00:00Z\n\nAnn: emptied"

// loadBoth loads the file both ways (mapped and read) and fails unless
// both give the same corpus, or the same error.
func loadBoth(t *testing.T, path string, opts Options) (*model.Corpus, error) {
	t.Helper()
	read, rerr := Load([]string{path}, opts)
	opts.MapFiles = true
	mapped, merr := Load([]string{path}, opts)
	if (rerr == nil) != (merr == nil) || rerr != nil && rerr.Error() != merr.Error() {
		t.Fatalf("%s: read: %v; mapped: %v", filepath.Base(path), rerr, merr)
	}
	if rerr != nil {
		return nil, merr
	}
	if len(read.Pages) != len(mapped.Pages) {
		t.Fatalf("%d pages read, %d mapped", len(read.Pages), len(mapped.Pages))
	}
	for i, p := range read.Pages {
		q := mapped.Pages[i]
		if p.Title != q.Title || len(p.Revisions) != len(q.Revisions) {
			t.Fatalf("page %d: %s (%d revisions) read, %s (%d) mapped", i, p.Title, len(p.Revisions), q.Title, len(q.Revisions))
		}
		for j, r := range p.Revisions {
			if !reflect.DeepEqual(r, q.Revisions[j]) {
				t.Errorf("%s revision %d: read %+v, mapped %+v", p.Title, j, r, q.Revisions[j])
			}
		}
	}
	if !reflect.DeepEqual(read.Warnings, mapped.Warnings) {
		t.Errorf("warnings: read %v, mapped %v", read.Warnings, mapped.Warnings)
	}
	return mapped, nil
}

func tempFeed(t *testing.T, name, data string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A mapped feed reads as the same feed read: LF, CRLF, CR, a byte-order
// mark, bytes that are not UTF-8, a text larger than a page of memory.
func TestMappedFeedSameAsRead(t *testing.T) {
	huge := strings.Repeat("A long line of rules text. ", 40000) // 1 MB
	for name, text := range map[string]string{
		"lf.txt":      feedText,
		"crlf.txt":    strings.ReplaceAll(feedText, "\n", "\r\n"),
		"cr.txt":      strings.ReplaceAll(feedText, "\n", "\r"),
		"bom.txt":     "\ufeff" + feedText,
		"bomcrlf.txt": "\ufeff" + strings.ReplaceAll(feedText, "\n", "\r\n"),
		"latin1.txt":  strings.Replace(feedText, "é", "\xe9", 1),
		"nul.txt":     strings.Replace(feedText, "card", "ca\x00rd", 1),
		"huge.txt":    feedText + "\n\nBig page\n\n2024-03-01T00:00:00Z\n\nCid: big\n\n" + huge,
		"newline.txt": feedText + "\n\nLast page\n\n2024-06-01T00:00:00Z\n\nDan: x\n\nIts text.\n",
	} {
		t.Run(name, func(t *testing.T) {
			c, err := loadBoth(t, tempFeed(t, name, text), Options{})
			if err != nil {
				t.Fatal(err)
			}
			p := c.Page("Gamehelphearts")
			if p == nil || len(p.Revisions) != 2 || p.Revisions[0].Text != "Hearts is a card game.\n\n== Scoring ==\nOne point per heart." && name != "nul.txt" {
				t.Fatalf("Gamehelphearts read as %+v", p)
			}
			if name == "huge.txt" && (c.Page("Big page") == nil || c.Page("Big page").Latest().Text != huge) {
				t.Error("the large text is not read whole")
			}
			// A feed carries no hash: Digest computes it.
			if r := p.Revisions[0]; r.SHA1 != "" || r.Digest() != model.TextSHA1(r.Text) || r.Source.Line != 3 {
				t.Errorf("first revision: sha1 %s, line %d", r.SHA1, r.Source.Line)
			}
		})
	}
}

// A mapped feed that is cut short or malformed gives the error the read one
// gives, naming the file and line; a text over the limit names the page and
// the revision.
func TestMappedFeedErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string
		opts             Options
	}{
		{"cut.txt", feedText + "\n\nCut page\n\n2024-05-0", "cut.txt:", Options{}},
		{"badts.txt", strings.Replace(feedText, "2024-01-03T00:00:00Z", "2024-01-03 00:00:00", 1), "cut.txt", Options{}},
		{"big.txt", feedText, `page "Gamehelphearts", revision 2024-01-02T03:04:05Z`, Options{MaxRevisionBytes: 20}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := tempFeed(t, tc.name, tc.text)
			_, err := loadBoth(t, path, tc.opts)
			if tc.name == "cut.txt" && err == nil {
				// A cut timestamp line is text of the revision before:
				// not an error, but nothing is lost or invented.
				return
			}
			if err == nil {
				t.Fatalf("no error")
			}
			if !strings.Contains(err.Error(), tc.name+":") {
				t.Errorf("error %q does not name the file and line", err)
			}
			if tc.name == "big.txt" && !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to name %s", err, tc.want)
			}
		})
	}
}

// A compressed feed is read, not mapped (its bytes are not its text), and
// so is a gzipped one whose name does not say so.
func TestMapFilesCompressed(t *testing.T) {
	p := filepath.Join(t.TempDir(), "feed.txt.gz")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	zw := gzip.NewWriter(f)
	zw.Write([]byte(feedText))
	zw.Close()
	f.Close()
	for _, name := range []string{"feed.txt.gz", "feed.txt"} {
		q := filepath.Join(filepath.Dir(p), name)
		if err := os.Rename(p, q); err != nil {
			t.Fatal(err)
		}
		c, err := loadBoth(t, q, Options{})
		if err != nil || len(c.Pages) != 2 {
			t.Errorf("%s: %v", name, err)
		}
		p = q
	}
}

// TestReleaseTexts: a mapped feed's corpus can release its texts, which
// read the same afterwards; the spans it releases are the mapped texts'
// (a text on the heap is never given to madvise, which would zero it); a
// corpus read from files has nothing to release.
func TestReleaseTexts(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "feed.txt")
	if err := os.WriteFile(p, []byte(feedText), 0o644); err != nil {
		t.Fatal(err)
	}
	read, err := Load([]string{p}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if read.TextRelease() != nil {
		t.Error("a corpus read from a file has texts to release")
	}
	read.ReleaseTexts(read.Pages) // nothing, and no panic

	l := NewLoader(Options{MapFiles: true})
	if err := l.AddPath(p); err != nil {
		t.Fatal(err)
	}
	c, err := l.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	if c.TextRelease() == nil {
		if len(l.mapped) == 0 {
			t.Skip("feeds are not mapped here")
		}
		t.Fatal("a mapped feed's corpus has no text release")
	}
	var want []string
	found := 0
	for _, pg := range c.Pages {
		for _, r := range pg.Revisions {
			want = append(want, strings.Clone(r.Text))
			if _, _, ok := l.mapped.find(r.Text); ok {
				found++
			}
		}
	}
	if found != 2 {
		t.Errorf("%d texts found in the mapping, want 2 (the two texts that are not empty)", found)
	}
	if _, _, ok := l.mapped.find(strings.Clone("Hearts is a card game.")); ok {
		t.Error("a text on the heap was found in the mapping")
	}
	c.ReleaseTexts(append([]*model.Page{nil}, c.Pages...))
	k := 0
	for _, pg := range c.Pages {
		for _, r := range pg.Revisions {
			if r.Text != want[k] {
				t.Errorf("%s: %q after the release, want %q", pg.Title, r.Text, want[k])
			}
			k++
		}
	}
}
