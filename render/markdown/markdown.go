package markdown

import (
	"bufio"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/render"
)

// Options configure the Markdown writer.
type Options struct {
	// Linker gives the URLs of links and images.
	Linker render.Linker
}

type writer struct {
	w    *bufio.Writer
	opts Options
	html *render.Renderer
	// lastCard is where the last card ended (the builder and its length
	// then): a card written right after it is spaced from it.
	lastCard    *strings.Builder
	lastCardEnd int
}

// Render writes doc as Markdown.
func Render(out io.Writer, doc *model.Document, opts Options) error {
	if opts.Linker == nil {
		opts.Linker = render.WikiLinker{}
	}
	w := &writer{w: bufio.NewWriter(out), opts: opts, html: render.New(render.Options{Linker: opts.Linker, NoTOC: true})}
	var b strings.Builder
	w.blocks(&b, doc.Root, "")
	text := strings.TrimRight(b.String(), "\n") + "\n"
	w.w.WriteString(text)
	return w.w.Flush()
}

// isBlock reports whether a node is written as a block.
func isBlock(n *model.Node) bool {
	switch n.Kind {
	case model.KindSection, model.KindParagraph, model.KindHeading, model.KindList, model.KindTable,
		model.KindPre, model.KindRule, model.KindDocument:
		return true
	case model.KindElement:
		switch n.Tag {
		case "div", "center", "blockquote", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "p", "ul", "ol", "dl", "table", "pre", "hr":
			return true
		}
	case model.KindImage:
		return n.Tag == "figure"
	case model.KindReferences:
		return true
	case model.KindTemplate:
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if isBlock(c) {
				return true
			}
		}
	}
	return false
}

// blocks writes n's children as blocks; runs of inline children form a
// paragraph. prefix starts every line (list indentation).
func (w *writer) blocks(b *strings.Builder, n *model.Node, prefix string) {
	var run []*model.Node
	flush := func() {
		if len(run) == 0 {
			return
		}
		var sb strings.Builder
		for _, c := range run {
			w.inline(&sb, c)
		}
		run = run[:0]
		if t := strings.TrimSpace(collapse(sb.String())); t != "" {
			b.WriteString(prefix + t + "\n\n")
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if !isBlock(c) {
			run = append(run, c)
			continue
		}
		flush()
		w.block(b, c, prefix)
	}
	flush()
}

func (w *writer) block(b *strings.Builder, n *model.Node, prefix string) {
	switch n.Kind {
	case model.KindHeading:
		var sb strings.Builder
		w.inlineChildren(&sb, n)
		b.WriteString(prefix + strings.Repeat("#", max(1, min(6, int(n.Level)))) + " " + strings.TrimSpace(collapse(sb.String())) + "\n\n")
	case model.KindParagraph:
		var sb strings.Builder
		w.inlineChildren(&sb, n)
		if t := strings.TrimSpace(collapse(sb.String())); t != "" {
			b.WriteString(prefix + t + "\n\n")
		}
	case model.KindList:
		w.list(b, n, prefix)
	case model.KindTable:
		w.table(b, n, prefix)
	case model.KindPre:
		// Not PlainText, which collapses spaces: a code block keeps
		// its lines.
		text := preText(n)
		fence := "```"
		for strings.Contains(text, fence) {
			fence += "`"
		}
		lang, _ := n.Attr("data-lang") // <syntaxhighlight lang="…">
		b.WriteString(prefix + fence + lang + "\n")
		for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			b.WriteString(prefix + l + "\n")
		}
		b.WriteString(prefix + fence + "\n\n")
	case model.KindRule:
		b.WriteString(prefix + "---\n\n")
	case model.KindReferences:
		w.footnotes(b, n, prefix)
	case model.KindImage:
		var sb strings.Builder
		w.image(&sb, n)
		b.WriteString(prefix + sb.String() + "\n\n")
	case model.KindElement:
		if n.Tag == "blockquote" {
			var sb strings.Builder
			w.blocks(&sb, n, "")
			for _, l := range strings.Split(strings.TrimRight(sb.String(), "\n"), "\n") {
				b.WriteString(prefix + strings.TrimRight("> "+l, " ") + "\n")
			}
			b.WriteString("\n")
			return
		}
		w.blocks(b, n, prefix)
	default:
		w.blocks(b, n, prefix)
	}
}

