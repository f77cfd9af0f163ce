package parser

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/parser/feed"
)

// seedTexts returns the text of every revision in the seeds.
func seedTexts(tb testing.TB) []string {
	tb.Helper()
	var out []string
	for _, p := range shared.Seeds(tb) {
		data, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		f, err := feed.Parse(p, data, feed.Options{})
		if err != nil {
			tb.Fatal(err)
		}
		for _, e := range f.Entries {
			out = append(out, e.Rev.Text)
		}
	}
	return out
}

func BenchmarkParseSeeds(b *testing.B) {
	texts := seedTexts(b)
	n := 0
	for _, t := range texts {
		n += len(t)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for _, t := range texts {
			Parse(t, &Options{})
		}
	}
}

func hostileInputs() map[string]string {
	const mb = 1 << 20
	rep := func(s string) string { return strings.Repeat(s, mb/len(s)) }
	var nested strings.Builder
	for i := 1; i <= 1000; i++ {
		nested.WriteString(strings.Repeat("*", i))
		nested.WriteString(" item\n")
	}
	var wide strings.Builder
	wide.WriteString("{|\n|")
	for i := 0; i < 10000; i++ {
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

// TestHostileInputsAreLinear parses 1 MB of each pathological pattern. The
// bound is generous (machines differ); a quadratic parser takes minutes.
func TestHostileInputsAreLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode")
	}
	for name, in := range hostileInputs() {
		start := time.Now()
		doc := Parse(in, &Options{})
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s: %d bytes took %v", name, len(in), d)
		}
		if doc.Root == nil {
			t.Errorf("%s: no tree", name)
		}
	}
}

func BenchmarkHostile(b *testing.B) {
	for name, in := range hostileInputs() {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				Parse(in, &Options{})
			}
		})
	}
}
