package parser

import (
	"html"
	"slices"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/model"
)

// Footnotes, as MediaWiki's Cite extension makes them (extensions/Cite:
// Cite.php, ReferenceStack.php, ReferencesFormatter.php).
//
// <ref> records a note and writes its marker, a numbered superscript link
// (<sup id="cite_ref-1" class="reference"><a href="#cite_note-1">[1]</a>);
// <ref name=x> defines a named note and <ref name=x/> reuses it;
// group=g numbers notes apart ("[g 1]"). <references/> writes the notes of
// its group recorded so far, each with links back to its markers, and
// empties the group; definitions of named refs may sit inside
// <references>…</references>. Notes of the default group never listed get
// a list at the end of the page (after the wikitext's passes, so a table
// left open is closed before it); a named group never listed gets Cite's
// error there instead. Like Cite, a note's text is parsed when its list is written,
// as inline wikitext (templates, links, quotes; no paragraphs).
//
// The marker and list are strip items whose HTML carries @ref and @note
// attributes, so the tree builder makes KindRef and KindReferences nodes
// that know their note (model.RefInfo).

type citeNote struct {
	info    *model.RefInfo // the note as a list item
	key     int            // Cite's global sequence number
	count   int            // markers so far, less one
	text    *text          // the content as written; nil when not given yet
	pos     int            // the source range of the defining tag
	end     int
	depth   int
	refInfo []*model.RefInfo // one per marker
}

type citeGroup struct {
	name   string
	notes  []*citeNote
	byName map[string]*citeNote
	next   int // numbers given so far
}

type citeState struct {
	seq    int
	groups map[string]*citeGroup
	order  []string // groups in order of first use (since a list took them out)
	inRefs *string  // the group of the <references> being read
	// refsErrors are the errors of the definitions read in that
	// <references>, which Cite writes after its list.
	refsErrors []string
	inRef      bool
	infos      []*model.RefInfo // @ref and @note attributes index this
}

func (e *expander) citeState() *citeState {
	if e.cite == nil {
		e.cite = &citeState{groups: map[string]*citeGroup{}}
	}
	return e.cite
}

// refInfo registers info for an @ref or @note attribute.
func (c *citeState) refInfo(info *model.RefInfo) string {
	c.infos = append(c.infos, info)
	return strconv.Itoa(len(c.infos) - 1)
}

// citeError writes a visible Cite error and reports it.
func (e *expander) citeError(b *builder, f *frame, n *ppNode, msg, html string) {
	pos, end := n.pos, n.end
	if !f.top {
		pos, end = f.callPos, f.callEnd
	}
	e.diags.Add(pos, end, model.SevWarning, model.MsgCite, "%s", msg)
	if b != nil {
		e.emitGen(b, f, citeErrorHTML(html), n.pos, n.end)
	}
}

// duplicateNote adds Cite's error to the text of a named note given
// another text by the <ref> n: shown in the list, after the first text.
func (e *expander) duplicateNote(note *citeNote, f *frame, n *ppNode) {
	name := note.info.Name
	e.citeError(nil, f, n, "<ref name=\""+name+"\"> is defined again with another text", "")
	hb := newBuilder(len(note.text.s) + 160)
	hb.appendText(note.text)
	e.emitGen(hb, f, " "+citeErrorHTML(`Invalid <code>&lt;ref&gt;</code> tag; name "`+safeEncodeAttribute(name)+`" defined multiple times with different content`), n.pos, n.end)
	note.text = hb.text()
}

// citeErrorHTML is how Cite shows an error: its message in a span.
func citeErrorHTML(html string) string {
	return `<span class="error mw-ext-cite-error">Cite error: ` + html + `</span>`
}

const numericNameError = "Invalid <code>&lt;ref&gt;</code> tag; name cannot be a simple integer. Use a descriptive title"

