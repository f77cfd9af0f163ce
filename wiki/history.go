package wiki

import (
	"sort"
	"strings"
	"time"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// HistoryParser parses the revisions of one page, reusing the work of the
// parts that did not change from one revision to the next: a page's
// revisions mostly repeat each other (in a wiki's history, about three
// quarters of the bytes of a revision sit in sections the revision before
// had byte for byte).
//
// A revision's text is cut at its heading lines into chunks (the lead, then
// one chunk per heading and the text up to the next). Each chunk is parsed
// on its own once, whichever revisions have it, and a revision's document
// is its chunks' trees, copied with their positions moved to where the
// chunk is in the revision, grouped into sections and given heading ids as
// the parser does for a whole text. The result is the tree Parse returns:
// it is used only when no construct can reach from one chunk into another,
// which is checked in the text (brackets, braces, tags and comments closed
// within each chunk; no footnotes, behaviour switches or redirects) and in
// each chunk's tree (it starts with its heading; no numbered links or
// footnotes; no expansion limit reached). Otherwise, and for a revision
// whose chunks would expand too much in all, the revision is parsed whole.
// TestHistoryParserSameTrees compares the two on every revision of the
// seeds and of generated wikis.
//
// A HistoryParser is not safe for concurrent use: a page's revisions are
// parsed by one goroutine.
type HistoryParser struct {
	w     *Wiki
	page  *model.Page
	title string
	// rev is the revision being parsed (nil for a text of the page that
	// is not one): its ids, author and size reach the parser.
	rev *model.Revision
	// timed: the parse of a chunk may depend on the revision's time (it
	// or a template names a time word): its time is then part of its key.
	timed  bool
	chunks map[chunkKey]*chunk
	// tables are the tables of the shared parts read so far (see
	// ParseAndExtract).
	tables *extract.SectionCache
	// Outline makes ParseAndExtract leave the parts a revision parsed
	// before had in outline, in the revisions other than the latest
	// visible one (see there).
	Outline bool
	// full are the parts made in full so far that a later revision may
	// leave in outline, by text and heading ids (see PartNodes).
	full map[partKey][]*model.Node
	// Chunked and Whole count the revisions parsed by chunks and whole;
	// Outlined counts the parts left in outline.
	Chunked, Whole, Outlined int
	// Nodes, when not nil, is where the documents' nodes come from (see
	// model.NodeArena): its owner resets it when it is done with every
	// document this parser made.
	Nodes *model.NodeArena
}

// partKey identifies a top-level section of a revision for outlining: its
// text and its headings' ids, in order, each after a NUL byte (the same
// text can get other ids in another revision: a heading of the same name
// added before it); or its lead: its text and leadIDs.
type partKey struct{ text, ids string }

// chunkKey identifies a chunk's parse: its text, its time when it asks
// for it, whether a heading follows it (more: it is parsed followed by
// one, see sentinel) and whether it follows a cut (heading: it must then
// begin with a heading, see parseChunk). The same text can be the last
// chunk of a revision and a middle one of the next (a section added after
// it), and its tree is not the same: a line break before a heading is a
// text of its own. And the same text can begin one revision and follow a
// cut in another ("x" and a line before it), where a line that looked
// like a heading but is none must not stand for a section.
type chunkKey struct {
	text          string
	at            int64
	more, heading bool
}

// chunk is a chunk's parse: its top-level nodes (sections unwrapped) with
// positions from the chunk's start; nil nodes when it cannot be reused.
type chunk struct {
	ok, timed bool
	nodes     []*model.Node
	size      int // nodes in all
	weight    int // bytes of text and nodes: the expansion budget it takes
	// sole: the chunk's only heading, at any depth, is its first node (a
	// chunk after the first, as most are): the chunk can be left in
	// outline (see ParseAndExtract). headSize is the heading's nodes, bodyEnd the
	// end of the nodes after it (0 without any).
	sole              bool
	headSize, bodyEnd int
	// plain: the chunk has no heading at all (a lead that can be left in
	// outline).
	plain bool
	// adopted: a document took the nodes after the heading of this sole
	// chunk as its own, at byte at, rather than copies of them (a new
	// section is made in full once and left in outline afterwards: the
	// copy was a tenth of a build's allocations). A later copy is made
	// from them there, and their calls map back to the chunk's own.
	adopted    bool
	at         int
	ownCalls   map[*model.TemplateCall]*model.TemplateCall
	categories []string
	templates  []*model.TemplateCall
	switches   map[string]bool
	diags      model.MsgList
}

// NewHistoryParser returns a parser for the revisions of page p.
func (w *Wiki) NewHistoryParser(p *model.Page) *HistoryParser {
	return &HistoryParser{w: w, page: p, title: p.Title, timed: w.timedTemplates(), chunks: map[chunkKey]*chunk{}}
}

// chunkBudget bounds what a revision's chunks may expand to in all (bytes
// of text plus a node's worth per node) before the revision is parsed
// whole instead: the parser's expansion limits hold for a whole text, and
// a text cut into many chunks must not get each chunk's allowance.
const chunkBudget = 4 << 20

// Parse parses revision r of the page (its text, at its time): the same
// document as Wiki.Parse.
func (h *HistoryParser) Parse(r *model.Revision) *model.Document {
	doc, _ := h.ParseRevision(r)
	return doc
}

// ParseRevision is Parse, and reports what ParseShared does.
func (h *HistoryParser) ParseRevision(r *model.Revision) (*model.Document, bool) {
	return h.parseRevision(r, plainStitch)
}

// parseRevision is ParseRevision, its chunks stitched as mode says (see
// ParseAndExtract).
func (h *HistoryParser) parseRevision(r *model.Revision, mode stitchMode) (*model.Document, bool) {
	h.rev = r
	defer func() { h.rev = nil }()
	if len(h.page.Revisions) == 1 {
		// The page's only revision: no other has chunks to share, so
		// cutting it into chunks, checking and stitching them would
		// only cost (a quarter of the parse, on generated pages).
		h.Whole++
		return h.parse(r.Text, r.Timestamp), false
	}
	return h.parseShared(r.Text, r.Timestamp, mode)
}

// ParseAndExtract is ParseRevision and the revision's rule tables: those of
// the parts it shares with a revision parsed before are read once
// (extract.ExtractShared, with a cache the parser keeps), the others as
// extract.Extract reads them.
//
// With Outline set, the revisions other than the page's latest visible
// one are made with their top-level sections that a revision parsed
// before had (the same text and heading ids, and tables the cache holds)
// in outline: the section and its headings, with the range the section
// has in full, and none of the rest of its tree; and so with their lead
// (the text before the first heading, when it has none): one empty text
// node over the lead's range stands for its nodes. Such a tree serves what
// reads a revision by its parts, as the site does for its history pages:
// the tables (from the cache), the diffs and the blame (sections, headings
// and text), and the parts' rendering (PartNodes). It is not a tree to
// render or walk whole. A revision made only of parts new or changed, the
// latest revision, and every revision without Outline are the tree Parse
// makes. The latest is best parsed first, as the site does: the others
// then leave what they share with it in outline, and it is made of the
// chunks' own nodes rather than copies of theirs.
func (h *HistoryParser) ParseAndExtract(r *model.Revision) (*model.Document, *extract.PageTables, bool) {
	latest := h.page.VisibleAt(len(h.page.Revisions) - 1)
	mode := plainStitch
	if h.Outline {
		mode = outlineStitch
		if latest >= 0 && h.page.Revisions[latest] == r {
			mode = adoptStitch
		}
	}
	if h.tables == nil && mode == outlineStitch {
		h.tables = extract.NewSectionCache()
	}
	doc, shared := h.parseRevision(r, mode)
	if !shared {
		return doc, extract.Extract(doc, h.page, r), false
	}
	if h.tables == nil {
		h.tables = extract.NewSectionCache()
	}
	return doc, extract.ExtractShared(doc, h.page, r, h.tables), true
}

// TableParts counts the top-level parts whose tables ParseAndExtract reused
// and those it read.
func (h *HistoryParser) TableParts() (reused, read int) {
	if h.tables == nil {
		return 0, 0
	}
	return h.tables.Reused, h.tables.Read
}

// parse parses a whole text or a chunk with the options of the revision
// being parsed (Wiki.RevisionOptions; the page's for another text). A
// chunk that reads the revision's words ({{REVISIONID}}…) mentions
// "revision" and is keyed by the revision's time, as a timed one is.
func (h *HistoryParser) parse(src string, at time.Time) *model.Document {
	var o *parser.Options
	if h.rev != nil {
		o = h.w.RevisionOptions(h.page, h.rev)
	} else {
		o = h.w.ParseOptions(h.title, at)
		o.PageID = h.page.ID
	}
	o.Nodes = h.Nodes
	return parser.Parse(src, o)
}

// ParseText parses a text of the page at time at.
func (h *HistoryParser) ParseText(text string, at time.Time) *model.Document {
	doc, _ := h.ParseShared(text, at)
	return doc
}

// ParseShared is ParseText that also reports whether the document was made
// of chunks none of which asks for the time: its top-level parts are then
// each the same tree in every revision that has the same text for it
// (from a heading to the next of its level or above, or the lead) with the
// same heading ids. A site can render such a part once for them all.
func (h *HistoryParser) ParseShared(text string, at time.Time) (*model.Document, bool) {
	return h.parseShared(text, at, plainStitch)
}

// stitchMode is how a revision's document is made from its chunks' parses.
type stitchMode uint8

const (
	// plainStitch copies every chunk's nodes (ParseShared).
	plainStitch stitchMode = iota
	// adoptStitch makes every part in full, taking the nodes of a chunk
	// no document took yet rather than copying them, and keeps its parts
	// made in full for later revisions to leave in outline (the latest
	// revision in ParseAndExtract with Outline).
	adoptStitch
	// outlineStitch is adoptStitch that also leaves in outline the parts
	// made in full before (the other revisions in ParseAndExtract with
	// Outline).
	outlineStitch
)

// parseShared is ParseShared, its chunks stitched as mode says (see
// ParseAndExtract).
func (h *HistoryParser) parseShared(text string, at time.Time, mode stitchMode) (*model.Document, bool) {
	cuts := chunkCuts(text)
	if len(cuts) < 3 {
		// One chunk: nothing to share.
		h.Whole++
		return h.parse(text, at), false
	}
	timed := false
	parts := make([]*chunk, len(cuts)-1)
	weight, size := 0, 0
	for i := range parts {
		s := text[cuts[i]:cuts[i+1]]
		c := h.chunk(s, at, i > 0, i < len(parts)-1)
		weight += c.weight
		size += c.size
		if !c.ok || weight > chunkBudget {
			h.Whole++
			return h.parse(text, at), false
		}
		timed = timed || c.timed
		parts[i] = c
	}
	h.Chunked++
	if timed {
		// A timed chunk's parse is another revision's only at the same
		// time: nothing to keep for later ones.
		mode = plainStitch
	}
	return stitch(text, cuts, parts, size, h, mode), !timed
}

// PartIDs returns the ids of a part's headings, each after a NUL byte: with
// its text, what tells a part from another with the same text (PartNodes).
func PartIDs(p model.Part) string {
	var b strings.Builder
	for _, n := range p.Nodes {
		for h := range n.FindAll(model.KindHeading) {
			id, _ := h.Attr("id")
			b.WriteByte(0)
			b.WriteString(id)
		}
	}
	return b.String()
}

// PartNodes returns the nodes to render part p of a document of the page
// made by ParseAndExtract, whose headings have the ids given (PartIDs):
// those of the part in full, which a part left in outline is not (its text
// and ids are those of a part made in full before, whose tree it would
// have).
func (h *HistoryParser) PartNodes(p model.Part, ids string) []*model.Node {
	if p.Lead {
		ids = leadIDs
	}
	if n, ok := h.full[partKey{p.Text, ids}]; ok {
		return n
	}
	return p.Nodes
}

// leadIDs stands for the ids in the key of a lead (see partKey): a
// section's are a NUL byte and an id for each of its headings.
const leadIDs = "\x01lead"

// chunk returns the parse of chunk s, from the cache when it was parsed
// before (at the same time, when it may ask for the time). The checks of
// its text are made once, on its first parse.
func (h *HistoryParser) chunk(s string, at time.Time, heading, more bool) *chunk {
	key := chunkKey{text: s, more: more, heading: heading}
	c := h.chunks[key]
	if c != nil && c.timed {
		key.at = at.UnixNano()
		c = h.chunks[key]
	}
	if c != nil {
		return c
	}
	timed := h.timed || mentionsTime(s)
	if !closed(s) || hasFold(s, "<ref") || strings.Contains(s, "__") { // "<ref" finds <references too
		// Footnotes are numbered over the page, behaviour switches are
		// the page's: such a chunk is never used.
		c = &chunk{}
	} else {
		c = h.parseChunk(s, at, heading, more)
	}
	c.timed = timed
	h.chunks[key] = c
	if timed {
		// The first entry says the chunk is timed; the parse is kept by
		// its time.
		h.chunks[chunkKey{text: s, more: more, heading: heading}] = &chunk{timed: true}
		h.chunks[chunkKey{text: s, at: at.UnixNano(), more: more, heading: heading}] = c
	}
	return c
}

// sentinel is the heading line a chunk followed by another is parsed with:
// what comes before a heading ends as it does in the whole text (a blank
// line before it makes no paragraph), and the sentinel's nodes are then
// dropped.
const sentinel = "== \u2063 =="

// parseChunk parses one chunk alone and checks that its tree can stand in
// the whole text's: a chunk after the first starts with its heading, and a
// chunk before the last is parsed followed by a heading.
func (h *HistoryParser) parseChunk(s string, at time.Time, heading, more bool) *chunk {
	src := s
	if more {
		src = s + sentinel
	}
	doc := h.parse(src, at)
	c := &chunk{categories: doc.Categories, templates: doc.Templates, switches: doc.Switches, diags: doc.Diagnostics}
	if doc.Redirect != nil || len(doc.Switches) > 0 {
		return c
	}
	for _, d := range doc.Diagnostics {
		switch d.ID {
		case model.MsgTemplateDepth, model.MsgTemplateSize, model.MsgNestingDepth, model.MsgCite,
			model.MsgUnclosedComment, model.MsgUnclosedNowiki, model.MsgUnclosedTable, model.MsgUnclosedTag, model.MsgStrayEndTag, model.MsgStrayTableMarkup:
			return c
		}
	}
	c.nodes = flatten(doc.Root)
	if more {
		// Drop the sentinel: its heading and what follows.
		k := len(c.nodes) - 1
		for k >= 0 && !(c.nodes[k].Kind == model.KindHeading && c.nodes[k].Pos == len(s)) {
			k--
		}
		if k < 0 {
			return c
		}
		c.nodes = c.nodes[:k]
	}
	if heading && (len(c.nodes) == 0 || c.nodes[0].Kind != model.KindHeading || c.nodes[0].Pos != 0) {
		c.nodes = nil
		return c
	}
	bad := false
	headings := 0
	for i, n := range c.nodes {
		if i == 1 {
			c.headSize = c.size
		}
		if i > 0 {
			c.bodyEnd = max(c.bodyEnd, n.End)
		}
		model.Walk(n, func(n *model.Node, entering bool) model.WalkStatus {
			if !entering {
				return model.WalkContinue
			}
			c.size++
			c.weight += len(n.Text) + 64
			if n.Kind == model.KindHeading {
				headings++
			}
			if n.Ref() != nil || n.Kind == model.KindRef || n.Kind == model.KindReferences || n.Kind == model.KindSection ||
				n.Link() != nil && n.Link().Autonumber {
				bad = true
				return model.WalkStop
			}
			return model.WalkContinue
		})
		if bad {
			c.nodes = nil
			return c
		}
	}
	if len(c.nodes) == 1 {
		c.headSize = c.size
	}
	c.sole = heading && headings == 1
	c.plain = headings == 0
	c.ok = true
	return c
}

// flatten returns the document's top-level nodes as they were before the
// parser grouped them into sections.
func flatten(root *model.Node) []*model.Node {
	var out []*model.Node
	var walk func(n *model.Node)
	walk = func(n *model.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Kind == model.KindSection {
				walk(c)
				continue
			}
			out = append(out, c)
		}
	}
	walk(root)
	return out
}

