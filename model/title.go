package model

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Conventions say how page titles map to kinds and games. Wikis differ (the
// Board Game Arena wiki names rules pages "Gamehelp<slug>" and tips pages
// "Tips <slug>"), so they are data, not code.
type Conventions struct {
	// RulesPrefixes mark rules pages; the rest of the title is the game slug.
	RulesPrefixes []string
	// TipsPrefixes mark tips pages; the rest of the title is the game slug.
	TipsPrefixes []string
}

// DefaultConventions returns the Board Game Arena wiki's conventions.
func DefaultConventions() Conventions {
	return Conventions{
		RulesPrefixes: []string{"Gamehelp"},
		TipsPrefixes:  []string{"Tips "},
	}
}

// SplitNamespace splits "File:Board.png" into (6, "Board.png") by the
// default (English) namespace names. Titles in the main namespace return
// (0, title). Namespaces.Split does the same for a given wiki.
func SplitNamespace(title string) (int, string) {
	return defaultNamespaces.Split(title)
}

// Classify fills in the namespace, kind and game of a page from its title.
// A namespace read from the input (XML exports carry one) wins over the
// title's prefix when ns >= 0. Namespace names are the default (English)
// ones; ClassifyIn takes a wiki's own.
func (c Conventions) Classify(title string, ns int) (namespace int, kind PageKind, game string) {
	return c.ClassifyIn(nil, title, ns)
}

// ClassifyIn is Classify with a wiki's namespace names (nil: the default
// ones).
func (c Conventions) ClassifyIn(names *Namespaces, title string, ns int) (namespace int, kind PageKind, game string) {
	tns, rest := names.Split(title)
	if ns < 0 {
		ns = tns
	}
	switch ns {
	case NSFile:
		return ns, PageFile, ""
	case NSTemplate:
		return ns, PageTemplate, ""
	case NSMain:
		for _, p := range c.RulesPrefixes {
			if s, ok := cutPrefixFold(rest, p); ok && s != "" {
				return ns, PageRules, Slug(s)
			}
		}
		for _, p := range c.TipsPrefixes {
			if s, ok := cutPrefixFold(rest, p); ok && s != "" {
				return ns, PageTips, Slug(s)
			}
		}
	}
	return ns, PageOther, ""
}

// cutPrefixFold is strings.CutPrefix where the first letter is compared
// case-insensitively, as MediaWiki titles are.
func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) < len(prefix) || prefix == "" {
		return s, false
	}
	a, n := utf8.DecodeRuneInString(s)
	b, m := utf8.DecodeRuneInString(prefix)
	if unicode.ToUpper(a) != unicode.ToUpper(b) || n != m {
		return s, false
	}
	if s[n:len(prefix)] != prefix[m:] {
		return s, false
	}
	return s[len(prefix):], true
}

// Slug turns a title fragment into a URL- and file-safe identifier: lower
// case letters and digits, other runs of characters folded into one '-'.
func Slug(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		case r == '\'' || r == '’':
			// "Hold'em" reads as "holdem", not "hold-em".
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	return b.String()
}

// NormalizeTitle puts a title in MediaWiki's canonical form by the default
// rules (English namespace names, first letter upper case): underscores
// become spaces, runs of spaces collapse, the ends are trimmed, a namespace
// prefix is spelt canonically ("MediaWiki:", "User talk:") and the first
// letter of the name is upper case. Namespaces.Normalize does the same for
// a given wiki (its namespace names and its case rule).
func NormalizeTitle(t string) string { return defaultNamespaces.Normalize(t) }
