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
// non-empty placeholder when there is a title at all.
func splitTitle(names *model.Namespaces, link string) (wikiTitle, string, bool) {
	var t wikiTitle
	s := decodeCharRefs(link)
	s = strings.ReplaceAll(s, "_", " ")
	s = strings.TrimSpace(collapseSpaces(s))
	if strings.HasPrefix(s, ":") {
		t.forced = true
		s = strings.TrimSpace(s[1:])
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		t.fragment = strings.TrimSpace(s[i+1:])
		s = strings.TrimSpace(s[:i])
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

func collapseSpaces(s string) string {
	if !strings.Contains(s, "  ") {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

func ucfirst(s string) string { return model.UcFirst(s) }

// wikiURLEncode is MediaWiki's wfUrlencode of a title (spaces made
// underscores first): PHP's urlencode, then ; @ $ ! * ( ) , / ~ : as they
// were. Apostrophes, ampersands and the rest stay encoded.
func wikiURLEncode(title string) string {
	return phpURLEncode(strings.ReplaceAll(title, " ", "_"), ";@$!*(),/~:", true)
}
