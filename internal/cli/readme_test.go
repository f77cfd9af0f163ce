package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/internal/shared"
)

// TestReadmeExamples runs the shell examples of README.md (```sh blocks):
// a line "$ command" is followed by the output the README shows, compared
// with what the command prints (a line "..." stands for any lines; times
// such as "43ms" match any time); a line without "$" is a command whose
// output the README does not show, which must run without an error.
// Commands run in an empty directory; ../shared is the shared data beside
// the checkout, and an example that needs it is skipped without it.
func TestReadmeExamples(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	examples := readmeExamples(string(data))
	if len(examples) < 8 {
		t.Fatalf("found %d examples in README.md; the parser of the examples is broken", len(examples))
	}
	ran := 0
	skipped := map[int]bool{} // blocks with a skipped example: the rest depends on it
	for _, ex := range examples {
		name := fmt.Sprintf("line%d", ex.line)
		why := ex.skip()
		if why == "" && skipped[ex.block] {
			why = "follows an example that is not run here"
		}
		if why != "" {
			skipped[ex.block] = true
		}
		t.Run(name, func(t *testing.T) {
			if why != "" {
				t.Skipf("README.md:%d: %s: %s", ex.line, ex.command, why)
			}
			if strings.Contains(ex.command, "../shared") {
				dir := shared.Dir()
				if _, err := os.Stat(filepath.Join(dir, "seeds")); dir == "" || err != nil {
					t.Skipf("README.md:%d: %s: needs ../shared (the wiki seeds), which is not beside this checkout", ex.line, ex.command)
				}
				ex.command = strings.ReplaceAll(ex.command, "../shared", dir)
			}
			t.Chdir(t.TempDir())
			code, stdout, stderr, err := runPipeline(ex.command)
			if err != nil {
				t.Fatalf("README.md:%d: %s: %v", ex.line, ex.command, err)
			}
			if code == ExitError && !ex.showsError() {
				t.Fatalf("README.md:%d: %s: exit status %d\n%s", ex.line, ex.command, code, stderr)
			}
			if ex.output == nil {
				return
			}
			got := outputLines(stdout, stderr)
			if !matchOutput(ex.output, got) {
				t.Errorf("README.md:%d: %s: the output differs from the README's\nREADME:\n%s\ngot:\n%s",
					ex.line, ex.command, strings.Join(ex.output, "\n"), strings.Join(got, "\n"))
			}
		})
		ran++
	}
	t.Logf("%d README examples", ran)
}

// readmeExample is one command of a ```sh block and the output shown
// after it (nil: none shown).
type readmeExample struct {
	line    int
	block   int // the ```sh block it is in, counted from 1
	command string
	output  []string
}

// skip says why an example is not run here, or "".
func (ex readmeExample) skip() string {
	c := ex.command
	switch {
	case strings.HasPrefix(c, "go test"), strings.HasPrefix(c, "go install"):
		return "a go command, not wikirules"
	case strings.Contains(c, "wikirules serve"):
		return "serves until stopped"
	case strings.HasPrefix(c, "wikirules pull"):
		return "talks to a live wiki (pull is tested against a real MediaWiki in pull_test.go)"
	}
	return ""
}

// showsError reports whether the README shows the example failing.
func (ex readmeExample) showsError() bool {
	for _, l := range ex.output {
		if strings.HasPrefix(l, "wikirules: ") || strings.Contains(l, ": error: ") {
			return true
		}
	}
	return false
}

func readmeExamples(readme string) []readmeExample {
	var out []readmeExample
	in := false
	block := 0
	var cur *readmeExample
	flush := func() {
		if cur != nil {
			for len(cur.output) > 0 && strings.TrimSpace(cur.output[len(cur.output)-1]) == "" {
				cur.output = cur.output[:len(cur.output)-1]
			}
			if len(cur.output) == 0 {
				cur.output = nil // no output shown
			}
			out = append(out, *cur)
			cur = nil
		}
	}
	for i, l := range strings.Split(readme, "\n") {
		switch {
		case !in && strings.HasPrefix(l, "```sh"):
			in = true
			block++
		case in && strings.HasPrefix(l, "```"):
			in = false
			flush()
		case !in:
		case strings.HasPrefix(l, "$ "):
			flush()
			cur = &readmeExample{line: i + 1, block: block, command: strings.TrimSpace(l[2:]), output: []string{}}
		case cur != nil && cur.output != nil:
			cur.output = append(cur.output, strings.TrimRight(l, " "))
		case strings.TrimSpace(l) != "":
			flush()
			out = append(out, readmeExample{line: i + 1, block: block, command: stripComment(strings.TrimSpace(l))})
		}
	}
	return out
}

