package parser

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/internal/testutil"
)

// The scaling family: each construct a page can be made of, generated at
// any size. BenchmarkConstructs reports MB/s and bytes allocated per input
// byte at two sizes (the same MB/s at both means linear time), and
// TestConstructsScaleLinearly fails when twice the input takes more than
// 2.5 times the time.

// construct generates a page of about n bytes made of one construct.
type construct struct {
	name string
	gen  func(n int) string
}

// repeatTo writes unit(i) for i = 0, 1, 2… until the page has n bytes.
func repeatTo(n int, unit func(sb *strings.Builder, i int)) string {
	var sb strings.Builder
	sb.Grow(n + 64)
	for i := 0; sb.Len() < n; i++ {
		unit(&sb, i)
	}
	return sb.String()
}

// nest writes open×k followed by close×k, about n bytes in all.
func nest(open, close string) func(n int) string {
	return func(n int) string {
		k := n / (len(open) + len(close))
		return strings.Repeat(open, k) + strings.Repeat(close, k)
	}
}

var constructs = []construct{
	{"links", func(n int) string {
		return repeatTo(n, func(sb *strings.Builder, i int) {
			fmt.Fprintf(sb, "See [[Page %d|the rules]] and [[Other page %d]]s, ", i, i%97)
			if i%8 == 7 {
				sb.WriteString("\n\n")
			}
		})
	}},
	{"templates-inline", func(n int) string {
		// One long paragraph of calls, several per line.
		return repeatTo(n, func(sb *strings.Builder, i int) {
			fmt.Fprintf(sb, "play {{card|%d}} on {{heart|K}} or {{Box|%d}} ", i%10, i)
			if i%4 == 3 {
				sb.WriteString("\n")
			}
		})
	}},
	{"templates-paragraphs", func(n int) string {
		return repeatTo(n, func(sb *strings.Builder, i int) {
			if i%2 == 0 {
				fmt.Fprintf(sb, "{{card|%d}}\n\n", i%10)
			} else {
				fmt.Fprintf(sb, "{{Box|%d}}\n\n", i)
			}
		})
	}},
	{"templates-list", func(n int) string {
		return repeatTo(n, func(sb *strings.Builder, i int) {
			fmt.Fprintf(sb, "* {{spade|=%d}} beats {{Box|%d}}\n", i%10, i)
		})
	}},
	{"templates-table", func(n int) string {
		return "{|\n" + repeatTo(n, func(sb *strings.Builder, i int) {
			fmt.Fprintf(sb, "|-\n| {{club|%d}} || {{Box|%d}} || %d\n", i%10, i, i)
		}) + "|}\n"
	}},
	{"templates-fostered", func(n int) string {
		// Calls in table rows but outside cells: their output is moved
		// before the table, so the page's children are out of source
		// order.
		return "{|\n" + repeatTo(n, func(sb *strings.Builder, i int) {
			fmt.Fprintf(sb, "|-\n{{card|%d}} {{Box|%d}}\n", i%10, i)
		}) + "|-\n| cell\n|}\n"
	}},
	{"headings", func(n int) string {
		return repeatTo(n, func(sb *strings.Builder, i int) {
			fmt.Fprintf(sb, "%s Heading %d %s\nSome text.\n", strings.Repeat("=", 2+i%3), i%50, strings.Repeat("=", 2+i%3))
		})
	}},
	{"tables", func(n int) string {
		return repeatTo(n, func(sb *strings.Builder, i int) {
			fmt.Fprintf(sb, "{| class=\"wikitable\"\n! Card !! Points\n|-\n| %d || %d\n|}\n", i, i*2)
		})
	}},
	{"table-rows", func(n int) string {
		return "{| class=\"wikitable\"\n" + repeatTo(n, func(sb *strings.Builder, i int) {
			fmt.Fprintf(sb, "|-\n| %d || ''x'' || [[P%d]]\n", i, i%10)
		}) + "|}\n"
	}},
	{"list-items", func(n int) string {
		return repeatTo(n, func(sb *strings.Builder, i int) {
			fmt.Fprintf(sb, "%s item %d\n", strings.Repeat("*#"[i%2:i%2+1], 1+i%4), i)
		})
	}},
	{"quotes", func(n int) string {
		return repeatTo(n, func(sb *strings.Builder, i int) {
			sb.WriteString("''italic'' and '''bold''' and '''''both''''' it's l'''a''' ''b\n")
		})
	}},
	{"long-line", func(n int) string {
		return repeatTo(n, func(sb *strings.Builder, i int) {
			fmt.Fprintf(sb, "word %d ''it'' [[x]] http://example.org/%d ", i, i)
		})
	}},
	{"unknown-templates-one-line", func(n int) string {
		// A message each (unknown template), all on one line: located
		// as `wikirules html` reports them.
		return repeatTo(n, func(sb *strings.Builder, i int) {
			fmt.Fprintf(sb, "{{Nope %d}} é ", i%1000)
		})
	}},
	{"nest-braces", nest("{", "}")},
	{"nest-links", nest("[[", "]]")},
	{"nest-templates", nest("{{", "}}")},
	{"nest-tplargs", nest("{{{", "}}}")},
	{"nest-brackets", nest("[", "]")},
	{"nest-divs", nest("<div>", "</div>")},
	{"nest-calls", func(n int) string {
		// Calls nested in each other's arguments.
		k := n / len("{{Box|x}}")
		return strings.Repeat("{{Box|", k) + "x" + strings.Repeat("}}", k)
	}},
}