// preText is a <pre>'s text with its line breaks.
func preText(n *model.Node) string {
	var sb strings.Builder
	model.Walk(n, func(c *model.Node, entering bool) model.WalkStatus {
		if !entering {
			return model.WalkContinue
		}
		switch c.Kind {
		case model.KindText:
			sb.WriteString(c.Text)
		case model.KindLineBreak:
			sb.WriteString("\n")
		case model.KindImage, model.KindError:
			sb.WriteString(model.PlainText(c))
			return model.WalkSkipChildren
		}
		return model.WalkContinue
	})
	return strings.TrimPrefix(sb.String(), "\n")
}

func (w *writer) list(b *strings.Builder, n *model.Node, prefix string) {
	num := 0
	for li := n.FirstChild; li != nil; li = li.NextSibling {
		if li.Kind != model.KindListItem {
			continue
		}
		marker := "- "
		switch {
		case n.Tag == "ol":
			num++
			marker = strconv.Itoa(num) + ". "
		case li.Tag == "dt":
			marker = ""
		case li.Tag == "dd":
			marker = ": "
		}
		// The item's own text, then its nested blocks indented under it.
		var own strings.Builder
		var nested []*model.Node
		for c := li.FirstChild; c != nil; c = c.NextSibling {
			if isBlock(c) {
				nested = append(nested, c)
				continue
			}
			w.inline(&own, c)
		}
		text := strings.TrimSpace(collapse(own.String()))
		if li.Tag == "dt" && text != "" {
			text = "**" + text + "**"
		}
		indent := prefix + strings.Repeat(" ", max(2, len(marker)))
		if n.Tag == "dl" {
			// GFM has no definition lists: terms and definitions are
			// paragraphs, definitions indented as a quote would
			// change their meaning, so they stay plain.
			if text != "" {
				b.WriteString(prefix + text + "\n\n")
			}
			for _, c := range nested {
				w.block(b, c, prefix)
			}
			continue
		}
		if text == "" {
			text = "\u00a0"
		}
		b.WriteString(prefix + marker + text + "\n")
		for _, c := range nested {
			var sb strings.Builder
			w.block(&sb, c, indent)
			b.WriteString(strings.TrimRight(sb.String(), "\n") + "\n")
		}
	}
	b.WriteString("\n")
}

// table writes a GFM table when the table fits one, HTML otherwise.
func (w *writer) table(b *strings.Builder, n *model.Node, prefix string) {
	var rows [][]*model.Node
	var caption *model.Node
	simple := true
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Kind {
		case model.KindCaption:
			caption = c
		case model.KindRow:
			var cells []*model.Node
			for cell := c.FirstChild; cell != nil; cell = cell.NextSibling {
				if cell.Kind != model.KindCell {
					continue
				}
				if _, ok := cell.Attr("colspan"); ok {
					simple = false
				}
				if _, ok := cell.Attr("rowspan"); ok {
					simple = false
				}
				for d := range cell.Descendants() {
					if isBlock(d) || d.Kind == model.KindLineBreak {
						simple = false
					}
				}
				cells = append(cells, cell)
			}
			rows = append(rows, cells)
		}
	}
	if len(rows) == 0 {
		simple = false
	} else {
		for _, c := range rows[0] {
			if !c.Header() {
				simple = false
			}
		}
		for _, r := range rows[1:] {
			if len(r) != len(rows[0]) {
				simple = false
			}
		}
	}
	if !simple {
		var sb strings.Builder
		w.html.RenderNode(&sb, n)
		b.WriteString(prefix + strings.TrimSpace(sb.String()) + "\n\n")
		return
	}
	if caption != nil {
		var sb strings.Builder
		w.inlineChildren(&sb, caption)
		b.WriteString(prefix + "**" + strings.TrimSpace(collapse(sb.String())) + "**\n\n")
	}
	for i, r := range rows {
		b.WriteString(prefix + "|")
		for _, c := range r {
			var sb strings.Builder
			w.inlineChildren(&sb, c)
			t := strings.TrimSpace(collapse(sb.String()))
			if i > 0 && c.Header() && t != "" {
				t = "**" + t + "**"
			}
			b.WriteString(" " + strings.ReplaceAll(t, "|", `\|`) + " |")
		}
		b.WriteString("\n")
		if i == 0 {
			b.WriteString(prefix + "|")
			for range r {
				b.WriteString(" --- |")
			}
			b.WriteString("\n")
		}
	}
	b.WriteString("\n")
}

