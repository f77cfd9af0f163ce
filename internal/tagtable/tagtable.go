// Package tagtable looks up flags by HTML tag name. The parser asks about
// every tag of a page and the renderer about every element it writes: a
// table by a hash of the name and a comparison or two cost less than a
// map's hashing, and the table is built without maps (it is built when the
// program starts).
package tagtable

import "strings"

// Table holds flags of type F by tag name.
type Table[F ~uint8 | ~uint16 | ~uint32] struct {
	slots [256][]entry[F]
}

type entry[F any] struct {
	name  string
	flags F
}

func hash(name string) int {
	if name == "" {
		return 0
	}
	return (len(name)*31 + 7*int(name[0]) + int(name[len(name)-1])) & 255
}

// Add sets flags on every name of the space-separated list.
func (t *Table[F]) Add(names string, flags F) {
names:
	for name := range strings.FieldsSeq(names) {
		h := hash(name)
		for i := range t.slots[h] {
			if t.slots[h][i].name == name {
				t.slots[h][i].flags |= flags
				continue names
			}
		}
		t.slots[h] = append(t.slots[h], entry[F]{name, flags})
	}
}

// Lookup returns the flags of name and the table's copy of the name (name
// itself when the table does not have it): a tree then keeps no string of
// the text it was built from for an element's name.
func (t *Table[F]) Lookup(name string) (string, F) {
	for _, e := range t.slots[hash(name)] {
		if e.name == name {
			return e.name, e.flags
		}
	}
	return name, 0
}

// Flags returns the flags of name (0 for a name the table does not have).
func (t *Table[F]) Flags(name string) F {
	_, f := t.Lookup(name)
	return f
}
