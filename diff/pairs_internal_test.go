package diff

import (
	"reflect"
	"testing"

	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// TestRowsInPlace: a pair of tables whose rows rowsInPlace pairs by place
// pairs them as rowsByKey or rowsByPosition does, on every table of every
// pair of revisions of the embedded corpus, a generated wiki, the seeds
// when present, and tables written for it (duplicate keys and columns,
// ragged rows, re-spaced cells).
func TestRowsInPlace(t *testing.T) {
	var pages []*model.Page
	c, err := content.New().Corpus(corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pages = append(pages, c.Pages...)
	pages = append(pages, testgen.Corpus(testgen.Options{Pages: 30, Revisions: 6, Seed: 7}).Pages...)
	if shared.Has("seeds") {
		pages = append(pages, testutil.SeedCorpus(t).Pages...)
	}
	const table = `{| class="wikitable"
! Card !! Points !! Points
|-
| Ace || 11 || 1
|-
| Ace || 11 || 1
|-
| King ||  4
|-
| Queen || 3 || 3 || 9
|}
`
	written := &model.Page{Title: "Written"}
	for i, text := range []string{table, table, `{| class="wikitable"
! Card !! Points !! Points
|-
| Ace || 11 || 1
|-
| Ace ||   11 || 1
|-
| King || 4
|-
| Queen || 3 || 3
|}
`} {
		written.Revisions = append(written.Revisions, &model.Revision{ID: int64(i + 1), Text: text})
	}
	pages = append(pages, written)
	inPlace, pairs := 0, 0
	for _, pg := range pages {
		var prev *extract.PageTables
		for _, r := range pg.Revisions {
			doc := parser.Parse(r.Text, &parser.Options{Title: pg.Title})
			pt := extract.Extract(doc, pg, r)
			if prev != nil {
				m := matchTables(prev.Tables, pt.Tables, nil)
				for j, p := range m.pairOf {
					if p == nil {
						continue
					}
					pairs++
					slow := *p
					slow.rowOf = nil
					if slow.keyB >= 0 {
						slow.rowsByKey()
					} else {
						slow.rowsByPosition()
					}
					if (&tablePair{a: p.a, b: p.b, colOf: p.colOf, keyB: p.keyB}).rowsInPlace() {
						inPlace++
					}
					if !reflect.DeepEqual(p.rowOf, slow.rowOf) {
						t.Errorf("%s, table %d of revision %d: rows paired %v, by their keys or sequence %v", pg.Title, j, r.ID, p.rowOf, slow.rowOf)
					}
				}
			}
			prev = pt
		}
	}
	if inPlace == 0 || inPlace == pairs {
		t.Fatalf("%d of %d pairs of tables have their rows in place: the comparison proves nothing", inPlace, pairs)
	}
	t.Logf("%d pairs of tables, %d with their rows in place", pairs, inPlace)
}