// stitch makes the document of text from its chunks' parses: copies of
// their trees moved to their places, heading ids given over the whole
// text, and sections built, as the parser does. With adoptStitch, the
// nodes of chunks no document took yet are taken rather than copied, and
// the top-level sections made in full are kept for h.PartNodes; with
// outlineStitch, also, those that h made in full before are left in
// outline (see ParseAndExtract).
func stitch(text string, cuts []int, parts []*chunk, size int, h *HistoryParser, mode stitchMode) *model.Document {
	var o *HistoryParser
	if mode != plainStitch {
		o = h
	}
	doc := &model.Document{Source: text}
	root := &model.Node{Kind: model.KindDocument}
	doc.Root = root
	// A sole chunk's heading is copied first and its other nodes once it
	// is known whether its section is left in outline (the ids of its
	// headings, which the choice depends on, are given over the whole
	// text). bodies[i] are chunk i's other copies, in order.
	heads := make([]*model.Node, len(parts))
	bodies := make([][]*model.Node, len(parts))
	// Each chunk's room in one array, as are the calls (a dozen small
	// arrays per revision otherwise).
	nodes, templates := 0, 0
	for _, c := range parts {
		nodes += len(c.nodes)
		templates += len(c.templates)
	}
	room := make([]*model.Node, nodes)
	for i, c := range parts {
		bodies[i], room = room[:0:len(c.nodes)], room[len(c.nodes):]
	}
	if templates > 0 {
		doc.Templates = make([]*model.TemplateCall, 0, templates)
	}
	deferred := func(i int) bool { return o != nil && parts[i].sole }
	// The lead, when it has no heading, is left in outline as a section
	// is: one empty text node over its range stands for its nodes.
	var leadKey partKey
	leadOutlined := false
	if o != nil && len(parts) > 1 && parts[0].plain && len(parts[0].nodes) > 0 {
		leadKey = partKey{text: text[:cuts[1]], ids: leadIDs}
		_, had := o.full[leadKey]
		leadOutlined = had && mode == outlineStitch && o.tables.Has(true, leadKey.text)
	}
	first := size
	if o != nil {
		first = 0
		for i, c := range parts {
			switch {
			case i == 0 && leadOutlined:
			case deferred(i):
				first += c.headSize
			default:
				first += c.size
			}
		}
	}
	slab := h.Nodes.Nodes(first)
	// A call is moved once for each place its chunk has: a text may hold
	// the same chunk twice (two sections alike), and each copy's calls
	// are its own.
	type placedCall struct {
		t   *model.TemplateCall
		off int
	}
	calls := map[placedCall]*model.TemplateCall{}
	moveCall := func(t *model.TemplateCall, off int) *model.TemplateCall {
		if t == nil {
			return nil
		}
		if m, ok := calls[placedCall{t, off}]; ok {
			return m
		}
		m := *t
		m.Pos += off
		m.End += off
		calls[placedCall{t, off}] = &m
		return &m
	}
	var headings []*model.Node
	// bases are the headings' ids before de-duplication where a chunk's
	// parse gave them: a chunk's first node when it is a heading (firstOf).
	var bases []string
	var firstOf *model.Node
	// cp copies n's subtree depth first, off bytes further (from where
	// src is: an adopted chunk's nodes are at c.at already).
	var cp func(src *model.Node, off int, c *chunk) *model.Node
	cp = func(src *model.Node, off int, c *chunk) *model.Node {
		d := &slab[0]
		slab = slab[1:]
		*d = *src
		shift := off
		if c != nil {
			shift -= c.at
		}
		d.Pos += shift
		d.End += shift
		d.Parent, d.FirstChild, d.LastChild, d.PrevSibling, d.NextSibling = nil, nil, nil, nil, nil
		if t := src.Template(); t != nil {
			// The copy shares src's details (their setters copy);
			// only a template call moves with the chunk.
			if c != nil {
				t = c.ownCalls[t]
			}
			d.SetTemplate(moveCall(t, off))
		}
		for k := src.FirstChild; k != nil; k = k.NextSibling {
			d.AppendChild(cp(k, off, c))
		}
		if d.Kind == model.KindHeading {
			// The copy shares src's attributes: AssignHeadingIDs
			// copies them when it changes the id.
			headings = append(headings, d)
			base := ""
			if src == firstOf {
				base, _ = src.Attr("id")
			}
			bases = append(bases, base)
		}
		return d
	}
	// adopt makes chunk c's node n (a top-level node after its heading)
	// the document's, off bytes further, its calls the document's.
	var adopt func(n *model.Node, off int, c *chunk)
	adopt = func(n *model.Node, off int, c *chunk) {
		n.Pos += off
		n.End += off
		if t := n.Template(); t != nil {
			m := moveCall(t, off)
			c.ownCalls[m] = t
			n.SetTemplate(m)
		}
		for k := n.FirstChild; k != nil; k = k.NextSibling {
			adopt(k, off, c)
		}
	}
	for i, c := range parts {
		off := cuts[i]
		for _, t := range c.templates {
			doc.Templates = append(doc.Templates, moveCall(t, off))
		}
		if len(c.nodes) > 0 {
			firstOf = c.nodes[0]
		}
		switch {
		case i == 0 && leadOutlined:
			full := o.full[leadKey]
			bodies[0] = append(bodies[0], &model.Node{Kind: model.KindText, Pos: full[0].Pos, End: full[len(full)-1].End})
			o.Outlined++
		case deferred(i):
			// Its only heading is its first node: the headings are
			// still in the text's order.
			heads[i] = cp(c.nodes[0], off, nil)
		default:
			for k, n := range c.nodes {
				bodies[i] = append(bodies[i], cp(n, off, adoptedBody(c, k)))
			}
		}
		doc.Categories = append(doc.Categories, c.categories...)
		for k, v := range c.switches {
			if doc.Switches == nil {
				doc.Switches = map[string]bool{}
			}
			doc.Switches[k] = v
		}
		for _, d := range c.diags {
			d.Pos += off
			d.End += off
			doc.Diagnostics = append(doc.Diagnostics, d)
		}
	}
	doc.Diagnostics.Sort()
	parser.AssignHeadingIDs(headings, bases)
	var outlined, kept []sectionRun
	if o != nil {
		runs := sectionRuns(parts, heads)
		outlined, kept = make([]sectionRun, 0, len(runs)), make([]sectionRun, 0, len(runs)+1)
		rest := 0
		for _, r := range runs {
			r.key = partKey{text: text[cuts[r.from]:cuts[r.to]], ids: r.ids(heads)}
			if _, ok := o.full[r.key]; ok && mode == outlineStitch && o.tables.Has(false, r.key.text) {
				outlined = append(outlined, r)
				continue
			}
			kept = append(kept, r)
			for i := r.from; i < r.to; i++ {
				rest += parts[i].size - parts[i].headSize
			}
		}
		// The sole chunks outside the runs (a section that begins in a
		// chunk that is not sole) are copied in full.
		in := make([]bool, len(parts))
		for _, r := range runs {
			for i := r.from; i < r.to; i++ {
				in[i] = true
			}
		}
		for i, c := range parts {
			if deferred(i) && !in[i] {
				rest += c.size - c.headSize
				kept = append(kept, sectionRun{from: i, to: i + 1, loose: true})
			}
		}
		// A chunk no document took yet is taken (once, should the text
		// hold it twice); the others are copied.
		adopting := make([]bool, len(parts))
		for _, r := range kept {
			for i := r.from; i < r.to; i++ {
				if c := parts[i]; !c.adopted && len(c.nodes) > 1 {
					c.adopted, adopting[i] = true, true
					rest -= c.size - c.headSize
				}
			}
		}
		slab = h.Nodes.Nodes(rest)
		for _, r := range kept {
			for i := r.from; i < r.to; i++ {
				c := parts[i]
				if adopting[i] {
					c.at, c.ownCalls = cuts[i], map[*model.TemplateCall]*model.TemplateCall{}
					for _, n := range c.nodes[1:] {
						n.Parent, n.PrevSibling, n.NextSibling = nil, nil, nil
						adopt(n, cuts[i], c)
						bodies[i] = append(bodies[i], n)
					}
					continue
				}
				for k, n := range c.nodes[1:] {
					bodies[i] = append(bodies[i], cp(n, cuts[i], adoptedBody(c, k+1)))
				}
			}
		}
	}
	for i := range parts {
		if heads[i] != nil {
			root.AppendChild(heads[i])
		}
		for _, n := range bodies[i] {
			root.AppendChild(n)
		}
	}
	parser.BuildSections(root)
	for _, r := range outlined {
		// The section's range is the one its nodes give it in full.
		for i := r.from; i < r.to; i++ {
			sec := heads[i].Parent
			if parts[i].bodyEnd > 0 {
				sec.End = max(sec.End, cuts[i]+parts[i].bodyEnd)
			}
			for ; sec.Parent != nil && sec.Parent.Kind == model.KindSection; sec = sec.Parent {
				sec.Parent.End = max(sec.Parent.End, sec.End)
			}
		}
		o.Outlined++
	}
	if leadKey.text != "" && !leadOutlined {
		if _, ok := o.full[leadKey]; !ok {
			if o.full == nil {
				o.full = map[partKey][]*model.Node{}
			}
			o.full[leadKey] = bodies[0]
		}
	}
	for _, r := range kept {
		if r.loose {
			continue
		}
		if _, ok := o.full[r.key]; !ok {
			if o.full == nil {
				o.full = map[partKey][]*model.Node{}
			}
			o.full[r.key] = []*model.Node{heads[r.from].Parent}
		}
	}
	return doc
}

