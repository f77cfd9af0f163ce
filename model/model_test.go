package model

import (
	"testing"
	"time"
)

func TestClassify(t *testing.T) {
	c := DefaultConventions()
	cases := []struct {
		title  string
		ns     int
		wantNS int
		kind   PageKind
		game   string
	}{
		{"Gamehelpsushigo", -1, 0, PageRules, "sushigo"},
		{"gamehelpsushigo", -1, 0, PageRules, "sushigo"},
		{"Tips openfacechinesepoker", -1, 0, PageTips, "openfacechinesepoker"},
		{"File:Tablut Capture.jpg", -1, NSFile, PageFile, ""},
		{"Image:Board.png", -1, NSFile, PageFile, ""},
		{"Template:Heart", -1, NSTemplate, PageTemplate, ""},
		{"Multipleaccounts", -1, 0, PageOther, ""},
		{"Gamehelp", -1, 0, PageOther, ""},
		{"Gamehelpfoo", 4, 4, PageOther, ""}, // the export's namespace wins
		{"Gamehelptexas Hold'em", -1, 0, PageRules, "texas-holdem"},
	}
	for _, tc := range cases {
		ns, kind, game := c.Classify(tc.title, tc.ns)
		if ns != tc.wantNS || kind != tc.kind || game != tc.game {
			t.Errorf("Classify(%q, %d) = %d %s %q; want %d %s %q", tc.title, tc.ns, ns, kind, game, tc.wantNS, tc.kind, tc.game)
		}
	}
	custom := Conventions{RulesPrefixes: []string{"Rules/"}}
	if _, kind, game := custom.Classify("Rules/Chess", -1); kind != PageRules || game != "chess" {
		t.Errorf("custom conventions: %s %q", kind, game)
	}
}

func TestNormalizeTitle(t *testing.T) {
	for in, want := range map[string]string{
		"gamehelp_hearts":     "Gamehelp hearts",
		"  Tips   bluffking ": "Tips bluffking",
		"file:board.png":      "File:Board.png",
		"Foo:bar":             "Foo:bar",
		"élan":                "Élan",
	} {
		if got := NormalizeTitle(in); got != want {
			t.Errorf("NormalizeTitle(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAutocomment(t *testing.T) {
	for in, want := range map[string]string{
		"/* Scoring */ fix":  "Scoring",
		"/* Scoring */":      "Scoring",
		"fix /* Scoring */":  "",
		"/* unterminated":    "",
		" /*  Two words  */": "Two words",
	} {
		if got := Autocomment(in); got != want {
			t.Errorf("Autocomment(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSelectRevision(t *testing.T) {
	p := &Page{Title: "P"}
	for _, ts := range []string{"2024-01-01T00:00:00Z", "2024-01-02T10:00:00Z", "2024-01-02T11:00:00Z"} {
		tm, _ := time.Parse(TimeLayout, ts)
		p.Revisions = append(p.Revisions, &Revision{Timestamp: tm})
	}
	for spec, want := range map[string]int{"": 2, "latest": 2, "first": 0, "1": 0, "-1": 2, "-3": 0, "2024-01-01": 0, "2024-01-02T10": 1, "2024-01-02T11:00:00Z": 2} {
		_, i, err := p.SelectRevision(spec)
		if err != nil || i != want {
			t.Errorf("SelectRevision(%q) = %d, %v; want %d", spec, i, err, want)
		}
	}
	for _, spec := range []string{"2024-01-02", "4", "-4", "0", "2023", "yesterday"} {
		if _, _, err := p.SelectRevision(spec); err == nil {
			t.Errorf("SelectRevision(%q) succeeded", spec)
		}
	}
}

func TestLineIndex(t *testing.T) {
	x := NewLineIndex("ab\nçd\n\nx")
	for off, want := range map[int]Position{0: {0, 1, 1}, 2: {2, 1, 3}, 3: {3, 2, 1}, 5: {5, 2, 2}, 7: {7, 3, 1}, 8: {8, 4, 1}, 99: {9, 4, 2}} {
		if got := x.Position(off); got != want {
			t.Errorf("Position(%d) = %+v, want %+v", off, got, want)
		}
	}
	if x.Lines() != 4 || x.LineStart(2) != 3 {
		t.Errorf("Lines %d LineStart(2) %d", x.Lines(), x.LineStart(2))
	}
}

func TestDiagnosticsSort(t *testing.T) {
	var l Diagnostics
	l.Add(10, 12, SevWarning, DiagUnknownTemplate, "b")
	l.Add(2, 3, SevError, DiagUnclosedTable, "a")
	l.Add(10, 11, SevWarning, DiagStrayEndTag, "c")
	l.Sort()
	if l[0].Pos != 2 || l[1].ID != DiagStrayEndTag || l[2].ID != DiagUnknownTemplate {
		t.Errorf("sorted: %+v", l)
	}
	got := l[:1].Format("p.wiki", NewLineIndex("x\nyz"))
	if got != "p.wiki:2:1: error: a [unclosed-table]\n" {
		t.Errorf("Format: %q", got)
	}
}
