package parser

import (
	"strings"
	"unicode/utf8"

	"github.com/wikirules/wikirules/model"
)

// titleBytes marks the bytes that may appear in a link target as written
// ($wgLegalTitleChars plus '#' and '%').
var titleBytes = func() (t [256]bool) {
	for c := 0x80; c <= 0xff; c++ {
		t[c] = true
	}
	for _, c := range []byte(" %!\"$&'()*,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ\\^_`abcdefghijklmnopqrstuvwxyz~+#") {
		t[c] = true
	}
	return
}()

// wikiTitle is a parsed link target.
type wikiTitle struct {
	ns       int
	text     string // full normalized title with namespace, spaces ("Gamehelp hearts")
	fragment string
	forced   bool // written with a leading ':'
}

// parseTitle validates and normalizes a link target as MediaWiki's
// Title::newFromText does, by the wiki's namespace names and case rules
// (nil: the default ones). It reports false for targets MediaWiki rejects,
// which are then written out as text.
func parseTitle(names *model.Namespaces, link string) (wikiTitle, bool) {
	t, name, ok := splitTitle(names, link)
	if !ok || t.text == "" {
		return t, ok
	}
	if len(name) > 255 {
		// MediaWiki's limit is on the name without its namespace.
		return t, false
	}
	t.text = names.Title(t.ns, caseName(names, t.ns, name))
	return t, true
}

// caseName applies namespace ns's case rule to a name.
func caseName(names *model.Namespaces, ns int, name string) string {
	if names.CaseSensitive(ns) {
		return name
	}
	return ucfirst(name)
}

// splitTitle is parseTitle up to the case rule: it returns the namespace
// (in t.ns), the name as written after the namespace and, in t.text, a
// non-empty placeholder when there is a title at all. It reads the text
// as Title::newFromText does (MediaWikiTitleCodec::splitTitleString,
// Title::setFragment): see titleText; then a leading ':' forces the
// link, the fragment is what follows the first '#' (a space at its start
// kept: "[[# lead]]" is "#_lead"), the name what comes before it, spaces
// at its end left out.
func splitTitle(names *model.Namespaces, link string) (wikiTitle, string, bool) {
	var t wikiTitle
	s, ok := titleText(link)
	if !ok {
		return t, "", false
	}
	if strings.HasPrefix(s, ":") {
		t.forced = true
		s = strings.TrimLeft(s[1:], " ")
	}
	if s == "" {
		return t, "", false
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		t.fragment = s[i+1:]
		s = strings.TrimRight(s[:i], " ")
	}
	if !legalTitleText(s) {
		return t, "", false
	}
	if s == "" {
		// A fragment-only link ([[#Section]]) points into the page.
		return t, "", t.fragment != ""
	}
	if s[0] == ':' {
		return t, "", false
	}
	ns, rest := names.Split(s)
	if ns != model.NSMain && (rest == "" || rest[0] == ':') {
		return t, "", false
	}
	t.ns = ns
	t.text = rest
	return t, rest, true
}

// titleText is a title as written ("Main_Page#a&nbsp;b") as MediaWiki
// reads it before splitting it, with single spaces for its white space
// ("Main Page#a b"), and false when MediaWiki makes no title of it:
//
//   - its character references decoded (Sanitizer::decodeCharReferences);
//     a numeric one of a character no XML document may hold ("&#x0C;",
//     "&#13;", "&#xFFFE;") is U+FFFD, and so, when the text holds a '&'
//     at all, is a control character ("%0B" decoded), as
//     UtfNormal\Validator::cleanUp makes them: a title with U+FFFD in it
//     is none ("title-invalid-utf8"), nor one of bytes that are no UTF-8;
//   - the bidi marks U+200E, U+200F and U+202A to U+202E left out;
//   - a run of spaces, underscores and Unicode spaces (U+00A0, U+1680,
//     U+180E, U+2000 to U+200A, U+2028, U+2029, U+202F, U+205F, U+3000;
//     not tabs or line ends) one space, none at either end.
//
// The fragment is read with the rest: "[[#a&nbsp;b]]" links to "#a_b".
// cleanUp also puts the text in Unicode's NFC when it holds a '&'; that
// is not done here.
func titleText(s string) (string, bool) {
	if strings.IndexByte(s, '&') >= 0 {
		var ok bool
		if s, ok = titleCharRefs(s); !ok {
			return "", false
		}
	}
	// Most titles need nothing: one pass to find out, no allocation.
	change := false
	space := true // at the start or after a space: a space is one too many
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch c {
			case ' ':
				change = change || space
				space = true
			case '_':
				change = true
				space = true
			default:
				space = false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError {
			return "", false // not UTF-8, or U+FFFD
		}
		if titleSpace(r) || titleBidi(r) { // titleSpace: see headingids.go
			change = true
		}
		space = false
		i += n
	}
	if !change && !space || s == "" {
		return s, true
	}
	b := make([]byte, 0, len(s))
	pending := false
	for i := 0; i < len(s); {
		r, n := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[i:])
		}
		switch {
		case titleBidi(r):
		case titleSpace(r):
			pending = true
		default:
			if pending && len(b) > 0 {
				b = append(b, ' ')
			}
			pending = false
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return string(b), true
}

