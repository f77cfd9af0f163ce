package feed

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/model"
)

// indexEntries are the entries of the feeds the index tests change: texts
// of many shapes (empty, one line, no final newline, short lines that
// look like parts of a header, a date-like line inside a paragraph).
func indexEntries(n int) []Entry {
	base := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	texts := []string{
		"",
		"One line.",
		"A paragraph.\n\nAnother one, ending with a newline.\n",
		"Short\n\nlines\n\nof\n\ntext\n",
		"== Scoring ==\n{| class=\"wikitable\"\n! Card !! Points\n|-\n| Ace || 11\n|}\n",
		"Played on\n\nthe first day.\n\nBy: everyone\n",
		"Ünïcödé text — with “quotes” and 日本語.\n",
	}
	var es []Entry
	for i := range n {
		text := texts[i%len(texts)]
		if i%3 == 0 && text != "" {
			text += strings.Repeat("More words on line "+fmt.Sprint(i)+".\n", i%5)
		}
		es = append(es, Entry{Title: fmt.Sprintf("Page %d", i%7), Rev: &model.Revision{
			Timestamp: base.Add(time.Duration(i) * time.Hour), Author: fmt.Sprintf("User%d", i%3), Summary: fmt.Sprintf("edit %d", i), Text: text}})
	}
	return es
}

func feedBytes(t testing.TB, header string, es []Entry) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, &Feed{Header: header, Entries: es}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// sameParse fails t unless ParseIndexed gave what Parse gives.
func sameParse(t *testing.T, what string, data []byte, opts Options, got *Feed, gotErr error) {
	t.Helper()
	want, wantErr := Parse("feed.txt", bytes.Clone(data), opts)
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
		t.Fatalf("%s: error %v, Parse gives %v", what, gotErr, wantErr)
	}
	if got.Header != want.Header || len(got.Entries) != len(want.Entries) || !reflect.DeepEqual(got.Warnings, want.Warnings) {
		t.Fatalf("%s: header %q, %d entries, warnings %v; Parse gives %q, %d, %v", what, got.Header, len(got.Entries), got.Warnings, want.Header, len(want.Entries), want.Warnings)
	}
	for i := range want.Entries {
		g, w := got.Entries[i], want.Entries[i]
		if g.Title != w.Title || !reflect.DeepEqual(*g.Rev, *w.Rev) {
			t.Fatalf("%s: entry %d is\n%q %+v\nParse gives\n%q %+v", what, i, g.Title, *g.Rev, w.Title, *w.Rev)
		}
	}
}

// index parses data with old and checks the result against Parse; it
// returns the new index and how many entries were taken from old.
func index(t *testing.T, what string, data []byte, old *Index) (*Index, int) {
	t.Helper()
	opts := Options{ShareData: true}
	f, ix, err := ParseIndexed("feed.txt", data, opts, old)
	sameParse(t, what, data, opts, f, err)
	reused := 0
	if old != nil {
		if _, _, n, ok := parseWithIndex("feed.txt", data, opts, old); ok {
			reused = n
		}
	}
	return ix, reused
}

