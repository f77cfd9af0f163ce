package model

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
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
	// A line starts after every line feed, the last one included.
	for src, want := range map[string]int{"": 1, "\n": 2, "a\n": 2, "\n\n": 3, "a\nb": 2} {
		if got := NewLineIndex(src).Lines(); got != want {
			t.Errorf("NewLineIndex(%q).Lines() = %d, want %d", src, got, want)
		}
	}
}

// TestLineIndexLongLines: on lines longer than the marks' spacing, with
// characters of every width and bytes that are no UTF-8, the column of
// every offset is its line's characters before it, plus one.
func TestLineIndexLongLines(t *testing.T) {
	var b strings.Builder
	pieces := []string{"a", "é", "€", "😀", "\xff", "\x80", "\n", "word ", "\xe2\x82"}
	for i := 0; b.Len() < 10*markEvery; i++ {
		b.WriteString(pieces[(i*7+i/13)%len(pieces)])
		if i%997 == 0 {
			// A long stretch without a line feed, of characters of
			// every width: marks fall inside characters.
			b.WriteString(strings.Repeat("é€😀x", markEvery/4+i%5))
		}
	}
	src := b.String()
	x := NewLineIndex(src)
	for off := 0; off <= len(src); off++ {
		start := strings.LastIndexByte(src[:off], '\n') + 1
		want := Position{Offset: off, Line: strings.Count(src[:off], "\n") + 1, Column: utf8.RuneCountInString(src[start:off]) + 1}
		if got := x.Position(off); got != want {
			t.Fatalf("Position(%d) = %+v, want %+v", off, got, want)
		}
	}
	if len(x.marks) == 0 {
		t.Fatal("no marks: the text has no long line")
	}
}

func TestMsgListSortAndFormat(t *testing.T) {
	var l MsgList
	l.Add(10, 12, SevWarning, MsgUnknownTemplate, "b")
	l.Add(2, 3, SevError, MsgUnclosedTable, "a")
	l.Add(10, 11, SevWarning, MsgStrayEndTag, "c")
	l.Sort()
	if l[0].Pos != 2 || l[1].ID != MsgStrayEndTag || l[2].ID != MsgUnknownTemplate {
		t.Errorf("sorted: %+v", l)
	}
	l[0].Locate(NewLineIndex("x\nyz"), "p.wiki", "")
	if got := l[0].String(); got != "p.wiki:2:1: error: a [unclosed-table]" {
		t.Errorf("String: %q", got)
	}
	l[0].Rev = "2024-01-02T03:04:05Z"
	if got := l[0].Location(); got != "p.wiki@2024-01-02T03:04:05Z:2:1" {
		t.Errorf("Location: %q", got)
	}
	f := Msg{File: "in.txt", Line: 7, Severity: SevError, ID: MsgMalformedInput, Text: "bad"}
	if got := f.String(); got != "in.txt:7: error: bad [malformed-input]" {
		t.Errorf("file message: %q", got)
	}
	if got := (Msg{Severity: SevWarning, Text: "plain"}).String(); got != "warning: plain" {
		t.Errorf("no location: %q", got)
	}
	var b strings.Builder
	if err := (MsgList{f}).Print(&b, "json"); err != nil {
		t.Fatal(err)
	}
	want := `[
  {
    "file": "in.txt",
    "line": 7,
    "severity": "error",
    "id": "malformed-input",
    "message": "bad"
  }
]
`
	if b.String() != want {
		t.Errorf("JSON:\n%s", b.String())
	}
	var back MsgList
	if err := json.Unmarshal([]byte(want), &back); err != nil || len(back) != 1 || back[0] != f {
		t.Errorf("JSON round trip: %v %+v", err, back)
	}
}

func TestMsgListErr(t *testing.T) {
	var l MsgList
	if l.Err() != nil || l.HasErrors() {
		t.Error("empty list is an error")
	}
	l.AddErr("f", errors.New("plain"))
	l.AddErr("", Errorf("g", 3, MsgInput, "located"))
	l.AddErr("", MsgList{{File: "h", Severity: SevWarning, Text: "w"}})
	if len(l) != 3 || !l.HasErrors() || l[0].File != "f" || l[1].Line != 3 {
		t.Errorf("AddErr: %+v", l)
	}
	got, ok := AsMsgList(fmt.Errorf("wrapped: %w", l))
	if !ok || len(got) != 3 {
		t.Errorf("AsMsgList through a wrap: %v %v", ok, got)
	}
	if _, ok := AsMsgList(errors.New("x")); ok {
		t.Error("AsMsgList of a plain error")
	}
	if l.Error() != "f: error: plain [input]\ng:3: error: located [input]\nh: warning: w" {
		t.Errorf("Error: %q", l.Error())
	}
}

// Many goroutines may ask a fresh document for its lines at once (run
// with -race): they all get the one index, and it is right.
func TestDocumentLinesConcurrent(t *testing.T) {
	doc := &Document{Source: "first\nsecond\n\nfourth"}
	const n = 8
	got := make([]*LineIndex, n)
	lines := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = doc.Lines()
			lines[i] = doc.Line(len("first\nsecond\n\n"))
		}()
	}
	wg.Wait()
	for i := range n {
		if got[i] != got[0] {
			t.Fatalf("goroutine %d got another line index", i)
		}
		if lines[i] != 4 {
			t.Errorf("goroutine %d: line %d, want 4", i, lines[i])
		}
	}
	if got[0].Lines() != 4 {
		t.Errorf("%d lines, want 4", got[0].Lines())
	}
}

