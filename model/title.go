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

// namespaces maps canonical namespace names (and common aliases) to numbers.
var namespaces = map[string]int{
	"user":      NSUser,
	"project":   NSProject,
	"file":      NSFile,
	"image":     NSFile,
	"template":  NSTemplate,
	"help":      NSHelp,
	"category":  NSCategory,
	"talk":      1,
	"user talk": 3,
	"mediawiki": 8,
	"module":    828,
}

// SplitNamespace splits "File:Board.png" into (6, "Board.png"). Titles in the
// main namespace return (0, title).
func SplitNamespace(title string) (int, string) {
	i := strings.IndexByte(title, ':')
	if i <= 0 {
		return NSMain, title
	}
	name := strings.ToLower(strings.TrimSpace(strings.ReplaceAll(title[:i], "_", " ")))
	if ns, ok := namespaces[name]; ok {
		return ns, strings.TrimSpace(title[i+1:])
	}
	return NSMain, title
}

// Classify fills in the namespace, kind and game of a page from its title.
// A namespace read from the input (XML exports carry one) wins over the
// title's prefix when ns >= 0.
func (c Conventions) Classify(title string, ns int) (namespace int, kind PageKind, game string) {
	tns, rest := SplitNamespace(title)
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

// NormalizeTitle puts a title in MediaWiki's canonical form: underscores
// become spaces, runs of spaces collapse, the ends are trimmed and the first
// letter (of the namespace and of the name) is upper case.
func NormalizeTitle(t string) string {
	t = strings.ReplaceAll(t, "_", " ")
	t = strings.Join(strings.Fields(t), " ")
	if t == "" {
		return t
	}
	ucfirst := func(s string) string {
		r, n := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError {
			return s
		}
		return string(unicode.ToUpper(r)) + s[n:]
	}
	if i := strings.IndexByte(t, ':'); i > 0 {
		if _, ok := namespaces[strings.ToLower(t[:i])]; ok {
			rest := strings.TrimSpace(t[i+1:])
			return ucfirst(strings.ToLower(t[:i])) + ":" + ucfirst(rest)
		}
	}
	return ucfirst(t)
}
