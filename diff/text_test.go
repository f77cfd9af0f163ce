package diff_test

import (
	"testing"

	"github.com/wikirules/wikirules/diff"
)

func TestLines(t *testing.T) {
	a, b := "one\ntwo three\nfour\n", "one\ntwo 3\nfour\nfive\n"
	w, l := diff.Text(a, b, 1), diff.Lines(a, b, 1)
	if len(w.Hunks) != len(l.Hunks) || w.Added != l.Added || w.Removed != l.Removed || len(w.Hunks[0].Lines) != len(l.Hunks[0].Lines) {
		t.Fatalf("Lines and Text differ: %+v %+v", w, l)
	}
	for i, ln := range l.Hunks[0].Lines {
		if ln.Segments != nil || ln.Text != w.Hunks[0].Lines[i].Text || ln.Kind != w.Hunks[0].Lines[i].Kind {
			t.Errorf("line %d: %+v, want %+v without segments", i, ln, w.Hunks[0].Lines[i])
		}
	}
}