// adoptedBody returns c when its node k is one a document took (see
// chunk.adopted), nil when it is the chunk's own.
func adoptedBody(c *chunk, k int) *chunk {
	if c.adopted && k > 0 {
		return c
	}
	return nil
}

// sectionRun is a top-level section of a stitched document made of sole
// chunks from..to-1 (see sectionRuns); loose marks a sole chunk that is
// part of no such section.
type sectionRun struct {
	from, to int
	key      partKey
	loose    bool
}

// ids returns the ids of the run's headings as PartIDs gives them (the
// run's chunks are sole: a heading each, its first node).
func (r sectionRun) ids(heads []*model.Node) string {
	var b strings.Builder
	for i := r.from; i < r.to; i++ {
		id, _ := heads[i].Attr("id")
		b.WriteByte(0)
		b.WriteString(id)
	}
	return b.String()
}

// sectionRuns returns the top-level sections of a stitched document that
// are made of sole chunks only (heads[i] is sole chunk i's heading), as
// parser.BuildSections will group the chunks' nodes: a heading begins a
// top-level section when its level is at most that of every heading
// before it. A section that begins in the first chunk or holds a chunk
// that is not sole (whose nodes may hold top-level headings of their own)
// is not one of them.
func sectionRuns(parts []*chunk, heads []*model.Node) []sectionRun {
	runs := make([]sectionRun, 0, len(parts))
	low := 7  // the lowest level of the headings so far (7: none)
	cur := -1 // the first chunk of the section being read, -1 when it is not a run
	end := func(to int) {
		if cur >= 0 {
			runs = append(runs, sectionRun{from: cur, to: to})
		}
	}
	for i, c := range parts {
		if h := heads[i]; h != nil {
			if int(h.Level) <= low {
				end(i)
				cur = i
				low = int(h.Level)
			}
			continue
		}
		// A chunk in full: its top-level headings begin sections too,
		// none of which is a run (they hold part of it), nor is the one
		// it is in.
		cur = -1
		for _, n := range c.nodes {
			if n.Kind == model.KindHeading {
				low = min(low, int(n.Level))
			}
		}
	}
	end(len(parts))
	return runs
}

