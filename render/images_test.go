package render_test

import (
	"strings"
	"testing"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

// imageLinker has two pages and two uploaded files.
var imageLinker = staticLinker{pages: map[string]bool{"Here": true, "Scoring": true},
	files: map[string]string{"File:Board.png": "/files/board.png", "File:Icon.png": "/files/icon.png"}}

// An image links where MediaWiki links it: to link= (a page, with its
// section; a URL; nothing when it is empty), else to the file's page;
// an inline picture too, not only a figure.
func TestImageLinks(t *testing.T) {
	for in, want := range map[string]string{
		"[[File:Icon.png|20px]]": `<span class="wiki-image" title="Icon.png"><a href="/site/File:Icon.png.html">` +
			`<img src="/files/icon.png" alt="Icon.png" width="20"`,
		"[[File:Icon.png|20px|link=Scoring]]":                     `<a href="/site/Scoring.html" title="Scoring"><img src="/files/icon.png"`,
		"[[File:Icon.png|20px|link=scoring#Bonus_points]]":        `<a href="/site/Scoring.html#Bonus_points" title="Scoring"><img`,
		"[[File:Icon.png|20px|link=Nowhere]]":                     `<a href="/site/Nowhere.html" class="new" title="Nowhere"><img`,
		"[[File:Icon.png|20px|link=https://example.org/a?b=1]]":   `<a rel="nofollow" class="external" href="https://example.org/a?b=1"><img`,
		"[[File:Icon.png|20px|link=]]":                            `<span class="wiki-image" title="Icon.png"><span><img src="/files/icon.png"`,
		"[[File:Board.png|thumb|The board|link=Here]]":            `<figure class="wiki-figure"><a href="/site/Here.html" title="Here"><img src="/files/board.png"`,
		"[[File:Board.png|thumb|The board|link=]]":                `<figure class="wiki-figure"><span><img src="/files/board.png"`,
		"[[File:Icon.png|20px|link=javascript:alert(1)]]":         `<a href="/site/Javascript:alert(1).html"`,
		"[[File:Icon.png|20px|The icon]]":                         `<a href="/site/File:Icon.png.html" title="The icon"><img src="/files/icon.png" alt="The icon"`,
		"[[File:Gone.png|20px|link=Here]]":                        `<a class="file-missing-link" href="/site/File:Gone.png.html"`,
		"[[File:Icon.png|20px|link=https://example.org/x y|Cap]]": `<a rel="nofollow" class="external" href="https://example.org/x y"><img`,
	} {
		out := html(t, in, render.Options{Linker: imageLinker})
		if !strings.Contains(out, want) {
			t.Errorf("%s: no\n%s\nin\n%s", in, want, out)
		}
		if strings.Contains(out, "javascript:") && strings.Contains(out, `href="javascript`) {
			t.Errorf("%s: a javascript: link: %s", in, out)
		}
	}
}

// A figure says where it goes (left, right, center, none) and how it is
// framed, as MediaWiki's classes do, so that the style sheet places it: a
// thumbnail floats right unless told otherwise. An inline picture says
// how it sits on the line.
func TestImagePlacement(t *testing.T) {
	for in, want := range map[string]string{
		"[[File:Board.png|thumb|The board]]":               `<figure class="wiki-figure"><a`,
		"[[File:Board.png|thumb|left|The board]]":          `<figure class="wiki-figure mw-halign-left"><a`,
		"[[File:Board.png|right|thumb|200px|The board]]":   `<figure class="wiki-figure mw-halign-right"><a`,
		"[[File:Board.png|thumb|centre|The board]]":        `<figure class="wiki-figure mw-halign-center"><a`,
		"[[File:Board.png|none|thumb|The board]]":          `<figure class="wiki-figure mw-halign-none"><a`,
		"[[File:Board.png|frame|The board]]":               `<figure class="wiki-figure wiki-frame"><a`,
		"[[File:Board.png|center|100px|The board]]":        `<figure class="wiki-figure wiki-unframed mw-halign-center"><a`,
		"[[File:Icon.png|middle|20px]]":                    `<span class="wiki-image mw-valign-middle" title="Icon.png">`,
		"[[File:Icon.png|text-top|20px]]":                  `<span class="wiki-image mw-valign-text-top" title="Icon.png">`,
		"[[File:Icon.png|border|class=icon x\"y|20px]]":    `<span class="wiki-image mw-image-border icon" title="Icon.png">`,
		"[[File:Icon.png|frameless]]":                      `<span class="wiki-image wiki-frameless" title="Icon.png">`,
		"[[File:Gone.png|thumb|left|A placeholder stays]]": `<figure class="wiki-figure"><a href="/site/File:Gone.png.html"><span class="file-missing"`,
	} {
		if out := html(t, in, render.Options{Linker: imageLinker}); !strings.Contains(out, want) {
			t.Errorf("%s: no\n%s\nin\n%s", in, want, out)
		}
	}
}

// A picture is as large as MediaWiki shows it: a width alone is its width;
// a thumbnail or frameless picture is at most its width (300px when none
// is given, which the style sheet applies; upright= scales it, rounded to
// tens) and is never enlarged; a box (200x100px, a gallery's 120x120px)
// or a height alone holds the picture with its proportions kept, where
// the width alone let a tall card of a gallery stand out of its box.
func TestImageSize(t *testing.T) {
	for in, want := range map[string]string{
		"[[File:Icon.png|20px]]":                      `alt="Icon.png" width="20" loading`,
		"[[File:Icon.png|x20px]]":                     `alt="Icon.png" style="max-height:20px" loading`,
		"[[File:Icon.png|30x20px]]":                   `alt="Icon.png" style="max-width:30px;max-height:20px" loading`,
		"[[File:Board.png|thumb|200px|B]]":            `alt="B" style="max-width:200px" loading`,
		"[[File:Board.png|thumb|B]]":                  `alt="B" loading`,
		"[[File:Board.png|thumb|upright|B]]":          `alt="B" style="max-width:230px" loading`,
		"[[File:Board.png|thumb|upright=0.5|B]]":      `alt="B" style="max-width:150px" loading`,
		"[[File:Board.png|frame|400px|B]]":            `alt="B" loading`,
		"[[File:Board.png|thumb|600x600px|B]]":        `alt="B" style="max-width:600px;max-height:600px" loading`,
		"<gallery>\nFile:Icon.png|A card\n</gallery>": `alt="Icon.png" style="max-width:120px;max-height:120px" loading`,
	} {
		if out := html(t, in, render.Options{Linker: imageLinker}); !strings.Contains(out, want) {
			t.Errorf("%s: no\n%s\nin\n%s", in, want, out)
		}
	}
}

// An image's link= page is read by the wiki's title rules, as its other
// links are (the parser keeps it normalized: link=scoring is Scoring in
// TestImageLinks): on a case-sensitive wiki link=polish is the page
// "polish", not "Polish" (another page), and nothing reads it again by
// the default rules.
func TestImageLinkTitleRules(t *testing.T) {
	names := model.NewNamespaces(&model.SiteInfo{Case: model.CaseSensitive})
	doc := parser.Parse("[[polish]] [[File:Board.png|link=polish]]", &parser.Options{Namespaces: names})
	var sb strings.Builder
	if err := render.New(render.Options{Linker: imageLinker}).Render(&sb, doc); err != nil {
		t.Fatal(err)
	}
	if out := sb.String(); strings.Count(out, `href="/site/polish.html"`) != 2 || strings.Contains(out, "Polish") {
		t.Errorf("the text and the image do not both link to polish:\n%s", out)
	}
}
