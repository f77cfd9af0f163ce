package parser

import (
	"path"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/model"
)

// Internal links follow MediaWiki's handleInternalLinks2: the text is split
// at every "[[", and each piece must start with a target, an optional
// "|label", and "]]". A link becomes a placeholder (a "link holder") that
// hides its label from the later passes; placeholders are replaced by <a>
// tags after the block-level pass. Images are written in place, categories
// are collected and removed.

// holder is a link waiting to be written.
type holder struct {
	link  int   // index into parseState.links
	label *text // label (and link trail), already through the quote pass
}

// angleEscaper escapes the < and > of a %-decoded link target.
var angleEscaper = strings.NewReplacer("<", "&lt;", ">", "&gt;")

const holderPrefix = "<!--LINK'\" "
const holderSuffix = "-->"

// linkTrail returns how many bytes at the start of s are a link trail
// (lower-case ASCII letters, MediaWiki's English $linkTrail).
func linkTrail(s string) int {
	i := 0
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	return i
}

func (ps *parseState) internalLinks(in *text) *text {
	s := in.s
	first := strings.Index(s, "[[")
	if first < 0 {
		return in
	}
	b := ps.passBuilder(in, len(s)/8)
	b.copy(in, 0, first)
	// Positions of every "[[", as explode() finds them.
	var opens []int
	for i := first; i >= 0; {
		opens = append(opens, i)
		k := strings.Index(s[i+2:], "[[")
		if k < 0 {
			break
		}
		i += 2 + k
	}
	pieceEnd := func(k int) int {
		if k+1 < len(opens) {
			return opens[k+1]
		}
		return len(s)
	}
	for k := 0; k < len(opens); k++ {
		open := opens[k]
		p, pe := open+2, pieceEnd(k)
		// The target: a run of title characters.
		t := p
		for t < pe && titleBytes[s[t]] {
			t++
		}
		var labelFrom, labelTo, trailFrom int
		hasLabel, mightBeImage, matched := false, false, false
		if t > p && t < pe {
			if strings.HasPrefix(s[t:pe], "]]") {
				matched = true
				trailFrom = t + 2
			} else if s[t] == '|' {
				c := -1
				if t+2 <= pe {
					c = strings.Index(s[t+2:pe], "]]")
				}
				if c >= 0 {
					matched = true
					hasLabel = true
					labelFrom, labelTo = t+1, t+2+c
					trailFrom = labelTo + 2
				} else {
					mightBeImage = true
					hasLabel = true
					labelFrom, labelTo = t+1, pe
					trailFrom = pe
				}
			}
		}
		if !matched && !mightBeImage {
			b.copy(in, open, pe)
			continue
		}
		// "[[Foo|[http://x]]]": the third ']' belongs to the label.
		if matched && hasLabel && trailFrom < pe && s[trailFrom] == ']' && strings.Contains(s[labelFrom:labelTo], "[") {
			labelTo++
			trailFrom++
		}
		target := s[p:t]
		if strings.IndexByte(target, '%') >= 0 {
			// PHP's rawurldecode: every "%" and two hex digits decoded,
			// any other "%" as it is ("a%%41" is "a%A").
			target = angleEscaper.Replace(rawURLDecode(target))
		}
		origLink := strings.TrimLeft(target, " ")
		if hasURLProtocol(origLink) {
			b.copy(in, open, pe)
			continue
		}
		title, ok := parseTitle(ps.opts.Namespaces, origLink)
		if !ok {
			b.copy(in, open, pe)
			continue
		}
		// Forced only when written with the ':' first (MediaWiki's
		// $noforce): a ':' the title codec finds after trimming what
		// comes before it ("_:Foo", "\u200e:Foo", "&nbsp;:File:X.png")
		// only drops, as in a template's name; the text keeps it and a
		// file or category is one.
		title.forced = origLink != "" && origLink[0] == ':'
		if mightBeImage {
			if title.ns != model.NSFile || title.forced {
				// Written out with the target as read ("%3C" decoded).
				if origLink != s[p:t] {
					b.genAt("[["+origLink+"|", in, open, labelFrom)
					b.copy(in, labelFrom, pe)
				} else {
					b.copy(in, open, pe)
				}
				continue
			}
			// Look for the end of the image in the following pieces: a
			// caption may hold links.
			found := false
			for k+1 < len(opens) {
				k++
				np, npe := opens[k]+2, pieceEnd(k)
				c1 := strings.Index(s[np:npe], "]]")
				if c1 < 0 {
					break // not closed here: give up
				}
				c2 := strings.Index(s[np+c1+2:npe], "]]")
				if c2 >= 0 {
					labelTo = np + c1 + 2 + c2
					trailFrom = labelTo + 2
					pe = npe
					found = true
					break
				}
			}
			if !found {
				// Write the start out as text; links in the rest still
				// count.
				b.copy(in, open, labelFrom)
				rest := newBuilder(pieceEnd(k) - labelFrom)
				rest.copy(in, labelFrom, pieceEnd(k))
				b.appendText(ps.internalLinks(rest.text()))
				continue
			}
		}
		linkFrom, linkTo := open, trailFrom
		var label *text
		if !hasLabel || labelTo <= labelFrom {
			lb := newBuilder(t - p)
			from := p
			for from < t && s[from] == ' ' {
				from++
			}
			if title.forced {
				for from < t && s[from] != ':' {
					from++
				}
				from++
			}
			if origLink != s[p:t] && origLink != strings.TrimLeft(s[p:t], " ") {
				// A target written with %-escapes reads as its decoded
				// form ("[[7%25 Solution]]" shows "7% Solution"), as
				// MediaWiki decodes the link before taking its text.
				shown := origLink
				if title.forced {
					shown = shown[strings.IndexByte(shown, ':')+1:]
				}
				lb.genAt(shown, in, from, t)
			} else {
				lb.copy(in, from, t)
			}
			label = lb.text()
		} else {
			lb := newBuilder(labelTo - labelFrom)
			lb.copy(in, labelFrom, labelTo)
			label = lb.text()
		}
		switch {
		case title.ns == model.NSFile && !title.forced:
			ps.image(b, in, title, label, hasLabel, linkFrom, linkTo)
			b.copy(in, trailFrom, pe)
			continue
		case title.ns == model.NSCategory && !title.forced:
			// The name without the namespace, as the wiki spells it.
			ps.categories = append(ps.categories, strings.Clone(title.text[strings.IndexByte(title.text, ':')+1:]))
			trimTrailingNewlineSpace(b)
			b.copy(in, trailFrom, pe)
			continue
		}
		if hasLabel {
			label = ps.quotesLine(label)
		}
		// Link trail: letters right after "]]" join the label (not of a
		// Media: link, whose trail MediaWiki writes after it).
		n := 0
		if title.ns != model.NSMedia {
			n = linkTrail(s[trailFrom:pe])
		}
		if n > 0 {
			lb := newBuilder(len(label.s) + n)
			lb.appendText(label)
			lb.copy(in, trailFrom, trailFrom+n)
			label = lb.text()
		}
		info := &model.LinkInfo{Target: strings.Clone(title.text), Fragment: strings.Clone(title.fragment)}
		li := len(ps.links)
		ps.links = append(ps.links, info)
		hi := len(ps.holders)
		ps.holders = append(ps.holders, holder{link: li, label: label})
		b.genAt(holderPrefix+strconv.Itoa(hi)+holderSuffix, in, linkFrom, trailFrom+n)
		b.copy(in, trailFrom+n, pe)
	}
	return b.text()
}

