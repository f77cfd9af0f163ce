package site

import (
	"bytes"
	htmltemplate "html/template"
	"net/url"
	"strings"
	"testing"
	"text/template"
	"unicode/utf8"
)

// FuzzEscapeText: escapeText writes what text/template.HTMLEscape does,
// and the layouts' text what html/template writes for a string in text.
func FuzzEscapeText(f *testing.F) {
	for _, s := range []string{"", "plain", `a "q" & 'a' <b> c`, "nul\x00here", "é<\u2028>\xff", "1+1 = 2"} {
		f.Add(s)
	}
	inText := htmltemplate.Must(htmltemplate.New("").Parse("{{.}}"))
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		template.HTMLEscape(&want, []byte(s))
		var got strings.Builder
		escapeText(&got, s)
		if got.String() != want.String() {
			t.Errorf("escapeText(%q) = %q; want %q", s, got.String(), want.String())
		}
		if !utf8.ValidString(s) {
			return // html/template reads runes: not comparable byte for byte
		}
		want.Reset()
		if err := inText.Execute(&want, s); err != nil {
			t.Fatal(err)
		}
		lw := layoutWriter{new(bytes.Buffer)}
		lw.text(s)
		if lw.String() != want.String() {
			t.Errorf("text(%q) = %q; html/template writes %q", s, lw.String(), want.String())
		}
	})
}

// FuzzEscapePath: escapePath is the path's segments each escaped by
// url.PathEscape and the fragment as it is, whether or not it takes the
// path that returns p itself.
func FuzzEscapePath(f *testing.F) {
	for _, p := range []string{"", "games/hearts/index.html", "games/hearts/index.html#scoring", "a b/c", "a;b/c?d", "caf\u00e9/x", "x#a b", "#", "/", "a%2Fb", "~x/_y-z.1"} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		want, frag := p, ""
		if i := strings.IndexByte(p, '#'); i >= 0 {
			want, frag = p[:i], p[i:]
		}
		segs := strings.Split(want, "/")
		for i, s := range segs {
			segs[i] = url.PathEscape(s)
		}
		want = strings.Join(segs, "/") + frag
		if got := escapePath(p); got != want {
			t.Errorf("escapePath(%q) = %q, want %q", p, got, want)
		}
	})
}
