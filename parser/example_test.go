package parser_test

import (
	"fmt"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// Parse always succeeds: it returns a tree whose every node knows the
// bytes of wikitext it came from, and diagnostics for what it had to
// repair.
func ExampleParse() {
	src := "== Scoring ==\nThe '''queen of spades''' costs 13 points.\n{|\n! Card !! Points\n|-\n| Q♠ || 13\n"
	doc := parser.Parse(src, &parser.Options{Title: "Gamehelpdemo"})
	for s := range model.Sections(doc.Root) {
		fmt.Printf("section %q, level %d\n", s.Title(), s.Node.Level)
	}
	model.Walk(doc.Root, func(n *model.Node, entering bool) model.WalkStatus {
		if entering && n.Kind == model.KindBold {
			fmt.Printf("bold %q on line %d: %s\n", model.PlainText(n), doc.Line(n.Pos), src[n.Pos:n.End])
		}
		return model.WalkContinue
	})
	for _, m := range doc.Messages("Gamehelpdemo", "") {
		fmt.Println(m)
	}
	// Output:
	// section "Scoring", level 2
	// bold "queen of spades" on line 2: '''queen of spades'''
	// Gamehelpdemo:3:1: warning: table is not closed: {| without |}; closed at the end of the page [unclosed-table]
}

// Templates come from a WikiTemplates set; a call keeps its name and
// arguments and wraps its expansion, so the text reads as a reader sees it.
func ExampleParse_templates() {
	tpl := parser.NewWikiTemplates()
	tpl.Add("Card", "{{{1}}}{{#switch:{{{2}}}|s=♠|h=♥}}")
	doc := parser.Parse("Lead the {{Card|Q|s}}.", &parser.Options{WikiTemplates: tpl})
	fmt.Println(model.PlainText(doc.Root))
	for _, call := range doc.Templates {
		fmt.Println(call.Name, len(call.Args), "arguments")
	}
	// Output:
	// Lead the Q♠.
	// Card 2 arguments
}
