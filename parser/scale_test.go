package parser

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

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
	{"deep-lists", func(n int) string {
		// Lists nested past the tree's depth limit, a paragraph between:
		// every block start asks whether a paragraph is open to close.
		return repeatTo(n, func(sb *strings.Builder, i int) {
			fmt.Fprintf(sb, "%s item %d\n\npara\n\n", strings.Repeat("*", 700), i)
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

// TestConstructsScaleLinearly parses and renders every construct at 64
// and 128 KB: twice the input may take at most 2.5 times the time (a
// quadratic pass takes 4 times).
func TestConstructsScaleLinearly(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode")
	}
	run := parseRender(scaleTemplates())
	for _, c := range constructs {
		testutil.CheckLinear(t, c.name, c.gen(64<<10), c.gen(128<<10), run, 2.5)
	}
}
