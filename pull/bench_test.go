package pull_test

import (
	"path/filepath"
	"testing"

	"github.com/wikirules/wikirules/internal/mwtest"
	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/pull"
)

// BenchmarkPull pulls a generated wiki (200 pages × 5 revisions) from a
// real MediaWiki on loopback: a first pull of every history, and a pull
// with nothing new. The wiki's PHP is most of the time; the numbers say
// what a pull costs besides the network.
func BenchmarkPull(b *testing.B) {
	w := mwtest.New(b)
	c := testgen.Corpus(testgen.Options{Pages: 200, Revisions: 5, Seed: 1})
	if err := w.ImportCorpus(b.Context(), c); err != nil {
		b.Fatal(err)
	}
	var size int64
	for _, p := range c.Pages {
		for _, r := range p.Revisions {
			size += int64(len(r.Text))
		}
	}
	b.Run("first", func(b *testing.B) {
		b.SetBytes(size)
		for i := 0; i < b.N; i++ {
			dir := filepath.Join(b.TempDir(), "wiki")
			if _, err := pull.Pull(b.Context(), pull.Options{API: w.API(), Dir: dir}); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(c.Pages)*b.N)/b.Elapsed().Seconds(), "pages/s")
	})
	b.Run("nothing-new", func(b *testing.B) {
		dir := filepath.Join(b.TempDir(), "wiki")
		if _, err := pull.Pull(b.Context(), pull.Options{API: w.API(), Dir: dir}); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if _, err := pull.Pull(b.Context(), pull.Options{Dir: dir}); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(c.Pages)*b.N)/b.Elapsed().Seconds(), "pages/s")
	})
}