func (w *writer) inlineChildren(b *strings.Builder, n *model.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		w.inline(b, c)
	}
}

// inline writes a node as inline Markdown.
func (w *writer) inline(b *strings.Builder, n *model.Node) {
	switch n.Kind {
	case model.KindText:
		b.WriteString(escape(n.Text))
	case model.KindBold, model.KindItalic:
		var sb strings.Builder
		w.inlineChildren(&sb, n)
		inner := sb.String()
		t := strings.TrimSpace(inner)
		if t == "" {
			b.WriteString(inner)
			return
		}
		mark := "**"
		if n.Kind == model.KindItalic {
			mark = "*"
		}
		// Emphasis may not start or end with a space: keep the spaces
		// outside.
		lead := inner[:len(inner)-len(strings.TrimLeft(inner, " \t\n"))]
		trail := inner[len(strings.TrimRight(inner, " \t\n")):]
		b.WriteString(lead + mark + t + mark + trail)
	case model.KindLineBreak:
		b.WriteString("<br>")
	case model.KindLink:
		var sb strings.Builder
		w.inlineChildren(&sb, n)
		target, frag := "", ""
		if n.Link() != nil {
			target, frag = n.Link().Target, n.Link().Fragment
		}
		href := w.opts.Linker.PageURL(target, frag)
		if !render.SafeURL(href) || href == "" {
			b.WriteString(sb.String())
			return
		}
		b.WriteString("[" + sb.String() + "](" + linkDest(href) + ")")
	case model.KindExtLink:
		var sb strings.Builder
		w.inlineChildren(&sb, n)
		u := ""
		if n.Link() != nil {
			u = n.Link().URL
		}
		if !render.SafeURL(u) {
			b.WriteString(sb.String())
			return
		}
		b.WriteString("[" + sb.String() + "](" + linkDest(u) + ")")
	case model.KindImage:
		w.image(b, n)
	case model.KindRef:
		if n.Ref() != nil {
			b.WriteString("[^" + footnoteLabel(n.Ref()) + "]")
		}
	case model.KindError:
		b.WriteString(escape(n.Text))
	case model.KindElement:
		if !isCard(n) {
			w.inlineChildren(b, n)
			return
		}
		// The HTML shows cards as boxes side by side ({{heart|K}}{{heart|Q}});
		// as text they need a space, or they run into one word ("KQ").
		if w.lastCard == b && w.lastCardEnd == b.Len() {
			b.WriteByte(' ')
		}
		w.inlineChildren(b, n)
		w.lastCard, w.lastCardEnd = b, b.Len()
	case model.KindTable, model.KindList, model.KindPre, model.KindParagraph, model.KindHeading:
		// A block inside inline content (a list in a table cell):
		// its text.
		b.WriteString(escape(model.PlainText(n)) + " ")
	default:
		w.inlineChildren(b, n)
	}
}

// isCard reports whether n is a playing card of the card templates
// (<span class="card …">).
func isCard(n *model.Node) bool {
	if n.Tag != "span" {
		return false
	}
	class, _ := n.Attr("class")
	return slices.Contains(strings.Fields(class), "card")
}