// refTag handles <ref>.
func (e *expander) refTag(n *ppNode, f *frame, b *builder, content *text) {
	cs := e.citeState()
	if cs.inRef {
		// A <ref> inside a ref's text is not a tag (Cite returns false).
		e.emitGen(b, f, htmlEscape(rawText(f, n.pos, n.end)), n.pos, n.end)
		return
	}
	var group, name string
	hasGroup := false
	for _, a := range parseAttrs(n.ext.attrs) {
		switch a.name {
		case "group":
			group, hasGroup = a.value, true
		case "name":
			name = strings.TrimSpace(a.value)
		}
	}
	if !hasGroup && cs.inRefs != nil {
		group = *cs.inRefs
	}
	if !n.ext.selfClosed && strings.TrimSpace(content.s) == "" {
		content = nil
	}
	if n.ext.selfClosed {
		content = nil
	}
	numeric := name != "" && isAllDigits(name)
	if cs.inRefs != nil {
		// A definition inside <references>: it writes nothing; its errors
		// come after the list, in Cite's order of checks.
		g := cs.groups[group]
		var msg, html string
		qn, qg := safeEncodeAttribute(name), safeEncodeAttribute(group)
		switch {
		case numeric:
			msg, html = "<ref> name cannot be a simple integer", numericNameError
		case group != *cs.inRefs:
			msg, html = "<ref group=\""+group+"\"> inside <references> of another group", `<code>&lt;ref&gt;</code> tag in <code>&lt;references&gt;</code> has conflicting group attribute "`+qg+`".`
		case name == "":
			msg, html = "a <ref> inside <references> has no name", `<code>&lt;ref&gt;</code> tag defined in <code>&lt;references&gt;</code> has no name attribute.`
		case content == nil:
			msg, html = "<ref name=\""+name+"\"> inside <references> has no content", `<code>&lt;ref&gt;</code> tag with name "`+qn+`" defined in <code>&lt;references&gt;</code> group "`+qg+`" has no content.`
		case g == nil:
			msg, html = "<ref name=\""+name+"\"> inside <references>: no <ref> of its group is in the text", `<code>&lt;ref&gt;</code> tag with name "`+qn+`" defined in <code>&lt;references&gt;</code> has group attribute "`+qg+`" which does not appear in prior text.`
		case g.byName[name] == nil:
			msg, html = "<ref name=\""+name+"\"> inside <references> is not used in the text", `<code>&lt;ref&gt;</code> tag with name "`+qn+`" defined in <code>&lt;references&gt;</code> is not used in prior text.`
		case g.byName[name].text == nil:
			g.byName[name].text = content
		case g.byName[name].text.s != content.s:
			e.duplicateNote(g.byName[name], f, n)
		}
		if msg != "" {
			e.citeError(nil, f, n, msg, "")
			cs.refsErrors = append(cs.refsErrors, citeErrorHTML(html))
		}
		return
	}
	if numeric {
		e.citeError(b, f, n, "<ref> name cannot be a simple integer", numericNameError)
		return
	}
	if name == "" && content == nil {
		if n.ext.selfClosed {
			e.citeError(b, f, n, "<ref/> has neither a name nor content", "The opening <code>&lt;ref&gt;</code> tag is malformed or has a bad name")
		} else {
			e.citeError(b, f, n, "<ref> without a name has no content", "Invalid <code>&lt;ref&gt;</code> tag; refs with no name must have content")
		}
		return
	}
	g := cs.groups[group]
	if g == nil {
		g = &citeGroup{name: group, byName: map[string]*citeNote{}}
		cs.groups[group] = g
		// A group listed by <references> and used again comes after the
		// others at the end of the page, as Cite's array of groups has
		// it once a list took it out.
		cs.order = slices.DeleteFunc(cs.order, func(s string) bool { return s == group })
		cs.order = append(cs.order, group)
	}
	var note *citeNote
	if name != "" {
		note = g.byName[name]
	}
	if note == nil {
		cs.seq++
		g.next++
		note = &citeNote{key: cs.seq, count: -1, pos: n.pos, end: n.end, depth: f.depth}
		if !f.top {
			note.pos, note.end = f.callPos, f.callEnd
		}
		label := strconv.Itoa(g.next)
		if group != "" {
			label = group + " " + label
		}
		note.info = &model.RefInfo{Group: group, Name: name, Number: g.next, Label: label}
		if name != "" {
			note.info.NoteID = "cite_note-" + anchorName(name) + "-" + strconv.Itoa(note.key)
			g.byName[name] = note
		} else {
			note.info.NoteID = "cite_note-" + strconv.Itoa(note.key)
		}
		g.notes = append(g.notes, note)
	}
	if note.text == nil && content != nil {
		note.text = content
	} else if content != nil && content.s != note.text.s {
		e.duplicateNote(note, f, n)
	}
	note.count++
	marker := *note.info
	if name != "" {
		marker.RefID = "cite_ref-" + anchorName(name) + "_" + strconv.Itoa(note.key) + "-" + strconv.Itoa(note.count)
	} else {
		marker.RefID = "cite_ref-" + strconv.Itoa(note.key)
	}
	note.refInfo = append(note.refInfo, &marker)
	li := e.addLink(&model.LinkInfo{Fragment: marker.NoteID})
	html := `<sup @ref="` + cs.refInfo(&marker) + `" id="` + htmlAttrEscape(marker.RefID) + `" class="reference"><a @link="` + li + `">[` + htmlEscape(marker.Label) + `]</a></sup>`
	e.stripHTML(b, f, n, html)
}

