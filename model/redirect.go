package model

import (
	"net/url"
	"strings"
	"unicode/utf8"
)

// RedirectTarget reads a redirect ("#REDIRECT [[Target#Section]]", or the
// redirect word of any language MediaWiki ships: "#WEITERLEITUNG",
// "#REDIRECTION"…) at the start of a page's text, as MediaWiki's
// WikitextContent::getRedirectTargetAndText does: the word, an optional
// colon, then a link. It returns the target's normalized title, its
// fragment and the length of the redirect in text (the rest of the page
// follows it). The title is normalized by the default rules;
// RedirectTargetIn takes a wiki's.
func RedirectTarget(text string) (title, fragment string, n int, ok bool) {
	return RedirectTargetIn(nil, text)
}

// RedirectTargetIn is RedirectTarget with the target normalized by a wiki's
// namespace names and case rules (nil: the default ones).
func RedirectTargetIn(names *Namespaces, text string) (title, fragment string, n int, ok bool) {
	i := 0
	for i < len(text) && isSpaceByte(text[i]) {
		i++
	}
	if i >= len(text) || text[i] != '#' {
		return "", "", 0, false
	}
	rest := text[i:]
	word := 0
	for _, w := range redirectWords {
		if len(w) > word && len(rest) >= len(w) && strings.EqualFold(rest[:len(w)], w) {
			word = len(w)
		}
	}
	if word == 0 {
		return "", "", 0, false
	}
	j := i + word
	for j < len(text) && isSpaceByte(text[j]) {
		j++
	}
	if j < len(text) && text[j] == ':' {
		j++
		for j < len(text) && isSpaceByte(text[j]) {
			j++
		}
	}
	if !strings.HasPrefix(text[j:], "[[") {
		return "", "", 0, false
	}
	end := strings.Index(text[j+2:], "]]")
	if end < 0 {
		return "", "", 0, false
	}
	inner := text[j+2 : j+2+end]
	n = j + 2 + end + 2
	for n < len(text) && isSpaceByte(text[n]) {
		n++
	}
	if k := strings.IndexByte(inner, '|'); k >= 0 {
		inner = inner[:k]
	}
	if strings.IndexByte(inner, '%') >= 0 {
		if dec, err := url.PathUnescape(strings.TrimLeft(inner, ":")); err == nil {
			inner = dec
		}
	}
	inner = strings.TrimLeft(strings.TrimSpace(inner), ":")
	if k := strings.IndexByte(inner, '#'); k >= 0 {
		fragment = strings.TrimSpace(inner[k+1:])
		inner = inner[:k]
	}
	title = names.Normalize(inner)
	if title == "" || !utf8.ValidString(title) || strings.ContainsAny(title, "<>[]{}|\x7f\n") {
		return "", "", 0, false
	}
	return title, fragment, n, true
}
