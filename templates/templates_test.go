package templates

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestEmbeddedParse(t *testing.T) {
	s, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{"style.css", "site.js", "favicon.svg"} {
		if len(s.Assets()[a]) == 0 {
			t.Errorf("asset %s missing", a)
		}
	}
}

// A user directory replaces files by name, adds partials and assets, and
// changes the digest.
func TestOverride(t *testing.T) {
	base, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	// A broken override is an error naming the file.
	_, err = New(fstest.MapFS{"page.html": {Data: []byte(`{{template "base" .}}{{define "main"}}{{mine}}{{end}}`)}})
	if err == nil || !strings.Contains(err.Error(), `page.html:1: function "mine" not defined`) {
		t.Fatalf("a template calling an undefined function: %v", err)
	}
	s, err := New(fstest.MapFS{
		"layouts/404.html": {Data: []byte(`{{template "base" .}}{{define "main"}}<p>{{template "mine"}}</p>{{end}}`)},
		"mine.html":        {Data: []byte(`{{define "mine"}}our own{{end}}`)},
		"assets/extra.css": {Data: []byte("/* extra */")},
	})
	if err != nil {
		t.Fatal(err)
	}
	if s.Digest() == base.Digest() {
		t.Error("the digest did not change")
	}
	if string(s.Assets()["extra.css"]) != "/* extra */" || len(s.Assets()["style.css"]) == 0 {
		t.Error("assets are not overlaid")
	}
}

func TestClip(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"a few words here", 9, "a few…"},
		{"ééééé", 3, "é…"},
	} {
		if got := Clip(c.s, c.n); got != c.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}

func TestSummaryHTML(t *testing.T) {
	if got := string(summaryHTML("/* Scoring <b> */ the <i>queen</i>")); got != `<span class="autocomment">→ Scoring &lt;b&gt;:</span> the &lt;i&gt;queen&lt;/i&gt;` {
		t.Errorf("got %s", got)
	}
}