// referencesTag handles <references/> and <references>definitions</references>.
func (e *expander) referencesTag(n *ppNode, f *frame, b *builder, content *text) {
	cs := e.citeState()
	if cs.inRef || cs.inRefs != nil {
		e.emitGen(b, f, htmlEscape(rawText(f, n.pos, n.end)), n.pos, n.end)
		return
	}
	group := ""
	for _, a := range parseAttrs(n.ext.attrs) {
		if a.name == "group" {
			group = a.value
		}
	}
	if !n.ext.selfClosed && strings.TrimSpace(content.s) != "" {
		cs.inRefs = &group
		nodes, _ := preprocess(content.s, false)
		nf := &frame{parent: f, src: content.s, depth: f.depth + 1, callPos: n.pos, callEnd: n.end}
		if !f.top {
			nf.callPos, nf.callEnd = f.callPos, f.callEnd
		}
		e.expandText(nodes, nf) // only the definitions matter
		cs.inRefs = nil
	}
	// The list (nothing when the group has no notes: still a strip item,
	// as any extension tag is in MediaWiki, so a heading line that ends
	// with it is no heading), then the definitions' errors, each on a
	// line.
	list := ""
	if g := cs.groups[group]; g != nil && len(g.notes) > 0 {
		list = e.referencesList(g, f)
		delete(cs.groups, group)
	}
	if len(cs.refsErrors) > 0 {
		list += "\n" + strings.Join(cs.refsErrors, "<br />\n")
		cs.refsErrors = nil
	}
	e.stripHTML(b, f, n, list)
}

// citePending reports whether finishCite has notes to write.
func (e *expander) citePending() bool {
	if e.cite == nil {
		return false
	}
	for _, g := range e.cite.groups {
		if g != nil && len(g.notes) > 0 {
			return true
		}
	}
	return false
}

// finishCite writes, at the end of the page, the notes of the default
// group that no <references/> listed, and an error for each named group
// that no <references group=…/> lists (its notes are not shown), as Cite
// does: all of it after one line break.
func (e *expander) finishCite(b *builder, top *frame) {
	cs := e.cite
	if cs == nil {
		return
	}
	end := len(top.src)
	first := true
	for _, name := range cs.order {
		g := cs.groups[name]
		if g == nil || len(g.notes) == 0 {
			continue
		}
		delete(cs.groups, name)
		if first {
			b.gen("\n", end, end)
			first = false
		}
		if name != "" {
			e.diags.Add(g.notes[0].pos, g.notes[0].end, model.SevWarning, model.MsgCite, "<ref> tags exist for the group %q, but no <references group=%q/> lists them: its notes are not shown", name, name)
			q := html.EscapeString(name)
			b.gen(`<br /><span class="error mw-ext-cite-error">Cite error: <code>&lt;ref&gt;</code> tags exist for a group named "`+q+
				`", but no corresponding <code>&lt;references group="`+q+`"/&gt;</code> tag was found</span>`, end, end)
			continue
		}
		e.stripHTMLKind(b, top, &ppNode{pos: end, end: end}, e.referencesList(g, top), "block")
	}
}

