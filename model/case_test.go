package model_test

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/wikirules/wikirules/model"
)

func TestCase(t *testing.T) {
	for _, c := range []struct{ in, upper, lower, ucfirst string }{
		{"", "", "", ""},
		{"abc", "ABC", "abc", "Abc"},
		{"straße", "STRASSE", "straße", "Straße"},
		{"ßa", "SSA", "ßa", "SSa"},
		{"ŉx", "ʼNX", "ŉx", "ʼNx"},
		{"ﬀ", "FF", "ﬀ", "FF"},
		{"İstanbul", "İSTANBUL", "i̇stanbul", "İstanbul"},
		{"ǆ", "Ǆ", "ǆ", "Ǆ"},
		{"éa", "ÉA", "éa", "Éa"},
		{"1x", "1X", "1x", "1x"},
	} {
		if got := model.Upper(c.in); got != c.upper {
			t.Errorf("Upper(%q) = %q, want %q", c.in, got, c.upper)
		}
		if got := model.Lower(c.in); got != c.lower {
			t.Errorf("Lower(%q) = %q, want %q", c.in, got, c.lower)
		}
		if got := model.UcFirst(c.in); got != c.ucfirst {
			t.Errorf("UcFirst(%q) = %q, want %q", c.in, got, c.ucfirst)
		}
	}
}

// TestCaseAsPHP compares Upper and Lower of every code point, and UcFirst
// of it before a letter, with PHP's mb_strtoupper and mb_strtolower (what
// MediaWiki's Language::uc, lc and ucfirst call). It needs php, which the
// tests against MediaWiki install.
func TestCaseAsPHP(t *testing.T) {
	php, err := exec.LookPath("php")
	if err != nil {
		if os.Getenv("WIKIRULES_REQUIRE_MEDIAWIKI") != "" || os.Getenv("WIKIRULES_REQUIRE_PHP") != "" {
			t.Fatal("php is not installed, and a WIKIRULES_REQUIRE_ variable asks for it")
		}
		t.Skip("php is not installed: the case mappings are checked against the table's examples only")
	}
	// For every code point whose mapping changes it: the code point, its
	// capitals and its small letters, in hexadecimal UTF-8.
	script := `for ($c = 0; $c < 0x110000; $c++) {
	if ($c >= 0xD800 && $c <= 0xDFFF) continue;
	$s = mb_chr($c, "UTF-8");
	if ($s === false) continue;
	$u = mb_strtoupper($s, "UTF-8"); $l = mb_strtolower($s, "UTF-8");
	if ($u !== $s || $l !== $s) printf("%X %s %s\n", $c, bin2hex($u), bin2hex($l));
}`
	out, err := exec.Command(php, "-r", script).Output()
	if err != nil {
		t.Fatalf("php: %v", err)
	}
	changed := map[rune][2]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		c, _ := strconv.ParseUint(f[0], 16, 32)
		u, _ := hexString(f[1])
		l, _ := hexString(f[2])
		changed[rune(c)] = [2]string{u, l}
	}
	if len(changed) < 2000 {
		t.Fatalf("php listed %d code points whose case changes: too few", len(changed))
	}
	bad := 0
	for r := rune(0); r < utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		s := string(r)
		want, ok := changed[r]
		if !ok {
			want = [2]string{s, s}
		}
		if got := model.Upper(s); got != want[0] {
			bad++
			t.Errorf("Upper(%U) = %q, PHP %q", r, got, want[0])
		}
		if got := model.Lower(s); got != want[1] {
			bad++
			t.Errorf("Lower(%U) = %q, PHP %q", r, got, want[1])
		}
		if got := model.UcFirst(s + "x"); got != want[0]+"x" {
			bad++
			t.Errorf("UcFirst(%q) = %q, PHP %q", s+"x", got, want[0]+"x")
		}
		if bad > 20 {
			t.Fatal("too many differences")
		}
	}
}

func hexString(h string) (string, error) {
	b := make([]byte, len(h)/2)
	for i := range b {
		v, err := strconv.ParseUint(h[2*i:2*i+2], 16, 8)
		if err != nil {
			return "", err
		}
		b[i] = byte(v)
	}
	return string(b), nil
}

// TestLowerASCII: PHP's strtolower lowers ASCII letters only, so
// MediaWiki keeps "élan" apart from "Élan" when it numbers heading ids.
func TestLowerASCII(t *testing.T) {
	for in, want := range map[string]string{"": "", "abc": "abc", "Q&A": "q&a", "ÉLAN": "Élan", "İI": "İi", "A_B-9Z": "a_b-9z"} {
		if got := model.LowerASCII(in); got != want {
			t.Errorf("LowerASCII(%q) = %q, want %q", in, got, want)
		}
	}
}