// chunkCuts returns where text's chunks start (0, then each heading
// line's start) and end (len(text)); a redirect is one chunk (it is read
// from the start of the text).
func chunkCuts(text string) []int {
	if strings.HasPrefix(strings.TrimLeft(text, " \t\r\n"), "#") {
		return nil
	}
	cuts := []int{0}
	for i := 0; ; {
		k := strings.Index(text[i:], "\n=")
		if k < 0 {
			break
		}
		ls := i + k + 1
		le := strings.IndexByte(text[ls:], '\n')
		if le < 0 {
			le = len(text)
		} else {
			le += ls
		}
		if headingLike(text[ls:le]) {
			cuts = append(cuts, ls)
		}
		i = le
		if i >= len(text) {
			break
		}
	}
	return append(cuts, len(text))
}

// headingLike reports whether a line is "=…=" with text between: a
// heading line, whose chunk's parse checks that it is one.
func headingLike(line string) bool {
	line = strings.TrimRight(line, " \t\r")
	return len(line) >= 3 && line[len(line)-1] == '='
}

// closed reports whether every bracket, brace, tag and comment opened in s
// is closed in s, and nothing is closed that s did not open.
func closed(s string) bool {
	var braces, brackets int
	var tags map[string]int // made at the first tag
	// gt is the next '>' at or after a tag's name, kept for the tags
	// that follow (theirs is the same or later): each tag looking for
	// its own was quadratic on a text of many '<' and no '>'.
	gt := &nextByte{s: s, c: '>'}
	for i := 0; i < len(s); i++ {
		if !bracketByte[s[i]] {
			continue
		}
		switch s[i] {
		case '{':
			braces++
		case '}':
			braces--
			if braces < 0 {
				return false
			}
		case '[':
			brackets++
		case ']':
			brackets--
			if brackets < 0 {
				return false
			}
		case '<':
			if strings.HasPrefix(s[i:], "<!--") {
				e := strings.Index(s[i+4:], "-->")
				if e < 0 {
					return false
				}
				i += 4 + e + 2
				continue
			}
			name, end, self := tagAt(s, i, gt)
			if name == "" {
				continue
			}
			if self || voidTag[name] {
				continue
			}
			if tags == nil {
				tags = map[string]int{}
			}
			if end {
				tags[name]--
				if tags[name] < 0 {
					return false
				}
			} else {
				tags[name]++
			}
		}
	}
	if braces != 0 || brackets != 0 {
		return false
	}
	for _, n := range tags {
		if n != 0 {
			return false
		}
	}
	return true
}

