package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// The index's postings, decoded, give back every section's words; a
// section is an entry of its own, linked to its heading.
func TestSearchIndex(t *testing.T) {
	src := "'''Sushi Go''' is a card game.\n== Using Wasabi ==\nWasabi triples the next nigiri.\n== Scoring ==\nRoyalties are paid. " + strings.Repeat("filler words here ", 40) + "zebra."
	doc := parser.Parse(src, &parser.Options{Title: "Gamehelpsushigo"})
	pg := &model.Page{Title: "Gamehelpsushigo", Kind: model.PageRules, Game: "sushigo"}
	docs := pageSearchDocs(pg, "games/sushigo/", doc, &GameLinks{Name: "Sushi Go"}, "rules")
	if len(docs) != 3 {
		t.Fatalf("%d entries, want the lead and 2 sections: %+v", len(docs), docs)
	}
	if d := docs[1]; d.Title != "Using Wasabi" || d.Page != "Sushi Go" || d.URL != "games/sushigo/index.html#Using_Wasabi" || d.Text != "Wasabi triples the next nigiri." {
		t.Errorf("section entry: %+v", d)
	}
	if d := docs[0]; d.Title != "Sushi Go" || d.Page != "" || !contains(strings.Fields(d.Words), "gamehelpsushigo") {
		t.Errorf("lead entry: %+v", d)
	}
	// The text is clipped for snippets, but every word is searchable.
	if d := docs[2]; len(d.Text) > searchTextMax+4 || strings.Contains(d.Text, "zebra") || !contains(strings.Fields(d.Words), "zebra") || !contains(strings.Fields(d.Words), "royalties") {
		t.Errorf("long section: %d bytes, words %v", len(d.Text), d.Words)
	}

	files := searchIndexFiles(docs, 0)
	unwrap := func(f searchFile, prefix string) []byte {
		t.Helper()
		body, ok := strings.CutPrefix(string(f.data), prefix)
		if !ok {
			t.Fatalf("%s begins %.60q, want %q", f.path, f.data, prefix)
		}
		return []byte(strings.TrimSuffix(body, ";\n"))
	}
	var main struct {
		V     int      `json:"v"`
		Pages []string `json:"pages"`
		Docs  int      `json:"docs"`
		Part  int      `json:"part"`
		Words string   `json:"words"`
	}
	if files[0].path != "search-index.js" {
		t.Fatalf("first file %s", files[0].path)
	}
	if err := json.Unmarshal(unwrap(files[0], "window.WIKIRULES_SEARCH="), &main); err != nil {
		t.Fatalf("%v\n%s", err, files[0].data)
	}
	if main.V != 4 || main.Docs != 3 || main.Part != searchDocsPart || len(main.Pages) != 1 || main.Pages[0] != "Sushi Go" {
		t.Fatalf("search-index.js: %+v", main)
	}
	var rows [][]any
	var words, posts []string
	keys := map[string]bool{}
	for _, f := range files[1:] {
		name := strings.TrimSuffix(strings.TrimPrefix(f.path, "search/"), ".js")
		prefix := searchPartsVar + "[\"" + name + "\"]="
		if n, ok := strings.CutPrefix(name, "docs-"); ok {
			if n != "0" {
				t.Errorf("%s: 3 docs make one part", f.path)
			}
			if err := json.Unmarshal(unwrap(f, prefix), &rows); err != nil {
				t.Fatal(err)
			}
			continue
		}
		k, ok := strings.CutPrefix(name, "words-")
		if !ok {
			t.Fatalf("unexpected file %s", f.path)
		}
		keys[k] = true
		var part struct{ Words, Postings string }
		if err := json.Unmarshal(unwrap(f, prefix), &part); err != nil {
			t.Fatal(err)
		}
		ws := strings.Split(part.Words, " ")
		for _, w := range ws {
			if wordPart(w) != k {
				t.Errorf("%s holds %q", f.path, w)
			}
		}
		words, posts = append(words, ws...), append(posts, strings.Split(part.Postings, " ")...)
	}
	if len(keys) != len(strings.Fields(main.Words)) {
		t.Errorf("parts %v, search-index.js lists %q", keys, main.Words)
	}
	if len(words) != len(posts) || len(rows) != 3 || rows[1][1] != 0.0 || rows[0][1] != -1.0 || rows[1][2] != "games/sushigo/index.html#Using_Wasabi" {
		t.Fatalf("%d words, %d postings, docs %v", len(words), len(posts), rows)
	}
	got := make([][]string, len(docs))
	for i, w := range words {
		id := 0
		for _, p := range strings.Split(posts[i], ",") {
			n, err := strconv.ParseInt(p, 36, 64)
			if err != nil {
				t.Fatal(err)
			}
			id += int(n)
			got[id] = append(got[id], w)
		}
	}
	for i, d := range docs {
		// The index lists words sorted; a section's words are in the
		// order they first appear.
		want := strings.Fields(d.Words)
		slices.Sort(want)
		if !slices.Equal(got[i], want) {
			t.Errorf("entry %d: postings give %v, want %v", i, got[i], want)
		}
	}
	for _, f := range files {
		if bytes.Contains(f.data, []byte("<")) {
			t.Errorf("%s holds a raw <", f.path)
		}
	}
}

