package parser_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/internal/htmlnorm"
	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

type confCase struct {
	File         string `json:"file"`
	Name         string `json:"name"`
	Line         int    `json:"line"`
	Wikitext     string `json:"wikitext"`
	ExpectedHTML string `json:"expected_html"`
	// Articles are the pages the case's test file defines (templates-dev.jsonl).
	Articles map[string]string `json:"articles"`
}

func loadCases(t testing.TB) []confCase { return loadCaseFile(t, "dev.jsonl") }

func loadCaseFile(t testing.TB, name string) []confCase {
	t.Helper()
	path := shared.Path(t, "conformance", name)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []confCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var c confCase
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		cases = append(cases, c)
	}
	return cases
}

// renderHTML is what "wikirules html" does.
func renderHTML(src string) string {
	var sb strings.Builder
	doc := parser.Parse(src, &parser.Options{})
	render.New(render.Options{}).Render(&sb, doc)
	return sb.String()
}

func readFloorFile(t *testing.T, name string) float64 {
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		v, err := strconv.ParseFloat(l, 64)
		if err != nil {
			t.Fatalf("%s: %q is not a percentage", name, l)
		}
		return v
	}
	t.Fatalf("%s holds no floor", name)
	return 0
}

// TestConformance scores the parser on the MediaWiki parser-test cases the
// way the suite does and fails when the pass rate drops below the floor
// recorded in testdata/conformance-floor.txt (raise it as the parser
// improves; never lower it).
func TestConformance(t *testing.T) {
	scoreConformance(t, loadCases(t), "conformance-floor.txt", func(c confCase) string { return renderHTML(c.Wikitext) })
}

// scoreConformance renders every case, compares the normalized HTML, logs
// the per-file table and fails below the floor in testdata/floorFile.
func scoreConformance(t *testing.T, cases []confCase, floorFile string, render func(confCase) string) {
	type tally struct{ pass, total int }
	per := map[string]*tally{}
	var order []string
	pass := 0
	var failures []string
	for _, c := range cases {
		if per[c.File] == nil {
			per[c.File] = &tally{}
			order = append(order, c.File)
		}
		per[c.File].total++
		got := htmlnorm.Normalize(render(c))
		want := htmlnorm.Normalize(c.ExpectedHTML)
		if got == want {
			per[c.File].pass++
			pass++
		} else {
			failures = append(failures, fmt.Sprintf("%s:%d %s\n--- want\n%s\n--- got\n%s", c.File, c.Line, c.Name, want, got))
		}
	}
	var report strings.Builder
	fmt.Fprintf(&report, "%-28s %5s %6s %7s\n", "file", "pass", "total", "rate")
	for _, f := range order {
		ta := per[f]
		fmt.Fprintf(&report, "%-28s %5d %6d %6.1f%%\n", f, ta.pass, ta.total, 100*float64(ta.pass)/float64(ta.total))
	}
	rate := 100 * float64(pass) / float64(len(cases))
	fmt.Fprintf(&report, "conformance: %d/%d passed (%.1f%%)", pass, len(cases), rate)
	t.Log("\n" + report.String())
	if testing.Verbose() {
		for _, f := range failures {
			t.Log(f)
		}
	}
	floor := readFloorFile(t, floorFile)
	if rate < floor {
		for i, f := range failures {
			if i == 10 {
				t.Logf("… and %d more failures", len(failures)-10)
				break
			}
			t.Log(f)
		}
		t.Fatalf("conformance %.1f%% is below the floor %.1f%% recorded in testdata/%s", rate, floor, floorFile)
	}
	if rate > floor+0.05 {
		t.Logf("conformance %.1f%% is above the floor %.1f%%: raise testdata/%s", rate, floor, floorFile)
	}
}

// TestNormalizerMatchesSuite checks that the Go port of the suite's
// normalize.py gives the same strings as the script itself, on every
// expected output and on our output for every case.
func TestNormalizerMatchesSuite(t *testing.T) {
	t.Parallel()
	script := shared.Path(t, "conformance", "normalize.py")
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("skipped: python3 is not installed, so normalize.py cannot be run to compare with")
	}
	cases := loadCases(t)
	var inputs []string
	for _, c := range cases {
		inputs = append(inputs, c.ExpectedHTML, renderHTML(c.Wikitext))
	}
	prog := `import json,sys
sys.path.insert(0, sys.argv[1])
from normalize import normalize
for line in sys.stdin:
    print(json.dumps(normalize(json.loads(line))))`
	cmd := exec.Command(py, "-c", prog, filepath.Dir(script))
	var in strings.Builder
	for _, s := range inputs {
		b, _ := json.Marshal(s)
		in.Write(b)
		in.WriteByte('\n')
	}
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("normalize.py: %v", err)
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) != len(inputs) {
		t.Fatalf("normalize.py returned %d results for %d inputs", len(lines), len(inputs))
	}
	bad := 0
	for i, l := range lines {
		var want string
		if err := json.Unmarshal([]byte(l), &want); err != nil {
			t.Fatal(err)
		}
		if got := htmlnorm.Normalize(inputs[i]); got != want {
			bad++
			if bad <= 5 {
				t.Errorf("input %d normalizes differently:\n%s\n--- python\n%s\n--- go\n%s", i, inputs[i], want, got)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d inputs normalize differently", bad, len(inputs))
	}
}