// image writes an image, or, when the file is not provided, its name in
// italics; the caption follows as text.
func (w *writer) image(b *strings.Builder, n *model.Node) {
	li := n.Link()
	if li == nil {
		li = &model.LinkInfo{}
	}
	var cap strings.Builder
	w.inlineChildren(&cap, n)
	caption := strings.TrimSpace(collapse(cap.String()))
	alt := model.PlainText(n)
	for _, o := range li.Options {
		if strings.HasPrefix(strings.ToLower(o), "alt=") {
			alt = o[4:]
		}
	}
	img := ""
	src, provided := w.opts.Linker.FileURL(li.Target)
	if provided && render.SafeURL(src) {
		img = "![" + escape(alt) + "](" + linkDest(src) + ")"
	} else {
		// As the HTML (and MediaWiki): a missing file reads as its
		// title, in a gallery as its name. The target is in the File
		// namespace, whatever the wiki calls it ("Mynd:"), and no
		// namespace name holds a colon.
		label := escape(li.Target)
		if render.InGalleryBox(n) {
			label = escape(li.Target[strings.IndexByte(li.Target, ':')+1:])
		}
		img = "*" + label + "*"
	}
	// Like the HTML, a figure and a missing file link to the file's page.
	if href := w.opts.Linker.PageURL(li.Target, ""); (n.Tag == "figure" || !provided) && href != "" && render.SafeURL(href) {
		img = "[" + img + "](" + linkDest(href) + ")"
	}
	b.WriteString(img)
	if caption != "" && n.Tag == "figure" {
		b.WriteString(" " + caption)
	}
}

// linkDest writes a link destination: in angle brackets when it has
// spaces or parentheses.
func linkDest(u string) string {
	if strings.ContainsAny(u, " ()<>") {
		return "<" + strings.NewReplacer("<", "%3C", ">", "%3E").Replace(u) + ">"
	}
	return u
}

// EscapeText makes text literal in Markdown (a title written as a
// heading).
func EscapeText(s string) string { return escape(s) }

// escape makes text literal in Markdown.
func escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\', '`', '*', '_', '[', ']', '<', '>', '#', '|', '~', '!':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '&':
			b.WriteString("&amp;")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// collapse turns runs of white space into one space, and escapes what
// would start a block at the beginning of a line: the text is one line.
func collapse(s string) string {
	f := strings.Fields(s)
	out := strings.Join(f, " ")
	if out == "" {
		return out
	}
	// A paragraph that starts like a list item, a heading or a rule.
	switch {
	case out[0] == '-' || out[0] == '+' || out[0] == '=':
		out = `\` + out
	case out[0] >= '0' && out[0] <= '9':
		j := 0
		for j < len(out) && out[j] >= '0' && out[j] <= '9' {
			j++
		}
		if j < len(out) && (out[j] == '.' || out[j] == ')') {
			out = out[:j] + `\` + out[j:]
		}
	}
	return out
}

// footnoteLabel is a note's Markdown footnote label: unique in the page
// (Cite's note id without its prefix), since numbers start again after
// each <references/>.
func footnoteLabel(r *model.RefInfo) string {
	l := strings.TrimPrefix(r.NoteID, "cite_note-")
	return strings.Map(func(c rune) rune {
		switch c {
		case ' ', '\t', ']', '[', '^':
			return '-'
		}
		return c
	}, l)
}

// footnotes writes a Cite list as Markdown footnote definitions
// ("[^1]: text"), one per note.
func (w *writer) footnotes(b *strings.Builder, n *model.Node, prefix string) {
	for li := range n.FindAll(model.KindListItem) {
		if li.Ref() == nil {
			continue
		}
		var text strings.Builder
		found := false
		for c := range li.Descendants() {
			if cls, _ := c.Attr("class"); c.Tag == "span" && cls == "reference-text" {
				w.inlineChildren(&text, c)
				found = true
				break
			}
		}
		if !found {
			// An error in place of the text.
			for c := range li.FindAll(model.KindElement) {
				if cls, _ := c.Attr("class"); strings.HasPrefix(cls, "error") {
					text.WriteString(escape(model.PlainText(c)))
					break
				}
			}
		}
		b.WriteString(prefix + "[^" + footnoteLabel(li.Ref()) + "]: " + strings.TrimSpace(collapse(text.String())) + "\n")
	}
	b.WriteString("\n")
}
