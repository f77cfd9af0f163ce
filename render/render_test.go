package render_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

func html(t *testing.T, src string, opts render.Options) string {
	t.Helper()
	var sb strings.Builder
	if err := render.New(opts).Render(&sb, parser.Parse(src, &parser.Options{})); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

// Wiki text is untrusted: none of these may produce a script, an event
// handler, a javascript: URL or a style that loads something.
func TestNoScriptGetsThrough(t *testing.T) {
	attacks := []string{
		`<script>alert(1)</script>`,
		`<SCRIPT SRC=http://x/x.js></SCRIPT>`,
		`<img src=x onerror=alert(1)>`,
		`<div onmouseover="alert(1)">x</div>`,
		`<span style="background:url(javascript:alert(1))">x</span>`,
		`<span style="width:expression(alert(1))">x</span>`,
		`<span style="background:u\72l(javascript:alert(1))">x</span>`,
		`<span style="behavior:url(x.htc)">x</span>`,
		`[javascript:alert(1) label]`,
		`[[javascript:alert(1)|label]]`,
		`<a href="javascript:alert(1)">x</a>`,
		`<div style="x:expr/**/ession(alert(1))">x</div>`,
		`{| onclick="alert(1)"` + "\n| x\n|}",
		`<iframe src="javascript:alert(1)"></iframe>`,
		`<svg onload=alert(1)>`,
		`<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
		`[[File:x.png|link=javascript:alert(1)]]`,
		`<div title="&quot;><script>alert(1)</script>">x</div>`,
		`<nowiki><script>alert(1)</script></nowiki>`,
		`<pre><script>alert(1)</script></pre>`,
		`http://x.com/"onmouseover="alert(1)`,
		`<span data-x="1" xmlns:x="javascript:alert(1)">x</span>`,
		`<div style="background-image: image-set('x.png' 1x)">x</div>`,
	}
	bad := []*regexp.Regexp{
		regexp.MustCompile(`(?i)<script`),
		regexp.MustCompile(`(?i)<(iframe|svg|math|img|object|embed)\b`),
		regexp.MustCompile(`(?i)\son[a-z]+\s*=`),
		regexp.MustCompile(`(?i)(href|src|xmlns:x)\s*=\s*"\s*javascript:`),
		regexp.MustCompile(`(?i)style="[^"]*(url\(|expression|behavior|image-set)`),
	}
	// Only real tags matter: escaped text ("&lt;script") is harmless.
	tagRE := regexp.MustCompile(`<[A-Za-z][^>]*>`)
	for _, a := range attacks {
		out := html(t, a, render.Options{})
		for _, tag := range tagRE.FindAllString(out, -1) {
			for _, re := range bad {
				if re.MatchString(tag) {
					t.Errorf("%q rendered the tag %q, which matches %s", a, tag, re)
				}
			}
		}
	}
}

// staticLinker is a Linker over a fixed set of pages and files.
type staticLinker struct {
	pages map[string]bool
	files map[string]string
}

func (l staticLinker) PageURL(title, fragment string) string {
	u := ""
	if title != "" {
		u = "/site/" + strings.ReplaceAll(title, " ", "_") + ".html"
	}
	if fragment != "" {
		u += "#" + fragment
	}
	return u
}
func (l staticLinker) PageExists(title string) bool { return l.pages[title] }
func (l staticLinker) FileURL(title string) (string, bool) {
	u, ok := l.files[title]
	return u, ok
}

func TestLinker(t *testing.T) {
	l := staticLinker{pages: map[string]bool{"Here": true}, files: map[string]string{"File:Board.png": "/files/board.png"}}
	out := html(t, "[[Here]] [[Missing page]] [[#Scoring|s]] [[File:Board.png|thumb|The board]] [[File:Gone.png|thumb|Gone]]", render.Options{Linker: l})
	for _, want := range []string{
		`<a href="/site/Here.html" title="Here">Here</a>`,
		`<a href="/site/Missing_page.html" class="new" title="Missing page (page does not exist)">Missing page</a>`,
		`<a href="#Scoring">s</a>`,
		`<img src="/files/board.png" alt="The board"`,
		`<figcaption>The board</figcaption>`,
		`<span class="file-missing" role="img" aria-label="Gone">File:Gone.png</span>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
}

// TestImageAlt: an image's text alternative is its alt= (even empty), else
// its caption, else the file's name, as MediaWiki's makeImage falls back.
func TestImageAlt(t *testing.T) {
	l := staticLinker{files: map[string]string{"File:Board game.png": "/files/b.png"}}
	for in, want := range map[string]string{
		"[[File:Board game.png|20px]]":              `alt="Board game.png"`,
		"[[File:Board game.png|20px|The board]]":    `alt="The board"`,
		"[[File:Board game.png|20px|alt=|Ignored]]": `alt=""`,
		"[[File:Board game.png|thumb]]":             `alt="Board game.png"`,
		"[[File:Board game.png|20px|alt=Given]]":    `alt="Given"`,
	} {
		if out := html(t, in, render.Options{Linker: l}); !strings.Contains(out, want) {
			t.Errorf("%s: no %s in\n%s", in, want, out)
		}
	}
}

func TestTOC(t *testing.T) {
	src := "== A ==\n=== A1 ===\n== B ==\n== C ==\n"
	out := html(t, src, render.Options{})
	if !strings.Contains(out, `<div id="toc"`) || !strings.Contains(out, `<span class="tocnumber">1.1</span>`) {
		t.Errorf("no numbered TOC for four headings:\n%s", out)
	}
	if out := html(t, "__NOTOC__\n"+src, render.Options{}); strings.Contains(out, `id="toc"`) {
		t.Error("__NOTOC__ did not remove the TOC")
	}
	if out := html(t, "== Only ==\n__FORCETOC__", render.Options{}); !strings.Contains(out, `id="toc"`) {
		t.Error("__FORCETOC__ did not add a TOC")
	}
	doc := parser.Parse(src, &parser.Options{})
	toc := render.TOC(doc)
	if len(toc) != 4 || toc[1].Number != "1.1" || toc[3].ID != "C" {
		t.Errorf("TOC entries: %+v", toc)
	}
}

func TestSafeURL(t *testing.T) {
	for u, want := range map[string]bool{
		"http://x": true, "https://x": true, "mailto:a@b": true, "//x": true, "/wiki/A": true, "#frag": true,
		"page.html": true, "javascript:alert(1)": false, " JavaScript:x": false, "data:text/html,x": false,
		"vbscript:x": false, "irc://x": true, "foo:bar": false, "HTTPS://X": true, "MailTo:a": true,
		"JAVASCRIPT:x": false, "../a/index.html?q=Page+Name": true, "a\x01b": false, "http://a\x01b": true,
		// Lowercase, the Kelvin sign is a k and the dotted capital I an
		// i: as it always did, SafeURL compares the lowercase URL.
		"\u212Aa:b": false, "MA\u0130LTO:a": true, "caf\u00e9/x:y": true, "caf\u00e9:y": false,
	} {
		if got := render.SafeURL(u); got != want {
			t.Errorf("SafeURL(%q) = %v, want %v", u, got, want)
		}
	}
}

// FuzzSafeURL: SafeURL says what it said when it lowercased every URL
// first (safeURLReference).
func FuzzSafeURL(f *testing.F) {
	for _, u := range []string{"http://x", " JavaScript:x", "//x", "#f", "a:b/c", "\u212Aa:b", "MA\u0130LTO:a", "x\x01"} {
		f.Add(u)
	}
	f.Fuzz(func(t *testing.T, u string) {
		if got, want := render.SafeURL(u), safeURLReference(u); got != want {
			t.Errorf("SafeURL(%q) = %v, want %v", u, got, want)
		}
	})
}

// safeURLReference is SafeURL as it was written first: plain, and a copy
// of every URL.
func safeURLReference(u string) bool {
	l := strings.ToLower(strings.TrimSpace(u))
	for _, s := range []string{"http://", "https://", "mailto:", "//", "ftp://", "ftps://", "irc://", "ircs://",
		"news:", "nntp://", "tel:", "sms:", "sip:", "sips:", "xmpp:", "geo:", "magnet:", "matrix:", "urn:",
		"bitcoin:", "git://", "gopher://", "mms://", "redis://", "sftp://", "ssh://", "svn://", "telnet://", "worldwind://"} {
		if strings.HasPrefix(l, s) {
			return true
		}
	}
	end := strings.IndexAny(l, "/?#")
	if end < 0 {
		end = len(l)
	}
	if strings.Contains(l[:end], ":") {
		return false
	}
	for _, c := range l {
		if c < 0x20 {
			return false
		}
	}
	return true
}

func TestSetFunc(t *testing.T) {
	r := render.New(render.Options{})
	r.SetFunc(model.KindBold, func(w *render.Writer, n *model.Node, entering bool) bool {
		if entering {
			w.WriteString("<strong>")
		} else {
			w.WriteString("</strong>")
		}
		return true
	})
	var sb strings.Builder
	r.Render(&sb, parser.Parse("'''x'''", &parser.Options{}))
	if !strings.Contains(sb.String(), "<strong>x</strong>") {
		t.Errorf("SetFunc not used: %s", sb.String())
	}
}

// TestRenderNodeIsPartOfRender renders every node of pages with blocks
// inside <pre> on its own: each is written as it is within the whole
// page, whose writer counts the <pre> elements it is inside of.
func TestRenderNodeIsPartOfRender(t *testing.T) {
	for _, src := range []string{
		" a\n <table><tr><td>x</td></tr></table>\n b\n",
		"x <pre>\n<div><table><tr><td>t<table><tr><td>z</td></tr></table></td></tr></table></div> #\n<ul><li>a</li></ul>\n",
		"* a\n** b\n<pre>c</pre>\n{|\n| <pre>d</pre>\n|}\n",
	} {
		r := render.New(render.Options{NoTOC: true})
		doc := parser.Parse(src, &parser.Options{})
		var whole strings.Builder
		if err := r.Render(&whole, doc); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(whole.String(), "<pre>") {
			t.Fatalf("%q: no <pre> written: %s", src, whole.String())
		}
		for n := range doc.Root.Descendants() {
			var one, kids strings.Builder
			if err := r.RenderNode(&one, n); err != nil {
				t.Fatal(err)
			}
			if err := r.RenderChildren(&kids, n); err != nil {
				t.Fatal(err)
			}
			parts := []string{one.String(), kids.String()}
			if n.Kind == model.KindTable {
				parts = parts[:1] // a table writes its rows in <tbody>, its children alone do not
			}
			for _, part := range parts {
				if !strings.Contains(whole.String(), part) {
					t.Errorf("%q: node %s at %d written alone as %q, not part of the page's %q", src, n.Kind, n.Pos, part, whole.String())
				}
			}
		}
	}
}
