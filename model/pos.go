package model

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Position is a human-readable location, computed from a byte offset only
// when it is reported.
type Position struct {
	Offset int // byte offset, 0-based
	Line   int // 1-based
	Column int // 1-based, in characters (runes)
}

func (p Position) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Column) }

// LineIndex maps byte offsets of one text to lines and columns. Building it
// costs one pass over the text; lookups are a binary search.
type LineIndex struct {
	src   string
	lines []int // offset of the first byte of each line
}

// NewLineIndex indexes src.
func NewLineIndex(src string) *LineIndex {
	lines := make([]int, 1, 1+len(src)/40)
	for i := 0; ; {
		k := strings.IndexByte(src[i:], '\n')
		if k < 0 {
			break
		}
		i += k + 1
		lines = append(lines, i)
	}
	return &LineIndex{src: src, lines: lines}
}

// Line returns the 1-based line holding offset.
func (x *LineIndex) Line(offset int) int {
	return sort.Search(len(x.lines), func(i int) bool { return x.lines[i] > offset })
}

// Position resolves offset (clamped to the text).
func (x *LineIndex) Position(offset int) Position {
	if offset < 0 {
		offset = 0
	}
	if offset > len(x.src) {
		offset = len(x.src)
	}
	line := x.Line(offset)
	start := x.lines[line-1]
	return Position{Offset: offset, Line: line, Column: utf8.RuneCountInString(x.src[start:offset]) + 1}
}

// LineStart returns the offset of the first byte of a 1-based line.
func (x *LineIndex) LineStart(line int) int {
	if line < 1 {
		return 0
	}
	if line > len(x.lines) {
		return len(x.src)
	}
	return x.lines[line-1]
}

// Lines returns the number of lines.
func (x *LineIndex) Lines() int { return len(x.lines) }
