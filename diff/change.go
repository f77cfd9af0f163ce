package diff

import "fmt"

// SectionChangeKind is what happened to a section between two revisions.
// Its text form ("added", "renamed"…) is what the JSON output holds.
type SectionChangeKind uint8

const (
	SectionAdded    SectionChangeKind = iota + 1 // only in the new revision
	SectionRemoved                               // only in the old revision
	SectionModified                              // its own text changed (white space aside)
	SectionRenamed                               // same text under a new title
	SectionMoved                                 // out of the order the other sections kept
	SectionLevel                                 // its heading level changed
)

var sectionChangeNames = [...]string{SectionAdded: "added", SectionRemoved: "removed", SectionModified: "modified",
	SectionRenamed: "renamed", SectionMoved: "moved", SectionLevel: "level"}

// String returns the change's name, or "SectionChangeKind(N)" for a
// value that is none.
func (k SectionChangeKind) String() string {
	return enumString(sectionChangeNames[:], uint8(k), "SectionChangeKind")
}

// MarshalText writes the change's name.
func (k SectionChangeKind) MarshalText() ([]byte, error) {
	return enumMarshal(sectionChangeNames[:], uint8(k), "section change")
}

// UnmarshalText reads a change's name.
func (k *SectionChangeKind) UnmarshalText(b []byte) error {
	v, err := enumUnmarshal(sectionChangeNames[:], b, "section change")
	*k = SectionChangeKind(v)
	return err
}

// TableChangeKind is what happened to a rule table between two revisions.
// Its text form ("added", "formatting"…) is what the JSON output holds.
type TableChangeKind uint8

const (
	TableAdded      TableChangeKind = iota + 1 // only in the new revision
	TableRemoved                               // only in the old revision
	TableModified                              // values, rows or columns changed (or columns renamed)
	TableFormatting                            // the wikitext changed but no value did
	TableRenamed                               // its id changed (section renamed, table moved); values may have too
)

var tableChangeNames = [...]string{TableAdded: "added", TableRemoved: "removed", TableModified: "modified",
	TableFormatting: "formatting", TableRenamed: "renamed"}

// String returns the change's name, or "TableChangeKind(N)" for a value
// that is none.
func (k TableChangeKind) String() string {
	return enumString(tableChangeNames[:], uint8(k), "TableChangeKind")
}

// MarshalText writes the change's name.
func (k TableChangeKind) MarshalText() ([]byte, error) {
	return enumMarshal(tableChangeNames[:], uint8(k), "table change")
}

// UnmarshalText reads a change's name.
func (k *TableChangeKind) UnmarshalText(b []byte) error {
	v, err := enumUnmarshal(tableChangeNames[:], b, "table change")
	*k = TableChangeKind(v)
	return err
}

// The enums number their values from 1 (0 is no value) and name them in a
// table indexed by value.

func enumString(names []string, v uint8, typ string) string {
	if v > 0 && int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", typ, v)
}

func enumMarshal(names []string, v uint8, what string) ([]byte, error) {
	if v == 0 || int(v) >= len(names) {
		return nil, fmt.Errorf("diff: invalid %s %d", what, v)
	}
	return []byte(names[v]), nil
}

func enumUnmarshal(names []string, b []byte, what string) (uint8, error) {
	for i, name := range names {
		if i > 0 && name == string(b) {
			return uint8(i), nil
		}
	}
	return 0, fmt.Errorf("diff: unknown %s %q (want one of %v)", what, b, names[1:])
}
