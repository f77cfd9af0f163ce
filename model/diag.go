package model

import (
	"fmt"
	"sort"
	"strings"
)

// Severity of a diagnostic.
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

// DiagID is a stable identifier for a kind of diagnostic. Ids never change
// meaning once published, so users can grep for them and tests can assert on
// them without matching message text.
type DiagID string

// The diagnostics wikirules reports. Keep the list sorted by id.
const (
	DiagDuplicateRevision DiagID = "dup-revision"       // same title and timestamp, different text
	DiagUnknownTemplate   DiagID = "unknown-template"   // {{name}} with no definition
	DiagTemplateLoop      DiagID = "template-loop"      // a template that includes itself
	DiagTemplateDepth     DiagID = "template-depth"     // expansion nested too deep
	DiagTemplateSize      DiagID = "template-size"      // expansion output too large
	DiagUnclosedTable     DiagID = "unclosed-table"     // {| with no |}
	DiagStrayTableMarkup  DiagID = "stray-table"        // |} or |- outside a table
	DiagUnclosedTag       DiagID = "unclosed-tag"       // <div> with no </div>
	DiagStrayEndTag       DiagID = "stray-end-tag"      // </div> with nothing to close
	DiagDisallowedTag     DiagID = "disallowed-tag"     // <script> and friends, escaped as text
	DiagUnsafeAttribute   DiagID = "unsafe-attribute"   // attribute dropped by the sanitizer
	DiagNestingDepth      DiagID = "nesting-depth"      // tree nested deeper than the limit
	DiagRaggedTable       DiagID = "ragged-table"       // rows of different widths
	DiagSpanConflict      DiagID = "span-conflict"      // overlapping rowspan/colspan
	DiagMalformedInput    DiagID = "malformed-input"    // an input file entry that cannot be read
	DiagUnclosedComment   DiagID = "unclosed-comment"   // <!-- with no -->
	DiagUnclosedNowiki    DiagID = "unclosed-extension" // <nowiki> or <pre> with no end tag
)

// Diagnostic is a problem found in a text, located by byte offsets.
type Diagnostic struct {
	Pos, End int // byte range in the source; End >= Pos
	Severity Severity
	ID       DiagID
	Message  string
}

// Diagnostics is a list of diagnostics, sortable by position.
type Diagnostics []Diagnostic

func (l Diagnostics) Len() int      { return len(l) }
func (l Diagnostics) Swap(i, j int) { l[i], l[j] = l[j], l[i] }
func (l Diagnostics) Less(i, j int) bool {
	a, b := &l[i], &l[j]
	if a.Pos != b.Pos {
		return a.Pos < b.Pos
	}
	if a.ID != b.ID {
		return a.ID < b.ID
	}
	return a.Message < b.Message
}

// Sort sorts the list by position, then id, then message, so output is
// stable whatever order the parser found the problems in.
func (l Diagnostics) Sort() { sort.Stable(l) }

// Add appends a diagnostic.
func (l *Diagnostics) Add(pos, end int, sev Severity, id DiagID, format string, args ...any) {
	*l = append(*l, Diagnostic{Pos: pos, End: end, Severity: sev, ID: id, Message: fmt.Sprintf(format, args...)})
}

// Format renders every diagnostic as "name:line:col: severity: message [id]",
// one per line, with positions resolved through idx.
func (l Diagnostics) Format(name string, idx *LineIndex) string {
	var b strings.Builder
	for _, d := range l {
		p := idx.Position(d.Pos)
		fmt.Fprintf(&b, "%s:%d:%d: %s: %s [%s]\n", name, p.Line, p.Column, d.Severity, d.Message, d.ID)
	}
	return b.String()
}
