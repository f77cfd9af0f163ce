package parser

import (
	"strconv"

	"github.com/wikirules/wikirules/model"
)

// Redirects. MediaWiki's parser reads "#REDIRECT [[Target]]" like any
// text (a numbered list); the page view (WikitextContent) takes the
// redirect off, parses the rest and puts a redirect header before it. Parse
// does what the page view does: Document.Redirect holds the target and the
// page starts with the header (<div class="redirectMsg">…) linking it.

// preprocessPage preprocesses a page, leaving out a leading redirect, which
// it returns.
func preprocessPage(names *model.Namespaces, src string) ([]*ppNode, []ppDiag, *model.LinkInfo, int) {
	title, frag, n, ok := model.RedirectTargetIn(names, src)
	if !ok {
		nodes, diags := preprocess(src, false)
		return nodes, diags, nil, 0
	}
	p := &preprocessor{src: src}
	p.run(n, len(src))
	p.finish()
	return p.nodes, p.diags, &model.LinkInfo{Target: title, Fragment: frag}, n
}

// redirectHeader writes the header of a redirect page, as
// Article::getRedirectHeaderHtml.
func (ps *parseState) redirectHeader(b *builder, target *model.LinkInfo, n int) {
	label := target.Target
	if target.Fragment != "" {
		label += "#" + target.Fragment
	}
	li := len(ps.links)
	ps.links = append(ps.links, target)
	html := `<div class="redirectMsg"><p>Redirect to:</p><ul class="redirectText"><li><a @link="` + strconv.Itoa(li) + `">` + htmlEscape(label) + `</a></li></ul></div>`
	hb := newBuilder(len(html))
	hb.gen(html, 0, n)
	idx := len(ps.ex.strips)
	ps.ex.strips = append(ps.ex.strips, strip{kind: stripGeneral, html: hb.text()})
	b.gen(markerFor("block", idx)+"\n", 0, n)
}
