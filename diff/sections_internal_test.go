package diff

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// TestKnownBodies: a revision's sections read with the hashes of the
// revision before are the sections read alone, on every pair of revisions
// of a generated wiki and on edits that move, copy, empty and change
// sections.
func TestKnownBodies(t *testing.T) {
	parse := func(text string) *model.Document { return parser.Parse(text, &parser.Options{Title: "P"}) }
	check := func(name, a, b string) {
		t.Helper()
		da, db := parse(a), parse(b)
		sa := sectionsOf(da, nil)
		got := sectionsOf(db, &knownBodies{src: da.Source, sections: sa})
		if want := sectionsOf(db, nil); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: with the known bodies %+v, alone %+v", name, got, want)
		}
	}
	eachRevisionPair(5, check)
	const a = "Lead\n== A ==\nalpha  text\n== B ==\nbeta\n=== B1 ===\nsub\n== C ==\n\n"
	for name, b := range map[string]string{
		"same":            a,
		"swapped":         "Lead\n== B ==\nbeta\n=== B1 ===\nsub\n== A ==\nalpha  text\n== C ==\n\n",
		"one changed":     "Lead\n== A ==\nalpha text\n== B ==\nbeta\n=== B1 ===\nsub\n== C ==\n\n",
		"copied":          "Lead\n== A ==\nalpha  text\n== A2 ==\nalpha  text\n== B ==\nbeta\n",
		"emptied":         "Lead\n== A ==\n== B ==\nbeta\n",
		"inserted before": "Lead\n== New ==\nbeta\n== A ==\nalpha  text\n== B ==\nbeta\n=== B1 ===\nsub\n",
		"no sections":     "Lead only",
	} {
		check(name, a, b)
		check(name+" (reversed)", b, a)
	}
	// Bodies of one length, more than are compared one by one: reversed,
	// one changed, one copied.
	var many, reversed, changed strings.Builder
	for i := range 20 {
		fmt.Fprintf(&many, "== S%02d ==\nbody %02d\n", i, i)
		fmt.Fprintf(&reversed, "== S%02d ==\nbody %02d\n", i, 19-i)
		if i == 7 {
			fmt.Fprintf(&changed, "== S%02d ==\nbody 99\n== copy ==\nbody 03\n", i)
		} else {
			fmt.Fprintf(&changed, "== S%02d ==\nbody %02d\n", i, i)
		}
	}
	check("many reversed", many.String(), reversed.String())
	check("many, one changed and one copied", many.String(), changed.String())
}

// TestSameTitlesMatching: sections with the same titles in the same order
// (duplicate titles too) are matched as matchAll matches them, on every
// pair of revisions of a generated wiki and on edits that keep the titles.
func TestSameTitlesMatching(t *testing.T) {
	parse := func(text string) *model.Document { return parser.Parse(text, &parser.Options{Title: "P"}) }
	fast := 0
	check := func(name, a, b string) {
		t.Helper()
		da, db := parse(a), parse(b)
		sa, sb := sectionsOf(da, nil), sectionsOf(db, nil)
		got := matchSections(da, db, sa, sb)
		all := &sectionMatching{sa: sa, sb: sb, matchA: make([]int, len(sa)), matchB: make([]int, len(sb)), sim: make([]float64, len(sa))}
		for i := range all.matchA {
			all.matchA[i] = -1
		}
		for i := range all.matchB {
			all.matchB[i] = -1
		}
		want := all.matchAll(da, db)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: matched %v/%v, matchAll %v/%v", name, got.matchA, got.matchB, want.matchA, want.matchB)
		}
		if sameTitles(sa, sb) {
			fast++
		}
	}
	eachRevisionPair(7, check)
	const a = "Lead\n== A ==\nalpha\n== A ==\nagain\n=== B ===\nsub\n== C ==\nend\n"
	for name, b := range map[string]string{
		"same":          a,
		"bodies moved":  "Lead\n== A ==\nagain\n== A ==\nalpha\n=== B ===\nend\n== C ==\nsub\n",
		"one changed":   "Lead\n== A ==\nalpha beta\n== A ==\nagain\n=== B ===\nsub\n== C ==\nend\n",
		"level changed": "Lead\n== A ==\nalpha\n=== A ===\nagain\n== B ==\nsub\n== C ==\nend\n",
		"retitled":      "Lead\n== A ==\nalpha\n== D ==\nagain\n=== B ===\nsub\n== C ==\nend\n",
	} {
		check(name, a, b)
	}
	if fast == 0 {
		t.Error("no pair took the path of same titles")
	}
}

// eachRevisionPair calls check with every revision of a generated wiki's
// pages (30 pages of 8 revisions, from seed) and the one before it.
func eachRevisionPair(seed uint64, check func(name, a, b string)) {
	c := testgen.Corpus(testgen.Options{Pages: 30, Revisions: 8, Seed: seed})
	for _, p := range c.Pages {
		for i := 1; i < len(p.Revisions); i++ {
			check(p.Title, p.Revisions[i-1].Text, p.Revisions[i].Text)
		}
	}
}
