package markdown_test

import (
	"bytes"
	"os"
	"runtime"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"

	"github.com/wikirules/wikirules/corpus/feed"
	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

// The yardstick of the parser's speed: goldmark converting the same
// content as GFM Markdown. BenchmarkSeedsGoldmark converts every seed
// revision, written as Markdown by this package, to HTML with goldmark;
// BenchmarkSeedsWikirules parses and renders the revisions' wikitext. Both
// report MB/s of wikitext (the input whose content both convert, so the
// figures compare), and bytes allocated per input byte; goldmark's MB/s of
// its own Markdown input is md-MB/s.

// seedRevisions returns the text of every seed revision.
func seedRevisions(b *testing.B) []string {
	var out []string
	for _, p := range shared.Seeds(b) {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		f, err := feed.Parse(p, data, feed.Options{})
		if err != nil {
			b.Fatal(err)
		}
		for _, e := range f.Entries {
			out = append(out, e.Rev.Text)
		}
	}
	return out
}

func BenchmarkSeedsGoldmark(b *testing.B) {
	texts := seedRevisions(b)
	var mds [][]byte
	wikiBytes, mdBytes := 0, 0
	for _, t := range texts {
		md := toMarkdown(b, parser.Parse(t, &parser.Options{}))
		mds = append(mds, []byte(md))
		wikiBytes += len(t)
		mdBytes += len(md)
	}
	g := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(gmhtml.WithUnsafe()))
	var out bytes.Buffer
	b.SetBytes(int64(wikiBytes))
	b.ReportAllocs()
	perInputByte(b, wikiBytes, func() {
		for _, md := range mds {
			out.Reset()
			if err := g.Convert(md, &out); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.ReportMetric(float64(mdBytes)*float64(b.N)/b.Elapsed().Seconds()/1e6, "md-MB/s")
}

func BenchmarkSeedsWikirules(b *testing.B) {
	texts := seedRevisions(b)
	n := 0
	for _, t := range texts {
		n += len(t)
	}
	r := render.New(render.Options{})
	var out bytes.Buffer
	b.SetBytes(int64(n))
	b.ReportAllocs()
	perInputByte(b, n, func() {
		for _, t := range texts {
			out.Reset()
			if err := r.Render(&out, parser.Parse(t, &parser.Options{})); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// perInputByte runs fn in the benchmark loop and reports the bytes
// allocated per input byte (alloc-B/in-B), as the parser's benchmarks do.
func perInputByte(b *testing.B, inputBytes int, fn func()) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		fn()
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(inputBytes), "alloc-B/in-B")
}
