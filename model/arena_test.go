package model_test

import (
	"testing"

	"github.com/wikirules/wikirules/model"
)

func TestNodeArena(t *testing.T) {
	var nilArena *model.NodeArena
	if got := nilArena.Nodes(3); len(got) != 3 || cap(got) != 3 {
		t.Fatalf("a nil arena gave %d nodes (cap %d), want 3", len(got), cap(got))
	}
	nilArena.Reset() // does nothing

	for _, a := range []*model.NodeArena{new(model.NodeArena), model.PoisonedNodeArena()} {
		first := a.Nodes(10)
		for i := range first {
			first[i] = model.Node{Kind: model.KindText, Text: "used"}
		}
		big := a.Nodes(5000) // more than an array holds
		big[4999].Text = "big"
		second := a.Nodes(10)
		if cap(first) != 10 || cap(second) != 10 {
			t.Fatalf("capacities %d, %d: appending to a slice would write over the next", cap(first), cap(second))
		}
		a.Reset()
		again := a.Nodes(10)
		if &again[0] != &first[0] {
			t.Error("Reset did not make the first nodes free again")
		}
		for i, n := range again {
			if n != (model.Node{}) {
				t.Fatalf("node %d handed out again is not zero: %+v", i, n)
			}
		}
		if big := a.Nodes(5000); big[4999] != (model.Node{}) {
			t.Fatal("the big array handed out again is not zero")
		}
	}
}

// Nodes handed out from several arrays are all zero when handed out
// again, and an outsized array is not kept.
func TestNodeArenaReuse(t *testing.T) {
	a := new(model.NodeArena)
	var got [][]model.Node
	for _, n := range []int{700, 700, 3000, 10, 1024} {
		s := a.Nodes(n)
		for i := range s {
			s[i].Text = "x"
		}
		got = append(got, s)
	}
	a.Reset()
	for k, n := range []int{700, 700, 3000, 10, 1024} {
		s := a.Nodes(n)
		for i := range s {
			if s[i] != (model.Node{}) {
				t.Fatalf("request %d: node %d is not zero after Reset", k, i)
			}
		}
		if k == 0 && &s[0] != &got[0][0] {
			t.Error("the first array was not reused")
		}
	}
	huge := a.Nodes(300_000) // more than an arena keeps
	a.Reset()
	if again := a.Nodes(300_000); &again[0] == &huge[0] {
		t.Error("an outsized array was kept across Reset")
	}
}

// The poisoned arena's freed nodes show: a node kept past Reset reads
// the poison, not its old text.
func TestPoisonedNodeArena(t *testing.T) {
	a := model.PoisonedNodeArena()
	n := &a.Nodes(1)[0]
	n.Kind, n.Text = model.KindText, "kept"
	a.Reset()
	if n.Text == "kept" || n.Text == "" {
		t.Fatalf("a node used after Reset reads %q", n.Text)
	}
}
