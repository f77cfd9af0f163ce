package model

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unsafe"
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

// UnmarshalText is the inverse of MarshalText.
func (k *PageKind) UnmarshalText(b []byte) error {
	v, err := ParsePageKind(string(b))
	*k = v
	return err
}

// Standard MediaWiki namespace numbers used by wikirules.
const (
	NSMedia    = -2 // links straight to a file ([[Media:…]])
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
	// ID is the wiki's page id when the input carries one (XML exports
	// do); 0 otherwise.
	ID int64
	// Game is the game slug the page belongs to ("" when it belongs to none).
	Game string
	Kind PageKind
	// Redirect is the title the page redirects to, with "#Section" when
	// the redirect names one; "" when the page is not a redirect. It comes
	// from the latest text (#REDIRECT [[…]]) or an export's <redirect
	// title="…"/>.
	Redirect  string
	Revisions []*Revision
}

// MarkRedirect makes p a redirect when its latest revision is one (see
// RedirectTarget), or when export says so (the <redirect title="…"/> of an
// XML export; "" when there is none).
func (p *Page) MarkRedirect(export string) {
	target := ""
	if r := p.LatestVisible(); r != nil {
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

// Latest returns the newest revision, or nil for a page with none. It may
// be a revision whose text is not in the input (deleted, or read from a stub
// dump): what a page shows is LatestVisible.
func (p *Page) Latest() *Revision {
	if len(p.Revisions) == 0 {
		return nil
	}
	return p.Revisions[len(p.Revisions)-1]
}

// LatestVisible returns the newest revision whose text is in the input, or
// nil when there is none (a stub dump, or every revision deleted). A deleted
// revision is never the page's content: the page shows the revision before
// it, as the wiki does.
func (p *Page) LatestVisible() *Revision {
	if i := p.VisibleAt(len(p.Revisions) - 1); i >= 0 {
		return p.Revisions[i]
	}
	return nil
}

// VisibleAt returns the index of the nearest revision at or before i whose
// text is in the input, or -1. Diffs compare visible revisions: the
// "previous" revision of an edit is VisibleAt(i-1), so a deleted revision in
// between never reads as a blanking followed by a re-creation.
func (p *Page) VisibleAt(i int) int {
	for i = min(i, len(p.Revisions)-1); i >= 0; i-- {
		if p.Revisions[i].Visible() {
			return i
		}
	}
	return -1
}

// Revision is one saved version of a page.
//
// Text is the revision's main content slot. It is meaningful only when
// Visible reports true: a deleted revision or one read from a stub dump has
// an empty Text that is not its content (Size and SHA1 then say what the
// export says about the text, when it says anything).
type Revision struct {
	// ID and ParentID are the wiki's revision ids when the input carries
	// them (XML exports do, contribution feeds do not); 0 otherwise.
	ID, ParentID int64
	Timestamp    time.Time
	// Author is "" when Deleted has DeletedAuthor.
	Author string
	// AuthorID is the wiki's user id of a registered author, when the input
	// carries it (XML exports do); 0 otherwise.
	AuthorID int64
	// Summary is "" when Deleted has DeletedSummary.
	Summary string
	// Section is the section named by a "/* Section */" autocomment at the
	// start of the summary, as MediaWiki writes it for section edits.
	Section string
	Minor   bool
	Text    string
	// SHA1 is the hex SHA-1 of Text as the input gives it (of the main
	// slot's text as the export gives it for a revision whose text is
	// absent); "" when the input gives none, as contribution feeds and
	// .wiki files: Digest computes it for those who need it.
	SHA1 string
	// Size is the text's length in bytes (kept when a reader drops texts,
	// and read from the export for a revision whose text is absent).
	Size int
	// Deleted says which parts of the revision the wiki hid (MediaWiki's
	// revision deletion); the input carries no value for them.
	Deleted Deleted
	// Stub is set for a revision read from a stub dump: its metadata is in
	// the input, its text is not.
	Stub bool
	// Main describes the main content slot (model, format, and where a
	// stub dump says the text is stored); zero for wikitext from a feed.
	Main SlotInfo
	// Slots are the revision's content slots other than the main one
	// (MediaWiki 1.32+, e.g. "mediainfo" on Commons), in input order. They
	// are kept so that writing an export loses nothing; wikirules reads
	// only the main slot.
	Slots []Slot
	// Redirect is the target of a redirect ("Title#Section"), set when
	// the text is dropped (DropText) so that it is still known.
	Redirect string
	Source   SourceRef
}

// Deleted is a set of revision parts a wiki hid (revision deletion).
type Deleted uint8

const (
	// DeletedText: the revision's text is hidden.
	DeletedText Deleted = 1 << iota
	// DeletedAuthor: the contributor's name is hidden.
	DeletedAuthor
	// DeletedSummary: the edit summary is hidden.
	DeletedSummary
)

func (d Deleted) String() string {
	var parts []string
	for _, p := range []struct {
		bit  Deleted
		name string
	}{{DeletedText, "text"}, {DeletedAuthor, "author"}, {DeletedSummary, "summary"}} {
		if d&p.bit != 0 {
			parts = append(parts, p.name)
		}
	}
	return strings.Join(parts, ",")
}

// MarshalText makes the set read well in JSON ("text,author").
func (d Deleted) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// SlotInfo describes a content slot: what MediaWiki exports besides the text.
type SlotInfo struct {
	// Model is the content model ("wikitext", "css", "json", …); "" when
	// the input does not say, which means wikitext.
	Model string
	// Format is the serialization format ("text/x-wiki", …); "" when the
	// input does not say.
	Format string
	// Origin is the id of the revision that first saved this content
	// (schema 0.11); 0 when unknown.
	Origin int64
	// TextID and Location are where a stub dump says the wiki stores the
	// text (the <text id="…" location="…"> attributes); "" otherwise.
	TextID, Location string
}

// Slot is a content slot other than the main one.
type Slot struct {
	// Role names the slot ("mediainfo", …).
	Role string
	SlotInfo
	Text string
	// SHA1 is the hex SHA-1 of Text (the export's value when the text is
	// absent; "" when unknown).
	SHA1 string
	Size int
	// Stub is set when the input holds the slot's metadata only.
	Stub bool
}

// Visible reports whether the revision's text is in the input: false for a
// deleted text and for a revision read from a stub dump.
func (r *Revision) Visible() bool { return r.Deleted&DeletedText == 0 && !r.Stub }

// Digest is the hex SHA-1 of the revision's text: SHA1 when the input gave
// it, else computed from Text (each call; "" for a text not in the input).
// Readers do not hash every text they read: a site build reads every
// revision of a wiki on every rebuild, and only exports and the extracted
// tables' provenance show the hash.
func (r *Revision) Digest() string {
	if r.SHA1 != "" || !r.Visible() {
		return r.SHA1
	}
	return TextSHA1(r.Text)
}

// Placeholders MediaWiki shows for hidden parts of a revision; commands and
// the site print them instead of an empty value.
const (
	AuthorRemoved  = "(username removed)"
	SummaryRemoved = "(edit summary removed)"
	TextRemoved    = "(text deleted)"
	TextNotInInput = "(text not in the input)"
)

// AuthorLabel is the author, or AuthorRemoved when it is hidden.
func (r *Revision) AuthorLabel() string {
	if r.Deleted&DeletedAuthor != 0 {
		return AuthorRemoved
	}
	return r.Author
}

// SummaryLabel is the summary, or SummaryRemoved when it is hidden.
func (r *Revision) SummaryLabel() string {
	if r.Deleted&DeletedSummary != 0 {
		return SummaryRemoved
	}
	return r.Summary
}

// NeedText returns an error naming the revision when its text is not in
// the input; commands that show, parse or compare a text call it on the
// revision a user selected.
func (r *Revision) NeedText(title string) error {
	if r.Visible() {
		return nil
	}
	what := "was deleted on the wiki"
	if r.Stub {
		what = "is not in the input (a stub dump holds metadata only)"
	}
	return fmt.Errorf("%s: the text of this revision %s", r.Label(title), what)
}

// Absence says why a revision's text is not shown: TextRemoved for a deleted
// text, TextNotInInput for a stub; "" for a visible revision.
func (r *Revision) Absence() string {
	switch {
	case r.Deleted&DeletedText != 0:
		return TextRemoved
	case r.Stub:
		return TextNotInInput
	}
	return ""
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

// DefaultMaxRevisionBytes is the largest text (of any one content slot) the
// readers accept in a revision unless told otherwise: 16 times MediaWiki's
// own default limit ($wgMaxArticleSize, 2 MiB), so no real page reaches it,
// while a decompression bomb is stopped long before it fills memory.
const DefaultMaxRevisionBytes = 32 << 20

// TimeLayout is the timestamp format of every input and output.
const TimeLayout = "2006-01-02T15:04:05Z"

// FormatTime formats t in TimeLayout (UTC).
func FormatTime(t time.Time) string {
	var b [len(TimeLayout)]byte
	return string(AppendTime(b[:0], t))
}

// AppendTime appends t in TimeLayout (UTC) to dst. A site writes every
// revision's time several times (anchors, links, lists), and time's
// Format reads its layout each time: the years 0 to 9999 are written
// here digit by digit, the others by time's AppendFormat.
func AppendTime(dst []byte, t time.Time) []byte {
	t = t.UTC()
	year, month, day := t.Date()
	if year < 0 || year > 9999 {
		return t.AppendFormat(dst, TimeLayout)
	}
	hour, min, sec := t.Clock()
	two := func(v int) { dst = append(dst, byte('0'+v/10), byte('0'+v%10)) }
	two(year / 100)
	two(year % 100)
	dst = append(dst, '-')
	two(int(month))
	dst = append(dst, '-')
	two(day)
	dst = append(dst, 'T')
	two(hour)
	dst = append(dst, ':')
	two(min)
	dst = append(dst, ':')
	two(sec)
	return append(dst, 'Z')
}

// MinuteLayout is the time of a revision as lists and histories show it.
const MinuteLayout = "2006-01-02 15:04 UTC"

// AppendMinute appends t in MinuteLayout (UTC) to dst, without reading
// the layout for the usual years (see AppendTime).
func AppendMinute(dst []byte, t time.Time) []byte {
	n := len(dst)
	dst = AppendTime(dst, t)
	if len(dst)-n != len(TimeLayout) {
		return t.UTC().AppendFormat(dst[:n], MinuteLayout)
	}
	// "2006-01-02T15:04:05Z" → "2006-01-02 15:04 UTC"
	dst[n+10] = ' '
	return append(dst[:n+16], " UTC"...)
}

// Label names a revision for people and error messages: "Title@timestamp".
func (r *Revision) Label(title string) string {
	return title + "@" + FormatTime(r.Timestamp)
}

// TextSHA1 returns the hex SHA-1 of text, the way MediaWiki's rev_sha1 is
// compared (MediaWiki stores it in base 36; exports written by wikirules
// carry hex, and readers accept both).
func TextSHA1(text string) string {
	// Hash the string's bytes in place: a []byte(text) conversion would
	// copy every revision's text once more (sha1.Sum does not keep or
	// modify its input).
	sum := sha1.Sum(unsafe.Slice(unsafe.StringData(text), len(text)))
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
// newest whose text is in the input, see LatestVisible), "first", a position (1 is the oldest, -1 the newest, -2 the one
// before it), or a timestamp; a unique timestamp prefix such as
// "2024-11-15T16:30" is enough.
func (p *Page) SelectRevision(spec string) (*Revision, int, error) {
	n := len(p.Revisions)
	if n == 0 {
		return nil, -1, fmt.Errorf("%s has no revisions", p.Title)
	}
	switch spec {
	case "", "latest", "last":
		// The page's content: the newest revision whose text is in the
		// input (a deleted newest revision is not a blanking).
		if i := p.VisibleAt(n - 1); i >= 0 {
			return p.Revisions[i], i, nil
		}
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
	if near := p.nearestText(spec); near != "" {
		return nil, -1, fmt.Errorf("%s has no revision at %s (%s)", p.Title, spec, near)
	}
	return nil, -1, fmt.Errorf("%s has no revision %q (it has %d, from %s to %s; use a timestamp, first, latest or a position)",
		p.Title, spec, n, FormatTime(p.Revisions[0].Timestamp), FormatTime(p.Revisions[n-1].Timestamp))
}

// DropText forgets the revision's text, keeping what listings need: its
// hash (computed now when the input gave none), its size (already set) and,
// for a redirect, its target.
func (r *Revision) DropText() {
	r.SHA1 = r.Digest()
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
