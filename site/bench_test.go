package site_test

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/site"
)

// genPages sizes BenchmarkBuildGenerated: WIKIRULES_BENCH_PAGES=10000 for
// the full-size measurement (10,000 pages × 10 revisions).
func genPages() int {
	if n, err := strconv.Atoi(os.Getenv("WIKIRULES_BENCH_PAGES")); err == nil && n > 0 {
		return n
	}
	return 500
}

// BenchmarkBuildGenerated builds a generated wiki of genPages() pages with
// 10 revisions each, from scratch, and reports pages/s and revisions/s.
func BenchmarkBuildGenerated(b *testing.B) {
	c := testgen.Corpus(testgen.Options{Pages: genPages(), Revisions: 10, Seed: 1})
	dir := b.TempDir()
	revs := 0
	for _, p := range c.Pages {
		revs += len(p.Revisions)
	}
	i := 0
	for b.Loop() {
		i++
		out := filepath.Join(dir, "site"+strconv.Itoa(i))
		if _, err := site.Build(c, site.Options{Out: out, Force: true}); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		os.RemoveAll(out)
		b.StartTimer()
	}
	b.ReportMetric(float64(len(c.Pages)*b.N)/b.Elapsed().Seconds(), "pages/s")
	b.ReportMetric(float64(revs*b.N)/b.Elapsed().Seconds(), "revisions/s")
}
