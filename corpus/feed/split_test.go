package feed_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/wikirules/wikirules/corpus/feed"
	"github.com/wikirules/wikirules/corpus/internal/textclean"
	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/model"
)

// A feed read in parts on every core must read exactly as in one go:
// entries, texts, lines, SHA-1s, errors and warnings, whatever the input
// and wherever it is cut.

// differ says how two readings of a feed differ, or "".
func differ(a, b *feed.Feed, ea, eb error) string {
	if (ea == nil) != (eb == nil) || ea != nil && (ea.Error() != eb.Error() || !reflect.DeepEqual(ea, eb)) {
		return fmt.Sprintf("error\n%v\nwant\n%v", eb, ea)
	}
	if a.Header != b.Header {
		return fmt.Sprintf("header %q, want %q", b.Header, a.Header)
	}
	if !reflect.DeepEqual(a.Warnings, b.Warnings) {
		return fmt.Sprintf("warnings\n%v\nwant\n%v", b.Warnings, a.Warnings)
	}
	for i := range min(len(a.Entries), len(b.Entries)) {
		x, y := a.Entries[i], b.Entries[i]
		if x.Title != y.Title || !reflect.DeepEqual(x.Rev, y.Rev) {
			return fmt.Sprintf("entry %d: %q %+v, want %q %+v", i, y.Title, *y.Rev, x.Title, *x.Rev)
		}
	}
	if len(a.Entries) != len(b.Entries) {
		return fmt.Sprintf("%d entries, want %d", len(b.Entries), len(a.Entries))
	}
	return ""
}

// options are the ways a feed is read in the tests: stopping at the first
// error or not, texts shared with the input or not, a limit small enough
// for some texts of the test feeds to be over it.
func options() []feed.Options {
	var out []feed.Options
	for _, keep := range []bool{false, true} {
		for _, share := range []bool{false, true} {
			for _, limit := range []int{0, 40} {
				out = append(out, feed.Options{KeepGoing: keep, ShareData: share, MaxRevisionBytes: limit})
			}
		}
	}
	return out
}

// cuts returns sets of points to cut data at, in its cleaned form: every
// line, every byte (of a small input), and random ones; most are not where
// an entry begins.
func cuts(data []byte, seed uint64) [][]int {
	clean, _ := textclean.Clean(data, true)
	var lines, all []int
	for i := 1; i < len(clean); i++ {
		if clean[i-1] == '\n' {
			lines = append(lines, i)
		}
		all = append(all, i)
	}
	out := [][]int{lines}
	if len(clean) <= 4096 {
		out = append(out, all)
	}
	r := rand.New(rand.NewPCG(seed, 1))
	for range 3 {
		var pts []int
		for range min(len(clean)/8+1, 200) {
			if len(lines) > 0 && r.IntN(2) == 0 {
				pts = append(pts, lines[r.IntN(len(lines))])
			} else if len(clean) > 0 {
				pts = append(pts, r.IntN(len(clean)))
			}
		}
		slices.Sort(pts)
		out = append(out, slices.Compact(pts))
	}
	return out
}

// checkSame reads data in one go and in parts, cut where Parse would cut
// it (into each count of parts in counts) and at the points of cuts, with
// each of opts, and fails on any difference. It returns how many readings
// were actually cut by Parse's own choice of points.
func checkSame(t testing.TB, name string, data []byte, opts []feed.Options, counts []int, cutAt [][]int) (split int) {
	t.Helper()
	for _, o := range opts {
		want, wantErr := feed.ParseSequential(name, data, o)
		for _, n := range counts {
			got, st, err := feed.ParseParts(name, data, o, n, 1)
			if d := differ(want, got, wantErr, err); d != "" {
				t.Fatalf("%s, %+v, in %d parts (%d read): %s", name, o, n, st.Parts, d)
			}
			// The points Parse chooses are entries the reading in one
			// go begins: every part read is used.
			if st.Unused != 0 {
				t.Fatalf("%s, %+v, in %d parts: %d of %d parts not used", name, o, n, st.Unused, st.Parts)
			}
			if st.Parts > 1 {
				split++
			}
		}
		for _, pts := range cutAt {
			got, st, err := feed.ParseCut(name, data, o, pts)
			if d := differ(want, got, wantErr, err); d != "" {
				t.Fatalf("%s, %+v, cut at %d points %v… (%d parts): %s", name, o, len(pts), pts[:min(len(pts), 10)], st.Parts, d)
			}
		}
	}
	return split
}

