package wiki_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/wiki"
)

// sameExtractions extracts every revision of every page of w both ways,
// Extract and ExtractShared with a cache per page (on the revisions the
// history parser shared), and fails on the first difference; it returns
// how many parts were reused and read.
func sameExtractions(t *testing.T, w *wiki.Wiki) (reused, read int) {
	t.Helper()
	for _, p := range w.Corpus.Pages {
		hp := w.NewHistoryParser(p)
		cache := extract.NewSectionCache()
		for _, r := range p.Revisions {
			if !r.Visible() {
				continue
			}
			doc, shared := hp.ParseRevision(r)
			want := extract.Extract(doc, p, r)
			if !shared {
				continue
			}
			got := extract.ExtractShared(doc, p, r, cache)
			if !reflect.DeepEqual(want, got) {
				t.Fatalf("%s@%s: ExtractShared differs from Extract:\n%s", p.Title, model.FormatTime(r.Timestamp), tablesDiff(want, got))
			}
		}
		reused += cache.Reused
		read += cache.Read
	}
	return reused, read
}

// tablesDiff names the first difference between two extractions.
func tablesDiff(a, b *extract.PageTables) string {
	if len(a.Tables) != len(b.Tables) {
		return fmt.Sprintf("%d tables, want %d", len(b.Tables), len(a.Tables))
	}
	for i := range a.Tables {
		if !reflect.DeepEqual(a.Tables[i], b.Tables[i]) {
			return fmt.Sprintf("table %d:\n got  %+v\n want %+v", i, *b.Tables[i], *a.Tables[i])
		}
	}
	return fmt.Sprintf("warnings:\n got  %v\n want %v", b.Warnings, a.Warnings)
}

// TestExtractSharedAsExtract: the tables ExtractShared reuses from the
// revisions before are, moved and numbered, the ones Extract reads, on
// generated wikis (tables, lists and lines edited, sections renamed and
// added), the embedded sample and the seeds.
func TestExtractSharedAsExtract(t *testing.T) {
	t.Run("generated", func(t *testing.T) {
		for seed := uint64(1); seed <= 3; seed++ {
			c := testgen.Corpus(testgen.Options{Pages: 60, Revisions: 10, Seed: seed})
			if reused, read := sameExtractions(t, wiki.New(c, nil, wiki.Config{})); reused < 2*read {
				t.Errorf("seed %d: %d parts reused, %d read: most parts of a generated history repeat", seed, reused, read)
			}
		}
	})
	t.Run("sample", func(t *testing.T) {
		w, err := wiki.Open(wiki.Config{})
		if err != nil {
			t.Fatal(err)
		}
		reused, read := sameExtractions(t, w)
		t.Logf("sample: %d parts reused, %d read", reused, read)
	})
	t.Run("seeds", func(t *testing.T) {
		reused, read := sameExtractions(t, wiki.New(testutil.SeedCorpus(t), nil, wiki.Config{}))
		t.Logf("seeds: %d parts reused, %d read", reused, read)
	})
}
