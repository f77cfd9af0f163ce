package check_test

import (
	"fmt"
	"testing/fstest"

	"github.com/wikirules/wikirules/check"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// A suite runs a game's checks on its pages: expressions over a table's
// rows, matches against the engine's constants, and the built-in checks
// (a count list adds up to its declared total). A failure names the row,
// both values and the wiki line.
func ExampleSuite_RunGame() {
	files := fstest.MapFS{
		"checks/hearts.yaml": {Data: []byte(`game: hearts
engine: hearts.yaml
checks:
  - id: queen-of-spades
    table: hearts/scoring
    expr: index(rows, "Card")["Q♠"].Points == engine.queen
  - id: deck
    table: hearts/deck
    match: {key: name, value: count, engine: deck}
`)},
		"engine/hearts.yaml": {Data: []byte("queen: 13\ndeck: {Hearts: 13, Spades: 13, Clubs: 13, Diamonds: 13}\n")},
	}
	specs, err := check.LoadSpecs(files, "checks", "checks")
	if err != nil {
		fmt.Println(err)
		return
	}
	suite := check.NewSuite(specs, files, "engine", "engine")

	page := &model.Page{Title: "Gamehelphearts", Game: "hearts", Kind: model.PageRules}
	rev := &model.Revision{Text: `== Scoring ==
{|
! Card !! Points
|-
| Q♠ || 13
|}
== Deck ==
The deck has 52 cards:
* 13 x Hearts
* 13 x Spades
* 12 x Clubs
* 13 x Diamonds
`}
	doc := parser.Parse(rev.Text, &parser.Options{Title: page.Title})
	data := check.PageData{Page: page, Rev: rev, Doc: doc, Tables: extract.Extract(doc, page, rev)}
	for _, r := range suite.RunGame("hearts", []check.PageData{data}) {
		fmt.Printf("%s %s: %s\n", r.Status, r.ID, r.Message)
	}
	// Output:
	// PASS queen-of-spades: index(rows, "Card")["Q♠"].Points == engine.queen
	// FAIL deck: Clubs: the wiki says 12 (line 11), the engine says 13
	// FAIL builtin:declared-total:hearts/deck: the list says 52 in all, but its rows add up to 51
}

// Spec files are checked when they load: every mistake of every file is
// reported with its file and line.
func ExampleLoadSpecs() {
	files := fstest.MapFS{
		"checks/dice.yaml": {Data: []byte("game: dice\nchecks:\n  - id: sides\n    expr: len(rows) ==\n  - id: sides\n    expr: true\n")},
	}
	_, err := check.LoadSpecs(files, "checks", "checks")
	fmt.Println(err)
	// Output:
	// checks/dice.yaml:4: error: check sides: expr does not compile: unexpected token EOF (1:12) | len(rows) == | ...........^ [spec]
	// checks/dice.yaml:5: error: check id "sides" is used twice (first at line 3) [spec]
}
