package mwxml

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/corpus/feed"
	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/model"
)

type readRev struct {
	Title string
	NS    int
	Rev   model.Revision
}

func readAll(t testing.TB, name string, data []byte, opts Options) ([]readRev, error) {
	t.Helper()
	r, err := Decompress(name, bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	var out []readRev
	err = Read(name, r, opts, func(p *PageInfo, rev *model.Revision) error {
		out = append(out, readRev{p.Title, p.Namespace, *rev})
		return nil
	})
	return out, err
}

func TestReadSmall(t *testing.T) {
	for _, name := range []string{"small.xml", "small.xml.gz", "small.xml.bz2"} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", name))
			if err != nil {
				t.Fatal(err)
			}
			revs, err := readAll(t, name, data, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(revs) != 3 {
				t.Fatalf("got %d revisions, want 3", len(revs))
			}
			r0, r1, r2 := revs[0].Rev, revs[1].Rev, revs[2].Rev
			if revs[0].Title != "Gamehelpdice" || r0.ID != 100 || r0.Author != "Alice" || r0.Text != "== Rules ==\nRoll & move." {
				t.Errorf("rev 0: %+v", r0)
			}
			if r1.Author != "192.0.2.4" || !r1.Minor || r1.Section != "Rules" || r1.ParentID != 100 ||
				r1.Text != "== Rules ==\nRoll two dice & move that many <b>spaces</b>." {
				t.Errorf("rev 1: %+v", r1)
			}
			if revs[2].NS != 10 || r2.Summary != "" || r2.Text != "[{{{1}}}]" {
				t.Errorf("rev 2: %+v", revs[2])
			}
			if r0.Source.Line != 17 {
				t.Errorf("rev 0 source line %d, want 17", r0.Source.Line)
			}
		})
	}
}

func TestTruncated(t *testing.T) {
	data, err := os.ReadFile("testdata/truncated.xml")
	if err != nil {
		t.Fatal(err)
	}
	_, err = readAll(t, "truncated.xml", data, Options{})
	if err == nil {
		t.Fatal("truncated export read without error")
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "truncated.xml:") || !strings.Contains(msg, "truncated export?") {
		t.Errorf("unhelpful error: %s", msg)
	}
}

func TestBadInput(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "x.xml:1: error: expected a MediaWiki XML export"},
		{"<html></html>", "x.xml:1: error: expected a <mediawiki> root element, found <html>"},
		{"<mediawiki><page><title>A</title><revision><timestamp>yesterday</timestamp><text>x</text></revision></page></mediawiki>",
			`x.xml:1: error: page "A", revision: expected <timestamp> like 2024-11-15T16:30:17Z, found "yesterday"`},
		{"<mediawiki><page><title>A</title><revision><id>7</id><text>x</text></revision></page></mediawiki>",
			`x.xml:1: error: page "A", revision 7: no <timestamp> (expected one like 2024-11-15T16:30:17Z)`},
		{"<mediawiki><page><title>A</page></mediawiki>", "x.xml:1: error: invalid XML"},
		{"<mediawiki><page><title>A</title><revision><id>x1</id></revision></page></mediawiki>", `x.xml:1: error: <id>: expected a revision id, found "x1"`},
		{"<mediawiki>" + strings.Repeat("<a>", 1001), "x.xml:1: error: elements nested more than 1000 deep"},
	}
	for _, c := range cases {
		_, err := readAll(t, "x.xml", []byte(c.in), Options{})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: error %v, want prefix %q", c.in, err, c.want)
		}
	}
}

// TestRoundTrip reads every seed, writes it as an export, reads that back
// and expects the same revisions.
func TestRoundTrip(t *testing.T) {
	var pages []Page
	for i, path := range shared.Seeds(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := feed.Parse(path, data, feed.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for j, e := range f.Entries {
			r := *e.Rev
			r.ID = int64(i*1000 + j + 1)
			r.Source = model.SourceRef{}
			r.SHA1 = r.Digest() // a feed carries none; an export does
			pages = append(pages, Page{Title: e.Title, Namespace: 0, ID: int64(len(pages) + 1), Revisions: []*model.Revision{&r}})
		}
	}
	var buf bytes.Buffer
	if err := Write(&buf, DefaultSiteInfo("seeds"), pages); err != nil {
		t.Fatal(err)
	}
	got, err := readAll(t, "rt.xml", buf.Bytes(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(pages) {
		t.Fatalf("read back %d revisions, want %d", len(got), len(pages))
	}
	for i, g := range got {
		want := *pages[i].Revisions[0]
		g.Rev.Source = model.SourceRef{}
		if g.Title != pages[i].Title || !reflect.DeepEqual(g.Rev, want) {
			t.Fatalf("revision %d differs after the round trip:\n got %+v\nwant %+v", i, g.Rev, want)
		}
	}
	// Write what was read: byte-identical output.
	var again bytes.Buffer
	var pages2 []Page
	for i, g := range got {
		r := g.Rev
		pages2 = append(pages2, Page{Title: g.Title, Namespace: g.NS, ID: pages[i].ID, Revisions: []*model.Revision{&r}})
	}
	if err := Write(&again, DefaultSiteInfo("seeds"), pages2); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.Bytes(), buf.Bytes()) {
		t.Error("writing the read export again gives different bytes")
	}
}

func TestWriteRejectsControlChars(t *testing.T) {
	err := Write(&bytes.Buffer{}, nil, []Page{{Title: "A", Revisions: []*model.Revision{{Text: "a\x01b"}}}})
	if err == nil || !strings.Contains(err.Error(), "U+0001") {
		t.Errorf("want an error naming U+0001, got %v", err)
	}
}

func BenchmarkRead(b *testing.B) {
	var pages []Page
	for _, path := range shared.Seeds(b) {
		data, _ := os.ReadFile(path)
		f, err := feed.Parse(path, data, feed.Options{})
		if err != nil {
			b.Fatal(err)
		}
		for _, e := range f.Entries {
			pages = append(pages, Page{Title: e.Title, Revisions: []*model.Revision{e.Rev}})
		}
	}
	var buf bytes.Buffer
	if err := Write(&buf, DefaultSiteInfo("seeds"), pages); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		err := Read("bench", bytes.NewReader(data), Options{}, func(*PageInfo, *model.Revision) error { n++; return nil })
		if err != nil || n != len(pages) {
			b.Fatal(err, n)
		}
	}
}
