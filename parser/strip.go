package parser

import (
	"iter"
	"strings"
)

// markers yields the start and end of each strip marker in s, in order: the
// one scan for markers that every pass which reads text holding them uses.
func markers(s string) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for i := 0; ; {
			k := strings.Index(s[i:], markerPrefix)
			if k < 0 {
				return
			}
			k += i
			z := strings.Index(s[k:], markerSuffix)
			if z < 0 {
				return
			}
			end := k + z + len(markerSuffix)
			if !yield(k, end) {
				return
			}
			i = end
		}
	}
}

// stripIndex returns the index of the strip held by the marker s[k:end].
func (e *expander) stripIndex(s string, k, end int) (int, bool) {
	idx, ok := markerIndex(s[k : end-len(markerSuffix)])
	return idx, ok && idx >= 0 && idx < len(e.strips)
}
