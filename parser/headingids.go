package parser

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/wikirules/wikirules/model"
)

// Heading ids as MediaWiki 1.39 makes them (Parser::finalizeHeadings,
// $wgFragmentMode html5 then legacy):
//
//   - the text of the heading's HTML, tags left out: a link's text, a
//     footnote marker's "[1]", a missing file's title (the parser knows
//     of no file: every file is missing to it, as to the renderer's
//     default Linker) and a framed picture's caption after it;
//   - runs of spaces and underscores read as one space, and white space
//     trimmed (Sanitizer::normalizeSectionNameWhitespace);
//   - the text read as a title's fragment (Parser::normalizeSectionName):
//     bidi marks gone, runs of spaces, underscores and Unicode spaces one
//     space, none at the end;
//   - its first 1024 characters, tab, line feed, form feed, carriage
//     return and space "_" (Sanitizer::escapeIdForAttribute, html5): the
//     id; and PHP's urlencode of it, spaces "_", "%3A" ":" and "%" "."
//     (legacy): the legacy id, which the renderer writes before the
//     heading where it is not the id;
//   - the ids and legacy ids so far are one set ($refers), compared in
//     lower case by ASCII letters (PHP's strtolower): an id or legacy id
//     already there gets the first free "_2", "_3"…, each on its own; a
//     heading with no legacy id adds PHP's $refers[false], which is
//     $refers[0], the key of the id "0" (which the next heading "0" finds
//     taken: "0_2").
//
// An empty heading's id is "" (then "_2"…), as MediaWiki writes it. One
// difference is left: a space or underscore written as a character
// reference ("&#32;A") at either end is trimmed, where MediaWiki, which
// decodes references after trimming, keeps it ("_A"): the tree's text is
// decoded.

// assignHeadingIDs gives every heading its id, as AssignHeadingIDs.
func assignHeadingIDs(headings []*model.Node, bases []string) {
	var r refers
	for i, h := range headings {
		var id, legacy string
		if i < len(bases) && bases[i] != "" {
			id, legacy = bases[i], legacyOfID(h, bases[i])
		} else {
			id, legacy = sectionIDs(headingText(h))
		}
		setAttr(h, "id", r.take(id, legacy))
	}
}

// refers is the set of ids and legacy ids taken so far, compared as
// PHP's strtolower keys: a few in an array (a section's chunk has one or
// two headings, a page a dozen), looked through without lower-case
// copies; more in a map of lower-case keys.
type refers struct {
	small [smallRefers]string
	n     int
	m     map[string]bool
	// last is, for a key numbered before, the last number it took:
	// every "key_2"… up to it is taken (the set only grows), so the next
	// search starts after it and numbering n equal headings is linear.
	last map[string]int
}

// smallRefers is the most keys refers keeps in its array.
const smallRefers = 32

// phpFalseKey is the key of PHP's $refers[false]: false as an array key
// is 0, as the string "0" is.
const phpFalseKey = "0"

// has reports whether key is taken.
func (r *refers) has(key string) bool {
	if r.m != nil {
		return r.m[model.LowerASCII(key)]
	}
	for _, k := range r.small[:r.n] {
		if asciiEqualFold(k, key) {
			return true
		}
	}
	return false
}

// add takes key.
func (r *refers) add(key string) {
	if r.m == nil {
		if r.n < smallRefers {
			if !r.has(key) {
				r.small[r.n] = key
				r.n++
			}
			return
		}
		r.m = make(map[string]bool, 2*smallRefers)
		for _, k := range r.small[:r.n] {
			r.m[model.LowerASCII(k)] = true
		}
	}
	r.m[model.LowerASCII(key)] = true
}

// number returns key, or key with the first number "_2", "_3"… that
// makes it free when it is taken, and takes it.
func (r *refers) number(key string) string {
	if !r.has(key) {
		r.add(key)
		return key
	}
	lk := model.LowerASCII(key)
	i := max(r.last[lk], 1)
	var id string
	for {
		i++
		id = key + "_" + strconv.Itoa(i)
		if !r.has(id) {
			break
		}
	}
	if r.last == nil {
		r.last = map[string]int{}
	}
	r.last[lk] = i
	r.add(id)
	return id
}