// scaleTemplates defines the wiki template the constructs call.
func scaleTemplates() *WikiTemplates {
	t := NewWikiTemplates()
	t.Add("Box", `<span class="box">{{{1}}}</span>`)
	return t
}

// parseRender parses and renders one page, and locates its messages, as
// `wikirules html` does.
func parseRender(tpl *WikiTemplates) func(string) {
	return func(s string) {
		doc := Parse(s, &Options{Title: "Scale", WikiTemplates: tpl})
		if err := renderForBench(discard{}, doc); err != nil {
			panic(err)
		}
		doc.Messages("Scale", "")
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

func BenchmarkConstructs(b *testing.B) {
	run := parseRender(scaleTemplates())
	for _, c := range constructs {
		for _, size := range []int{256 << 10, 1 << 20} {
			in := c.gen(size)
			b.Run(c.name+"/"+strconv.Itoa(size>>10)+"KB", func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				reportAllocPerByte(b, len(in), func() { run(in) })
			})
		}
	}
}

// BenchmarkSeedDocument runs parse+render over documents of 1, 2, 4 and
// 8 MB made of the seed pages, the figures of `wikirules html`.
func BenchmarkSeedDocument(b *testing.B) {
	texts := testutil.SeedTexts(b)
	run := parseRender(nil)
	for _, mb := range []int{1, 2, 4, 8} {
		in := seedDocument(texts, mb<<20)
		b.Run(strconv.Itoa(mb)+"MB", func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			reportAllocPerByte(b, len(in), func() { run(in) })
		})
	}
}

// seedDocument concatenates seed revisions into one page of n bytes.
func seedDocument(texts []string, n int) string {
	return repeatTo(n, func(sb *strings.Builder, i int) {
		sb.WriteString(texts[i%len(texts)])
		sb.WriteString("\n\n")
	})
}