// titleBidi reports whether r is one of the bidi marks and overrides the
// title codec leaves out.
func titleBidi(r rune) bool { return r == 0x200e || r == 0x200f || 0x202a <= r && r <= 0x202e }

// titleCharRefs decodes the character references of a title, s holding a
// '&', as Sanitizer::decodeCharReferencesAndNormalize does, and reports
// false when the result has a U+FFFD it did not have: a numeric reference
// to a character MediaWiki does not decode (validateCodepoint), or a
// control character but tab, line feed and carriage return (cleanUp).
func titleCharRefs(s string) (string, bool) {
	for i := strings.IndexByte(s, '&'); i >= 0; {
		if n := numericRefLen(s[i:]); n > 0 {
			if _, _, ok := charRef(s[i : i+n]); !ok {
				return "", false
			}
		}
		k := strings.IndexByte(s[i+1:], '&')
		if k < 0 {
			break
		}
		i += k + 1
	}
	s = decodeCharRefs(s)
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
			return "", false
		}
	}
	return s, true
}

// numericRefLen is the length of the numeric character reference at the
// start of s as MediaWiki finds one ("&#12;", "&#x1F;": any number of
// digits), 0 when there is none.
func numericRefLen(s string) int {
	if len(s) < 4 || s[0] != '&' || s[1] != '#' {
		return 0
	}
	i, hex := 2, false
	if s[2] == 'x' || s[2] == 'X' {
		i, hex = 3, true
	}
	j := i
	for j < len(s) && (s[j] >= '0' && s[j] <= '9' || hex && isHexDigit(s[j])) {
		j++
	}
	if j == i || j >= len(s) || s[j] != ';' {
		return 0
	}
	return j + 1
}

// legalTitleText applies MediaWiki's title rules to the part before '#'.
func legalTitleText(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x80 && !titleBytes[c] || c == '#' {
			return false
		}
	}
	if !utf8.ValidString(s) {
		return false
	}
	// Percent escapes and entities left after decoding are rejected.
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && isHexDigit(s[i+1]) && isHexDigit(s[i+2]) {
			return false
		}
	}
	for i := strings.IndexByte(s, '&'); i >= 0 && i < len(s); {
		j := i + 1
		for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9' || s[j] >= 0x80) {
			j++
		}
		if j > i+1 && j < len(s) && s[j] == ';' {
			return false
		}
		k := strings.IndexByte(s[i+1:], '&')
		if k < 0 {
			break
		}
		i += k + 1
	}
	if s == "." || s == ".." || strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../") ||
		strings.Contains(s, "/./") || strings.Contains(s, "/../") || strings.HasSuffix(s, "/.") || strings.HasSuffix(s, "/..") {
		return false
	}
	return !strings.Contains(s, "~~~")
}

func ucfirst(s string) string { return model.UcFirst(s) }

// wikiURLEncode is MediaWiki's wfUrlencode of a title (spaces made
// underscores first): PHP's urlencode, then ; @ $ ! * ( ) , / ~ : as they
// were. Apostrophes, ampersands and the rest stay encoded.
func wikiURLEncode(title string) string {
	return phpURLEncode(strings.ReplaceAll(title, " ", "_"), ";@$!*(),/~:", true)
}
