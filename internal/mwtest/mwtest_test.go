package mwtest_test

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/internal/mwtest"
)

func TestMain(m *testing.M) { mwtest.Main(m) }

// TestWiki exercises every helper on a real wiki: import, edit, upload,
// parse, move, delete.
func TestWiki(t *testing.T) {
	w := mwtest.New(t)
	ctx := t.Context()
	xml := `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11">
  <page><title>Dice</title><ns>0</ns><id>1</id>
    <revision><id>1</id><timestamp>2024-05-01T10:00:00Z</timestamp><contributor><username>Bob</username></contributor>
      <comment>first</comment><model>wikitext</model><format>text/x-wiki</format><text xml:space="preserve">Roll '''two''' dice.</text></revision>
  </page>
</mediawiki>`
	if err := w.ImportXML(ctx, []byte(xml)); err != nil {
		t.Fatal(err)
	}
	var r struct {
		Query struct {
			Pages []struct {
				Title     string
				Revisions []struct {
					User, Timestamp, Comment string
				}
			}
		}
	}
	get := func(title string) {
		t.Helper()
		r.Query.Pages = nil
		if err := w.Query(ctx, url.Values{"action": {"query"}, "prop": {"revisions"}, "titles": {title},
			"rvprop": {"user|timestamp|comment"}, "rvlimit": {"max"}}, &r); err != nil {
			t.Fatal(err)
		}
	}
	get("Dice")
	if revs := r.Query.Pages[0].Revisions; len(revs) != 1 || revs[0].User != "Bob" || revs[0].Timestamp != "2024-05-01T10:00:00Z" {
		t.Fatalf("imported revision: %+v", revs)
	}
	if err := w.Edit(ctx, "Dice", "Roll '''three''' dice.", "Alice", "more dice"); err != nil {
		t.Fatal(err)
	}
	get("Dice")
	if revs := r.Query.Pages[0].Revisions; len(revs) != 2 || revs[0].User != "Alice" || revs[0].Comment != "more dice" {
		t.Fatalf("after the edit: %+v", revs)
	}
	html, err := w.Parse(ctx, "Dice", "''Hello'' [[World]]")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html, "<i>Hello</i>") || !strings.Contains(html, "World") {
		t.Errorf("parse: %s", html)
	}
	if html, err := w.Parse(ctx, "X", "{{#expr: 2*3}}"); err != nil || !strings.Contains(html, "6") {
		t.Errorf("ParserFunctions: %q %v", html, err)
	}
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82")
	if err := w.Upload(ctx, "Dot.png", png, "Alice", "a dot"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(w.URL + "/images/" + imagePath(t, w, "Dot.png"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(body) != string(png) {
		t.Errorf("uploaded file served as %d bytes, want %d", len(body), len(png))
	}
	if err := w.Move(ctx, "Dice", "Dice game", "Alice", "better name", false); err != nil {
		t.Fatal(err)
	}
	get("Dice game")
	if n := len(r.Query.Pages[0].Revisions); n != 3 {
		t.Errorf("moved page has %d revisions, want 3 (with the move's)", n)
	}
	if err := w.Delete(ctx, "Dice game", "Alice", "gone"); err != nil {
		t.Fatal(err)
	}
	get("Dice game")
	if len(r.Query.Pages[0].Revisions) != 0 {
		t.Errorf("deleted page still has revisions")
	}
}

func imagePath(t *testing.T, w *mwtest.Wiki, name string) string {
	var r struct {
		Query struct {
			Pages []struct {
				ImageInfo []struct{ URL string }
			}
		}
	}
	if err := w.Query(t.Context(), url.Values{"action": {"query"}, "titles": {"File:" + name}, "prop": {"imageinfo"}, "iiprop": {"url"}}, &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Query.Pages) == 0 || len(r.Query.Pages[0].ImageInfo) == 0 {
		t.Fatalf("no imageinfo for %s", name)
	}
	u := r.Query.Pages[0].ImageInfo[0].URL
	i := strings.Index(u, "/images/")
	if i < 0 {
		t.Fatalf("image URL %s", u)
	}
	return u[i+len("/images/"):]
}