// trimTrailingNewlineSpace removes the white space written before a
// category link, as MediaWiki's rtrim( $s . $prefix ) does (T2087,
// T87753): PHP's rtrim characters, newlines included.
func trimTrailingNewlineSpace(b *builder) {
	j := len(b.b)
	for j > 0 && strings.IndexByte(" \t\n\r\x00\x0b", b.b[j-1]) >= 0 {
		j--
	}
	b.trimEnd(len(b.b) - j)
}

// replaceHolders writes the links held back by internalLinks (the main
// pipeline writes them as the paragraph pass copies its lines: see
// blockState.copy).
func (ps *parseState) replaceHolders(in *text) *text {
	s := in.s
	if len(ps.holders) == 0 || !strings.Contains(s, holderPrefix) {
		return in
	}
	b := ps.passBuilder(in, len(s)/4)
	ps.copyHolders(b, in, 0, len(s))
	return b.text()
}

// copyHolders copies in.s[from:to] to b with the held links in it
// written (a holder's text whose number is no holder's is copied as it
// is).
func (ps *parseState) copyHolders(b *builder, in *text, from, to int) {
	s := in.s[:to]
	for from < to {
		k := strings.Index(s[from:], holderPrefix)
		if k < 0 {
			break
		}
		k += from
		e := strings.Index(s[k:], holderSuffix)
		if e < 0 {
			break
		}
		e += k
		b.copy(in, from, k)
		if ps.writeHolder(b, in, k, e) {
			from = e + len(holderSuffix)
		} else {
			b.copy(in, k, e)
			from = e
		}
	}
	b.copy(in, from, to)
}

