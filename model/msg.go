package model

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// Severity of a message.
type Severity uint8

const (
	SevWarning Severity = iota
	SevError
)

func (s Severity) String() string {
	if s == SevError {
		return "error"
	}
	return "warning"
}

// MarshalText makes severities read well in JSON.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText is the inverse of MarshalText.
func (s *Severity) UnmarshalText(b []byte) error {
	switch string(b) {
	case "error":
		*s = SevError
	case "warning":
		*s = SevWarning
	default:
		return fmt.Errorf("unknown severity %q (want error or warning)", b)
	}
	return nil
}

// MsgID is a stable identifier for a kind of message. Ids never change
// meaning once published, so users can grep for them and tests can assert on
// them without matching message text.
type MsgID string

// The messages wikirules reports, by the stage that reports them.
const (
	// Reading inputs (corpus and its readers).
	MsgMalformedInput    MsgID = "malformed-input" // an input file entry that cannot be read
	MsgDuplicateRevision MsgID = "dup-revision"    // same title and timestamp, different text
	MsgInput             MsgID = "input"           // an input that cannot be opened or has no known format
	MsgEncoding          MsgID = "encoding"        // bytes that are not UTF-8, or NUL bytes, replaced at input
	MsgSHA1Mismatch      MsgID = "sha1-mismatch"   // a revision whose text does not match its <sha1>
	MsgTooLarge          MsgID = "too-large"       // a revision text over the size limit
	MsgSkipped           MsgID = "skipped"         // export elements read on purpose as nothing (<upload>, <logitem>)
	MsgSiteInfo          MsgID = "siteinfo"        // inputs that describe their wiki differently

	// Parsing wikitext (parser).
	MsgUnknownTemplate  MsgID = "unknown-template"   // {{name}} with no definition
	MsgTemplateLoop     MsgID = "template-loop"      // a template that includes itself
	MsgTemplateDepth    MsgID = "template-depth"     // expansion nested too deep
	MsgTemplateSize     MsgID = "template-size"      // expansion output too large
	MsgUnclosedTable    MsgID = "unclosed-table"     // {| with no |}
	MsgStrayTableMarkup MsgID = "stray-table"        // |} or |- outside a table
	MsgUnclosedTag      MsgID = "unclosed-tag"       // <div> with no </div>
	MsgStrayEndTag      MsgID = "stray-end-tag"      // </div> with nothing to close
	MsgDisallowedTag    MsgID = "disallowed-tag"     // <script> and friends, escaped as text
	MsgUnsafeAttribute  MsgID = "unsafe-attribute"   // attribute dropped by the sanitizer
	MsgNestingDepth     MsgID = "nesting-depth"      // tree nested deeper than the limit
	MsgUnclosedComment  MsgID = "unclosed-comment"   // <!-- with no -->
	MsgUnclosedNowiki   MsgID = "unclosed-extension" // <nowiki> or <pre> with no end tag
	MsgCite             MsgID = "cite"               // a <ref> or <references> Cite cannot use
	MsgNoServer         MsgID = "no-server"          // {{SERVER}} or {{fullurl:}} with no server configured

	// Extracting rule tables (extract).
	MsgRaggedTable  MsgID = "ragged-table"  // rows of different widths
	MsgSpanConflict MsgID = "span-conflict" // overlapping rowspan/colspan
	MsgTableSize    MsgID = "table-size"    // a table's grid bounded (spans or rows too large for its input)

	// Rule checks (check).
	MsgSpec   MsgID = "spec"   // a check spec that cannot be read or compiled
	MsgEngine MsgID = "engine" // an engine constants file that cannot be read

	// Pulling from a wiki (pull).
	MsgWikiWarning MsgID = "wiki-warning" // a warning the wiki's API sent (a parameter an old MediaWiki does not know)
	MsgSelection   MsgID = "selection"    // a --title that names no page, a --category with no page to add
	MsgRefetch     MsgID = "refetch"      // a stored page that cannot be brought up to date: its whole history fetched again
	MsgLeftOut     MsgID = "left-out"     // a listed page none of whose revisions could be fetched (deleted meanwhile)
	MsgHiddenText  MsgID = "hidden-text"  // a revision whose text is hidden on the wiki, kept as deleted
	MsgStrayFile   MsgID = "stray-file"   // a file in the store's pages/ that is no page of it, set aside

	// Building the site (site).
	MsgMedia MsgID = "media" // an uploaded file not published (its type, or a symbolic link)
	// MsgManifest: a site's record of its last build that cannot be read
	// (corrupt, cut short, another format): the site is built anew.
	MsgManifest MsgID = "manifest"

	// Configuration (config, front matter).
	MsgConfig MsgID = "config" // a configuration file or front matter that cannot be read: unknown key, wrong type
	MsgName   MsgID = "name"   // a game name that names no game of the wiki

	// Following tables through a history (diff, blame, check --history).
	MsgTableRenamed MsgID = "table-renamed" // a table named by an id it had before a rename
)

// Msg is a problem at a place: the one type every package of wikirules
// reports warnings and errors with, and the one the commands print.
//
// A message is located by what it is about: an input or spec file (File,
// Line), or a revision of a wiki page (Page, Rev, Line). Messages about a
// parsed text carry byte offsets (Pos, End) and get their line and column
// from the text's LineIndex only when they are reported (see Locate).
type Msg struct {
	File     string   `json:"file,omitempty"`
	Page     string   `json:"page,omitempty"`
	Rev      string   `json:"revision,omitempty"` // the revision's timestamp
	Line     int      `json:"line,omitempty"`     // 1-based; 0 when unknown
	Column   int      `json:"column,omitempty"`   // 1-based, in characters; 0 when unknown
	Pos      int      `json:"-"`                  // byte offset in the text the message is about
	End      int      `json:"-"`                  // end of the byte range; End >= Pos
	Severity Severity `json:"severity"`
	ID       MsgID    `json:"id"`
	Text     string   `json:"message"`
}