// stripComment drops a "# comment" after a command.
func stripComment(s string) string {
	quote := byte(0)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '#' && i > 0 && s[i-1] == ' ':
			return strings.TrimSpace(s[:i])
		}
	}
	return s
}

// splitShell splits a command line into words, honouring quotes; "|" and
// ">" are words of their own.
func splitShell(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'' || c == '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, fmt.Errorf("unclosed quote in %q", s)
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case c == '|' || c == '>':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
			words = append(words, string(c))
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

// runPipeline runs "a | b > file": echo and wikirules (also as "go run
// ./cmd/wikirules"), in this process. It returns the last command's exit
// status and output, and the standard error of all.
func runPipeline(line string) (code int, stdout, stderr string, err error) {
	words, err := splitShell(line)
	if err != nil {
		return 0, "", "", err
	}
	var redirect string
	if i := indexOf(words, ">"); i >= 0 {
		if i != len(words)-2 {
			return 0, "", "", fmt.Errorf("only one > FILE at the end is supported")
		}
		redirect, words = words[i+1], words[:i]
	}
	var in io.Reader = strings.NewReader("")
	var errs bytes.Buffer
	var out bytes.Buffer
	for len(words) > 0 {
		cmd := words
		rest := []string(nil)
		if i := indexOf(words, "|"); i >= 0 {
			cmd, rest = words[:i], words[i+1:]
		}
		if len(cmd) >= 3 && cmd[0] == "go" && cmd[1] == "run" && cmd[2] == "./cmd/wikirules" {
			cmd = append([]string{"wikirules"}, cmd[3:]...)
		}
		out = bytes.Buffer{}
		switch cmd[0] {
		case "echo":
			out.WriteString(strings.Join(cmd[1:], " ") + "\n")
			code = 0
		case "wikirules":
			code = Run(cmd[1:], in, &out, &errs)
		default:
			return 0, "", "", fmt.Errorf("the test runs echo and wikirules only, not %s", cmd[0])
		}
		in = bytes.NewReader(out.Bytes())
		words = rest
	}
	if redirect != "" {
		if err := os.WriteFile(redirect, out.Bytes(), 0o644); err != nil {
			return 0, "", "", err
		}
		out.Reset()
	}
	return code, out.String(), errs.String(), nil
}

func indexOf(words []string, w string) int {
	for i, x := range words {
		if x == w {
			return i
		}
	}
	return -1
}

// outputLines is what a reader of a terminal sees: standard output, then
// standard error, less the note that the embedded sample is read.
func outputLines(stdout, stderr string) []string {
	var lines []string
	for _, s := range []string{stdout, stderr} {
		for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
			if l == "wikirules: no INPUT given: reading the embedded sample corpus" || (l == "" && s == "") {
				continue
			}
			lines = append(lines, strings.TrimRight(l, " "))
		}
	}
	return lines
}

// durations are times a command reports, which differ run to run.
var durations = regexp.MustCompile(`\b\d+(\.\d+)?(ns|µs|ms|s|m)\b`)

func sameLine(want, got string) bool {
	return want == got || durations.ReplaceAllString(want, "T") == durations.ReplaceAllString(got, "T")
}

// matchOutput reports whether got is want, where a want line "..." (or
// "…") stands for any number of lines.
func matchOutput(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if w := strings.TrimSpace(want[0]); w == "..." || w == "…" {
		for i := 0; i <= len(got); i++ {
			if matchOutput(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && sameLine(want[0], got[0]) && matchOutput(want[1:], got[1:])
}

func TestMatchOutput(t *testing.T) {
	for _, c := range []struct {
		want, got string
		ok        bool
	}{
		{"a\nb", "a\nb", true},
		{"a\n...\nc", "a\nb\nb\nc", true},
		{"a\n...", "a", true},
		{"...\nc", "a\nb", false},
		{"built in 43ms", "built in 1.2s", true},
		{"a\nb", "a\nc", false},
	} {
		if got := matchOutput(strings.Split(c.want, "\n"), strings.Split(c.got, "\n")); got != c.ok {
			t.Errorf("matchOutput(%q, %q) = %v", c.want, c.got, got)
		}
	}
	words, err := splitShell(`echo "''Hello'' [[World]]" | wikirules html --title 'A b' > out.html`)
	if err != nil || strings.Join(words, ",") != "echo,''Hello'' [[World]],|,wikirules,html,--title,A b,>,out.html" {
		t.Errorf("splitShell: %q %v", words, err)
	}
}