// take numbers a heading's id and its legacy id (legacy == id when it
// has none) against those before it, takes them, and returns the id.
func (r *refers) take(id, legacy string) string {
	own := legacy != id
	id = r.number(id)
	if own {
		r.number(legacy)
	} else {
		r.add(phpFalseKey)
	}
	return id
}

// asciiEqualFold reports whether a and b are equal in lower case by
// ASCII letters (PHP's strtolower).
func asciiEqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if x == y {
			continue
		}
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// headingText is the text of a heading's HTML as MediaWiki reads it for
// its id: every text of it (a footnote marker's "[1]", an error's
// message), a file's title where its picture would be, as a missing
// file's, then a framed picture's caption.
func headingText(h *model.Node) string {
	if c := h.FirstChild; c != nil && c == h.LastChild && c.Kind == model.KindText {
		return c.Text // most headings: one text, no copy
	}
	var b strings.Builder
	eachHeadingText(h, func(s string) bool {
		b.WriteString(s)
		return true
	})
	return b.String()
}

// eachHeadingText calls fn with each of the texts headingText is made
// of, in order, until fn returns false.
func eachHeadingText(h *model.Node, fn func(string) bool) {
	model.Walk(h, func(n *model.Node, entering bool) model.WalkStatus {
		if !entering {
			return model.WalkContinue
		}
		more := true
		switch n.Kind {
		case model.KindText:
			more = fn(n.Text)
		case model.KindImage:
			if li := n.Link(); li != nil {
				more = fn(li.Target)
			}
			if more && n.Tag != "figure" {
				// An inline picture's caption is its title, not text.
				return model.WalkSkipChildren
			}
		case model.KindError:
			if n.FirstChild == nil {
				more = fn(n.Text)
			}
		}
		if !more {
			return model.WalkStop
		}
		return model.WalkContinue
	})
}

// sectionIDs returns the id and the legacy id MediaWiki makes of a
// heading's text (the legacy id is the id when it has none of its own).
func sectionIDs(text string) (id, legacy string) {
	if simpleSectionText(text) {
		// Words of letters, digits and ".-:" one space or "_" apart:
		// the id is the text with "_" for its spaces, and so is the
		// legacy id.
		if strings.IndexByte(text, ' ') < 0 {
			return text, text
		}
		id = strings.ReplaceAll(text, " ", "_")
		return id, id
	}
	t := firstChars(sectionFragment(sectionNameWhitespace(text)), maxIDChars)
	return html5ID(t), legacyID(t)
}

// maxIDChars is how many characters of a text an id is made of
// (Sanitizer::escapeIdInternal's mb_substr).
const maxIDChars = 1024

// simpleSectionText reports whether text is words of ASCII letters,
// digits, '.', '-' and ':' (which the legacy encoding keeps), one space
// or '_' apart, and short enough to be an id whole: most headings, which
// every step of MediaWiki's leaves as they are but for its spaces.
func simpleSectionText(text string) bool {
	if text == "" || len(text) > maxIDChars {
		return false
	}
	sep := true // a separator before: none may start the text
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == ' ' || c == '_':
			if sep {
				return false
			}
			sep = true
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '-' || c == ':':
			sep = false
		default:
			return false
		}
	}
	return !sep
}

// sectionNameWhitespace is Sanitizer::normalizeSectionNameWhitespace:
// runs of spaces and underscores one space, PHP's trim.
func sectionNameWhitespace(s string) string {
	if strings.Contains(s, "_") || strings.Contains(s, "  ") {
		var b strings.Builder
		b.Grow(len(s))
		for i := 0; i < len(s); i++ {
			if c := s[i]; c == ' ' || c == '_' {
				for i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == '_') {
					i++
				}
				b.WriteByte(' ')
			} else {
				b.WriteByte(c)
			}
		}
		s = b.String()
	}
	return strings.Trim(s, " \t\n\r\x00\x0b")
}