// Location is where the message points, as "file:line:col",
// "Page@rev:line:col" or "" when it points nowhere in particular.
func (m Msg) Location() string {
	var b strings.Builder
	switch {
	case m.File != "":
		b.WriteString(m.File)
	case m.Page != "":
		b.WriteString(m.Page)
		if m.Rev != "" {
			b.WriteByte('@')
			b.WriteString(m.Rev)
		}
	default:
		return ""
	}
	if m.Line > 0 {
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(m.Line))
		if m.Column > 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(m.Column))
		}
	}
	return b.String()
}

// String formats the message as "location: severity: text [id]", the form
// every command prints (compilers and linters use it, so editors can jump
// to the place). Control characters are escaped (EscapeControls): a title
// or a quoted line of a page cannot send escape sequences to a terminal.
func (m Msg) String() string {
	var b strings.Builder
	if loc := m.Location(); loc != "" {
		b.WriteString(EscapeControls(loc))
		b.WriteString(": ")
	}
	b.WriteString(m.Severity.String())
	b.WriteString(": ")
	b.WriteString(EscapeControls(m.Text))
	if m.ID != "" {
		b.WriteString(" [")
		b.WriteString(string(m.ID))
		b.WriteByte(']')
	}
	return b.String()
}

// Error makes a message an error value.
func (m *Msg) Error() string { return m.String() }

// Errorf returns an error-severity message at file:line.
func Errorf(file string, line int, id MsgID, format string, args ...any) *Msg {
	return &Msg{File: file, Line: line, Severity: SevError, ID: id, Text: fmt.Sprintf(format, args...)}
}

// MsgList is a list of messages. It sorts by place (file, page, revision,
// line, column, offset), then id and text, so output is stable whatever
// order the problems were found in. A non-empty list is an error (Err).
type MsgList []Msg

func (l MsgList) Len() int      { return len(l) }
func (l MsgList) Swap(i, j int) { l[i], l[j] = l[j], l[i] }
func (l MsgList) Less(i, j int) bool {
	a, b := &l[i], &l[j]
	switch {
	case a.File != b.File:
		return a.File < b.File
	case a.Page != b.Page:
		return a.Page < b.Page
	case a.Rev != b.Rev:
		return a.Rev < b.Rev
	case a.Line != b.Line:
		return a.Line < b.Line
	case a.Column != b.Column:
		return a.Column < b.Column
	case a.Pos != b.Pos:
		return a.Pos < b.Pos
	case a.ID != b.ID:
		return a.ID < b.ID
	}
	return a.Text < b.Text
}

// Sort sorts the list in place (stable).
func (l MsgList) Sort() { sort.Stable(l) }

// Add appends a message about a byte range of a text.
func (l *MsgList) Add(pos, end int, sev Severity, id MsgID, format string, args ...any) {
	*l = append(*l, Msg{Pos: pos, End: end, Severity: sev, ID: id, Text: fmt.Sprintf(format, args...)})
}

// Append appends a message.
func (l *MsgList) Append(m Msg) { *l = append(*l, m) }

// AddErr appends err: the messages of a *Msg or MsgList as they are, any
// other error as an error-severity message with id MsgInput at file.
func (l *MsgList) AddErr(file string, err error) {
	switch e := err.(type) {
	case nil:
	case *Msg:
		*l = append(*l, *e)
	case MsgList:
		*l = append(*l, e...)
	default:
		*l = append(*l, Msg{File: file, Severity: SevError, ID: MsgInput, Text: err.Error()})
	}
}

// HasErrors reports whether any message is an error.
func (l MsgList) HasErrors() bool {
	for i := range l {
		if l[i].Severity == SevError {
			return true
		}
	}
	return false
}

// Error joins the messages, one per line.
func (l MsgList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].String()
	}
	var b strings.Builder
	for i := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l[i].String())
	}
	return b.String()
}

// Err returns nil for an empty list, the list otherwise, so "return
// l.Err()" does the right thing.
func (l MsgList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Locate fills in the message's line and column from its byte offset in a
// text indexed by idx, and names the page and revision it is about.
func (m *Msg) Locate(idx *LineIndex, page, rev string) {
	p := idx.Position(m.Pos)
	m.Line, m.Column = p.Line, p.Column
	if m.File == "" {
		m.Page, m.Rev = page, rev
	}
}

// Print writes the messages as text, one per line, or as a JSON array
// (format "json"); every command prints its messages through it.
func (l MsgList) Print(w io.Writer, format string) error {
	if format == "json" {
		if l == nil {
			l = MsgList{}
		}
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(l)
	}
	var b strings.Builder
	for i := range l {
		b.WriteString(l[i].String())
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// AsMsgList returns the messages an error carries: the list of a MsgList,
// one message of a *Msg, and false for any other error (errors.As is not
// enough: a wrapped MsgList is found too).
func AsMsgList(err error) (MsgList, bool) {
	for err != nil {
		switch e := err.(type) {
		case MsgList:
			return e, true
		case *Msg:
			return MsgList{*e}, true
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return nil, false
		}
		err = u.Unwrap()
	}
	return nil, false
}
