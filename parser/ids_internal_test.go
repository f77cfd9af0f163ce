package parser

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/model"
)

// phpIDs numbers ids and legacy ids as Parser::finalizeHeadings does, a
// line of PHP a line: one $refers, strtolower keys, a search from "_2"
// each time, $refers[false] (no legacy id) the key 0, as "0" is.
func phpIDs(ids, legacies []string) []string {
	refers := map[string]bool{}
	out := make([]string, len(ids))
	for n, id := range ids {
		key, anchor := model.LowerASCII(id), id
		if refers[key] {
			i := 2
			for refers[key+"_"+strconv.Itoa(i)] {
				i++
			}
			anchor += "_" + strconv.Itoa(i)
			refers[key+"_"+strconv.Itoa(i)] = true
		} else {
			refers[key] = true
		}
		fallback := legacies[n]
		if fallback == id {
			refers["0"] = true // $refers[false]
		} else if key := model.LowerASCII(fallback); refers[key] {
			i := 2
			for refers[key+"_"+strconv.Itoa(i)] {
				i++
			}
			refers[key+"_"+strconv.Itoa(i)] = true
		} else {
			refers[key] = true
		}
		out[n] = anchor
	}
	return out
}

// takeAll numbers ids and legacy ids with refers, its keys in its array
// or, with inMap, in its map from the start.
func takeAll(ids, legacies []string, inMap bool) []string {
	var r refers
	if inMap {
		r.m = map[string]bool{}
	}
	out := make([]string, len(ids))
	for i := range ids {
		out[i] = r.take(ids[i], legacies[i])
	}
	return out
}

// FuzzHeadingIDs: the ids of headings of any texts (NUL apart) are those
// PHP's numbering gives (phpIDs), whether refers keeps its keys in its
// array or in its map.
func FuzzHeadingIDs(f *testing.F) {
	for _, s := range []string{
		"Setup\x00Setup\x00setup\x00Setup_2",
		"A\x00a_2\x00A\x00A",
		"Scoring\x00End of the game\x00Variants",
		"x_2\x00x\x00x\x00X_3\x00x",
		"\u212Aey\x00key\x00Key\x00Élan\x00élan\x00ÉLAN\x00.C3.89lan",
		"\x00 \x00<x>\x00section\x00_2",
		"A\x000\x000\x00Q&A\x00Q.26A\x00Q&A_2\x00Q.26A_2",
		"A_b\x00A b\x00A  b\x00A__b\x00A _ b\x00A\tb\x00A \t b",
		"100%\x00100.25\x00a~b\x00a.7Eb\x00\u00a0x\u00a0\x00a\u200eb",
		// More keys than refers's array holds.
		strings.Repeat("A\x00a_2\x00Q&A\x00A_3\x000\x00", 10),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		texts := strings.Split(s, "\x00")
		ids, legacies := make([]string, len(texts)), make([]string, len(texts))
		for i, text := range texts {
			ids[i], legacies[i] = sectionIDs(text)
		}
		want := phpIDs(ids, legacies)
		if got := takeAll(ids, legacies, false); !slices.Equal(got, want) {
			t.Errorf("%q: ids %q, PHP's %q", texts, got, want)
		}
		if got := takeAll(ids, legacies, true); !slices.Equal(got, want) {
			t.Errorf("%q: ids with a map %q, PHP's %q", texts, got, want)
		}
	})
}
