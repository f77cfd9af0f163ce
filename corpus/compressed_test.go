package corpus

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// A compressed feed (contributions.txt.gz, .txt.bz2) is a feed: the
// extension under the compression's says what the file holds (it was read
// as an XML export, which failed on the feed's first '<': "expected a
// <mediawiki> root element, found <strong>"), and reading it mapped reads
// it (the compressed bytes are never mapped as the text).
func TestCompressedFeed(t *testing.T) {
	dir := filepath.Join("testdata", "compressed")
	plain, err := Load([]string{filepath.Join(dir, "contributions.txt")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"contributions.txt.gz", "contributions.txt.bz2"} {
		c, err := loadBoth(t, filepath.Join(dir, name), Options{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(c.Pages) != len(plain.Pages) || len(c.Warnings) != 0 {
			t.Errorf("%s: %d pages, want %d; warnings %v", name, len(c.Pages), len(plain.Pages), c.Warnings)
			continue
		}
		for i, p := range plain.Pages {
			q := c.Pages[i]
			if q.Title != p.Title || len(q.Revisions) != len(p.Revisions) {
				t.Errorf("%s: page %s with %d revisions, want %s with %d", name, q.Title, len(q.Revisions), p.Title, len(p.Revisions))
				continue
			}
			for j, r := range p.Revisions {
				got, want := *q.Revisions[j], *r
				got.Source.File, want.Source.File = "", ""
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s: %s revision %d: %+v, want %+v", name, p.Title, j, got, want)
				}
			}
		}
	}
}

// A feed whose header starts with "BZh" is a feed, and a bzip2 export
// under another name is still read: a stream is told by its block's magic
// too, not by "BZh" alone (a text starting so was decompressed and failed).
func TestBzip2Magic(t *testing.T) {
	dir := t.TempDir()
	feedPath := filepath.Join(dir, "bzh.txt")
	if err := os.WriteFile(feedPath, []byte("BZh wiki - User contributions [en]\n\nPage\n\n2024-01-01T00:00:00Z\n\nAnn: s\n\ntext\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load([]string{feedPath}, Options{})
	if err != nil || c.Page("Page") == nil {
		t.Fatalf("a feed starting with BZh: %v", err)
	}
	data, err := os.ReadFile(filepath.Join("..", "corpus", "mwxml", "testdata", "small.xml.bz2"))
	if err != nil {
		t.Fatal(err)
	}
	renamed := filepath.Join(dir, "dump.bin")
	if err := os.WriteFile(renamed, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if c, err := Load([]string{renamed}, Options{}); err != nil || len(c.Pages) == 0 {
		t.Fatalf("a bzip2 export named dump.bin: %v", err)
	}
}

// A directory's compressed feeds are read with its other inputs.
func TestCompressedFeedInDirectory(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"contributions.txt.gz", "contributions.txt.bz2"} {
		data, err := os.ReadFile(filepath.Join("testdata", "compressed", name))
		if err != nil {
			t.Fatal(err)
		}
		sub := filepath.Join(dir, name+".d")
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sub, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := Load([]string{sub}, Options{})
		if err != nil || len(c.Pages) == 0 {
			t.Errorf("a directory holding %s: %v, %d pages", name, err, len(c.Pages))
		}
	}
}
