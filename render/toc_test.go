package render_test

import (
	"strings"
	"testing"

	"github.com/wikirules/wikirules/render"
)

// The table of contents stands where MediaWiki puts it: before the first
// heading, after the page's introduction (it came before everything), or
// where __TOC__ is.
func TestTOCPlace(t *testing.T) {
	out := html(t, "Intro.\n== A ==\n== B ==\n== C ==\n== D ==\n", render.Options{})
	if i, j := strings.Index(out, "<p>Intro."), strings.Index(out, `<div id="toc"`); i < 0 || j < i {
		t.Errorf("the TOC is not after the introduction:\n%s", out)
	}
	out = html(t, "Intro.\n== A ==\ntext\n__TOC__\n== B ==\n== C ==\n", render.Options{})
	if i, j := strings.Index(out, "<p>text"), strings.Index(out, `<div id="toc"`); i < 0 || j < i {
		t.Errorf("the TOC is not where __TOC__ is:\n%s", out)
	}
}
