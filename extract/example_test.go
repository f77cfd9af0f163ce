package extract_test

import (
	"fmt"
	"os"
	"time"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/wiki"
)

// Extract finds the rule tables of a parsed revision, whatever they are
// written as: here a wikitable and a count list with its declared total.
// Each table knows its kind, its form and its line.
func ExampleExtract() {
	src := `== Scoring ==
{| class="wikitable"
! Card !! Points
|-
| Q♠ || 13
|-
| Each ♥ || 1
|}
== Deck ==
The deck has 52 cards:
* 13 x Hearts
* 39 x Other suits
`
	page := &model.Page{Title: "Gamehelphearts", Game: "hearts", Kind: model.PageRules}
	pt := extract.Extract(parser.Parse(src, &parser.Options{Title: page.Title}), page, nil)
	for _, t := range pt.Tables {
		fmt.Printf("%s: %s %s on line %d, columns %v\n", t.ID, t.Kind, t.Source.Form, t.Source.Line, t.Columns)
		for _, r := range t.Rows {
			fmt.Printf("  %v = %v\n", r[0].Value, r[1].Value)
		}
	}
	fmt.Println("declared total:", pt.Table("hearts/deck").DeclaredTotal)
	// Output:
	// hearts/scoring: scoring wikitable on line 2, columns [Card Points]
	//   Q♠ = 13
	//   Each ♥ = 1
	// hearts/deck: cards list on line 11, columns [count name]
	//   13 = Hearts
	//   39 = Other suits
	// declared total: 52
}

// YAML writes pages' tables as documents of plain data, one per page.
func ExampleYAML() {
	page := &model.Page{Title: "Gamehelpdice", Game: "dice", Kind: model.PageRules}
	doc := parser.Parse("== Points ==\n* Pair 2\n* Triple 5\n", &parser.Options{Title: page.Title})
	out, _ := extract.YAML([]*extract.PageTables{extract.Extract(doc, page, nil)})
	os.Stdout.Write(out)
	// Output:
	// page: Gamehelpdice
	// game: dice
	// revision: {timestamp: "", author: "", sha1: ""}
	// tables:
	//   - id: dice/points
	//     title: Points
	//     section: [Points]
	//     kind: scoring
	//     source: {form: list, line: 2}
	//     key: label
	//     columns: [label, value]
	//     rows:
	//       - {label: Pair, value: 2}
	//       - {label: Triple, value: 5}
}

// ExtractShared reads a page's history a part at a time: the second
// revision adds a line to the lead, and its scoring section's table comes
// from the cache, moved two lines down.
func ExampleExtractShared() {
	page := &model.Page{Title: "Gamehelpdice", Game: "dice", Kind: model.PageRules}
	texts := []string{
		"Roll five dice.\n== Scoring ==\n{|\n! Roll !! Points\n|-\n| Five of a kind || 50\n|}\n",
		"Roll five dice.\nThree rolls a turn.\n\n== Scoring ==\n{|\n! Roll !! Points\n|-\n| Five of a kind || 50\n|}\n",
	}
	for i, text := range texts {
		page.Revisions = append(page.Revisions, &model.Revision{Timestamp: time.Date(2024, 1, 1+i, 0, 0, 0, 0, time.UTC), Text: text})
	}
	w := wiki.New(model.NewCorpus([]*model.Page{page}), nil, wiki.Config{})
	hp := w.NewHistoryParser(page)
	cache := extract.NewSectionCache()
	for _, r := range page.Revisions {
		doc, shared := hp.ParseRevision(r)
		pt := extract.ExtractShared(doc, page, r, cache)
		t := pt.Tables[0]
		fmt.Printf("shared %v: %s on line %d, %v = %v\n", shared, t.ID, t.Source.Line, t.Rows[0][0].Value, t.Rows[0][1].Value)
	}
	fmt.Printf("parts read %d, reused %d\n", cache.Read, cache.Reused)
	// Output:
	// shared true: dice/scoring on line 3, Five of a kind = 50
	// shared true: dice/scoring on line 5, Five of a kind = 50
	// parts read 3, reused 1
}