// TestIndexedParse changes a feed in the ways a feed changes (entries
// added at the top or the end, a revision edited, removed, moved) and in
// ways it should not (bytes to clean, a malformed entry): ParseIndexed
// with the index of the feed before gives what Parse gives, taking from
// the index the entries that did not change.
func TestIndexedParse(t *testing.T) {
	es := indexEntries(40)
	const header = "Test wiki - User contributions [en]"
	base := feedBytes(t, header, es)
	ix, _ := index(t, "base", base, nil)
	if ix == nil || ix.Len() != len(es) {
		t.Fatalf("no index of the base feed (%v)", ix)
	}
	// The same bytes: every entry from the index, the index itself back.
	if ix2, n := index(t, "same", base, ix); ix2 != ix || n != len(es) {
		t.Fatalf("same feed: index %p (want %p), %d of %d entries reused", ix2, ix, n, len(es))
	}
	extra := func(i int) Entry {
		return Entry{Title: "New page", Rev: &model.Revision{Timestamp: time.Date(2030, 1, 1, i, 0, 0, 0, time.UTC), Author: "Zoe", Summary: "new", Text: fmt.Sprintf("New text %d.\n", i)}}
	}
	edit := func(i int, f func(string) string) []Entry {
		out := append([]Entry(nil), es...)
		r := *out[i].Rev
		r.Text = f(r.Text)
		out[i] = Entry{Title: out[i].Title, Rev: &r}
		return out
	}
	cases := []struct {
		name      string
		data      []byte
		minReused int // entries that must come from the index
	}{
		{"prepended", feedBytes(t, header, append([]Entry{extra(1), extra(2)}, es...)), len(es)},
		{"appended", feedBytes(t, header, append(append([]Entry(nil), es...), extra(1))), len(es) - 1},
		{"edited, longer", feedBytes(t, header, edit(20, func(s string) string { return s + "One more line.\n" })), len(es) - 2},
		{"edited, same length", feedBytes(t, header, edit(20, func(s string) string { return strings.Replace(s, "a", "b", 1) })), len(es) - 2},
		{"emptied", feedBytes(t, header, edit(4, func(string) string { return "" })), len(es) - 2},
		{"removed", feedBytes(t, header, append(append([]Entry(nil), es[:10]...), es[11:]...)), len(es) - 2},
		{"moved", feedBytes(t, header, append(append([]Entry{es[30]}, es[:30]...), es[31:]...)), len(es) - 3},
		{"duplicated", feedBytes(t, header, append(append([]Entry(nil), es...), es...)), len(es) - 1},
		{"first only", feedBytes(t, header, es[:1]), 0},
		{"other header", feedBytes(t, "Another header", es), len(es)},
		{"text like an entry", feedBytes(t, header, edit(5, func(s string) string { return s + "\n\nTitle\n\n2024-01-01T00:00:00Z\n\nNot: an entry?\n\nX" })), 0},
		{"text with a date line", feedBytes(t, header, edit(5, func(s string) string { return s + "\n\nTitle\n\n2024-01-01 00:00\n\nUser: x\n\nX" })), 0},
		{"CRLF", bytes.ReplaceAll(base, []byte("\n"), []byte("\r\n")), 0},
		{"CR in one text", feedBytes(t, header, edit(7, func(s string) string { return s + "a\rb\n" })), 0},
		{"invalid UTF-8", feedBytes(t, header, edit(7, func(s string) string { return s + "\xff\n" })), 0},
		{"NUL", feedBytes(t, header, edit(7, func(s string) string { return s + "a\x00b\n" })), 0},
		{"BOM", append([]byte("\ufeff"), base...), 0},
		{"cut in a text", base[:len(base)*2/3], 0},
		{"cut in a header", base[:bytes.Index(base, []byte("Page 3\n\n2024"))+9], 0},
		{"no final newline", bytes.TrimRight(base, "\n"), 0},
		{"empty", nil, 0},
		{"header only", []byte(header + "\n"), 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			next, n := index(t, tc.name, tc.data, ix)
			if n < tc.minReused {
				t.Errorf("%d entries taken from the index, want %d or more", n, tc.minReused)
			}
			// The index returned describes the new feed: all of it reused.
			if next != nil {
				if again, m := index(t, tc.name+", again", tc.data, next); again != next || m != next.Len() {
					t.Errorf("read again with its own index: %d of %d entries reused (index %p, want %p)", m, next.Len(), again, next)
				}
			}
		})
	}
}

// A text over MaxRevisionBytes is the same error with an index as
// without, even when the entry comes from the index.
func TestIndexedParseLimit(t *testing.T) {
	es := indexEntries(10)
	data := feedBytes(t, "H", es)
	ix, _ := index(t, "base", data, nil)
	opts := Options{ShareData: true, MaxRevisionBytes: 20}
	f, _, err := ParseIndexed("feed.txt", data, opts, ix)
	sameParse(t, "limit", data, opts, f, err)
	if err == nil {
		t.Fatal("no error for texts over the limit")
	}
}