// sectionFragment is Parser::normalizeSectionName: the fragment of the
// title "#"+s as MediaWikiTitleCodec::splitTitleString reads it (bidi
// marks left out, runs of spaces, underscores and Unicode spaces one
// space, none at the end), or s itself where that title is refused (a
// text that is not UTF-8, or holds U+FFFD).
func sectionFragment(s string) string {
	if !utf8.ValidString(s) {
		return s
	}
	if !fragmentChanges(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false   // in a run of spaces
	changed := false // b is not s
	for _, r := range s {
		switch {
		case r == utf8.RuneError:
			return s
		case r == '\u200e' || r == '\u200f' || '\u202a' <= r && r <= '\u202e':
			// Left out; spaces on either side of it are one run.
			changed = true
		case titleSpace(r):
			changed = changed || space || r != ' '
			space = true
		default:
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteRune(r)
		}
	}
	if !changed && !space {
		return s
	}
	return b.String()
}

// fragmentChanges reports whether sectionFragment changes s, which is
// UTF-8: whether it has a bidi mark, U+FFFD, a space other than a single
// ' ' or a space at its end.
func fragmentChanges(s string) bool {
	space := false
	for _, r := range s {
		switch {
		case r < 0x80 && r != ' ' && r != '_':
			space = false
			continue
		case r == utf8.RuneError, r == '\u200e' || r == '\u200f' || '\u202a' <= r && r <= '\u202e':
			return true
		case titleSpace(r):
			if space || r != ' ' {
				return true
			}
			space = true
			continue
		}
		space = false
	}
	return space
}

// titleSpace reports whether r is one of the spaces a title's runs of
// which are one "_" (MediaWikiTitleCodec::splitTitleString).
func titleSpace(r rune) bool {
	switch {
	case r == ' ' || r == '_' || r == '\u00a0' || r == '\u1680' || r == '\u180e':
		return true
	case r < '\u2000':
		return false
	}
	return r <= '\u200a' || r == '\u2028' || r == '\u2029' || r == '\u202f' || r == '\u205f' || r == '\u3000'
}

// firstChars is mb_substr(s, 0, n): the first n characters of s (a byte
// that is not UTF-8 counts as one).
func firstChars(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for i := 0; i < len(s); n-- {
		if n == 0 {
			return s[:i]
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s
}

// html5ID is Sanitizer::escapeIdInternal's html5 mode (after mb_substr):
// tab, line feed, form feed, carriage return and space "_".
func html5ID(s string) string {
	if strings.IndexAny(s, "\t\n\f\r ") < 0 {
		return s
	}
	b := []byte(s)
	for i, c := range b {
		if c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ' {
			b[i] = '_'
		}
	}
	return string(b)
}

// legacyID is Sanitizer::escapeIdInternal's legacy mode (after
// mb_substr): PHP's urlencode with "_" for spaces, "%3A" back to ":" and
// every other "%" made ".".
func legacyID(s string) string {
	const hex = "0123456789ABCDEF"
	safe := 0
	for safe < len(s) && legacySafe(s[safe]) {
		safe++
	}
	if safe == len(s) {
		return s
	}
	b := make([]byte, 0, len(s)+16)
	b = append(b, s[:safe]...)
	for i := safe; i < len(s); i++ {
		switch c := s[i]; {
		case legacySafe(c):
			b = append(b, c)
		case c == ' ':
			b = append(b, '_')
		default:
			b = append(b, '.', hex[c>>4], hex[c&15])
		}
	}
	return string(b)
}

// legacySafe reports whether the legacy encoding keeps byte c.
func legacySafe(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '-' || c == ':'
}

// legacyOfID returns the legacy id of heading h whose id, before
// numbering, is id: id's legacy encoding, since id is the heading's text
// with "_" for its spaces, unless the text had a tab, a line feed, a
// form feed or a carriage return, which the id has as "_" too.
func legacyOfID(h *model.Node, id string) string {
	if strings.IndexByte(id, '_') >= 0 {
		control := false
		eachHeadingText(h, func(s string) bool {
			control = strings.ContainsAny(s, "\t\n\f\r")
			return !control
		})
		if control {
			_, legacy := sectionIDs(headingText(h))
			return legacy
		}
	}
	return legacyID(id)
}
