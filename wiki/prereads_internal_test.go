package wiki

import (
	"strings"
	"testing"

	"github.com/wikirules/wikirules/internal/testutil"
)

// A chunk is read before it is parsed: closed (are its brackets, braces
// and tags closed in it), hasFold ("<ref") and mentionsTime (does a call
// in it ask for the time). These reads ran in time quadratic in some
// texts (many '<' and no '>'; many "{{<!--" or "{{|" and no closer; long
// runs of "|...}}}"); they are linear now. The reference versions below
// are the first ones, which the fuzzers hold the linear ones to.

func closedReference(s string) bool {
	var braces, brackets int
	var tags map[string]int // made at the first tag
	for i := 0; i < len(s); i++ {
		if !bracketByte[s[i]] {
			continue
		}
		switch s[i] {
		case '{':
			braces++
		case '}':
			braces--
			if braces < 0 {
				return false
			}
		case '[':
			brackets++
		case ']':
			brackets--
			if brackets < 0 {
				return false
			}
		case '<':
			if strings.HasPrefix(s[i:], "<!--") {
				e := strings.Index(s[i+4:], "-->")
				if e < 0 {
					return false
				}
				i += 4 + e + 2
				continue
			}
			name, end, self := tagAtReference(s, i)
			if name == "" {
				continue
			}
			if self || voidTag[name] {
				continue
			}
			if tags == nil {
				tags = map[string]int{}
			}
			if end {
				tags[name]--
				if tags[name] < 0 {
					return false
				}
			} else {
				tags[name]++
			}
		}
	}
	if braces != 0 || brackets != 0 {
		return false
	}
	for _, n := range tags {
		if n != 0 {
			return false
		}
	}
	return true
}

func tagAtReference(s string, i int) (name string, end, self bool) {
	j := i + 1
	if j < len(s) && s[j] == '/' {
		end = true
		j++
	}
	k := j
	for k < len(s) && (s[k] >= 'a' && s[k] <= 'z' || s[k] >= 'A' && s[k] <= 'Z' || k > j && s[k] >= '0' && s[k] <= '9') {
		k++
	}
	if k == j {
		return "", false, false
	}
	gt := strings.IndexByte(s[k:], '>')
	if gt >= 0 && gt > 0 && s[k+gt-1] == '/' {
		self = true
	}
	return strings.ToLower(s[j:k]), end, self
}

func mentionsTimeReference(s string) bool {
	for i := 0; ; {
		k := strings.Index(s[i:], "{{")
		if k < 0 {
			return false
		}
		i += k
		for i < len(s) && s[i] == '{' {
			i++
		}
		if timeNameReference(s[i:]) {
			return true
		}
	}
}

func timeNameReference(s string) bool {
next:
	for {
		s = strings.TrimLeft(s, " \t\r\n")
		for _, skip := range beforeName {
			if hasPrefixFold(s, skip.open) {
				if skip.close == "" {
					s = s[len(skip.open):]
					continue next
				}
				e := strings.Index(s, skip.close)
				if e < 0 {
					return false // the rest is a comment or a parameter
				}
				s = s[e+len(skip.close):]
				continue next
			}
		}
		for _, w := range timeWords {
			if hasPrefixFold(s, w) {
				return true
			}
		}
		return false
	}
}

// preReadShapes are texts of each shape that was quadratic, and of some
// that were not, at about n bytes.
func preReadShapes(n int) map[string]string {
	rep := func(s string) string { return strings.Repeat(s, max(1, n/len(s))) }
	return map[string]string{
		"tags without >":      rep("<a "),
		"end tags without >":  rep("</b"),
		"tags":                rep("<i>x</i> "),
		"unclosed comments":   rep("{{<!--"),
		"unclosed parameters": rep("{{|"),
		"a run after a call":  "{{|" + rep("}}}|"),
		"calls after a run":   rep("{{|") + rep("}}}|"),
		"substs":              rep("{{ subst:"),
		"comment openers":     rep("<!--"),
		"ref openers":         rep("<re"),
	}
}

func TestPreReadsLinear(t *testing.T) {
	small, large := preReadShapes(64<<10), preReadShapes(128<<10)
	for name := range small {
		testutil.CheckLinear(t, name, small[name], large[name], func(s string) {
			closed(s)
			mentionsTime(s)
			hasFold(s, "<ref")
		}, 2.5)
	}
}

var preReadCases = []string{
	"", "<", "<a", "<a>", "<a/>", "<br>", "</a>", "<a></a>", "<a b='>'/>", "<!-- x -->", "<!--", "{{", "}}", "[[", "]]",
	"{{CURRENTYEAR}}", "{{<!-- c -->CURRENTYEAR}}", "{{|x}}}CURRENTDAY", "{{{{{|safesubst:}}}CURRENTYEAR}}", "{{|}}}|}}}LOCALTIME",
	"{{ subst: safesubst:REVISIONID}}", "{{<!--", "{{|", "<i>x</i> <b>y", "<span a=\"<\"/>", "<p>a</p><p>", "{{#time:Y}}",
}

func TestPreReads(t *testing.T) {
	for _, s := range preReadCases {
		checkPreReads(t, s)
	}
	for _, s := range preReadShapes(300) {
		checkPreReads(t, s)
	}
}

func checkPreReads(t *testing.T, s string) {
	t.Helper()
	if got, want := closed(s), closedReference(s); got != want {
		t.Errorf("closed(%q) = %v, want %v", s, got, want)
	}
	if got, want := mentionsTime(s), mentionsTimeReference(s); got != want {
		t.Errorf("mentionsTime(%q) = %v, want %v", s, got, want)
	}
}

func FuzzPreReads(f *testing.F) {
	for _, s := range preReadCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkPreReads(t, s) })
}