// bracketByte marks the bytes closed looks at: every chunk of every
// revision is read through it.
var bracketByte = [256]bool{'{': true, '}': true, '[': true, ']': true, '<': true}

var voidTag = map[string]bool{"br": true, "hr": true, "wbr": true, "img": true, "meta": true, "link": true, "col": true}

// tagAt reads a tag at s[i] ('<'): its lower-case name, whether it is an
// end tag and whether it closes itself ("<br/>"); "" when s[i:] is not a
// tag. gt finds the next '>' (closed keeps one for all its tags).
func tagAt(s string, i int, gt *nextByte) (name string, end, self bool) {
	j := i + 1
	if j < len(s) && s[j] == '/' {
		end = true
		j++
	}
	k := j
	for k < len(s) && (s[k] >= 'a' && s[k] <= 'z' || s[k] >= 'A' && s[k] <= 'Z' || k > j && s[k] >= '0' && s[k] <= '9') {
		k++
	}
	if k == j {
		return "", false, false
	}
	if g := gt.from(k); g > k && s[g-1] == '/' {
		self = true
	}
	return strings.ToLower(s[j:k]), end, self
}

// nextByte finds the next c in s at or after a position, for positions
// that do not go back: the last one found (or none) stands for every
// position up to it, so s is read once.
type nextByte struct {
	s     string
	c     byte
	after int // at is the first c at or after this position
	at    int // -1: none
	known bool
}

