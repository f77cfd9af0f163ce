package templates

import (
	"html/template"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/net/html"

	"github.com/wikirules/wikirules/render"
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

// fragmentHref writes the href of a link to an element of the page as
// MediaWiki writes its fragment ("#100%", not html/template's "#100%25"),
// and no id breaks out of the attribute or gives the link a scheme: the
// attribute parses back to one href, "#" and the id as FragmentLink
// writes it.
func TestFragmentHref(t *testing.T) {
	tpl := template.Must(template.New("t").Funcs(funcs()).Parse(`<p><a {{fragmentHref .}}>x</a></p>`))
	for _, c := range []struct{ id, want string }{
		{"100%", `<a href="#100%">`},
		{"100%25", `<a href="#100%2525">`},
		{"Q&A", `<a href="#Q&amp;A">`},
		{"Élan", `<a href="#Élan">`},
		{`"quoted" C++`, `<a href="#&quot;quoted&quot; C++">`},
		{`x" onmouseover="alert(1)`, `<a href="#x&quot; onmouseover=&quot;alert(1)">`},
		{"javascript:alert(1)", `<a href="#javascript:alert(1)">`},
		{"a'b<c>d", `<a href="#a&#39;b&lt;c&gt;d">`},
	} {
		var b strings.Builder
		if err := tpl.Execute(&b, c.id); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), c.want) {
			t.Errorf("%q: %s, want %s", c.id, b.String(), c.want)
		}
		doc, err := html.Parse(strings.NewReader(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		for n := range doc.Descendants() {
			if n.Type == html.ElementNode && n.Data == "a" {
				if len(n.Attr) != 1 || n.Attr[0].Key != "href" || n.Attr[0].Val != "#"+render.FragmentLink(c.id) {
					t.Errorf("%q: the link's attributes are %q", c.id, n.Attr)
				}
			}
		}
	}
}
