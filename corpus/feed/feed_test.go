package feed

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/model"
)

func TestSeedsRoundTrip(t *testing.T) {
	for _, path := range shared.Seeds(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := Parse(path, data, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := Write(&out, f); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), data) {
				i := 0
				for i < len(data) && i < out.Len() && data[i] == out.Bytes()[i] {
					i++
				}
				t.Fatalf("re-serialized feed differs from the file at byte %d (file %d bytes, output %d)", i, len(data), out.Len())
			}
		})
	}
}

func TestSeedsAcceptance(t *testing.T) {
	titles := map[string]int{}
	revs := 0
	var multiple *model.Revision
	for _, path := range shared.Seeds(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Parse(path, data, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range f.Entries {
			titles[e.Title]++
			revs++
			if e.Title == "Multipleaccounts" && model.FormatTime(e.Rev.Timestamp) == "2026-04-11T19:37:35Z" {
				multiple = e.Rev
			}
			if e.Rev.Author == "" || strings.Contains(e.Rev.Author, "\n") {
				t.Errorf("%s: bad author %q", e.Rev.Source, e.Rev.Author)
			}
		}
	}
	if revs != 81 || len(titles) != 38 {
		t.Errorf("read %d revisions of %d pages, want 81 of 38", revs, len(titles))
	}
	if multiple == nil {
		t.Fatal("Multipleaccounts@2026-04-11T19:37:35Z not found")
	}
	if multiple.Text != "" {
		t.Errorf("Multipleaccounts@2026-04-11T19:37:35Z: want an empty body, got %d bytes", len(multiple.Text))
	}
	if multiple.Summary != "Undo revision 29249 by Eliana Fairyfly (talk)" || multiple.Author != "ErikLevin" {
		t.Errorf("Multipleaccounts: author %q summary %q", multiple.Author, multiple.Summary)
	}
}

const sample = "Test wiki - User contributions [en]\n\n" +
	"Gamehelpfoo\n\n2024-01-02T03:04:05Z\n\nAlice: /* Scoring */ fix\n\n== Scoring ==\nA line.\n\n" +
	"Gamehelpfoo\n\n2024-01-01T00:00:00Z\n\nBob:\n\n" +
	"Tips foo\n\n2023-12-31T23:59:59Z\n\n2001:db8::1: anonymous edit\n\nText\nwith lines"

func TestParseSample(t *testing.T) {
	f, err := Parse("sample.txt", []byte(sample), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Entries) != 3 {
		t.Fatalf("got %d entries, want 3", len(f.Entries))
	}
	e := f.Entries[0]
	if e.Title != "Gamehelpfoo" || e.Rev.Author != "Alice" || e.Rev.Summary != "/* Scoring */ fix" ||
		e.Rev.Section != "Scoring" || e.Rev.Text != "== Scoring ==\nA line." || e.Rev.Source.Line != 3 {
		t.Errorf("entry 0: %+v %+v", e, *e.Rev)
	}
	if e := f.Entries[1]; e.Rev.Author != "Bob" || e.Rev.Summary != "" || e.Rev.Text != "" || e.Rev.Source.Line != 12 {
		t.Errorf("entry 1: %+v", *e.Rev)
	}
	if e := f.Entries[2]; e.Rev.Author != "2001:db8::1" || e.Rev.Summary != "anonymous edit" || e.Rev.Text != "Text\nwith lines" || e.Rev.Source.Line != 18 {
		t.Errorf("entry 2: %+v", *e.Rev)
	}
	var out bytes.Buffer
	Write(&out, f)
	if out.String() != sample {
		t.Errorf("round trip:\n%q\nwant\n%q", out.String(), sample)
	}
}

// TestEmptyLastText: a last entry with no text ends the file after its
// "User: summary" line, with or without that line's newline, or after the
// blank line a writer puts there; each reads as an empty text.
func TestEmptyLastText(t *testing.T) {
	const head = "Wiki - User contributions [en]\n\nGamehelpfoo\n\n2024-01-01T00:00:00Z\n\nAlice: first\n\nSome text.\n\n" +
		"Gamehelpfoo\n\n2024-01-02T00:00:00Z\n\nBob: blanked"
	for _, end := range []string{"", "\n", "\n\n", "\r\n"} {
		f, err := Parse("feed.txt", []byte(head+end), Options{})
		if err != nil {
			t.Errorf("ending %q: %v", end, err)
			continue
		}
		if len(f.Entries) != 2 || f.Entries[1].Rev.Author != "Bob" || f.Entries[1].Rev.Summary != "blanked" || f.Entries[1].Rev.Text != "" {
			t.Errorf("ending %q: %d entries, the last %+v", end, len(f.Entries), f.Entries[len(f.Entries)-1].Rev)
		}
	}
}

func TestMalformed(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"empty", "", "sample.txt:1: error: empty file"},
		{"no header", "Gamehelpfoo\n\n2024-01-02T03:04:05Z\n\nAlice: x\n\nbody", "sample.txt:1: error: expected a header line"},
		{"no blank after header", "Header\nGamehelpfoo\n", "sample.txt:2: error: expected a blank line after the header"},
		{"no entry", "Header\n\njust text\n", "sample.txt:3: error: expected an entry"},
		{"bad date", "Header\n\nGamehelpfoo\n\n2024-13-02T03:04:05Z\n\nAlice: x\n\nbody", "sample.txt:5: error: invalid timestamp"},
		{"no user line", "Header\n\nGamehelpfoo\n\n2024-01-02T03:04:05Z\n\nno colon here\n\nbody", "sample.txt:7: error: expected a \"User: summary\" line"},
		{"bad later entry", "Header\n\nA\n\n2024-01-02T03:04:05Z\n\nAlice: x\n\nbody\n\nB\n\n2024-01-02T99:04:05Z\n\nBob: y\n\nmore",
			"sample.txt:13: error: malformed entry for \"B\": invalid timestamp"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("sample.txt", []byte(c.in), Options{})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

func TestKeepGoing(t *testing.T) {
	in := "Header\n\nA\n\n2024-01-02T03:04:05Z\n\nAlice: x\n\nbody\n\n" +
		"B\n\n2024-01-02T99:04:05Z\n\nBob: y\n\nmore\n\n" +
		"C\n\n2024-01-03T00:00:00Z\n\nCarol: z\n\nlast\n\n" +
		"D\n\n2024-01-04T00:00:00Z\n\nno colon\n\nx"
	f, err := Parse("k.txt", []byte(in), Options{KeepGoing: true})
	list, ok := err.(model.MsgList)
	if !ok || len(list) != 2 {
		t.Fatalf("want 2 errors, got %v", err)
	}
	if list[0].Line != 13 || list[1].Line != 31 {
		t.Errorf("error lines %d, %d; want 13, 31", list[0].Line, list[1].Line)
	}
	if len(f.Entries) != 2 || f.Entries[1].Title != "C" {
		t.Fatalf("want entries A and C, got %d", len(f.Entries))
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(sample))
	f.Add([]byte("H\n\nT\n\n2024-01-02T03:04:05Z\n\nU:\n\n"))
	f.Add([]byte("H\n\nT\n\n2024-01-02T03:04:05Z\n\nU:"))
	// Line ends, byte-order marks and bytes that are not text.
	f.Add([]byte(strings.ReplaceAll(sample, "\n", "\r\n")))
	f.Add([]byte(strings.ReplaceAll(sample, "\n", "\r")))
	f.Add([]byte("\ufeff" + sample))
	f.Add([]byte("\ufeffH\r\n\r\nT\r\n\r\n2024-01-02T03:04:05Z\r\n\r\nU: \xff\r\n\r\nbody\x00\xc3"))
	f.Add([]byte("H\n\nA\n\n2024-01-02T03:04:05Z\n\nU: x\n\nbody\n\nB\n\nyesterday\n\nV: y\n\nmore"))
	f.Add([]byte("H\n\nA\n\n2024-01-01 00:00:00\n\nU: x\n\nbody"))
	if d := shared.Dir(); d != "" {
		files, _ := filepath.Glob(filepath.Join(d, "seeds", "*.txt"))
		for _, p := range files {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fd, err := Parse("fuzz", data, Options{KeepGoing: true})
		if fd == nil {
			t.Fatal("nil feed")
		}
		// Whatever the input, what was read is clean text.
		for _, e := range fd.Entries {
			for _, s := range []string{e.Title, e.Rev.Author, e.Rev.Summary, e.Rev.Text} {
				if !utf8.ValidString(s) || strings.ContainsAny(s, "\x00\r") {
					t.Fatalf("entry %q holds %q", e.Title, s)
				}
			}
		}
		lines := bytes.Count(data, []byte{'\n'}) + bytes.Count(data, []byte{'\r'}) + 1
		for _, m := range append(fd.Warnings, msgs(err)...) {
			if m.Line < 1 || m.Line > lines {
				t.Fatalf("message outside the input (%d lines): %s", lines, m)
			}
		}
		if err != nil {
			return
		}
		// A feed that parses cleanly writes back and parses to the same
		// entries.
		var out bytes.Buffer
		if err := Write(&out, fd); err != nil {
			t.Fatal(err)
		}
		again, err := Parse("fuzz", out.Bytes(), Options{})
		if err != nil {
			t.Fatalf("re-parse: %v", err)
		}
		if len(again.Entries) != len(fd.Entries) {
			t.Fatalf("re-parse: %d entries, want %d", len(again.Entries), len(fd.Entries))
		}
		for i := range fd.Entries {
			a, b := fd.Entries[i], again.Entries[i]
			if a.Title != b.Title || a.Rev.Text != b.Rev.Text || a.Rev.Author != b.Rev.Author || !a.Rev.Timestamp.Equal(b.Rev.Timestamp) {
				t.Fatalf("entry %d changed on re-parse", i)
			}
		}
	})
}

func msgs(err error) model.MsgList {
	l, _ := model.AsMsgList(err)
	return l
}

func BenchmarkParse(b *testing.B) {
	var data []byte
	for _, p := range shared.Seeds(b) {
		d, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		// Concatenate entries of all seeds (each file keeps its header).
		if data == nil {
			data = d
		} else {
			i := bytes.Index(d, []byte("\n\n"))
			data = append(append(data, "\n\n"...), d[i+2:]...)
		}
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("bench", data, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestLineEndsAndEncoding(t *testing.T) {
	lf := "H\n\nA\n\n2024-01-02T03:04:05Z\n\nAlice: x\n\nline one\nline two\n\nB\n\n2024-01-03T03:04:05Z\n\nBob: y\n\nz"
	for name, in := range map[string]string{
		"lf":      lf,
		"crlf":    strings.ReplaceAll(lf, "\n", "\r\n"),
		"cr":      strings.ReplaceAll(lf, "\n", "\r"),
		"bom":     "\ufeff" + lf,
		"bomcrlf": "\ufeff" + strings.ReplaceAll(lf, "\n", "\r\n"),
	} {
		t.Run(name, func(t *testing.T) {
			if !Sniff([]byte(in)) {
				t.Error("not recognised as a feed")
			}
			f, err := Parse("f.txt", []byte(in), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Entries) != 2 || f.Header != "H" || f.Entries[0].Rev.Text != "line one\nline two" || f.Entries[1].Rev.Source.Line != 12 {
				t.Fatalf("read %d entries: %+v", len(f.Entries), f.Entries)
			}
			if len(f.Warnings) != 0 {
				t.Errorf("warnings: %v", f.Warnings)
			}
		})
	}
	bad := "H\n\nA\n\n2024-01-02T03:04:05Z\n\nAl\xffice: x\n\nok\nbad \xfe\xfe byte\nnul\x00 here"
	f, err := Parse("f.txt", []byte(bad), Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := f.Entries[0].Rev
	if r.Author != "Al\uFFFDice" || r.Text != "ok\nbad \uFFFD\uFFFD byte\nnul here" {
		t.Errorf("author %q text %q", r.Author, r.Text)
	}
	want := []string{
		"f.txt:7: warning: a byte that is not UTF-8 was replaced by U+FFFD [encoding]",
		"f.txt:10: warning: 2 bytes that are not UTF-8 were replaced by U+FFFD [encoding]",
		"f.txt:11: warning: a NUL byte was removed [encoding]",
	}
	if got := strings.Split(strings.TrimSpace(f.Warnings.Error()), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A line in timestamp position that is not a timestamp is an error naming
// its line; the entry is never read as text of the revision before it.
func TestBadTimestampLine(t *testing.T) {
	entry := func(title, ts, user, body string) string {
		return title + "\n\n" + ts + "\n\n" + user + "\n\n" + body
	}
	for _, bad := range []string{"2024-01-01 00:00:00", "yesterday", "15 November 2024", "16:30, 15 November 2024", "2024/01/02"} {
		t.Run(bad, func(t *testing.T) {
			in := "H\n\n" + strings.Join([]string{
				entry("A", "2024-01-01T00:00:00Z", "Alice: one", "first body"),
				entry("B", bad, "Bob: two", "second body"),
				entry("C", "2024-01-03T00:00:00Z", "Carol: three", "third body"),
			}, "\n\n")
			_, err := Parse("t.txt", []byte(in), Options{})
			want := `t.txt:13: error: malformed entry for "B": expected a timestamp like 2024-11-15T16:30:17Z, found "` + bad + `"`
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("error %v, want %q", err, want)
			}
			f, err := Parse("t.txt", []byte(in), Options{KeepGoing: true})
			if list, ok := err.(model.MsgList); !ok || len(list) != 1 || list[0].Line != 13 {
				t.Fatalf("keep going: error %v", err)
			}
			if len(f.Entries) != 2 || f.Entries[0].Rev.Text != "first body" || f.Entries[1].Title != "C" {
				t.Fatalf("keep going: entries %+v", f.Entries)
			}
		})
	}
	// The first entry: any line in timestamp position is checked.
	_, err := Parse("t.txt", []byte("H\n\n"+entry("A", "last week", "Alice: x", "body")), Options{})
	if err == nil || !strings.Contains(err.Error(), `t.txt:5: error: expected a timestamp like 2024-11-15T16:30:17Z, found "last week"`) {
		t.Errorf("first entry: %v", err)
	}
	// After an entry with an empty text.
	_, err = Parse("t.txt", []byte("H\n\n"+entry("A", "2024-01-01T00:00:00Z", "Alice: x", "")+entry("B", "yesterday", "Bob: y", "body")), Options{})
	if err == nil || !strings.Contains(err.Error(), `t.txt:11: error: malformed entry for "B"`) {
		t.Errorf("after an empty text: %v", err)
	}
	// Short paragraphs in a text are text, not a malformed entry.
	text := "Intro\n\nRound 1\n\n3 points\n\nNote: count them\n\nEnd"
	f, err := Parse("t.txt", []byte("H\n\n"+entry("A", "2024-01-01T00:00:00Z", "Alice: x", text)), Options{})
	if err != nil || len(f.Entries) != 1 || f.Entries[0].Rev.Text != text {
		t.Errorf("short paragraphs: %v %+v", err, f)
	}
}

func TestRevisionSizeLimit(t *testing.T) {
	in := "H\n\nA\n\n2024-01-01T00:00:00Z\n\nAlice: x\n\n" + strings.Repeat("x", 100) + "\n\nB\n\n2024-01-02T00:00:00Z\n\nBob: y\n\nsmall"
	_, err := Parse("big.txt", []byte(in), Options{MaxRevisionBytes: 50})
	want := `big.txt:3: error: page "A", revision 2024-01-01T00:00:00Z: the text is 100 bytes, over the limit of 50 bytes per revision`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v, want %q", err, want)
	}
	f, err := Parse("big.txt", []byte(in), Options{MaxRevisionBytes: 50, KeepGoing: true})
	if err == nil || len(f.Entries) != 1 || f.Entries[0].Title != "B" {
		t.Errorf("keep going: %v %+v", err, f.Entries)
	}
}

// A summary with line breaks (MediaWiki keeps them: an upload's comment
// from importImages.php reads "== Summary ==\na die\n" in a dump) is
// written on the summary's one line, the breaks as spaces, as the
// contributions listing shows it: written as it was, the feed did not read
// back ("expected a blank line after the "User: summary" line").
func TestWriteSummaryLineBreaks(t *testing.T) {
	ts, _ := time.Parse(model.TimeLayout, "2024-01-01T00:00:00Z")
	f := &Feed{Header: "Wiki - User contributions [en]", Entries: []Entry{
		{Title: "File:Dice.png", Rev: &model.Revision{Timestamp: ts, Author: "Mara", Summary: "== Summary ==\na die\n", Text: "== Summary ==\na die"}},
		{Title: "Gamehelpx", Rev: &model.Revision{Timestamp: ts, Author: "Ann", Summary: "one\r\ntwo\rthree\n\nfour"}},
	}}
	var b bytes.Buffer
	if err := Write(&b, f); err != nil {
		t.Fatal(err)
	}
	back, err := Parse("feed.txt", b.Bytes(), Options{})
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if len(back.Entries) != 2 {
		t.Fatalf("%d entries", len(back.Entries))
	}
	for i, want := range []struct{ summary, text string }{{"== Summary == a die", "== Summary ==\na die"}, {"one two three four", ""}} {
		r := back.Entries[i].Rev
		if strings.TrimSpace(r.Summary) != want.summary || r.Text != want.text {
			t.Errorf("entry %d: summary %q, text %q; want %q, %q", i, r.Summary, r.Text, want.summary, want.text)
		}
	}
}

// A revision of no known author (a .wiki page's) is written with an empty
// user (": summary"), and reads back so; an IPv6 editor whose address
// starts with "::" reads as that address. Both were "expected a \"User:
// summary\" line": a feed that convert wrote could not be read.
func TestEmptyUser(t *testing.T) {
	in := &Feed{Header: "Wiki - User contributions [en]", Entries: []Entry{
		{Title: "Page", Rev: &model.Revision{Timestamp: time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC), Text: "hello"}},
		{Title: "Page", Rev: &model.Revision{Timestamp: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), Author: "::1", Summary: "local", Text: "first"}},
	}}
	var b bytes.Buffer
	if err := Write(&b, in); err != nil {
		t.Fatal(err)
	}
	f, err := Parse("feed.txt", b.Bytes(), Options{})
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if len(f.Entries) != 2 {
		t.Fatalf("%d entries, want 2:\n%s", len(f.Entries), b.String())
	}
	for i, e := range f.Entries {
		want := in.Entries[i].Rev
		if e.Rev.Author != want.Author || e.Rev.Summary != want.Summary || e.Rev.Text != want.Text {
			t.Errorf("entry %d: %q %q %q, want %q %q %q", i, e.Rev.Author, e.Rev.Summary, e.Rev.Text, want.Author, want.Summary, want.Text)
		}
	}
}

// roundTrips reports whether text, written as a revision's text between two
// other entries, reads back as it was.
func roundTrips(text string) bool {
	at := func(d int) time.Time { return time.Date(2024, 1, d, 0, 0, 0, 0, time.UTC) }
	in := &Feed{Header: "Wiki - User contributions [en]", Entries: []Entry{
		{Title: "After", Rev: &model.Revision{Timestamp: at(3), Author: "A", Text: "after"}},
		{Title: "Page", Rev: &model.Revision{Timestamp: at(2), Author: "B", Summary: "s", Text: text}},
		{Title: "Before", Rev: &model.Revision{Timestamp: at(1), Author: "C", Text: "before"}},
	}}
	var b bytes.Buffer
	if err := Write(&b, in); err != nil {
		return false
	}
	f, err := Parse("feed.txt", b.Bytes(), Options{})
	return err == nil && len(f.Entries) == 3 && f.Entries[1].Rev.Text == text && f.Entries[2].Rev.Text == "before"
}

var splitTexts = []string{
	"", "plain", "a\n\nb", "intro\n\nTitle\n\n2024-01-01T00:00:00Z\n\nBob: x\n\nmore",
	"Title\n\n2024-01-01T00:00:00Z\n\nBob: x", "\nTitle\n\n2024-01-01T00:00:00Z\n\n: x\n\nmore",
	"x\n\nTitle\n\n2024-01-01 00:00:00\n\nBob: x\n\ny", "x\n\nTitle\n\n2024-01-01T00:00:00Z\nBob: x",
	"2024-01-01T00:00:00Z\n\nBob: x", "list\n\n2024 was a year\n\nok: yes",
}

// TestSplits: Splits says which texts a feed cannot carry, exactly those
// that do not read back.
func TestSplits(t *testing.T) {
	for _, s := range splitTexts {
		if Splits(s) == roundTrips(s) {
			t.Errorf("%q: Splits %v, reads back %v", s, Splits(s), roundTrips(s))
		}
	}
	if !Splits(splitTexts[3]) || Splits("a\n\nb") {
		t.Error("the cases do not read as expected")
	}
}

func FuzzSplits(f *testing.F) {
	for _, s := range splitTexts {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || strings.ContainsAny(s, "\r\x00\ufeff") || strings.HasSuffix(s, "\n") || strings.HasPrefix(s, "\n\n") {
			return // read back otherwise by design (line ends, encoding, blank lines at the ends)
		}
		if Splits(s) == roundTrips(s) {
			t.Errorf("%q: Splits %v, reads back %v", s, Splits(s), roundTrips(s))
		}
	})
}
