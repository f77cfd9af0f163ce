package extract_test

import (
	"fmt"
	"os"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
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
