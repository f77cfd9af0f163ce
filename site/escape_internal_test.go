package site

import (
	"bytes"
	"strings"
	"testing"
	"text/template"
)

// FuzzEscapeText: escapeText writes what text/template.HTMLEscape does.
func FuzzEscapeText(f *testing.F) {
	for _, s := range []string{"", "plain", `a "q" & 'a' <b> c`, "nul\x00here", "é<\u2028>\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		template.HTMLEscape(&want, []byte(s))
		var got strings.Builder
		escapeText(&got, s)
		if got.String() != want.String() {
			t.Errorf("escapeText(%q) = %q; want %q", s, got.String(), want.String())
		}
	})
}
