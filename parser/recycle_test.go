package parser

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
)

// The passes of the main pipeline write into the arrays of texts earlier
// passes are done with (passBuilder); a string kept from such a text
// would change under the parser's feet. These tests parse with and
// without the reuse and compare everything the document holds.

func parseBoth(t *testing.T, name, src string, opts *Options) {
	t.Helper()
	// The arrays the parse gives back are overwritten at once: a string
	// of the document still in one of them would show.
	poisonArrays = true
	got := documentText(Parse(src, opts))
	poisonArrays = false
	noRecycle = true
	defer func() { noRecycle = false }()
	want := documentText(Parse(src, opts))
	if got != want {
		t.Errorf("%s: the output changes when pass arrays are reused", name)
	}
}

// documentText is everything a document holds, as text.
func documentText(doc *model.Document) string {
	var b strings.Builder
	b.WriteString(model.Dump(doc.Root))
	var html strings.Builder
	if err := renderForBench(&html, doc); err != nil {
		b.WriteString(err.Error())
	}
	b.WriteString(html.String())
	for n := range doc.Root.Descendants() {
		if n.Link() != nil {
			b.WriteString(n.Link().Target + "|" + n.Link().Fragment + "|" + n.Link().URL + "|" + strings.Join(n.Link().Options, "|") + "\n")
		}
	}
	b.WriteString(strings.Join(doc.Categories, "|"))
	b.WriteString(doc.Diagnostics.Error())
	return b.String()
}

func TestRecycleChangesNothing(t *testing.T) {
	tpl := scaleTemplates()
	for i, in := range sameOutputInputs(t) {
		parseBoth(t, "input "+strconv.Itoa(i)+" "+firstLine(in), in, &Options{Title: "Recycle", WikiTemplates: tpl})
	}
}

// sameOutputInputs are the texts that tests of a change meant to change
// no output parse both ways: the spec cases, generated pages, and (beside
// ../shared) the conformance cases and the seeds.
func sameOutputInputs(t *testing.T) []string {
	var inputs []string
	for _, p := range testutil.Archives(t, filepath.Join("testdata", "spec", "*.txtar")) {
		inputs = append(inputs, testutil.ReadArchive(t, p).Texts(".wiki")...)
	}
	gen := GeneratedInputs(8 << 10)
	for _, k := range slices.Sorted(maps.Keys(gen)) {
		inputs = append(inputs, gen[k])
	}
	if d := shared.Dir(); d != "" {
		if data, err := os.ReadFile(filepath.Join(d, "conformance", "dev.jsonl")); err == nil {
			for _, line := range strings.Split(string(data), "\n") {
				var c struct{ Wikitext string }
				if json.Unmarshal([]byte(line), &c) == nil && c.Wikitext != "" {
					inputs = append(inputs, c.Wikitext)
				}
			}
		}
		if shared.Has("seeds") {
			inputs = append(inputs, testutil.SeedTexts(t)...)
		}
	}
	return inputs
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 60 {
		s = s[:60]
	}
	return s
}

// FuzzRecycle compares the output with and without the reuse of pass
// arrays on any input: go test ./parser -run xxx -fuzz FuzzRecycle
func FuzzRecycle(f *testing.F) {
	for _, s := range []string{"[[a|b]] ''c'' [http://x y] {{Box|z}}", "== h ==\n* [[File:x.png|thumb|cap [[l]]]]\n{|\n|a||b\n|}", "[[Category:x]] __NOTOC__ http://e.org/a"} {
		f.Add(s)
	}
	tpl := scaleTemplates()
	f.Fuzz(func(t *testing.T, src string) {
		parseBoth(t, "input", src, &Options{WikiTemplates: tpl})
	})
}

// Parses in several goroutines share the pool of arrays: each must get
// what it would alone (run with -race too).
func TestRecycleConcurrent(t *testing.T) {
	gen := GeneratedInputs(4 << 10)
	names := slices.Sorted(maps.Keys(gen))
	tpl := scaleTemplates()
	want := map[string]string{}
	for _, n := range names {
		want[n] = documentText(Parse(gen[n], &Options{WikiTemplates: tpl}))
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4*len(names))
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range names {
				n := names[(i+g*7)%len(names)]
				if documentText(Parse(gen[n], &Options{WikiTemplates: tpl})) != want[n] {
					errs <- n
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for n := range errs {
		t.Errorf("%s: a concurrent parse differs", n)
	}
}
