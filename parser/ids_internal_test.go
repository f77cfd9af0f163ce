package parser

import (
	"slices"
	"strings"
	"testing"
)

// FuzzUniqueIDs: the ids made distinct without a map (a few ASCII ids)
// are those the map makes (lowercase keys, as MediaWiki compares).
func FuzzUniqueIDs(f *testing.F) {
	for _, s := range []string{
		"Setup\x00Setup\x00setup\x00Setup_2",
		"A\x00a_2\x00A\x00A",
		"Scoring\x00End_of_the_game\x00Variants",
		"x_2\x00x\x00x\x00X_3\x00x",
		"\u212Aey\x00key\x00Key",
		"section\x00section\x00Section_2\x00section",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ids := strings.Split(s, "\x00")
		if len(ids) > smallIDs {
			ids = ids[:smallIDs]
		}
		got, want := slices.Clone(ids), slices.Clone(ids)
		uniqueIDs(got)
		uniqueIDsMap(want)
		if !slices.Equal(got, want) {
			t.Errorf("uniqueIDs(%q) = %q, want %q", ids, got, want)
		}
	})
}