// from returns the index of the first c in s at or after p, or -1.
func (n *nextByte) from(p int) int {
	if n.known && p >= n.after && (n.at < 0 || n.at >= p) {
		return n.at
	}
	n.after, n.at, n.known = p, strings.IndexByte(n.s[p:], n.c), true
	if n.at >= 0 {
		n.at += p
	}
	return n.at
}

// hasFold reports whether s contains sub (sub in lower case; ASCII, any
// case in s).
func hasFold(s, sub string) bool {
	first := []byte{sub[0], sub[0]}
	if c := sub[0]; c >= 'a' && c <= 'z' {
		first[1] = c - 'a' + 'A'
	}
	for i := 0; ; {
		var k int
		if first[0] == first[1] {
			// One byte to look for ("<ref"): IndexAny reads byte by
			// byte, IndexByte many at once (2% of a build's
			// instructions went to IndexAny here).
			k = strings.IndexByte(s[i:], first[0])
		} else {
			k = strings.IndexAny(s[i:], string(first))
		}
		if k < 0 {
			return false
		}
		i += k
		if len(s)-i >= len(sub) && strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
		i++
	}
}

// timeWords are the beginnings of the magic words and functions whose
// value is the revision's time or another of its details (CURRENT…,
// LOCAL…, REVISION…, #time and #timel).
var timeWords = []string{"current", "local", "revision", "#time"}