func TestSplitHostile(t *testing.T) {
	split := 0
	for name, in := range feed.HostileFeeds() {
		t.Run(name, func(t *testing.T) {
			split += checkSame(t, name, []byte(in), options(), []int{2, 3, 7, 64}, cuts([]byte(in), 1))
		})
	}
	// Most hostile feeds have entries enough to cut.
	if total := len(feed.HostileFeeds()) * len(options()) * 4; split < total/2 {
		t.Errorf("only %d of %d readings in parts were cut", split, total)
	}
}

func TestSplitSeeds(t *testing.T) {
	for _, path := range shared.Seeds(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if checkSame(t, path, data, options(), []int{2, 3, 8, 32}, cuts(data, 2)) == 0 {
			t.Errorf("%s: never cut", path)
		}
	}
}

// generatedFeed is a feed of internal/testgen.
func generatedFeed(tb testing.TB, pages, revisions int) []byte {
	var b bytes.Buffer
	if err := testgen.WriteFeed(&b, testgen.Options{Pages: pages, Revisions: revisions, Seed: 1}); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

func TestSplitGenerated(t *testing.T) {
	data := generatedFeed(t, 100, 4)
	opts := []feed.Options{{}, {KeepGoing: true, ShareData: true}, {MaxRevisionBytes: 3000, KeepGoing: true}}
	if checkSame(t, "generated", data, opts, []int{2, 5, 16}, cuts(data, 3)[2:]) == 0 {
		t.Error("never cut")
	}
	// Parse cuts a feed of a few megabytes by itself.
	data = generatedFeed(t, 300, 4)
	f, st, err := feed.ParseParts("generated", data, feed.Options{}, 2, 0)
	want, wantErr := feed.ParseSequential("generated", data, feed.Options{})
	if d := differ(want, f, wantErr, err); d != "" || st.Parts != 2 || st.Unused != 0 || len(f.Entries) != 1200 {
		t.Errorf("%d bytes: %d entries, %+v, %v", len(data), len(f.Entries), st, d)
	}
	for _, e := range f.Entries {
		if e.Rev.SHA1 != "" || e.Rev.Digest() != model.TextSHA1(e.Rev.Text) {
			t.Fatalf("%s line %d: SHA-1 %s", e.Title, e.Rev.Source.Line, e.Rev.SHA1)
		}
	}
}

func FuzzParallelSplit(f *testing.F) {
	i := 0
	for _, in := range feed.HostileFeeds() {
		f.Add([]byte(in), uint8(i), uint64(i))
		i++
	}
	if d := shared.Dir(); d != "" {
		for _, p := range []string{"000_8d48a35fd2b3f458.txt", "003_402bbe793087e5a6.txt"} {
			if data, err := os.ReadFile(d + "/seeds/" + p); err == nil {
				f.Add(data, uint8(3), uint64(7))
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, parts uint8, seed uint64) {
		o := feed.Options{KeepGoing: seed&1 != 0, ShareData: seed&2 != 0}
		if seed&4 != 0 {
			o.MaxRevisionBytes = 1 + int(seed>>8%64)
		}
		pts := cuts(data, seed)
		checkSame(t, "fuzz", data, []feed.Options{o}, []int{2 + int(parts%31)}, pts[len(pts)-2:])
	})
}

// BenchmarkParseGenerated reads a generated feed of about 40 MB in one go
// and in parts (WIKIRULES_BENCH_PAGES=10000: the 415 MB feed of 10,000
// pages × 10 revisions), its texts shared with the input as the build reads
// it.
func BenchmarkParseGenerated(b *testing.B) {
	pages := 1000
	if n, err := strconv.Atoi(os.Getenv("WIKIRULES_BENCH_PAGES")); err == nil && n > 0 {
		pages = n
	}
	data := generatedFeed(b, pages, 10)
	opts := feed.Options{ShareData: true}
	for _, c := range []struct {
		name  string
		parse func() (*feed.Feed, error)
	}{
		{"sequential", func() (*feed.Feed, error) { return feed.ParseSequential("bench", data, opts) }},
		{"parallel", func() (*feed.Feed, error) { return feed.Parse("bench", data, opts) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.parse(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
