package model

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Case rules of a wiki or a namespace, as <siteinfo> writes them.
const (
	// CaseFirstLetter: the first letter of a title is upper case
	// ("polish" and "Polish" are one page). MediaWiki's default.
	CaseFirstLetter = "first-letter"
	// CaseSensitive: titles are kept as written (Wiktionary).
	CaseSensitive = "case-sensitive"
)

// Namespace is one namespace of a wiki.
type Namespace struct {
	ID int
	// Name is the namespace's name as the wiki spells it ("Bólkur" for
	// namespace 14 on a Faroese wiki); "" for the main namespace.
	Name string
	// Case is the namespace's case rule (CaseFirstLetter or CaseSensitive);
	// "" means the site's.
	Case string
}

// SiteInfo is what an export's <siteinfo> says about its wiki. Writing an
// export writes it back as it was read.
type SiteInfo struct {
	Name      string // <sitename>
	DBName    string // <dbname>
	Base      string // <base>: the URL of the main page
	Generator string // <generator>: the software that wrote the export
	// Case is the wiki's case rule for titles (CaseFirstLetter or
	// CaseSensitive; "" when the export does not say: first-letter).
	Case string
	// Namespaces are the wiki's namespaces in the export's order.
	Namespaces []Namespace
}

// Equal reports whether two siteinfo blocks describe the same wiki the same
// way.
func (s *SiteInfo) Equal(o *SiteInfo) bool {
	if s == nil || o == nil {
		return s == o
	}
	if s.Name != o.Name || s.DBName != o.DBName || s.Base != o.Base || s.Generator != o.Generator ||
		s.Case != o.Case || len(s.Namespaces) != len(o.Namespaces) {
		return false
	}
	for i := range s.Namespaces {
		if s.Namespaces[i] != o.Namespaces[i] {
			return false
		}
	}
	return true
}

// canonicalNamespaces are MediaWiki's built-in namespace names: every wiki
// understands them, whatever its language.
var canonicalNamespaces = []Namespace{
	{ID: -2, Name: "Media"}, {ID: -1, Name: "Special"},
	{ID: 1, Name: "Talk"}, {ID: NSUser, Name: "User"}, {ID: 3, Name: "User talk"},
	{ID: NSProject, Name: "Project"}, {ID: 5, Name: "Project talk"},
	{ID: NSFile, Name: "File"}, {ID: 7, Name: "File talk"},
	{ID: 8, Name: "MediaWiki"}, {ID: 9, Name: "MediaWiki talk"},
	{ID: NSTemplate, Name: "Template"}, {ID: 11, Name: "Template talk"},
	{ID: NSHelp, Name: "Help"}, {ID: 13, Name: "Help talk"},
	{ID: NSCategory, Name: "Category"}, {ID: 15, Name: "Category talk"},
	{ID: 828, Name: "Module"}, {ID: 829, Name: "Module talk"},
}

// canonicalAliases are names MediaWiki accepts for a namespace besides its
// canonical one.
var canonicalAliases = map[string]int{"image": NSFile, "image talk": 7}

// Namespaces are a wiki's title rules: its namespace names (and the
// aliases that lead to them) and its case rule. The zero value and nil are
// the default rules: MediaWiki's English names, first letter upper case.
type Namespaces struct {
	byName map[string]int // lower-cased name or alias → namespace
	names  map[int]string // namespace → the name the wiki spells it with
	// sensitive holds the namespaces whose titles are case-sensitive.
	sensitive map[int]bool
}

var defaultNamespaces = NewNamespaces(nil)

// DefaultNamespaces returns MediaWiki's default rules (English namespace
// names, first-letter case).
func DefaultNamespaces() *Namespaces { return defaultNamespaces }

