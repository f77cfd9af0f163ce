package model

import (
	"testing"
	"unsafe"
)

// A page has about one node per 27 bytes of wikitext: the node's size is
// most of the memory a parse allocates.
func TestNodeSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) == 8 && unsafe.Sizeof(Node{}) > 104 {
		t.Errorf("a Node is %d bytes, more than 104", unsafe.Sizeof(Node{}))
	}
}

func TestNodeDetails(t *testing.T) {
	var n Node
	if n.Attrs() != nil || n.Link() != nil || n.Template() != nil || n.Ref() != nil {
		t.Fatal("a new node has details")
	}
	n.SetAttrs(nil) // nothing to clear: no allocation, still none
	if n.x != nil {
		t.Fatal("clearing nothing made details")
	}
	link, tpl, ref := &LinkInfo{Target: "A"}, &TemplateCall{Name: "T"}, &RefInfo{Label: "1"}
	n.SetAttrs([]Attr{{Name: "class", Value: "c"}})
	n.SetLink(link)
	n.SetTemplate(tpl)
	n.SetRef(ref)
	if v, _ := n.Attr("class"); v != "c" || n.Link() != link || n.Template() != tpl || n.Ref() != ref {
		t.Fatalf("details not kept: %v %v %v %v", n.Attrs(), n.Link(), n.Template(), n.Ref())
	}

	// A copy changes alone, as it did when the details were fields.
	m := n
	m.SetAttrs(nil)
	m.SetLink(nil)
	if len(n.Attrs()) != 1 || n.Link() != link {
		t.Fatal("changing a copy changed the original")
	}
	if m.Attrs() != nil || m.Link() != nil || m.Template() != tpl || m.Ref() != ref {
		t.Fatal("the copy lost what it was not told to lose")
	}

	var c Node
	c.CopyDetails(&n)
	if c.Link() != link || c.Ref() != ref {
		t.Fatal("CopyDetails")
	}
	c.SetRef(nil)
	if n.Ref() != ref {
		t.Fatal("changing a node that shares details changed the other")
	}

	// Clearing everything leaves no details behind.
	n.SetAttrs(nil)
	n.SetLink(nil)
	n.SetTemplate(nil)
	n.SetRef(nil)
	if n.x != nil {
		t.Fatal("details left after clearing them all")
	}
}
