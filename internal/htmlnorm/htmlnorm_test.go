package htmlnorm_test

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/wikirules/wikirules/internal/htmlnorm"
	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/internal/testutil"
)

const cases = "testdata/normalize.txtar"

// inputs returns the NAME.html fragments of the cases, by name.
func inputs(t *testing.T, ar *testutil.Archive) ([]string, map[string]string) {
	t.Helper()
	in := map[string]string{}
	var names []string
	for _, f := range ar.Files {
		if name, ok := strings.CutSuffix(f.Name, ".html"); ok {
			in[name] = strings.TrimSuffix(string(f.Data), "\n")
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names, in
}

// TestNormalize compares the normal form of each case with NAME.norm.
func TestNormalize(t *testing.T) {
	ar := testutil.ReadArchive(t, cases)
	names, in := inputs(t, ar)
	var got []txtar.File
	for _, name := range names {
		got = append(got, txtar.File{Name: name + ".norm", Data: []byte(htmlnorm.Normalize(in[name]) + "\n")})
	}
	ar.Check(t, "", got, true)
}

// Fragments that differ only in what the suite ignores normalize the same;
// fragments that differ in content do not.
func TestNormalizeEquivalence(t *testing.T) {
	same := [][2]string{
		{"<p>a  b</p>", "<p>a\nb</p>"},
		{"<p><b>x</b></p>", "<p><strong>x</strong></p>"},
		{`<table class="wikitable"><tr><td style="x">1</td></tr></table>`, "<table><tbody><tr><td>1</td></tr></tbody></table>"},
		{"<p>x</p><p></p>", "<p>x</p>"},
		{`<a href="http://a.example/">t</a>`, `<a href="https://b.example/" rel="nofollow">t</a>`},
		{"<p>&eacute;</p>", "<p>é</p>"},
	}
	for _, c := range same {
		if a, b := htmlnorm.Normalize(c[0]), htmlnorm.Normalize(c[1]); a != b {
			t.Errorf("%q and %q normalize differently:\n%s\n---\n%s", c[0], c[1], a, b)
		}
	}
	differ := [][2]string{
		{"<p>a b</p>", "<p>ab</p>"},
		{"<p>x</p>", "<div>x</div>"},
		{`<td colspan="2">1</td>`, "<td>1</td>"},
		{`<a href="http://a.example/">t</a>`, `<a href="/wiki/T">t</a>`},
		{"<pre>a  b</pre>", "<pre>a b</pre>"},
	}
	for _, c := range differ {
		if a := htmlnorm.Normalize(c[0]); a == htmlnorm.Normalize(c[1]) {
			t.Errorf("%q and %q both normalize to %q", c[0], c[1], a)
		}
	}
}

func TestCheckBalanced(t *testing.T) {
	for _, ok := range []string{
		"",
		"text only",
		"<p>a<br>b<img src=x><hr/></p>",
		"<div><!-- <p> --><span>x</span></div>",
		`<a href="x>y">z</a>`,
		"<P>upper</p>",
	} {
		if err := htmlnorm.CheckBalanced(ok); err != nil {
			t.Errorf("CheckBalanced(%q) = %v, want nil", ok, err)
		}
	}
	for in, want := range map[string]string{
		"<p><b>x</p></b>":   "offset 7: </p> closes <b>",
		"</div>":            "offset 0: </div> closes nothing",
		"<div><p>x</p>":     "<div> is never closed",
		"<p>a < b</p>":      "offset 5: bare '<' in output",
		"<p>x<!-- open</p>": "offset 4: unclosed comment",
		"<p>x</p":           "offset 4: unterminated end tag",
	} {
		err := htmlnorm.CheckBalanced(in)
		if err == nil || err.Error() != want {
			t.Errorf("CheckBalanced(%q) = %v, want %q", in, err, want)
		}
	}
}

// TestMatchesNormalizePy runs the suite's own normalize.py on the cases
// and checks the Go port gives the same strings. It needs ../shared and
// python3.
func TestMatchesNormalizePy(t *testing.T) {
	script := shared.Path(t, "conformance", "normalize.py")
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("skipped: python3 is not installed, so normalize.py cannot be run to compare with")
	}
	names, in := inputs(t, testutil.ReadArchive(t, cases))
	prog := `import json,sys
sys.path.insert(0, sys.argv[1])
from normalize import normalize
for line in sys.stdin:
    print(json.dumps(normalize(json.loads(line))))`
	cmd := exec.Command(py, "-c", prog, filepath.Dir(script))
	var stdin strings.Builder
	for _, name := range names {
		b, _ := json.Marshal(in[name])
		stdin.Write(b)
		stdin.WriteByte('\n')
	}
	cmd.Stdin = strings.NewReader(stdin.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("normalize.py: %v", err)
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) != len(names) {
		t.Fatalf("normalize.py returned %d results for %d inputs", len(lines), len(names))
	}
	for i, l := range lines {
		var want string
		if err := json.Unmarshal([]byte(l), &want); err != nil {
			t.Fatal(err)
		}
		if got := htmlnorm.Normalize(in[names[i]]); got != want {
			t.Errorf("%s normalizes differently:\n--- python\n%s\n--- go\n%s", names[i], want, got)
		}
	}
}