func contains(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

func TestWordsOf(t *testing.T) {
	if got := wordsOf("Café ️ and cafe\u0301s, 12 x Tempura!", "TEMPURA"); got != "café and cafe\u0301s 12 x tempura" {
		t.Errorf("%q", got)
	}
	// Many words: the set's table grows, and a long text's table is
	// not kept for the next.
	var long strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&long, "W%d w%d KK%d ", i%1500, i%1500, i%7)
	}
	for range 2 {
		if got, want := wordsOf(long.String(), "k"), wordsOfReference(long.String(), "k"); got != want {
			t.Errorf("wordsOf of 1,500 words differs from the reference")
		}
	}
	if got := clipWords("one two three four", 9); got != "one two …" {
		t.Errorf("%q", got)
	}
}

// Side by side: context on both sides, a changed line paired with its
// replacement, added and removed lines against an empty side.
func TestSideBySide(t *testing.T) {
	td := diff.Text("a\nb\nc\nd\n", "a\nB\nc\nd\ne\n", 3)
	var b strings.Builder
	writeSideBySide(&b, td)
	out := b.String()
	for _, want := range []string{
		`<tr class="ctx"><td class="ln">1</td><td class="code"><span class="sign" aria-hidden="true"> </span>a</td><td class="ln">1</td><td class="code"><span class="sign" aria-hidden="true"> </span>a</td></tr>`,
		`<tr class="chg"><td class="ln">2</td><td class="code del"><span class="sign" aria-hidden="true">−</span><del>b</del></td><td class="ln">2</td><td class="code ins"><span class="sign" aria-hidden="true">+</span><ins>B</ins></td></tr>`,
		`<tr class="add"><td class="ln empty"></td><td class="code empty"></td><td class="ln">5</td><td class="code ins"><span class="sign" aria-hidden="true">+</span>e</td></tr>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %s\n%s", want, out)
		}
	}
	b.Reset()
	writeSideBySide(&b, diff.Text("x\ny\n", "y\n", 3))
	if !strings.Contains(b.String(), `<tr class="rem"><td class="ln">1</td><td class="code del"><span class="sign" aria-hidden="true">−</span>x</td><td class="ln empty"></td><td class="code empty"></td></tr>`) {
		t.Errorf("removed line:\n%s", b.String())
	}
	b.Reset()
	writeSideBySide(&b, diff.Text("same\n", "same\n", 3))
	if b.Len() != 0 {
		t.Errorf("no change wrote %q", b.String())
	}
}

// The comparison with the current revision, as the page's script reads it:
// the old text comes back from the ops and the current text; and the ops
// are those the line diff's hunks gave (also on every old revision of a
// generated wiki, against its page's latest).
func TestCompareOps(t *testing.T) {
	for _, p := range testgen.Corpus(testgen.Options{Pages: 30, Revisions: 10, Seed: 4}).Pages {
		cur := &diff.Side{Rev: p.Latest()}
		for _, r := range p.Revisions {
			a := &diff.Side{Rev: r}
			if got, want := compareOps(a.Lines(), diff.LineOps(a, cur)), compareOpsReference(diff.Lines(r.Text, cur.Rev.Text, 0)); got != want {
				t.Fatalf("%s@%s: %s, want %s", p.Title, model.FormatTime(r.Timestamp), got, want)
			}
		}
	}
	texts := []string{"", "a\n", "a\nb\nc\n", "x\ny\nz\n", "a\nb\nc\nd\ne\nf\ng\n", "b\nc\nd\nX\nf\ng\nh\n", "a\n\"quoted\" <b>\nc\n", "new\nlines\nonly\n"}
	for _, old := range texts {
		for _, cur := range texts {
			a, b := &diff.Side{Rev: &model.Revision{Text: old}}, &diff.Side{Rev: &model.Revision{Text: cur}}
			js := compareOps(a.Lines(), diff.LineOps(a, b))
			if want := compareOpsReference(diff.Lines(old, cur, 0)); js != want {
				t.Errorf("%q → %q: %s, want %s (from the hunks)", old, cur, js, want)
			}
			var ops []any
			if err := json.Unmarshal([]byte(js), &ops); err != nil {
				t.Fatal(err)
			}
			curLines := strings.Split(strings.TrimSuffix(cur, "\n"), "\n")
			if cur == "" {
				curLines = nil
			}
			var got []string
			n := 0
			for _, op := range ops {
				switch x := op.(type) {
				case float64:
					if x > 0 {
						got = append(got, curLines[n:n+int(x)]...)
						n += int(x)
					} else {
						n += int(-x)
					}
				case []any:
					for _, l := range x {
						got = append(got, l.(string))
					}
				}
			}
			got = append(got, curLines[n:]...)
			if want := strings.TrimSuffix(old, "\n"); strings.Join(got, "\n") != want {
				t.Errorf("%q → %q: ops %v give back %q", old, cur, ops, strings.Join(got, "\n"))
			}
		}
	}
}

// compareOpsReference is compareOps as first written, from the hunks of a
// line diff without context.
func compareOpsReference(td *diff.TextDiff) string {
	var b strings.Builder
	b.WriteByte('[')
	oldPos, newPos := 1, 1
	sep := func() {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
	}
	equal := func(n int) {
		if n > 0 {
			sep()
			b.WriteString(itoa(n))
			oldPos += n
			newPos += n
		}
	}
	for _, h := range td.Hunks {
		for k := 0; k < len(h.Lines); {
			l := h.Lines[k]
			switch l.Kind {
			case diff.LineRemoved:
				equal(l.OldNo - oldPos)
				sep()
				b.WriteByte('[')
				for j := k; k < len(h.Lines) && h.Lines[k].Kind == diff.LineRemoved; k++ {
					if k > j {
						b.WriteByte(',')
					}
					q, _ := json.Marshal(h.Lines[k].Text)
					b.Write(q)
					oldPos++
				}
				b.WriteByte(']')
			case diff.LineAdded:
				equal(l.NewNo - newPos)
				n := 0
				for ; k < len(h.Lines) && h.Lines[k].Kind == diff.LineAdded; k++ {
					n++
				}
				sep()
				b.WriteString("-" + itoa(n))
				newPos += n
			default:
				k++
			}
		}
	}
	b.WriteByte(']')
	return b.String()
}

// appendJSONString writes what json.Marshal writes for a string.
func FuzzAppendJSONString(f *testing.F) {
	for _, s := range []string{"", "plain", `"q" \ back`, "<b>&amp;</b>", "tab\tnl\ncr\r\b\f\x00\x1f\x7f", "é ü 😀", "\u2028\u2029", "bad \xff\xfe utf8 \xc3", "\xed\xa0\x80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := appendJSONString(nil, s); string(got) != string(want) {
			t.Errorf("%q: %s, want %s", s, got, want)
		}
	})
}

// buildPostings gives each word its sections in order, as a map appended
// one section at a time does, however the sections are shared out.
func TestBuildPostings(t *testing.T) {
	vocab := []string{"card", "cards", "dice", "é", "hand", "lead", "score", "trick", "x1", "zz"}
	var docs []searchDoc
	for i := range 10000 {
		var ws []string
		for j, w := range vocab {
			if (i*7+j*13)%(j+2) == 0 {
				ws = append(ws, w)
			}
		}
		docs = append(docs, searchDoc{Words: strings.Join(ws, " ")})
	}
	docs[5].Words = ""
	want := map[string][]int{}
	for i, d := range docs {
		for w := range strings.FieldsSeq(d.Words) {
			want[w] = append(want[w], i)
		}
	}
	got := buildPostings(docs)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("postings differ: %d words, want %d", len(got), len(want))
	}
	if got := buildPostings(docs[:3]); !reflect.DeepEqual(got, buildPostingsSimple(docs[:3])) {
		t.Error("postings of 3 sections differ")
	}
}

func buildPostingsSimple(docs []searchDoc) map[string][]int {
	out := map[string][]int{}
	for i, d := range docs {
		for w := range strings.FieldsSeq(d.Words) {
			out[w] = append(out[w], i)
		}
	}
	return out
}

// searchFile is one file of the index: its path in the site and bytes.
type searchFile struct {
	path string
	data []byte
}

// searchIndexFiles returns the search index's files, search-index.js
// first, as writeSearchIndex makes them for the build.
func searchIndexFiles(docs []searchDoc, part int) []searchFile {
	var files []searchFile
	writeSearchIndex(docs, sortedPostings(buildPostings(docs)), part, func(path string, data []byte) error {
		files = append(files, searchFile{path, bytes.Clone(data)})
		return nil
	})
	return files
}

// wordsOfReference is wordsOf written plainly: every rune looked at, a
// new map and a new string per word.
func wordsOfReference(texts ...string) string {
	seen := map[string]bool{}
	var words []string
	for _, s := range texts {
		start := -1
		flush := func(end int) {
			if start >= 0 {
				w := strings.ToLower(s[start:end])
				if !seen[w] {
					seen[w] = true
					words = append(words, w)
				}
				start = -1
			}
		}
		for i, r := range s {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				if start < 0 {
					start = i
				}
				continue
			}
			if start >= 0 && unicode.Is(unicode.Mn, r) {
				continue
			}
			flush(i)
		}
		flush(len(s))
	}
	return strings.Join(words, " ")
}

// FuzzWordsOf: the words found with the ASCII fast path and reused sets
// are those of the plain reading, for any texts (invalid UTF-8 too).
func FuzzWordsOf(f *testing.F) {
	for _, s := range []string{"Café ️ and cafe\u0301s, 12 x Tempura!", "TEMPURA tempura Tempura", "a\xffb \u0301x ǅungla İstanbul ΣΑΣ", "", "x-y_z 3.5"} {
		f.Add(s, "B a A b")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if got, want := wordsOf(a, b), wordsOfReference(a, b); got != want {
			t.Errorf("wordsOf(%q, %q) = %q, want %q", a, b, got, want)
		}
		if got, want := wordsOf(b), wordsOfReference(b); got != want { // the set was emptied
			t.Errorf("wordsOf(%q) = %q, want %q", b, got, want)
		}
	})
}