// An index reads back as written; a damaged one is an error.
func TestIndexEncoding(t *testing.T) {
	data := feedBytes(t, "H", indexEntries(20))
	ix, _ := index(t, "base", data, nil)
	enc, err := ix.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var back Index
	if err := back.UnmarshalBinary(enc); err != nil {
		t.Fatal(err)
	}
	if back.key != ix.key || !reflect.DeepEqual(back.entries, ix.entries) {
		t.Fatal("the index read back differs")
	}
	if _, n := index(t, "read back", data, &back); n != ix.Len() {
		t.Fatalf("%d of %d entries reused with the index read back", n, ix.Len())
	}
	for _, bad := range [][]byte{nil, enc[:10], enc[:len(enc)-1], append(bytes.Clone(enc[:len(enc)-5]), 0, 0, 0, 0, 0)} {
		if err := new(Index).UnmarshalBinary(bad); err == nil {
			t.Errorf("%d bytes of damaged index read without an error", len(bad))
		}
	}
	flipped := bytes.Clone(enc)
	flipped[len(flipped)/2] ^= 1
	if err := new(Index).UnmarshalBinary(flipped); err == nil {
		t.Error("a flipped bit read without an error")
	}
}

// An entry changed so as to keep its length, title and timestamp is not
// taken for the recorded one: the tag tells them apart.
func TestIndexTagCatchesSameLengthChange(t *testing.T) {
	es := indexEntries(12)
	data := feedBytes(t, "H", es)
	ix, _ := index(t, "base", data, nil)
	i := bytes.Index(data, []byte("Ace || 11"))
	changed := bytes.Clone(data)
	changed[i+7] = '2' // 11 → 12
	f, _, err := ParseIndexed("feed.txt", changed, Options{ShareData: true}, ix)
	sameParse(t, "one digit", changed, Options{ShareData: true}, f, err)
}

// The seeds: each with the index of itself without its newest entry (the
// entry a new revision adds at the top of a contributions feed).
func TestIndexedParseSeeds(t *testing.T) {
	dir := shared.Dir()
	if dir == "" {
		t.Skip("../shared is absent: the seed feeds are not here (TestIndexedParse covers the same on generated feeds)")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "seeds", "*.txt"))
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Parse("seed", bytes.Clone(data), Options{})
		if err != nil || len(f.Entries) < 2 {
			continue
		}
		older := feedBytes(t, f.Header, f.Entries[1:])
		ix, _ := index(t, filepath.Base(p)+" without its first entry", older, nil)
		if ix == nil {
			continue // a seed that needs cleaning is not indexed
		}
		if _, n := index(t, filepath.Base(p), feedBytes(t, f.Header, f.Entries), ix); n < len(f.Entries)-1 {
			t.Errorf("%s: %d of %d entries reused", filepath.Base(p), n, len(f.Entries)-1)
		}
	}
}

// FuzzParseIndexed: whatever the feed an index was made of and the feed
// read with it, the result is Parse's.
func FuzzParseIndexed(f *testing.F) {
	base := feedBytes(f, "H", indexEntries(8))
	f.Add(base, base)
	f.Add(base, append([]byte("H\n\nNew\n\n2030-01-01T00:00:00Z\n\nU: x\n\ntext\n\n"), base[3:]...))
	f.Add(base, base[:len(base)/2])
	f.Add(base, bytes.ReplaceAll(base, []byte("Ace"), []byte("Two")))
	f.Add([]byte(sample), []byte(sample+"\n\nT\n\n2024-01-02T03:04:05Z\n\nU:\n\n"))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		opts := Options{ShareData: true, KeepGoing: true}
		_, ix, _ := ParseIndexed("a", bytes.Clone(a), opts, nil)
		got, _, err := ParseIndexed("feed.txt", b, opts, ix)
		sameParse(t, "fuzz", b, opts, got, err)
	})
}

// BenchmarkParseIndexed reads a feed of 400 entries with the index of the
// same feed without its newest entry: what a contributions feed fetched
// again after one edit is.
func BenchmarkParseIndexed(b *testing.B) {
	es := indexEntries(401)
	for i := range es {
		es[i].Rev.Text += strings.Repeat("Some more words of the rules, to make the text a few kilobytes long.\n", 40)
	}
	older := feedBytes(b, "H", es[1:])
	data := feedBytes(b, "H", es)
	_, ix, err := ParseIndexed("feed.txt", older, Options{ShareData: true}, nil)
	if err != nil || ix == nil {
		b.Fatal("no index", err)
	}
	for _, bc := range []struct {
		name string
		ix   *Index
	}{{"index", ix}, {"none", nil}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, _, err := ParseIndexed("feed.txt", data, Options{ShareData: true}, bc.ix); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