func TestNamespaces(t *testing.T) {
	for in, want := range map[string]string{
		"mediawiki:sidebar":     "MediaWiki:Sidebar", // canonical spelling, not "Mediawiki:"
		"user_talk:bob":         "User talk:Bob",
		"Template Talk:Die":     "Template talk:Die",
		"image:board.png":       "File:Board.png",
		"module:scores":         "Module:Scores",
		"category : dice games": "Category:Dice games",
	} {
		if got := NormalizeTitle(in); got != want {
			t.Errorf("NormalizeTitle(%q) = %q, want %q", in, got, want)
		}
	}
	site := &SiteInfo{Case: CaseSensitive, Namespaces: []Namespace{
		{ID: 0, Case: CaseSensitive}, {ID: 2, Name: "Notandi", Case: CaseFirstLetter}, {ID: 14, Name: "Bólkur", Case: CaseSensitive},
	}}
	ns := NewNamespaces(site)
	for in, want := range map[string]string{
		"polish":        "polish",
		"notandi:lex":   "Notandi:Lex",
		"user:lex":      "Notandi:Lex", // the canonical name leads to the local one
		"bólkur:dice":   "Bólkur:dice",
		"template:lang": "Template:lang", // not listed: the site's rule
		"Unknown:x":     "Unknown:x",
		"  a  b_c ":     "a b c",
	} {
		if got := ns.Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
	if n, rest := ns.Split("Bólkur:dice"); n != NSCategory || rest != "dice" {
		t.Errorf("Split = %d %q", n, rest)
	}
	if _, kind, _ := DefaultConventions().ClassifyIn(ns, "Bólkur:Gamehelpx", -1); kind != PageOther {
		t.Errorf("a category page classified as %s", kind)
	}
	var nilNS *Namespaces
	if nilNS.Normalize("file:x") != "File:X" || nilNS.Name(NSTemplate) != "Template" {
		t.Error("a nil *Namespaces is not the default rules")
	}
}

func TestVisibleRevisions(t *testing.T) {
	ts := func(d int) time.Time { return time.Date(2024, 1, d, 0, 0, 0, 0, time.UTC) }
	p := &Page{Title: "P", Revisions: []*Revision{
		{Timestamp: ts(1), Text: "one"},
		{Timestamp: ts(2), Deleted: DeletedText | DeletedAuthor},
		{Timestamp: ts(3), Text: "three"},
		{Timestamp: ts(4), Deleted: DeletedText},
	}}
	if p.LatestVisible() != p.Revisions[2] || p.Latest() != p.Revisions[3] {
		t.Error("LatestVisible must skip the deleted newest revision")
	}
	if p.VisibleAt(1) != 0 || p.VisibleAt(3) != 2 || p.VisibleAt(-1) != -1 {
		t.Errorf("VisibleAt: %d %d %d", p.VisibleAt(1), p.VisibleAt(3), p.VisibleAt(-1))
	}
	if r, i, _ := p.SelectRevision("latest"); i != 2 || r.Text != "three" {
		t.Errorf("latest = %d", i)
	}
	if r, _, _ := p.SelectRevision("-1"); r != p.Revisions[3] {
		t.Error("a position selects exactly")
	}
	r := p.Revisions[1]
	if r.Deleted.String() != "text,author" || r.AuthorLabel() != AuthorRemoved || r.NeedText("P") == nil {
		t.Errorf("deleted revision: %q %q", r.Deleted, r.AuthorLabel())
	}
	stub := &Revision{Stub: true}
	if err := stub.NeedText("P"); err == nil || !strings.Contains(err.Error(), "stub dump") {
		t.Errorf("stub: %v", err)
	}
	b, _ := json.Marshal(struct{ D Deleted }{DeletedSummary})
	if string(b) != `{"D":"summary"}` {
		t.Errorf("JSON %s", b)
	}
	if TextSHA1("abc") != "a9993e364706816aba3e25717850c26c9cd0d89d" {
		t.Error("TextSHA1")
	}
}

// TestDigest: a revision's hash is the input's when it gave one, else its
// text's; dropping the text keeps it.
func TestDigest(t *testing.T) {
	const abc = "a9993e364706816aba3e25717850c26c9cd0d89d"
	r := &Revision{Text: "abc"}
	if r.Digest() != abc || r.SHA1 != "" {
		t.Errorf("computed: %q (SHA1 %q)", r.Digest(), r.SHA1)
	}
	if given := (&Revision{Text: "abc", SHA1: "given"}); given.Digest() != "given" {
		t.Errorf("given: %q", given.Digest())
	}
	if hidden := (&Revision{Deleted: DeletedText}); hidden.Digest() != "" {
		t.Errorf("hidden text: %q", hidden.Digest())
	}
	r.DropText()
	if r.Text != "" || r.Digest() != abc {
		t.Errorf("after DropText: %q %q", r.Text, r.Digest())
	}
}
