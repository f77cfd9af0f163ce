package parser

import (
	"bytes"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
)

func BenchmarkParseSeeds(b *testing.B) {
	texts := testutil.SeedTexts(b)
	n := totalLen(texts)
	b.SetBytes(int64(n))
	b.ReportAllocs()
	reportAllocPerByte(b, n, func() {
		for _, t := range texts {
			Parse(t, &Options{})
		}
	})
}

// reportAllocPerByte runs fn b.N times and reports the bytes allocated per
// input byte: memory use must stay proportional to the input.
func reportAllocPerByte(b *testing.B, inputBytes int, fn func()) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		fn()
	}
	runtime.ReadMemStats(&after)
	if b.N > 0 && inputBytes > 0 {
		b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(inputBytes), "alloc-B/in-B")
	}
}

// hostileInputs returns pathological inputs of about size bytes each.
func hostileInputs(size int) map[string]string {
	rep := func(s string) string { return strings.Repeat(s, size/len(s)) }
	var nested strings.Builder
	for i := 1; nested.Len() < size && i <= 1000; i++ {
		nested.WriteString(strings.Repeat("*", i))
		nested.WriteString(" item\n")
	}
	var wide strings.Builder
	wide.WriteString("{|\n|")
	for wide.Len() < size {
		wide.WriteString("c||")
	}
	wide.WriteString("\n|}")
	return map[string]string{
		"links":      rep("[["),
		"templates":  rep("{{"),
		"tplargs":    rep("{{{"),
		"quotes":     rep("'''"),
		"tables":     rep("{|\n"),
		"divs":       rep("<div>"),
		"nowiki":     rep("<nowiki>"),
		"comments":   rep("<!--"),
		"brackets":   rep("[http://x "),
		"lists":      nested.String(),
		"wide-row":   wide.String(),
		"headings":   rep("==a==\n"),
		"misnested":  rep("<b><i>x</b></i>"),
		"formatting": rep("<b>"),
		"cells":      rep("{|\n|a\n"),
		"entities":   rep("&amp;&#123;&bogus;"),
	}
}

// TestHostileInputsAreLinear parses each pathological pattern at 32 and
// 64 KB: twice the input may take at most three times the time. (A
// ratio, not a wall-clock bound: machines and their load differ, and a
// quadratic pass takes four times as long.)
func TestHostileInputsAreLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode")
	}
	small, large := hostileInputs(32<<10), hostileInputs(64<<10)
	names := make([]string, 0, len(small))
	for name := range small {
		names = append(names, name)
	}
	sort.Strings(names)
	run := func(s string) {
		if doc := Parse(s, &Options{}); doc.Root == nil {
			t.Fatal("no tree")
		}
	}
	for _, name := range names {
		testutil.CheckLinear(t, name, small[name], large[name], run, 3)
	}
}

// BenchmarkHostile parses each pathological pattern at 256 KB and 1 MB:
// MB/s should be about the same at both sizes (linear time).
func BenchmarkHostile(b *testing.B) {
	for _, size := range []int{256 << 10, 1 << 20} {
		for name, in := range hostileInputs(size) {
			b.Run(name+"/"+strconv.Itoa(size>>10)+"KB", func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				for b.Loop() {
					Parse(in, &Options{})
				}
			})
		}
	}
}

func BenchmarkParseRenderSeeds(b *testing.B) {
	texts := testutil.SeedTexts(b)
	n := totalLen(texts)
	b.SetBytes(int64(n))
	b.ReportAllocs()
	// The HTML goes to one buffer used again for every page, as the site
	// writes its pages (and as the comparison with goldmark in
	// render/markdown does): a new builder grown for each page was a
	// sixth of the bytes counted, the benchmark's and not the parser's.
	var out bytes.Buffer
	reportAllocPerByte(b, n, func() {
		for _, t := range texts {
			out.Reset()
			if err := renderForBench(&out, Parse(t, &Options{})); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestTemplateLimits: a template that calls itself twice per level would
// write 2^40 copies; the limits stop it with a visible error, quickly.
func TestTemplateLimits(t *testing.T) {
	tpl := NewWikiTemplates()
	for i := 0; i < 40; i++ {
		tpl.Add("T"+strconv.Itoa(i), strings.Repeat("{{T"+strconv.Itoa(i+1)+"}}", 2)+"x")
	}
	tpl.Add("Deep", "{{Deeper}}")
	tpl.Add("Deeper", "{{Deep}}")
	start := time.Now()
	doc := Parse("{{T0}}", &Options{WikiTemplates: tpl})
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("exponential template took %v", d)
	}
	found := false
	for _, d := range doc.Diagnostics {
		if d.ID == model.MsgTemplateSize {
			found = true
		}
	}
	if !found {
		t.Errorf("no %s diagnostic: %v", model.MsgTemplateSize, doc.Diagnostics)
	}
	errs := 0
	for range doc.Root.FindAll(model.KindError) {
		errs++
	}
	if errs == 0 {
		t.Error("no error node in the output")
	}
	doc = Parse("{{Deep}}", &Options{WikiTemplates: tpl})
	if len(doc.Diagnostics) == 0 || doc.Diagnostics[0].ID != model.MsgTemplateLoop {
		t.Errorf("loop not reported: %v", doc.Diagnostics)
	}
	// Depth: a chain of 60 distinct templates.
	chain := NewWikiTemplates()
	for i := 0; i < 60; i++ {
		chain.Add("C"+strconv.Itoa(i), "{{C"+strconv.Itoa(i+1)+"}}")
	}
	doc = Parse("{{C0}}", &Options{WikiTemplates: chain})
	if len(doc.Diagnostics) == 0 || doc.Diagnostics[0].ID != model.MsgTemplateDepth {
		t.Errorf("depth limit not reported: %v", doc.Diagnostics)
	}
}

func totalLen(texts []string) int {
	n := 0
	for _, t := range texts {
		n += len(t)
	}
	return n
}

// BenchmarkCardCall parses paragraphs of a sentence and a card template
// each, the shape of real rules pages, and reports the allocations per
// call beside those of the same paragraphs without the call (go test
// ./parser -bench CardCall -benchmem).
func BenchmarkCardCall(b *testing.B) {
	const paragraphs = 1000
	for _, tc := range []struct{ name, para string }{
		{"call", "Setup piece follow plays trump suit board every die tiles start roll. Lead with {{spade|10}}.\n\n"},
		{"none", "Setup piece follow plays trump suit board every die tiles start roll. Lead with the spade.\n\n"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			src := strings.Repeat(tc.para, paragraphs)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for b.Loop() {
				Parse(src, &Options{Title: "Gamehelpx"})
			}
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(b.N)/paragraphs, "allocs/paragraph")
		})
	}
}
