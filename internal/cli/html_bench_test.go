package cli

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/corpus/feed"
	"github.com/wikirules/wikirules/internal/shared"
)

// BenchmarkHTMLCommand runs `wikirules html` in process on a 1 MB document
// made of the seed revisions (the figure of issue 12): reading standard
// input, loading the template definitions, parsing, rendering and writing,
// as the command does. Only the process's start is left out (a few
// milliseconds: time the binary for it).
func BenchmarkHTMLCommand(b *testing.B) {
	var sb strings.Builder
	var texts []string
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
			texts = append(texts, e.Rev.Text)
		}
	}
	for i := 0; sb.Len() < 1<<20; i++ {
		sb.WriteString(texts[i%len(texts)])
		sb.WriteString("\n\n")
	}
	doc := []byte(sb.String())
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		if code := Run([]string{"html", "--time", "2024-01-01T00:00:00Z"}, bytes.NewReader(doc), io.Discard, io.Discard); code != ExitOK {
			b.Fatalf("exit status %d", code)
		}
	}
}