// scaling measures run on small and large (about twice as big) and
// returns the ratios of their CPU times and of the bytes they allocate.
//
// The times are made to be compared on a loaded machine, where one run can
// take three times as long as the next:
//   - The small input runs twice in a row for each run of the large one,
//     so that both measurements last as long (when time is linear) and
//     meet as much disturbance: a short run is more likely to slip
//     between two disturbances, which would favour the small input.
//   - Each round measures both, one after the other (in turns), and the
//     ratio is the median of the rounds' ratios (or the ratio of the
//     fastest runs, when lower); rounds go on (up to a
//     limit) while it is above bound: noise passes, a quadratic pass
//     fails every time. The times reported are the fastest runs.
//   - The garbage collector runs between measurements, not during them:
//     its cost on a busy machine varies the most. What it would cost is
//     proportional to what is allocated, which is compared as well.
//   - One P runs the code, so no idle GC worker adds CPU time.
func scaling(small, large string, run func(string), bound float64) (timeRatio, allocRatio float64, ts, tl time.Duration) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	reps := max(1, int(float64(len(large))/float64(len(small))+0.5))
	var ms runtime.MemStats
	// measure returns the CPU time of k runs of in and the bytes one run
	// allocates.
	measure := func(in string, k int) (time.Duration, uint64) {
		runtime.GC()
		runtime.ReadMemStats(&ms)
		before := ms.TotalAlloc
		start := cpuTime()
		for range k {
			run(in)
		}
		t := cpuTime() - start
		runtime.ReadMemStats(&ms)
		return t, (ms.TotalAlloc - before) / uint64(k)
	}
	// Warm up, and repeat inputs that take less than a few milliseconds:
	// the CPU clock is not precise enough for them.
	k := 1
	if t, _ := measure(small, 1); t < 5*time.Millisecond {
		k = min(int(5*time.Millisecond/max(t, time.Microsecond))+1, 20)
	}
	var as, al uint64
	var ratios []float64
	ts, tl = time.Duration(1<<62), time.Duration(1<<62)
	// At least three rounds; at most twenty, or until about three seconds
	// are spent (a quadratic pass is slow).
	const minRounds, maxRounds, budget = 3, 20, 3 * time.Second
	began := cpuTime()
	for i := range maxRounds {
		var t1, t2 time.Duration
		if i%2 == 0 {
			t1, as = measure(small, k*reps)
			t2, al = measure(large, k)
		} else {
			t2, al = measure(large, k)
			t1, as = measure(small, k*reps)
		}
		ts, tl = min(ts, t1), min(tl, t2)
		ratios = append(ratios, float64(reps)*float64(t2)/float64(max(t1, 1)))
		// The median of the rounds' ratios, or the ratio of the fastest
		// runs if lower: load only ever adds time, and a burst of it
		// can land on the large inputs of most rounds of a short test
		// (it did: a median ×2.53 where the fastest runs gave ×1.99); a
		// quadratic pass raises both.
		timeRatio = min(median(ratios), float64(reps)*float64(tl)/float64(max(ts, 1)))
		if i+1 >= minRounds && (timeRatio <= bound || cpuTime()-began > budget) {
			break
		}
	}
	runtime.GC()
	return timeRatio, float64(al) / float64(max(as, 1)), ts / time.Duration(k*reps), tl / time.Duration(k)
}

// median returns the median of xs.
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// checkLinear fails t when run takes more than bound times as long, or
// allocates more than bound times as much, on large as on small.
func checkLinear(t *testing.T, name, small, large string, run func(string), bound float64) {
	t.Helper()
	ratio, alloc, ts, tl := scaling(small, large, run, bound)
	t.Logf("%-22s %7d B %10v  %7d B %10v  time ×%.2f  allocated ×%.2f", name, len(small), ts, len(large), tl, ratio, alloc)
	grow := float64(len(large)) / float64(len(small))
	if ratio > bound {
		t.Errorf("%s: %d bytes took %v, %d bytes %v: ×%.2f for %.1f times the input (at most ×%.1f)",
			name, len(small), ts, len(large), tl, ratio, grow, bound)
	}
	if alloc > bound {
		t.Errorf("%s: %.1f times the input allocates ×%.2f the bytes (at most ×%.1f)", name, grow, alloc, bound)
	}
}

// TestConstructsScaleLinearly parses and renders every construct at 64
// and 128 KB: twice the input may take at most 2.5 times the time (a
// quadratic pass takes 4 times).
func TestConstructsScaleLinearly(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode")
	}
	run := parseRender(scaleTemplates())
	for _, c := range constructs {
		checkLinear(t, c.name, c.gen(64<<10), c.gen(128<<10), run, 2.5)
	}
}
