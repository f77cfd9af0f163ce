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

// replaceMarkers returns s with each strip marker m for which f says so
// replaced by f's text; s itself when nothing is replaced.
func replaceMarkers(s string, f func(m string) (string, bool)) string {
	if !strings.Contains(s, markerPrefix) {
		return s
	}
	var b strings.Builder
	last := 0
	for k, end := range markers(s) {
		if r, ok := f(s[k:end]); ok {
			b.WriteString(s[last:k])
			b.WriteString(r)
			last = end
		}
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}