// referencesList writes a group's notes as Cite's list.
func (e *expander) referencesList(g *citeGroup, f *frame) string {
	cs := e.cite
	var sb strings.Builder
	wrap := "mw-references-wrap"
	if len(g.notes) > 10 {
		wrap += " mw-references-columns"
	}
	info := &model.RefInfo{Group: g.name}
	sb.WriteString(`<div @refs="` + cs.refInfo(info) + `" class="` + wrap + `"><ol class="references">` + "\n")
	for _, note := range g.notes {
		sb.WriteString(`<li @note="` + cs.refInfo(note.info) + `" id="` + htmlAttrEscape(note.info.NoteID) + `"><span class="mw-cite-backlink">`)
		if len(note.refInfo) == 1 {
			sb.WriteString(`<a @link="` + e.addLink(&model.LinkInfo{Fragment: note.refInfo[0].RefID}) + `">↑</a>`)
		} else {
			sb.WriteString("↑")
			width := len(strconv.Itoa(note.count))
			for i, r := range note.refInfo {
				num := strconv.Itoa(i)
				for len(num) < width {
					num = "0" + num
				}
				sb.WriteString(` <sup><a @link="` + e.addLink(&model.LinkInfo{Fragment: r.RefID}) + `">` + strconv.Itoa(note.info.Number) + "." + num + `</a></sup>`)
			}
		}
		sb.WriteString(`</span> `)
		if note.text == nil {
			pos, end := note.pos, note.end
			e.diags.Add(pos, end, model.SevWarning, model.MsgCite, "no text was given for the ref named %q", note.info.Name)
			sb.WriteString(`<span class="error mw-ext-cite-error">Cite error: Invalid <code>&lt;ref&gt;</code> tag; no text was provided for refs named <code>` + htmlEscape(note.info.Name) + `</code></span></li>` + "\n")
			continue
		}
		sb.WriteString(`<span class="reference-text">`)
		sb.WriteString(e.noteHTML(note))
		sb.WriteString("</span>\n</li>\n")
	}
	sb.WriteString(`</ol></div>`)
	return sb.String()
}

// noteHTML expands and parses a note's text as inline wikitext.
func (e *expander) noteHTML(note *citeNote) string {
	cs := e.cite
	src := strings.TrimRight(note.text.s, "\n")
	nodes, _ := preprocess(src, false)
	nf := &frame{src: src, depth: note.depth + 1, callPos: note.pos, callEnd: note.end}
	cs.inRef = true
	t := e.expandText(nodes, nf)
	cs.inRef = false
	if e.ps == nil {
		return e.unstripText(t).s
	}
	return e.unstripText(e.ps.inlineParse(t)).s
}

// inlineParse runs the passes of MediaWiki's recursiveTagParse on expanded
// text: everything but the block-level pass (no paragraphs, lists or
// indented pre).
func (ps *parseState) inlineParse(t *text) *text {
	t = ps.removeHTMLTags(t)
	t = ps.tables(t)
	t = ps.rules(t)
	t = ps.doubleUnderscore(t)
	t = ps.headings(t)
	t = ps.internalLinks(t)
	t = ps.quotes(t)
	t = ps.externalLinks(t)
	t = ps.magicLinks(t)
	return ps.replaceHolders(t)
}

// addLink registers a link for an @link attribute of generated HTML.
func (e *expander) addLink(info *model.LinkInfo) string {
	if e.ps == nil {
		return "-1"
	}
	e.ps.links = append(e.ps.links, info)
	return strconv.Itoa(len(e.ps.links) - 1)
}

// stripHTML writes html as a strip item in place of the tag n.
func (e *expander) stripHTML(b *builder, f *frame, n *ppNode, html string) {
	e.stripHTMLKind(b, f, n, html, "general")
}

// stripHTMLKind is stripHTML with the marker's kind: "block" for HTML that
// is a block of its own.
func (e *expander) stripHTMLKind(b *builder, f *frame, n *ppNode, html, kind string) {
	hb := newBuilder(len(html))
	e.emitGen(hb, f, html, n.pos, n.end)
	idx := len(e.strips)
	e.strips = append(e.strips, strip{kind: stripGeneral, html: hb.text()})
	e.emitGen(b, f, markerFor(kind, idx), n.pos, n.end)
}

// anchorName is Sanitizer::escapeIdForAttribute for a ref name: spaces
// become underscores.
func anchorName(s string) string {
	return strings.ReplaceAll(strings.Join(strings.Fields(s), " "), " ", "_")
}

func isAllDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// citeRef returns the note an @ref, @note or @refs attribute points to.
func (ps *parseState) citeRef(v string) *model.RefInfo {
	cs := ps.ex.cite
	i, err := strconv.Atoi(v)
	if cs == nil || err != nil || i < 0 || i >= len(cs.infos) {
		return &model.RefInfo{}
	}
	return cs.infos[i]
}
