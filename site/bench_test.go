package site_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/site"
	"github.com/wikirules/wikirules/wiki"
)

// genPages sizes BenchmarkBuildGenerated: WIKIRULES_BENCH_PAGES=10000 for
// the full-size measurement (10,000 pages × 10 revisions).
func genPages() int {
	if n, err := strconv.Atoi(os.Getenv("WIKIRULES_BENCH_PAGES")); err == nil && n > 0 {
		return n
	}
	return 500
}

// genRevisions is the revisions per page of BenchmarkBuildGenerated and
// BenchmarkRebuild: WIKIRULES_BENCH_REVISIONS (default 10).
func genRevisions() int {
	if n, err := strconv.Atoi(os.Getenv("WIKIRULES_BENCH_REVISIONS")); err == nil && n > 0 {
		return n
	}
	return 10
}

// BenchmarkBuildGenerated builds a generated wiki of genPages() pages with
// genRevisions() revisions each, from scratch, and reports pages/s,
// revisions/s, the peak memory, the site's size and the search index's
// (search-index.js, which a search loads first, and all of its parts).
// The figures of the README: WIKIRULES_BENCH_PAGES=10000 with
// WIKIRULES_BENCH_REVISIONS=10 and 1.
func BenchmarkBuildGenerated(b *testing.B) {
	c := testgen.Corpus(testgen.Options{Pages: genPages(), Revisions: genRevisions(), Seed: 1})
	revs := 0
	for _, p := range c.Pages {
		revs += len(p.Revisions)
	}
	benchBuild(b, c)
	b.ReportMetric(float64(revs*b.N)/b.Elapsed().Seconds(), "revisions/s")
	if hwm := peakRSS(); hwm > 0 {
		b.ReportMetric(float64(hwm)/(1<<20), "peak-RSS-MB")
	}
}

// benchBuild builds c's site from scratch b.N times and reports pages/s.
func benchBuild(b *testing.B, c *model.Corpus) {
	dir := b.TempDir()
	i := 0
	var index, parts, size int64
	for b.Loop() {
		i++
		out := filepath.Join(dir, "site"+strconv.Itoa(i))
		if _, err := site.Build(wiki.New(c, nil, wiki.Config{}), site.Options{Out: out, Force: true}); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		index, parts, size = 0, 0, 0
		filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			size += info.Size()
			rel, _ := filepath.Rel(out, p)
			switch rel = filepath.ToSlash(rel); {
			case rel == "search-index.js":
				index += info.Size()
			case strings.HasPrefix(rel, "search/") && strings.HasSuffix(rel, ".js"):
				parts += info.Size()
			}
			return nil
		})
		os.RemoveAll(out)
		b.StartTimer()
	}
	b.ReportMetric(float64(len(c.Pages)*b.N)/b.Elapsed().Seconds(), "pages/s")
	// The search index: what the browser loads first (search-index.js),
	// and with the parts a query may load.
	b.ReportMetric(float64(index)/1e6, "index-MB")
	b.ReportMetric(float64(index+parts)/1e6, "index-all-MB")
	b.ReportMetric(float64(size)/1e6, "site-MB")
}

// peakRSS is the process's peak resident memory (Linux: VmHWM), which
// includes the generated corpus; 0 where it is not known.
func peakRSS() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// BenchmarkBuildSeeds builds the site of the real pages.
func BenchmarkBuildSeeds(b *testing.B) {
	benchBuild(b, testutil.SeedCorpus(b))
}

// BenchmarkRebuild measures rebuilding a generated wiki's site when nothing
// changed (every unit's key is checked, nothing is written) and when one
// page has a new revision (that unit is built and the site-wide pages
// written, in place; the other units' files stay as they are).
func BenchmarkRebuild(b *testing.B) {
	c := testgen.Corpus(testgen.Options{Pages: genPages(), Revisions: genRevisions(), Seed: 1})
	out := filepath.Join(b.TempDir(), "site")
	if _, err := site.Build(wiki.New(c, nil, wiki.Config{}), site.Options{Out: out}); err != nil {
		b.Fatal(err)
	}
	b.Run("nothing-changed", func(b *testing.B) {
		for b.Loop() {
			st, err := site.Build(wiki.New(c, nil, wiki.Config{}), site.Options{Out: out})
			if err != nil || !st.UpToDate {
				b.Fatalf("%v %+v", err, st)
			}
		}
	})
	b.Run("one-page-changed", func(b *testing.B) {
		p := c.Pages[len(c.Pages)/2]
		for b.Loop() {
			last := p.Latest()
			text := last.Text + "\nOne more line.\n"
			p.Revisions = append(p.Revisions, &model.Revision{Timestamp: last.Timestamp.Add(time.Hour), Author: "Bench", Text: text, SHA1: model.TextSHA1(text)})
			st, err := site.Build(wiki.New(c, nil, wiki.Config{}), site.Options{Out: out})
			if err != nil || st.Built != 1 {
				b.Fatalf("%v %+v", err, st)
			}
		}
	})
}

// BenchmarkRebuildFeed measures what `wikirules build FEED` does when one
// page of a large feed changed: the feed is read again (mapped, as the
// command does), every page's key checked, the page's unit built and the
// site-wide pages written in place. Each round appends a revision to one
// page of the feed file. WIKIRULES_BENCH_PAGES=10000 for the README's
// figure (10,000 pages × 10 revisions: a 415 MB feed).
func BenchmarkRebuildFeed(b *testing.B) {
	dir := b.TempDir()
	feedPath := filepath.Join(dir, "feed.txt")
	f, err := os.Create(feedPath)
	if err != nil {
		b.Fatal(err)
	}
	o := testgen.Options{Pages: genPages(), Revisions: genRevisions(), Seed: 1}
	if err := testgen.WriteFeed(f, o); err != nil {
		b.Fatal(err)
	}
	f.Close()
	out := filepath.Join(dir, "site")
	open := func() *wiki.Wiki {
		w, err := wiki.Open(wiki.Config{Inputs: []string{feedPath}, MapInputs: true})
		if err != nil {
			b.Fatal(err)
		}
		return w
	}
	if _, err := site.Build(open(), site.Options{Out: out, Version: "bench"}); err != nil {
		b.Fatal(err)
	}
	w := open()
	p := w.Corpus.Pages[len(w.Corpus.Pages)/2]
	last := p.Latest()
	ts := last.Timestamp
	var fileSize int64
	for b.Loop() {
		ts = ts.Add(time.Hour)
		entry := "\n\n" + p.Title + "\n\n" + model.FormatTime(ts) + "\n\nBench: one more line\n\n" + last.Text + "\nOne more line.\n"
		af, err := os.OpenFile(feedPath, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			b.Fatal(err)
		}
		af.WriteString(entry)
		af.Close()
		st, err := site.Build(open(), site.Options{Out: out, Version: "bench"})
		if err != nil || st.Built != 1 {
			b.Fatalf("%v %+v", err, st)
		}
	}
	if fi, err := os.Stat(feedPath); err == nil {
		fileSize = fi.Size()
	}
	b.ReportMetric(float64(fileSize)/1e6, "feed-MB")
}
