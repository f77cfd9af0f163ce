package model

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// PageKind says what a page is for. The kinds are fixed: consumers switch on
// them (the site groups games by kind, the extractor only reads rules).
type PageKind uint8

const (
	// PageOther is any page that is not one of the kinds below.
	PageOther PageKind = iota
	// PageRules is a game's rules page (Gamehelp<slug> by default).
	PageRules
	// PageTips is a game's tips page (Tips <slug> by default).
	PageTips
	// PageFile is a file description page (File:…).
	PageFile
	// PageTemplate is a template definition (Template:…).
	PageTemplate
	// PageRedirect is a redirect to another page (Page.Redirect): its
	// latest revision is "#REDIRECT [[Target]]", or the export says so.
	PageRedirect
)

var pageKindNames = [...]string{"other", "rules", "tips", "file", "template", "redirect"}

func (k PageKind) String() string {
	if int(k) < len(pageKindNames) {
		return pageKindNames[k]
	}
	return fmt.Sprintf("PageKind(%d)", k)
}

// ParsePageKind is the inverse of PageKind.String.
func ParsePageKind(s string) (PageKind, error) {
	for i, n := range pageKindNames {
		if n == s {
			return PageKind(i), nil
		}
	}
	return PageOther, fmt.Errorf("unknown page kind %q (want one of %s)", s, strings.Join(pageKindNames[:], ", "))
}

// MarshalText makes kinds read well in JSON and YAML.
func (k PageKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Standard MediaWiki namespace numbers used by wikirules.
const (
	NSMain     = 0
	NSUser     = 2
	NSProject  = 4
	NSFile     = 6
	NSTemplate = 10
	NSHelp     = 12
	NSCategory = 14
)

// Page is one wiki page and its revisions, oldest first.
type Page struct {
	Title     string
	Namespace int
	// Game is the game slug the page belongs to ("" when it belongs to none).
	Game string
	Kind PageKind
	// Redirect is the title the page redirects to, with "#Section" when
	// the redirect names one; "" when the page is not a redirect.
	Redirect  string
	Revisions []*Revision
}

// MarkRedirect makes p a redirect when its latest revision is one (see
// RedirectTarget), or when export says so (the <redirect title="…"/> of an
// XML export; "" when there is none).
func (p *Page) MarkRedirect(export string) {
	target := ""
	if r := p.Latest(); r != nil {
		target = r.Redirect
		if r.Text != "" {
			target = redirectOf(r.Text)
		}
	}
	if target == "" && export != "" {
		target = NormalizeTitle(export)
	}
	if target == "" {
		return
	}
	p.Redirect = target
	p.Kind = PageRedirect
	p.Game = ""
}

// Latest returns the newest revision, or nil for a page with none.
func (p *Page) Latest() *Revision {
	if len(p.Revisions) == 0 {
		return nil
	}
	return p.Revisions[len(p.Revisions)-1]
}

// Revision is one saved version of a page.
type Revision struct {
	// ID and ParentID are the wiki's revision ids when the input carries
	// them (XML exports do, contribution feeds do not); 0 otherwise.
	ID, ParentID int64
	Timestamp    time.Time
	Author       string
	Summary      string
	// Section is the section named by a "/* Section */" autocomment at the
	// start of the summary, as MediaWiki writes it for section edits.
	Section string
	Minor   bool
	Text    string
	// SHA1 is the hex SHA-1 of Text.
	SHA1 string
	// Size is the text's length in bytes (kept when a reader drops texts).
	Size int
	// Redirect is the target of a redirect ("Title#Section"), set when
	// the text is dropped (DropText) so that it is still known.
	Redirect string
	Source   SourceRef
}

// SourceRef says where a revision was read from.
type SourceRef struct {
	File string
	Line int // 1-based line of the entry's first line; 0 when unknown
}

func (s SourceRef) String() string {
	if s.Line > 0 {
		return fmt.Sprintf("%s:%d", s.File, s.Line)
	}
	return s.File
}

// TimeLayout is the timestamp format of every input and output.
const TimeLayout = "2006-01-02T15:04:05Z"

// FormatTime formats t in TimeLayout (UTC).
func FormatTime(t time.Time) string { return t.UTC().Format(TimeLayout) }

// Label names a revision for people and error messages: "Title@timestamp".
func (r *Revision) Label(title string) string {
	return title + "@" + FormatTime(r.Timestamp)
}

// TextSHA1 returns the hex SHA-1 of text, the way MediaWiki's rev_sha1 is
// compared (MediaWiki stores it in base 36; exports written by wikirules
// carry hex, and readers accept both).
func TextSHA1(text string) string {
	sum := sha1.Sum([]byte(text))
	return hex.EncodeToString(sum[:])
}

// Autocomment returns the section named by a leading "/* Section */"
// autocomment in an edit summary, or "".
func Autocomment(summary string) string {
	s := strings.TrimLeft(summary, " ")
	if !strings.HasPrefix(s, "/*") {
		return ""
	}
	end := strings.Index(s[2:], "*/")
	if end < 0 {
		return ""
	}
	return strings.TrimSpace(s[2 : 2+end])
}

// SelectRevision finds a revision by a user's spec: "" or "latest" (the
// newest), "first", a position (1 is the oldest, -1 the newest, -2 the one
// before it), or a timestamp; a unique timestamp prefix such as
// "2024-11-15T16:30" is enough.
func (p *Page) SelectRevision(spec string) (*Revision, int, error) {
	n := len(p.Revisions)
	if n == 0 {
		return nil, -1, fmt.Errorf("%s has no revisions", p.Title)
	}
	switch spec {
	case "", "latest", "last":
		return p.Revisions[n-1], n - 1, nil
	case "first":
		return p.Revisions[0], 0, nil
	}
	// A number is a position, unless it is too large to be one and could
	// be the start of a timestamp ("2024").
	if i, err := strconv.Atoi(spec); err == nil && (i <= n || len(spec) < 4) {
		switch {
		case i > 0 && i <= n:
			return p.Revisions[i-1], i - 1, nil
		case i < 0 && -i <= n:
			return p.Revisions[n+i], n + i, nil
		}
		return nil, -1, fmt.Errorf("%s has %d revisions; position %d is out of range (use 1…%d or -1…-%d)", p.Title, n, i, n, n)
	}
	match := -1
	for i, r := range p.Revisions {
		ts := FormatTime(r.Timestamp)
		if ts == spec {
			return r, i, nil
		}
		if strings.HasPrefix(ts, spec) {
			if match >= 0 {
				return nil, -1, fmt.Errorf("%s: %q matches several revisions (%s and %s); give more of the timestamp",
					p.Title, spec, FormatTime(p.Revisions[match].Timestamp), ts)
			}
			match = i
		}
	}
	if match >= 0 {
		return p.Revisions[match], match, nil
	}
	return nil, -1, fmt.Errorf("%s has no revision %q (it has %d, from %s to %s; use a timestamp, first, latest or a position)",
		p.Title, spec, n, FormatTime(p.Revisions[0].Timestamp), FormatTime(p.Revisions[n-1].Timestamp))
}

// DropText forgets the revision's text, keeping what listings need: its
// hash and size (already set) and, for a redirect, its target.
func (r *Revision) DropText() {
	r.Redirect = redirectOf(r.Text)
	r.Text = ""
}

// redirectOf is the target of a redirect text ("Title#Section"), or "".
func redirectOf(text string) string {
	t, frag, _, ok := RedirectTarget(text)
	if !ok {
		return ""
	}
	if frag != "" {
		t += "#" + frag
	}
	return t
}
