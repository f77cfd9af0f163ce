package model

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEscapeControls(t *testing.T) {
	for in, want := range map[string]string{
		"plain text, tab\tand newline\n": "plain text, tab\tand newline\n",
		"é ü 日本":                         "é ü 日本",
		"\x1b]0;title\x07":               `\x1b]0;title\x07`,
		"a\rb":                           `a\rb`,
		"csi \u009b31m del \x7f":         `csi \u009b31m del \x7f`,
		"\x00":                           `\x00`,
		"bad \xc2 utf8 \xff":             "bad \xc2 utf8 \xff",
	} {
		if got := EscapeControls(in); got != want {
			t.Errorf("EscapeControls(%q) = %q, want %q", in, got, want)
		}
		if got := EscapeControls(EscapeControls(in)); got != EscapeControls(in) {
			t.Errorf("not idempotent on %q", in)
		}
	}
	s := "nothing to escape"
	if n := testing.AllocsPerRun(10, func() { EscapeControls(s) }); n != 0 {
		t.Errorf("%v allocations for a clean string", n)
	}
}

func TestShortName(t *testing.T) {
	long := strings.Repeat("é", 150) // 300 bytes
	a := ShortName(long, MaxNameBytes, "~", long)
	b := ShortName(long+"x", MaxNameBytes, "~", long+"x")
	if len(a) > MaxNameBytes || !utf8.ValidString(a) {
		t.Errorf("ShortName gave %d bytes, valid UTF-8 %v", len(a), utf8.ValidString(a))
	}
	if a == b {
		t.Error("two long names shortened alike")
	}
	if ShortName(long, MaxNameBytes, "~", long) != a {
		t.Error("not stable")
	}
	if ShortName("short", MaxNameBytes, "~", "short") != "short" {
		t.Error("a short name changed")
	}
	// A %XX escape is never cut in two.
	esc := strings.Repeat("%3A", 100)
	got := ShortName(esc, MaxNameBytes, "%~", esc)
	stem := got[:strings.Index(got, "%~")]
	if len(stem)%3 != 0 {
		t.Errorf("escape cut: %q", stem)
	}
}
