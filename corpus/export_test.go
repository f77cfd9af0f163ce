package corpus

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/model"
)

// fixture is an export of corpus/mwxml/testdata.
func fixture(name string) string { return filepath.Join("mwxml", "testdata", name) }

func TestExportNamespaces(t *testing.T) {
	c, err := Load([]string{fixture("namespaces-fo.xml")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range c.Pages {
		got = append(got, p.Title+"/"+p.Kind.String()+"/"+itoa(p.Namespace))
	}
	want := []string{"Bólkur:Terningaspøl/other/14", "Fyrimynd:Regluboks/template/10", "Gamehelpterningar/rules/0", "MediaWiki:Sidebar/other/8"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("pages %q, want %q", got, want)
	}
	if c.Site == nil || c.Site.Name != "Spælwiki" {
		t.Errorf("site %+v", c.Site)
	}
	for in, want := range map[string]string{"category:terningaspøl": "Bólkur:Terningaspøl", "fyrimynd:regluboks": "Fyrimynd:Regluboks"} {
		if p := c.Page(in); p == nil || p.Title != want {
			t.Errorf("Page(%q) = %v, want %s", in, p, want)
		}
	}
	if p := c.Page("Gamehelpterningar"); p.ID != 1 {
		t.Errorf("page id %d, want 1", p.ID)
	}
}

func TestCaseSensitiveWiki(t *testing.T) {
	// A feed read with a case-sensitive export: its titles follow the
	// export's rule too, whatever the order of the inputs.
	feedText := "W - User contributions [en]\n\npolish\n\n2019-05-01T00:00:00Z\n\nLex: more\n\n== English ==\n=== Verb ===\n# to make a surface shine\n# to refine"
	for _, order := range []bool{false, true} {
		l := NewLoader(Options{})
		add := []func() error{
			func() error { return l.AddReader("words.txt", strings.NewReader(feedText), FormatUnknown) },
			func() error { return l.AddPath(fixture("case-sensitive.xml")) },
		}
		if order {
			add[0], add[1] = add[1], add[0]
		}
		for _, f := range add {
			if err := f(); err != nil {
				t.Fatal(err)
			}
		}
		c, err := l.Corpus()
		if err != nil {
			t.Fatal(err)
		}
		var titles []string
		for _, p := range c.Pages {
			titles = append(titles, p.Title)
		}
		if want := []string{"Polish", "Template:lang", "User:Lex", "polish"}; !reflect.DeepEqual(titles, want) {
			t.Errorf("titles %q, want %q", titles, want)
		}
		if p := c.Page("polish"); p == nil || len(p.Revisions) != 2 {
			t.Errorf("polish: %+v", p)
		}
	}
}

func TestDeletedAndStubs(t *testing.T) {
	c, err := Load([]string{fixture("deleted.xml"), fixture("stub.xml")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := c.Page("Gamehelprummy")
	if len(p.Revisions) != 4 || p.Latest().Visible() || p.LatestVisible().ID != 82 {
		t.Fatalf("Gamehelprummy: %d revisions, latest visible %+v", len(p.Revisions), p.LatestVisible())
	}
	s := c.Page("Gamehelpbriscola")
	if len(s.Revisions) != 2 || s.LatestVisible() != nil || !s.Latest().Stub {
		t.Errorf("stub page: %+v", s.Revisions)
	}
	// A stub dump and a full export of the same revisions: the texts win.
	full := strings.Replace(strings.Replace(readFile(t, fixture("stub.xml")), `<text id="1190" bytes="1820" />`, `<text xml:space="preserve">the text</text>`, 1), "<sha1>", "<sha1_>", -1)
	full = strings.ReplaceAll(full, "</sha1>", "</sha1_>")
	l := NewLoader(Options{})
	if err := l.AddPath(fixture("stub.xml")); err != nil {
		t.Fatal(err)
	}
	if err := l.AddReader("full.xml", strings.NewReader(full), FormatUnknown); err != nil {
		t.Fatal(err)
	}
	c, err = l.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	if r := c.Page("Gamehelpbriscola").Revisions; len(r) != 2 || !r[0].Visible() || r[0].Text != "the text" || !r[1].Stub {
		t.Errorf("merged: %+v", r)
	}
}

// Reading an export, converting it to XML and reading that gives the same
// corpus: slots, deleted parts, stubs, page ids, siteinfo, namespaces and
// case survive.
func TestConvertRoundTrip(t *testing.T) {
	for _, inputs := range [][]string{
		{fixture("slots.xml")}, {fixture("deleted.xml")}, {fixture("stub.xml")}, {fixture("stub-011.xml")},
		{fixture("namespaces-fo.xml")}, {fixture("case-sensitive.xml")}, {fixture("schema-0.3.xml")},
		{fixture("small.xml"), fixture("uploads-logitems.xml")},
	} {
		t.Run(filepath.Base(inputs[0]), func(t *testing.T) {
			c, err := Load(inputs, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := WriteXML(&out, c, "ignored"); err != nil {
				t.Fatal(err)
			}
			l := NewLoader(Options{Strict: true})
			if err := l.AddReader("out.xml", bytes.NewReader(out.Bytes()), FormatUnknown); err != nil {
				t.Fatal(err)
			}
			c2, err := l.Corpus()
			if err != nil {
				t.Fatal(err)
			}
			if !c.Site.Equal(c2.Site) {
				t.Errorf("siteinfo %+v, after convert %+v", c.Site, c2.Site)
			}
			if len(c.Pages) != len(c2.Pages) {
				t.Fatalf("%d pages, %d after convert", len(c.Pages), len(c2.Pages))
			}
			for i, p := range c.Pages {
				q := c2.Pages[i]
				if p.Title != q.Title || p.Namespace != q.Namespace || p.ID != q.ID || p.Redirect != q.Redirect || p.Kind != q.Kind || len(p.Revisions) != len(q.Revisions) {
					t.Fatalf("page %q (ns %d, id %d, %d revisions) became %q (ns %d, id %d, %d revisions)",
						p.Title, p.Namespace, p.ID, len(p.Revisions), q.Title, q.Namespace, q.ID, len(q.Revisions))
				}
				for j, r := range p.Revisions {
					a, b := *r, *q.Revisions[j]
					a.Source, b.Source = model.SourceRef{}, model.SourceRef{}
					if a.ID == 0 { // fresh ids for revisions that had none
						a.ID, a.ParentID = b.ID, b.ParentID
					}
					if !reflect.DeepEqual(a, b) {
						t.Errorf("%s revision %d:\n got %+v\nwant %+v", p.Title, j, b, a)
					}
				}
			}
			var again bytes.Buffer
			if err := WriteXML(&again, c2, "ignored"); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), again.Bytes()) {
				t.Error("converting the converted export gives other bytes")
			}
		})
	}
}

func TestFeedLineEndsAndBOM(t *testing.T) {
	lf := "H\n\nGamehelpx\n\n2024-01-01T00:00:00Z\n\nA: one\n\nfirst\ntext"
	for name, in := range map[string]string{
		"crlf":    strings.ReplaceAll(lf, "\n", "\r\n"),
		"cr":      strings.ReplaceAll(lf, "\n", "\r"),
		"bom":     "\ufeff" + lf,
		"bomcrlf": "\ufeff" + strings.ReplaceAll(lf, "\n", "\r\n"),
	} {
		t.Run(name, func(t *testing.T) {
			c, err := Load([]string{"-"}, Options{Stdin: strings.NewReader(in)})
			if err != nil {
				t.Fatal(err)
			}
			if p := c.Page("Gamehelpx"); p == nil || p.Latest().Text != "first\ntext" {
				t.Errorf("pages %+v", c.Pages)
			}
		})
	}
	// A .wiki page with CRLF, a BOM and a stray byte.
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "Gamehelp_y.wiki"), "\ufeff== A ==\r\nline \xff\r\n")
	c, err := Load([]string{dir}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r := c.Page("Gamehelp y").Latest(); r.Text != "== A ==\nline \uFFFD\n" {
		t.Errorf("text %q", r.Text)
	}
	if len(c.Warnings) != 1 || !strings.Contains(c.Warnings[0].String(), "Gamehelp_y.wiki:2: warning: a byte that is not UTF-8 was replaced by U+FFFD [encoding]") {
		t.Errorf("warnings %v", c.Warnings)
	}
}

func TestSiteInfoConflict(t *testing.T) {
	l := NewLoader(Options{})
	for _, f := range []string{"namespaces-fo.xml", "case-sensitive.xml", "small.xml"} {
		if err := l.AddPath(fixture(f)); err != nil {
			t.Fatal(err)
		}
	}
	c, err := l.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range c.Warnings {
		if w.ID == model.MsgSiteInfo {
			got = append(got, w.String())
		}
	}
	if len(got) != 2 || !strings.Contains(got[0], "case-sensitive.xml: warning: this export describes its wiki (Word list, case-sensitive) otherwise than") {
		t.Errorf("warnings %q", got)
	}
}

func TestWriteFeedHiddenParts(t *testing.T) {
	c, err := Load([]string{fixture("deleted.xml")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Revision 83 keeps its author but hides its summary and text; make
	// one that hides only the author, to see it written as the wiki shows.
	p := c.Page("Gamehelprummy")
	p.Revisions[2].Deleted = model.DeletedAuthor
	p.Revisions[2].Author = ""
	var out bytes.Buffer
	if err := WriteFeed(&out, c, ""); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "\n\n(username removed): restore and add the stock\n\n") || strings.Contains(out.String(), "2022-02-02T11:00:00Z") {
		t.Errorf("feed:\n%s", out.String())
	}
	om := Omitted(c, "feed")
	if len(om) != 2 || om[0].Line == 0 {
		t.Errorf("omitted: %v", om)
	}
	stub, err := Load([]string{fixture("stub.xml")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if om := Omitted(stub, "wiki"); len(om) != 1 || !strings.Contains(om[0].Text, "Gamehelpbriscola is not written: no revision's text is in the input") {
		t.Errorf("omitted from a wiki directory: %v", om)
	}
}