// NewNamespaces returns the rules of the wiki si describes: its namespace
// names, with MediaWiki's canonical English names and aliases still
// understood, and its case rule. A nil si gives the default rules.
func NewNamespaces(si *SiteInfo) *Namespaces {
	n := &Namespaces{byName: map[string]int{}, names: map[int]string{}, sensitive: map[int]bool{}}
	for _, ns := range canonicalNamespaces {
		n.byName[strings.ToLower(ns.Name)] = ns.ID
		n.names[ns.ID] = ns.Name
	}
	for a, id := range canonicalAliases {
		n.byName[a] = id
	}
	if si == nil {
		return n
	}
	siteSensitive := si.Case == CaseSensitive
	if siteSensitive {
		// Namespaces the export does not list follow the site's rule.
		for _, ns := range canonicalNamespaces {
			n.sensitive[ns.ID] = true
		}
		n.sensitive[NSMain] = true
	}
	for _, ns := range si.Namespaces {
		name := strings.Join(strings.Fields(strings.ReplaceAll(ns.Name, "_", " ")), " ")
		if ns.ID != NSMain && name != "" {
			n.byName[strings.ToLower(name)] = ns.ID
			n.names[ns.ID] = name
		}
		switch ns.Case {
		case CaseSensitive:
			n.sensitive[ns.ID] = true
		case CaseFirstLetter:
			delete(n.sensitive, ns.ID)
		default:
			if siteSensitive {
				n.sensitive[ns.ID] = true
			}
		}
	}
	return n
}

func (n *Namespaces) orDefault() *Namespaces {
	if n == nil || n.byName == nil {
		return defaultNamespaces
	}
	return n
}

// Name returns the namespace's name as the wiki spells it ("" for the main
// namespace and for numbers the wiki does not know).
func (n *Namespaces) Name(ns int) string { return n.orDefault().names[ns] }

// Lookup returns the namespace a name or alias denotes ("category",
// "Image", "Bólkur"), ignoring case and reading '_' as a space.
func (n *Namespaces) Lookup(name string) (int, bool) {
	name = strings.ToLower(collapseSpaces(name))
	id, ok := n.orDefault().byName[name]
	return id, ok
}

// CaseSensitive reports whether titles in namespace ns keep their first
// letter as written.
func (n *Namespaces) CaseSensitive(ns int) bool { return n.orDefault().sensitive[ns] }

// Split splits "File:Board.png" into (6, "Board.png"). A title whose prefix
// names no namespace is in the main namespace: (0, title).
func (n *Namespaces) Split(title string) (int, string) {
	i := strings.IndexByte(title, ':')
	if i <= 0 {
		return NSMain, title
	}
	if ns, ok := n.Lookup(title[:i]); ok {
		return ns, strings.TrimSpace(title[i+1:])
	}
	return NSMain, title
}

// Normalize puts a title in the wiki's canonical form: underscores become
// spaces, runs of spaces collapse, the ends are trimmed, a namespace prefix
// is spelt as the wiki spells it, and the first letter of the name is upper
// case unless the namespace is case-sensitive.
func (n *Namespaces) Normalize(t string) string {
	n = n.orDefault()
	t = collapseSpaces(t)
	if t == "" {
		return t
	}
	if i := strings.IndexByte(t, ':'); i > 0 {
		if ns, ok := n.Lookup(t[:i]); ok {
			rest := strings.TrimSpace(t[i+1:])
			if !n.sensitive[ns] {
				rest = ucfirst(rest)
			}
			return n.names[ns] + ":" + rest
		}
	}
	if n.sensitive[NSMain] {
		return t
	}
	return ucfirst(t)
}

// Title returns the full title of name in namespace ns ("Template:Die").
func (n *Namespaces) Title(ns int, name string) string {
	if ns == NSMain {
		return name
	}
	if p := n.Name(ns); p != "" {
		return p + ":" + name
	}
	return fmt.Sprintf("%d:%s", ns, name)
}

// ucfirst upper-cases the first letter, as MediaWiki's first-letter rule does.
// collapseSpaces reads "_" as a space, drops leading and trailing spaces
// and makes every run of spaces one: strings.Fields and Join over the
// title with "_" replaced, without allocating for a title that is already
// so (most are: titles are normalized over and over, for every link).
func collapseSpaces(t string) string {
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c >= utf8.RuneSelf:
			// A Unicode space may be among the rest: the general way.
			return strings.Join(strings.Fields(strings.ReplaceAll(t, "_", " ")), " ")
		case c == '_' || asciiSpace[c] && (c != ' ' || i == 0 || i == len(t)-1 || t[i+1] == ' '):
			return strings.Join(strings.Fields(strings.ReplaceAll(t, "_", " ")), " ")
		}
	}
	return t
}

// asciiSpace are the ASCII bytes strings.Fields splits at.
var asciiSpace = [256]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

func ucfirst(s string) string { return UcFirst(s) }