// writeHolder writes the link of the holder at in.s[k:e+len(holderSuffix)]
// (e is where its suffix begins), and reports false, writing nothing, when
// its number is not a holder's.
func (ps *parseState) writeHolder(b *builder, in *text, k, e int) bool {
	n, err := strconv.Atoi(in.s[k+len(holderPrefix) : e])
	if err != nil || n < 0 || n >= len(ps.holders) {
		return false
	}
	h := ps.holders[n]
	b.genAt(`<a @link="`+strconv.Itoa(h.link)+`">`, in, k, e+len(holderSuffix))
	b.appendText(h.label)
	b.genAt(`</a>`, in, e, e+len(holderSuffix))
	return true
}

// imageWords are the File: link parameters without a value, as
// MessagesEn.php spells them (case-sensitive): alignments and border.
var imageWords = map[string]bool{
	"baseline": true, "border": true, "bottom": true, "center": true, "centre": true, "middle": true, "none": true,
	"left": true, "right": true, "sub": true, "super": true, "sup": true, "text-bottom": true, "text-top": true,
	"top": true, "upright": true,
}

// imageFormats are the frame parameters, of which only the first counts.
var imageFormats = map[string]bool{"frame": true, "framed": true, "enframed": true, "frameless": true, "thumb": true, "thumbnail": true}

// imageOptions reads a File: link's parts as Parser::makeImage does: a
// part that is a parameter MediaWiki validates is an option, any other
// is the caption (the last one wins). A second frame (thumb, frame,
// frameless, thumb=…) is a caption; page= and lang= are parameters only
// of files whose handler has them (PDF, DjVu, TIFF pages; SVG languages);
// a width must be above 0; upright= a number; link= a URL, a title or
// nothing.
type imageOptions struct {
	file       string // the file's title, for its extension
	names      *model.Namespaces
	seenFormat bool
}

func (io *imageOptions) valid(part string) bool {
	p := strings.TrimSpace(part)
	if imageWords[p] {
		return true
	}
	if imageFormats[p] || strings.HasPrefix(p, "thumb=") || strings.HasPrefix(p, "thumbnail=") {
		ok := !io.seenFormat
		io.seenFormat = true
		return ok
	}
	switch {
	case strings.HasPrefix(p, "alt="), strings.HasPrefix(p, "class="):
		return true
	case strings.HasPrefix(p, "link="):
		v := strings.TrimSpace(p[len("link="):])
		if v == "" || protocolAt(v, 0, true) > 0 {
			return true
		}
		_, ok := parseTitle(io.names, v)
		return ok
	case strings.HasPrefix(p, "upright=") || strings.HasPrefix(p, "upright "):
		_, err := strconv.ParseFloat(strings.TrimSpace(p[len("upright="):]), 64)
		return err == nil
	case strings.HasPrefix(p, "page=") || strings.HasPrefix(p, "page "):
		if !pagedFile(io.file) {
			return false
		}
		_, err := strconv.ParseFloat(strings.TrimSpace(p[len("page="):]), 64)
		return err == nil
	case strings.HasPrefix(p, "lang="):
		return langFile(io.file) && len(p) > len("lang=")
	case strings.HasSuffix(p, "px"):
		// 200px, 200x100px, x100px (parseWidthParam): a width or a
		// height above 0.
		w, h, hasH := strings.Cut(strings.TrimSpace(strings.TrimSuffix(p, "px")), "x")
		w, h = strings.TrimSpace(w), strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(h), "px"))
		if w != "" && !isAllDigits(w) || hasH && h != "" && !isAllDigits(h) {
			return false
		}
		return atoiOr0(w) > 0 || atoiOr0(h) > 0
	}
	return false
}

// stored is a valid part as the link keeps it: link= a page by its
// normalized title, as every other link's target (the renderer reads it
// as it is: the wiki's title rules are the parser's), any other as
// written.
func (io *imageOptions) stored(part string) string {
	p := strings.TrimSpace(part)
	v, ok := strings.CutPrefix(p, "link=")
	if !ok {
		return p
	}
	v = strings.TrimSpace(v)
	if v == "" || protocolAt(v, 0, true) > 0 {
		return p
	}
	page, frag, hasFrag := strings.Cut(v, "#")
	t, ok := parseTitle(io.names, page)
	if !ok || t.text == "" {
		return p
	}
	if hasFrag {
		return "link=" + t.text + "#" + frag // the section as written, as the renderer reads it
	}
	return "link=" + t.text
}

