package diff_test

import (
	"fmt"
	"os"
	"time"

	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// Compare diffs two revisions at three levels: the sections, the rule
// tables (cells matched by row key and column) and the text.
func ExampleCompare() {
	page := &model.Page{Title: "Gamehelphearts", Game: "hearts", Kind: model.PageRules}
	revision := func(day int, author, text string) *diff.Side {
		r := &model.Revision{Timestamp: time.Date(2024, 1, day, 9, 0, 0, 0, time.UTC), Author: author, Text: text}
		doc := parser.Parse(text, &parser.Options{Title: page.Title})
		return &diff.Side{Rev: r, Doc: doc, Tables: extract.Extract(doc, page, r)}
	}
	old := revision(10, "Mara", "== Scoring ==\n{|\n! Card !! Points\n|-\n| Q♠ || 12\n|-\n| Each ♥ || 1\n|}")
	cur := revision(12, "Tobias", "== Scoring ==\n{|\n! Card !! Points\n|-\n| Q♠ || 13\n|-\n| Each ♥ || 1\n|}")
	res := diff.Compare(page.Title, old, cur)
	for _, t := range res.Tables {
		for _, c := range t.Cells {
			fmt.Printf("%s %s: %s, %s → %v to %v\n", t.ID, t.Change, c.Row, c.Column, c.From, c.To)
		}
	}
	fmt.Println("rules changed:", res.RulesChanged())
	diff.WriteText(os.Stdout, res, diff.TextOptions{NoText: true})
	// Output:
	// hearts/scoring modified: Q♠, Points → 12 to 13
	// rules changed: true
	// Gamehelphearts
	//   from 2024-01-10T09:00:00Z  Mara
	//   to   2024-01-12T09:00:00Z  Tobias
	//
	// Sections (1):
	//   modified   Scoring
	//
	// Rule tables (1):
	//   hearts/scoring: modified
	//       Q♠ → Points: 12 → 13
	//
	// Text: 1 hunk(s), +1 −1 lines
}

// Text is a line diff with the changed words of each changed line marked.
func ExampleText() {
	td := diff.Text("Deal 7 cards.\nPlay to the left.\n", "Deal 8 cards.\nPlay to the left.\n", 1)
	for _, h := range td.Hunks {
		for _, l := range h.Lines {
			fmt.Print(map[diff.LineKind]string{diff.LineContext: " ", diff.LineRemoved: "-", diff.LineAdded: "+"}[l.Kind])
			for _, s := range l.Segments {
				if s.Changed {
					fmt.Printf("[%s]", s.Text)
				} else {
					fmt.Print(s.Text)
				}
			}
			if l.Segments == nil {
				fmt.Print(l.Text)
			}
			fmt.Println()
		}
	}
	// Output:
	// -Deal [7] cards.
	// +Deal [8] cards.
	//  Play to the left.
}
