package parser

import (
	"html"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestAnchorIDMatchesFields(t *testing.T) {
	for _, s := range []string{"", " ", "a", "a b", " a b ", "a  b", "a\tb", "a\u00a0b", "é b", "a\u2003b", "End of the game", "x ", " x", "a\u3000b", "ab\u0085"} {
		if got, want := AnchorID(s), strings.Join(strings.Fields(s), "_"); got != want {
			t.Errorf("AnchorID(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestLookupTagFlags(t *testing.T) {
	want := map[string]tagFlags{}
	for _, set := range tagSets {
		for _, name := range strings.Fields(set.names) {
			want[name] |= set.flag
		}
	}
	if len(want) < 100 || want["p"] != fSpecial|fClosesP|fImpliedEnd || want["br"] != fVoid|fSpecial|fInline {
		t.Fatalf("the sets of tag names are not read as expected: %d names, p %b, br %b", len(want), want["p"], want["br"])
	}
	for name, f := range want {
		if got := lookupTagFlags(name); got != f {
			t.Errorf("lookupTagFlags(%q) = %b, want %b", name, got, f)
		}
	}
	for _, name := range []string{"", "x", "spam", "h7", "tables", "bb"} {
		if got := lookupTagFlags(name); got != 0 {
			t.Errorf("lookupTagFlags(%q) = %b, want 0", name, got)
		}
	}
}

// frenchSpaceRef is frenchSpace as it was before it returned unchanged
// texts as they are: the two must agree on every text.
func frenchSpaceRef(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == ' ' && i+1 < len(s) {
			nr, ns := utf8.DecodeRuneInString(s[i+1:])
			if strings.ContainsRune("?:;!%»›", nr) {
				after, _ := utf8.DecodeRuneInString(s[i+1+ns:])
				if i+1+ns >= len(s) || !(after == '_' || unicode.IsLetter(after) || unicode.IsDigit(after)) {
					b.WriteRune('\u00a0')
					i++
					continue
				}
			}
		}
		if (r == '«' || r == '‹') && i+size < len(s) && s[i+size] == ' ' && !wordBefore(s, i) {
			b.WriteRune(r)
			b.WriteRune('\u00a0')
			i += size + 1
			continue
		}
		b.WriteRune(r)
		i += size
	}
	return b.String()
}

func FuzzFrenchSpace(f *testing.F) {
	for _, s := range []string{"a – b", "a ! b", "a !b", "« a", "x« a", "a \xff ?", "a \xe2\x80 b", "50 %", "a ;", "» x ›"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := frenchSpace(s), frenchSpaceRef(s); got != want {
			t.Errorf("frenchSpace(%q) = %q, want %q", s, got, want)
		}
	})
}

// The entities decoded without html.UnescapeString decode as it does.
func TestCommonEntities(t *testing.T) {
	for _, name := range []string{"amp", "lt", "gt", "quot", "apos", "nbsp", "ndash", "mdash", "hellip", "times", "minus", "rarr", "larr", "middot", "deg", "copy", "laquo", "raquo", "hearts", "spades", "clubs", "diams"} {
		got := commonEntity(name)
		if want := html.UnescapeString("&" + name + ";"); got != want || got == "" {
			t.Errorf("%s: %q, html.UnescapeString gives %q", name, got, want)
		}
	}
	if commonEntity("ampx") != "" || commonEntity("") != "" {
		t.Error("an unknown name decodes")
	}
}

// An argument table answers as a map filled in order would, with and
// without its index.
func TestArgTable(t *testing.T) {
	for _, n := range []int{3, argIndexFrom + 5} {
		var tb argTable
		want := map[string]int{}
		for i := range n {
			name := strconv.Itoa(i % 4) // duplicates: the last one counts
			tb.list = append(tb.list, frameArg{name: name})
			want[name] = i
		}
		if n >= argIndexFrom {
			tb.index = map[string]int{}
			for i := range tb.list {
				tb.index[tb.list[i].name] = i
			}
		}
		for name, i := range want {
			if a := tb.get(name); a != &tb.list[i] {
				t.Errorf("%d arguments: %q is not the last argument of that name", n, name)
			}
		}
		if tb.get("x") != nil {
			t.Errorf("%d arguments: an absent name found", n)
		}
	}
}

// TestTagSlots checks that every tag name the tree builder knows has a
// slot of openTags of its own, and that none has the empty name's: a
// scope check for a name then scans the stack only when an element of
// that name is open.
func TestTagSlots(t *testing.T) {
	names := map[string]bool{}
	for _, set := range tagSets {
		for _, name := range strings.Fields(set.names) {
			names[name] = true
		}
	}
	for name := range allowedAttrs {
		names[name] = true
	}
	if !names["ul"] || !names["mark"] || len(names) < 120 {
		t.Fatalf("the tag names are not read as expected: %d", len(names))
	}
	by := map[int]string{tagSlot(""): `""`}
	for name := range names {
		s := tagSlot(name)
		if s < 0 || s >= len(treeBuilder{}.openTags) {
			t.Fatalf("tagSlot(%q) = %d, outside openTags", name, s)
		}
		if other, ok := by[s]; ok {
			t.Errorf("tagSlot(%q) = tagSlot(%s) = %d", name, other, s)
		}
		by[s] = strconv.Quote(name)
	}
}