// pagedFile reports whether a file's type has pages (page= applies: PDF,
// DjVu, TIFF); langFile whether it has languages (lang=: SVG).
func pagedFile(file string) bool {
	switch strings.ToLower(path.Ext(file)) {
	case ".pdf", ".djvu", ".tif", ".tiff":
		return true
	}
	return false
}

func langFile(file string) bool { return strings.EqualFold(path.Ext(file), ".svg") }

func atoiOr0(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// image writes [[File:…]] as a figure (thumb, frame) or an inline image,
// with its caption parsed like the rest of the page.
func (ps *parseState) image(b *builder, in *text, title wikiTitle, params *text, hasParams bool, from, to int) {
	info := &model.LinkInfo{Target: strings.Clone(title.text)}
	var caption *text
	if hasParams {
		// Split at '|' outside [[…]].
		parts := splitOutsideLinks(params.s)
		capIdx := -1
		opts := imageOptions{file: title.text, names: ps.opts.Namespaces}
		for i, pr := range parts {
			seg := params.s[pr[0]:pr[1]]
			if opts.valid(seg) {
				info.Options = append(info.Options, strings.Clone(opts.stored(seg)))
			} else {
				capIdx = i
			}
		}
		if capIdx >= 0 {
			cb := newBuilder(parts[capIdx][1] - parts[capIdx][0])
			cb.copy(params, parts[capIdx][0], parts[capIdx][1])
			// Parsed on its own as MediaWiki parses it (links, quotes,
			// external and bare links), then its URLs armored: the
			// passes over the page do not read them again (a "[" before
			// the image does not pair with a "]" after it).
			caption = ps.armorURLs(ps.magicLinks(ps.externalLinks(ps.quotes(ps.internalLinks(cb.text())))))
		}
	}
	// A thumbnail, a frame or an image placed left, right, centre or on
	// no side is a figure (with its caption below), as MediaWiki writes
	// media from 1.40 on; other images are inline.
	block := false
	for _, o := range info.Options {
		switch o := strings.TrimSpace(o); {
		case o == "thumb", o == "thumbnail", o == "frame", o == "framed", o == "enframed", o == "left", o == "right", o == "center", o == "centre", o == "none",
			strings.HasPrefix(o, "thumb="), strings.HasPrefix(o, "thumbnail="):
			block = true
		}
	}
	li := len(ps.links)
	ps.links = append(ps.links, info)
	tag := "span"
	if block {
		tag = "figure"
	}
	b.genAt("<"+tag+` @img="`+strconv.Itoa(li)+`">`, in, from, to)
	if caption != nil {
		b.appendText(caption)
	}
	b.genAt("</"+tag+">", in, from, to)
}

// splitOutsideLinks splits s at '|' characters that are not inside [[…]].
func splitOutsideLinks(s string) [][2]int {
	var out [][2]int
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "[["):
			depth++
			i++
		case strings.HasPrefix(s[i:], "]]") && depth > 0:
			depth--
			i++
		case s[i] == '|' && depth == 0:
			out = append(out, [2]int{start, i})
			start = i + 1
		}
	}
	return append(out, [2]int{start, len(s)})
}

// armorURLs puts an empty strip item between each URL protocol name of t
// and its colon, as MediaWiki's armorLinks does for the HTML of an image:
// the external link and bare link passes over the page then find no URL
// in it, and the last unstrip takes the items out.
func (ps *parseState) armorURLs(t *text) *text {
	s := t.s
	var b *builder
	last := 0
	for colon := range colonsIn(s) {
		if i, _ := protocolBefore(s, colon, true); i < 0 {
			continue
		}
		if b == nil {
			b = newBuilder(len(s) + 64)
		}
		b.copy(t, last, colon)
		idx := len(ps.ex.strips)
		ps.ex.strips = append(ps.ex.strips, strip{kind: stripNowiki, html: &text{}})
		b.genAt(markerFor("noparse", idx), t, colon, colon)
		last = colon
	}
	if b == nil {
		return t
	}
	b.copy(t, last, len(s))
	return b.text()
}
