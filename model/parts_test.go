package model

import (
	"fmt"
	"testing"
)

// TestParts: a document's top-level parts are its lead and its top-level
// sections, each with its text up to the next part; a root with content
// after a section outside it has none.
func TestParts(t *testing.T) {
	src := "Lead\n== A ==\nx\n=== B ===\ny\n== C ==\nz"
	section := func(pos, end int, kids ...*Node) *Node {
		s := &Node{Kind: KindSection, Pos: pos, End: end}
		for _, k := range kids {
			s.AppendChild(k)
		}
		return s
	}
	doc := func(kids ...*Node) *Document {
		root := &Node{Kind: KindDocument}
		for _, k := range kids {
			root.AppendChild(k)
		}
		return &Document{Source: src, Root: root}
	}
	dump := func(parts []Part, ok bool) string {
		out := fmt.Sprint(ok)
		for _, p := range parts {
			out += fmt.Sprintf(" [%v %d %q %d]", p.Lead, p.Pos, p.Text, len(p.Nodes))
		}
		return out
	}
	// Each case makes its own nodes (a node has one parent).
	lead := func() *Node { return &Node{Kind: KindParagraph, Pos: 0, End: 5} }
	a := func() *Node { return section(5, 27, &Node{Kind: KindHeading, Pos: 5, End: 12}, section(15, 27)) }
	c := func() *Node { return section(27, 36) }
	for _, tc := range []struct {
		doc  *Document
		want string
	}{
		{doc(lead(), a(), c()), `true [true 0 "Lead\n" 1] [false 5 "== A ==\nx\n=== B ===\ny\n" 1] [false 27 "== C ==\nz" 1]`},
		{doc(a(), c()), `true [false 5 "== A ==\nx\n=== B ===\ny\n" 1] [false 27 "== C ==\nz" 1]`},
		{doc(lead(), &Node{Kind: KindParagraph, Pos: 5, End: 36}), `true [true 0 "Lead\n== A ==\nx\n=== B ===\ny\n== C ==\nz" 2]`},
		{doc(lead(), a(), &Node{Kind: KindParagraph, Pos: 27, End: 36}), `false`},
		{doc(section(40, 50)), `false`},
		{doc(), `true`},
	} {
		if got := dump(tc.doc.Parts()); got != tc.want {
			t.Errorf("Parts() = %s\nwant %s", got, tc.want)
		}
	}
}

// TestSections: the sections of a tree, depth first, with their headings;
// a section is looked for under the root and under sections only, and the
// iteration stops when asked.
func TestSections(t *testing.T) {
	root := &Node{Kind: KindDocument}
	mk := func(parent *Node, kind Kind, text string) *Node {
		n := &Node{Kind: kind, Text: text}
		parent.AppendChild(n)
		return n
	}
	mk(root, KindParagraph, "lead")
	a := mk(root, KindSection, "")
	mk(mk(a, KindHeading, ""), KindText, "A")
	b := mk(a, KindSection, "")
	mk(mk(b, KindHeading, ""), KindText, "B")
	// A section node inside a table is not one the parser makes: not
	// looked for.
	mk(mk(b, KindTable, ""), KindSection, "")
	c := mk(root, KindSection, "") // no heading
	mk(c, KindParagraph, "")
	var got []string
	for s := range Sections(root) {
		got = append(got, "["+s.Title()+"]")
	}
	if want := []string{"[A]", "[B]", "[]"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Sections = %v, want %v", got, want)
	}
	n := 0
	for range Sections(root) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("Sections went on after break: %d", n)
	}
}