// mentionsTime reports whether s may ask for the time: whether a time word
// begins the name of a template, magic word or function in it. A time
// word elsewhere ("the current player" in a call's argument) does not
// count: a chunk that counts is parsed again for each revision.
func mentionsTime(s string) bool {
	n := &nameReader{s: s}
	for i := 0; ; {
		k := strings.Index(s[i:], "{{")
		if k < 0 {
			return false
		}
		i += k
		for i < len(s) && s[i] == '{' {
			i++
		}
		if n.timeName(i) {
			return true
		}
	}
}

// timeName reports whether the name that s begins with (the text after
// a call's braces) may be a time word. It looks past what may stand before
// a name: blanks, comments, subst: and safesubst:, and a parameter that
// gives the prefix ("{{{{{|safesubst:}}}CURRENTYEAR}}", a template's idiom).
func timeName(s string) bool { return (&nameReader{s: s}).timeName(0) }

// A nameReader reads the names of the calls of one text for
// mentionsTime, in time linear in the text whatever it holds: a
// closer ("-->", "}}}") is looked for in a list of where they are, made
// once, and where a name begins after something looked past, the answer
// is kept (a text of many openers and no closer, or of long runs of
// them, was quadratic).
type nameReader struct {
	s       string
	closers [len(beforeName)][]int // where each closer is, once listed
	listed  [len(beforeName)]bool
	after   map[int]bool // the answers at positions after a closer
}

func (n *nameReader) timeName(i int) bool {
	var passed []int // the positions after a closer this name went through
	answer := func(v bool) bool {
		if len(passed) > 0 && n.after == nil {
			n.after = map[int]bool{}
		}
		for _, p := range passed {
			n.after[p] = v
		}
		return v
	}
next:
	for {
		for i < len(n.s) && (n.s[i] == ' ' || n.s[i] == '\t' || n.s[i] == '\r' || n.s[i] == '\n') {
			i++
		}
		rest := n.s[i:]
		for k, skip := range beforeName {
			if !hasPrefixFold(rest, skip.open) {
				continue
			}
			if skip.close == "" {
				i += len(skip.open)
				continue next
			}
			e := n.closer(k, i)
			if e < 0 {
				return answer(false) // the rest is a comment or a parameter
			}
			i = e + len(skip.close)
			if v, ok := n.after[i]; ok {
				return answer(v)
			}
			passed = append(passed, i)
			continue next
		}
		for _, w := range timeWords {
			if hasPrefixFold(rest, w) {
				return answer(true)
			}
		}
		return answer(false)
	}
}

// closer returns where the first closer of beforeName[k] at or after p
// begins, or -1.
func (n *nameReader) closer(k, p int) int {
	if !n.listed[k] {
		n.listed[k] = true
		c := beforeName[k].close
		for i := 0; ; {
			j := strings.Index(n.s[i:], c)
			if j < 0 {
				break
			}
			n.closers[k] = append(n.closers[k], i+j)
			i += j + 1
		}
	}
	at := n.closers[k]
	if j := sort.SearchInts(at, p); j < len(at) {
		return at[j]
	}
	return -1
}

// beforeName is what timeName looks past: from open to close, or open
// alone when close is "".
var beforeName = [...]struct{ open, close string }{
	{"<!--", "-->"},
	{"|", "}}}"},
	{"subst:", ""},
	{"safesubst:", ""},
}

// hasPrefixFold is strings.HasPrefix under Unicode case folding.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// timedTemplates reports whether a template of the wiki may ask for the
// time: every chunk's time is then part of its key.
func (w *Wiki) timedTemplates() bool {
	w.timedOnce.Do(func() {
		t := w.Templates
		if t == nil {
			return
		}
		for _, n := range t.Names() {
			if def, _ := t.Template(n); mentionsTime(def) {
				w.timed = true
				return
			}
		}
	})
	return w.timed
}
